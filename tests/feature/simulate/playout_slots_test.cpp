// Random playouts over slot states (prolog/gdlsc_slots.pl: a copy of the game's state rules
// whose ground lookups read a slot term instead of scanning the sorted list) play the very
// matches of the list states. On every corpus game (gdl1, gdl2) that loads, seeded playouts
// with the copy and without it (GDLSC_SLOTS=off) give equal counts of states, moves and terminal ends:
// a different legal move, terminal test or successor anywhere changes the draws that follow.
// A copy with one `next` clause dropped (a mutation) is caught the same way.
// In-process through query::run_playouts (the Prolog loop gdlsc_game:playouts/4).
#define BOOST_TEST_MODULE playout_slots
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <filesystem>

#include "game_paths.h"
#include "prolog/engine.h"
#include "run_gdlsc.h"
#include "query/game_file.h"
#include "query/session.h"
#include "query/simulation.h"

using namespace gdlsc;
namespace fs = std::filesystem;

namespace {

struct Counts {
    std::int64_t states = 0, moves = 0, terminals = 0;
    bool operator==(const Counts& o) const { return states == o.states && moves == o.moves && terminals == o.terminals; }
};

// Playouts with the slot copy or without (the flag GDLSC_SLOTS sets, src/base/environment.h).
Counts playouts(pl::Engine& e, bool slots, std::int64_t n, std::uint64_t seed, std::size_t max_steps) {
    BOOST_REQUIRE(e.succeeds("gdlsc_slots", "set_prolog_flag",
                             {gdl::Term::constant("gdlsc_slots"), gdl::Term::constant(slots ? "on" : "off")}));
    query::PlayoutReport r = query::run_playouts(e, n, seed, max_steps);
    BOOST_REQUIRE(e.succeeds("gdlsc_slots", "set_prolog_flag", {gdl::Term::constant("gdlsc_slots"), gdl::Term::constant("on")}));
    return {r.states, r.moves, r.terminals};
}

// The copy's status: "ready", or why playouts keep list states (e.g. "none(tabled)").
std::string copy_status(pl::Engine& e) {
    auto rows = e.solve("gdlsc_slots", "slot_copy", {gdl::Term::variable("S")}, 1);
    return rows.empty() ? "(no answer)" : rows.front().at("S").to_kif();
}

bool copy_ready(pl::Engine& e) { return copy_status(e) == "ready"; }

}  // namespace

GDLSC_CORPUS_CASE(slot_states_play_the_matches_of_list_states) {
    std::vector<fs::path> files;
    for (const char* dir : {"gdl1", "gdl2"})
        for (const auto& e : fs::directory_iterator(test::corpus(dir)))
            if (e.path().extension() == ".kif" || e.path().extension() == ".gdl") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    int with_copy = 0;
    std::string without;
    for (const auto& file : files) {
        query::Game g;
        try {
            g = query::load_game_file(file.string());
        } catch (const std::exception&) {
            continue;  // invalid games: corpus/verdicts_test
        }
        pl::Engine& engine = query::prepare_engine(g, 60);
        if (std::string st = copy_status(engine); st != "ready") {
            without += " " + file.filename().string() + " " + st;
            continue;
        }
        ++with_copy;
        // Long games are compared over their first 60 joint moves (chess: a few playouts).
        const std::int64_t n = g.analysis.roles.size() > 2 || file.filename() == "chess.kif" ? 3 : 20;
        for (std::uint64_t seed : {1u, 2u}) {
            Counts a = playouts(engine, true, n, seed, 60), b = playouts(engine, false, n, seed, 60);
            BOOST_TEST((a == b), file.filename().string() << " seed " << seed << ": states " << a.states << " / "
                                                            << b.states << ", moves " << a.moves << " / " << b.moves);
        }
    }
    BOOST_TEST_MESSAGE(with_copy << " games with a slot copy; without:" << without);
    BOOST_TEST(with_copy >= 30);
}

GDLSC_CORPUS_CASE(the_copy_is_made_where_it_applies) {
    for (const char* game : {"gdl1/ticTacToe.kif", "gdl1/connectFour.kif", "gdl2/kriegtictactoe.kif"}) {
        query::Game g = query::load_game_file(test::corpus(game));
        BOOST_TEST(copy_ready(query::prepare_engine(g, 60)), game);
    }
    // GDL-III: knows reads whole developments, playouts keep list states.
    query::Game g = query::load_game_file(test::example("cheryl/cheryl.kif"));
    BOOST_TEST(!copy_ready(query::prepare_engine(g, 60)));
    // What simulate reports (states_as).
    auto r = test::run_gdlsc({"simulate", test::corpus("gdl1/connectFour.kif"), "--playouts", "2", "--engine", "progression", "--json"});
    BOOST_TEST(r.out.find("\"states_as\":\"slot states\"") != std::string::npos, r.out);
    r = test::run_gdlsc({"simulate", test::corpus("gdl1/hanoi.kif"), "--playouts", "2", "--engine", "progression"});
    BOOST_TEST(r.out.find("over sorted lists (no slot copy: the game has recursive (tabled) predicates)") != std::string::npos,
               r.out);
}

GDLSC_CORPUS_CASE(a_copy_without_a_next_clause_is_caught) {
    query::Game g = query::load_game_file(test::corpus("gdl1/connectFour.kif"));
    pl::Engine& engine = query::prepare_engine(g, 60);
    BOOST_REQUIRE(copy_ready(engine));
    BOOST_TEST((playouts(engine, true, 50, 4, 1000) == playouts(engine, false, 50, 4, 1000)));
    // Each of connectFour's next clauses dropped from the copy in turn (the list rules stay).
    int caught = 0, clauses = 0;
    for (int i = 1;; ++i) {
        query::prepare_engine(g, 60);  // a fresh copy
        BOOST_REQUIRE(copy_ready(engine));
        if (!engine.succeeds("gdlsc_slots", "drop_copy_clause",
                             {gdl::Term::constant("next"), gdl::Term::constant(std::to_string(i))}))
            break;
        ++clauses;
        caught += !(playouts(engine, true, 50, 4, 1000) == playouts(engine, false, 50, 4, 1000));
    }
    BOOST_TEST(clauses == 5);
    BOOST_TEST(caught == clauses);
}
