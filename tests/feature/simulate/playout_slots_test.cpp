// Random playouts over slot states (prolog/gdlsc_slots.pl: a copy of the game's state rules
// whose ground lookups read a slot term instead of scanning the sorted list) play the very
// matches of the list states. On every corpus game (gdl1, gdl2) that loads, seeded playouts
// with the copy and without it (GDLSC_SLOTS=off) give equal counts of states, moves and terminal ends
// and the same last state in every match: a different legal move, terminal test or successor
// anywhere changes the draws that follow.
// A copy with one `next` clause dropped, or one clause of a tabled (recursive) predicate (a
// mutation), is caught the same way.
// In-process through the Prolog loop gdlsc_playout:playouts/5.
#define BOOST_TEST_MODULE playout_slots
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <chrono>

#include "corpus_games.h"
#include "game_paths.h"
#include "prolog/engine.h"
#include "run_gdlsc.h"
#include "session/game_file.h"
#include "session/session.h"
#include "simulate/simulation.h"

using namespace gdlsc;

namespace {

// What a run of playouts gives: the counts and the last state of every match (which tells
// two runs apart even where every match runs to the step bound).
struct Counts {
    std::string stats, ends;
    bool operator==(const Counts& o) const { return stats == o.stats && ends == o.ends; }
};

// Playouts with the slot copy or without (the flag GDLSC_SLOTS sets, src/base/environment.h),
// by gdlsc_playout:playouts/5.
Counts playouts(pl::Engine& e, bool slots, std::int64_t n, std::uint64_t seed, std::size_t max_steps) {
    auto flag = [&](const char* v) {
        BOOST_REQUIRE(e.succeeds("gdlsc_slots", "set_prolog_flag", {gdl::Term::constant("gdlsc_slots"), gdl::Term::constant(v)}));
    };
    flag(slots ? "on" : "off");
    // Constants reach Prolog as atoms: the numbers go through atom_number/2.
    using gdl::Term;
    auto num = [](const char* var, std::int64_t v) {
        return Term::compound("atom_number", {Term::constant(std::to_string(v)), Term::variable(var)});
    };
    Term goal = Term::compound(
        ",", {num("N", n),
              Term::compound(",", {num("Seed", static_cast<std::int64_t>(seed)),
                                   Term::compound(",", {num("D", static_cast<std::int64_t>(max_steps)),
                                                        Term::compound("playouts", {Term::variable("N"), Term::variable("Seed"),
                                                                                    Term::variable("D"), Term::variable("Stats"),
                                                                                    Term::variable("Ends")})})})});
    auto rows = e.solve("gdlsc_playout", "call", {goal}, 1);
    flag("on");
    BOOST_REQUIRE(rows.size() == 1);
    return {rows.front().at("Stats").to_kif(), rows.front().at("Ends").to_kif()};
}

// The copy's status: "ready", or why playouts keep list states (e.g. "none(tabled)").
std::string copy_status(pl::Engine& e) {
    auto rows = e.solve("gdlsc_slots", "slot_copy", {gdl::Term::variable("S")}, 1);
    return rows.empty() ? "(no answer)" : rows.front().at("S").to_kif();
}

bool copy_ready(pl::Engine& e) { return copy_status(e) == "ready"; }

// The engine with the test seams of the slot copy loaded (tests/support/gdlsc_slots_testing.pl,
// module gdlsc_slots_testing: the mutations and the collectors' cross-check; not part of the
// runtime, so the engine has them only once a test loads them).
pl::Engine& with_seams(pl::Engine& e) {
    const std::string file = std::string(GDLSC_SOURCE_DIR) + "/tests/support/gdlsc_slots_testing.pl";
    BOOST_REQUIRE(e.succeeds("user", "ensure_loaded", {gdl::Term::constant(file)}));
    return e;
}

}  // namespace

GDLSC_CORPUS_CASE(slot_states_play_the_matches_of_list_states) {
    int with_copy = 0;
    std::string without;
    test::for_each_loading_corpus_game([&](const std::filesystem::path& file, query::Game& g) {
        pl::Engine& engine = query::prepare_engine(g, 60);
        if (std::string st = copy_status(engine); st != "ready") {
            without += " " + file.filename().string() + " " + st;
            return;
        }
        ++with_copy;
        // Long games are compared over their first 60 joint moves; as many playouts (2 to 20)
        // as take about a quarter of a second over slot states (chess and linesOfAction: 2).
        auto t0 = std::chrono::steady_clock::now();
        Counts first = playouts(engine, true, 2, 1, 60);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const std::int64_t n = std::clamp<std::int64_t>(static_cast<std::int64_t>(0.5 / std::max(s, 1e-3)), 2, 20);
        BOOST_TEST((first == playouts(engine, false, 2, 1, 60)), file.filename().string() << " seed 1, 2 playouts");
        for (std::uint64_t seed : {2u}) {
            Counts a = playouts(engine, true, n, seed, 60), b = playouts(engine, false, n, seed, 60);
            BOOST_TEST((a == b), file.filename().string() << " seed " << seed << ": " << a.stats << " / " << b.stats);
        }
    });
    BOOST_TEST_MESSAGE(with_copy << " games with a slot copy; without:" << without);
    BOOST_TEST(with_copy >= 30);
}

// A recursive state relation is tabled in the game; its copy is not when a static acyclic
// relation bounds the recursion (gdlsc_slot_recursion:well_founded/1): the fixture's walk and skip
// follow succ, reach follows a cycle and keeps its table; chess's line walks follow
// next_file and next_rank, linesOfAction's connected keeps its table. Either way the slot
// states play the matches of the list states.
bool copy_tabled(pl::Engine& e, const char* relation) {
    return e.succeeds("gdlsc_slot_copy", "tabled_copy", {gdl::Term::constant(relation)});
}

BOOST_AUTO_TEST_CASE(a_recursion_bounded_by_a_static_order_has_no_table) {
    query::Game g = query::load_game_file(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/forward/recursion_orders.kif");
    pl::Engine& engine = query::prepare_engine(g, 60);
    BOOST_REQUIRE(copy_ready(engine));
    BOOST_TEST(!copy_tabled(engine, "walk"));
    BOOST_TEST(!copy_tabled(engine, "skip"));
    BOOST_TEST(copy_tabled(engine, "reach"));
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        Counts a = playouts(engine, true, 50, seed, 60), b = playouts(engine, false, 50, seed, 60);
        BOOST_TEST((a == b), "seed " << seed << ": " << a.stats << " / " << b.stats);
        BOOST_TEST(a.stats.find("(stats 50 ") == std::string::npos);  // some matches were played
    }
}

GDLSC_CORPUS_CASE(chess_walks_its_lines_without_tables) {
    query::Game chess = query::load_game_file(test::corpus("gdl1/chess.kif"));
    pl::Engine& e = query::prepare_engine(chess, 60);
    BOOST_REQUIRE(copy_ready(e));
    for (const char* r : {"clear_row", "clear_row_ig", "clear_column", "clear_col_ig", "clear_diagonal_ne",
                          "clear_diagonal_se", "clear_diagonal_ne_ig", "clear_diagonal_se_ig"})
        BOOST_TEST(!copy_tabled(e, r), r);
    query::Game loa = query::load_game_file(test::corpus("gdl1/linesOfAction.kif"));
    pl::Engine& e2 = query::prepare_engine(loa, 60);
    BOOST_REQUIRE(copy_ready(e2));
    BOOST_TEST(copy_tabled(e2, "connected"));
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
    BOOST_TEST(r.out.find("over slot states") != std::string::npos, r.out);  // tabled state predicates
    r = test::run_gdlsc({"simulate", test::example("cheryl/cheryl.kif"), "--playouts", "2", "--engine", "progression"});
    BOOST_TEST(r.out.find("over sorted lists (no slot copy: GDL-III: knows in the rules)") != std::string::npos, r.out);
}

// Mutants of the copy of `relation` in `game`: each of its clauses dropped in turn (from a
// fresh copy; the list rules stay) must change some match. Returns {clauses, caught}.
std::pair<int, int> mutants_caught(const std::string& game, const std::string& relation, std::int64_t n, std::size_t steps) {
    query::Game g = query::load_game_file(test::corpus(game));
    pl::Engine& engine = query::prepare_engine(g, 120);
    BOOST_REQUIRE(copy_ready(engine));
    BOOST_TEST((playouts(engine, true, n, 4, steps) == playouts(engine, false, n, 4, steps)));
    int caught = 0, clauses = 0;
    for (int i = 1;; ++i) {
        query::prepare_engine(g, 120);
        BOOST_REQUIRE(copy_ready(engine));
        if (!with_seams(engine).succeeds("gdlsc_slots_testing", "drop_copy_clause",
                             {gdl::Term::constant(relation), gdl::Term::constant(std::to_string(i))}))
            break;
        ++clauses;
        caught += !(playouts(engine, true, n, 4, steps) == playouts(engine, false, n, 4, steps));
    }
    return {clauses, caught};
}

GDLSC_CORPUS_CASE(a_copy_without_a_next_clause_is_caught) {
    auto [clauses, caught] = mutants_caught("gdl1/connectFour.kif", "next", 8, 1000);
    BOOST_TEST(clauses == 5);
    BOOST_TEST(caught == clauses);
}

// A recursive (tabled) state predicate: the copy is tabled without the state, which the loop
// sets before each state (dropping the tables of the state before). linesOfAction's
// canmovenspacesindir/7 decides the legal moves; each of its three clauses dropped from the
// tabled copy is caught by one match of 20 joint moves (its last state).
GDLSC_CORPUS_CASE(a_tabled_copy_without_a_clause_is_caught) {
    auto [clauses, caught] = mutants_caught("gdl1/linesOfAction.kif", "canmovenspacesindir", 1, 20);
    BOOST_TEST(clauses == 3);
    BOOST_TEST(caught == clauses);
}

namespace {

// gdlsc_slots_testing:collector_mismatches/4: in every state of N seeded matches over list states,
// the collectors and the test the playouts run (prolog/gdlsc_collect.pl) against the game's
// own rules (terminal, each role's legal moves, the next state of every joint move, at most
// 40 per state). The first few differences, as text ("[]" when none).
std::string collector_mismatches(pl::Engine& e, std::int64_t n, std::int64_t depth) {
    using gdl::Term;
    auto num = [](const char* var, std::int64_t v) {
        return Term::compound("atom_number", {Term::constant(std::to_string(v)), Term::variable(var)});
    };
    Term goal = Term::compound(
        ",", {num("N", n),
              Term::compound(",", {num("D", depth),
                                   Term::compound(",", {num("Seed", 1),
                                                        Term::compound("collector_mismatches",
                                                                       {Term::variable("N"), Term::variable("Seed"),
                                                                        Term::variable("D"), Term::variable("Ms")})})})});
    auto rows = with_seams(e).solve("gdlsc_slots_testing", "call", {goal}, 1);
    BOOST_REQUIRE(rows.size() == 1);
    return rows.front().at("Ms").to_kif();
}

}  // namespace

// Stronger than equal matches: every joint move of every visited state, not only the drawn
// one, on every corpus game with a copy.
GDLSC_CORPUS_CASE(collectors_answer_as_the_rules_in_every_state) {
    int checked = 0;
    test::for_each_loading_corpus_game([&](const std::filesystem::path& file, query::Game& g) {
        pl::Engine& engine = query::prepare_engine(g, 60);
        if (!copy_ready(engine)) return;
        ++checked;
        const bool long_game = file.filename() == "chess.kif" || file.filename() == "linesOfAction.kif";
        BOOST_TEST(collector_mismatches(engine, long_game ? 1 : 3, long_game ? 8 : 40) == "[]",
                   file.filename().string());
    });
    BOOST_TEST(checked >= 30);
}

// The comparison sees a wrong collector: a clause dropped from the copy of legal, next or
// terminal (the collectors are made again from the mutated copy).
GDLSC_CORPUS_CASE(a_wrong_collector_is_seen) {
    for (const char* relation : {"legal", "next", "terminal"}) {
        query::Game g = query::load_game_file(test::corpus("gdl1/ticTacToe.kif"));
        pl::Engine& engine = query::prepare_engine(g, 60);
        BOOST_REQUIRE(copy_ready(engine));
        BOOST_TEST(collector_mismatches(engine, 3, 40) == "[]");
        BOOST_REQUIRE(with_seams(engine).succeeds("gdlsc_slots_testing", "drop_copy_clause",
                                      {gdl::Term::constant(relation), gdl::Term::constant("1")}));
        BOOST_TEST(collector_mismatches(engine, 3, 40) != "[]", relation);
    }
}

// A frame rule carries its fluent's slot from the state into the next one (no lookup);
// the comparison checks every pair's slot and the slot term, and sees a wrong one.
GDLSC_CORPUS_CASE(a_wrong_carried_slot_is_seen) {
    query::Game g = query::load_game_file(test::corpus("gdl1/ticTacToe.kif"));
    pl::Engine& engine = query::prepare_engine(g, 60);
    BOOST_REQUIRE(copy_ready(engine));
    BOOST_TEST(collector_mismatches(engine, 3, 40) == "[]");
    BOOST_REQUIRE(with_seams(engine).succeeds("gdlsc_slots_testing", "shift_carried_slot", {}));
    const std::string seen = collector_mismatches(engine, 3, 40);
    BOOST_TEST(seen.find("(slot ") != std::string::npos, seen.substr(0, 300));
}

// A state relation with two arities (ph/0 and ph/1) gets no copy: the copy names relations by
// name alone, and its playouts made no move at all (3 matches, 0 moves) before.
BOOST_AUTO_TEST_CASE(a_state_relation_with_two_arities_has_no_copy) {
    const std::string game = std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/forward/two_arities.kif";
    query::Game g = query::load_game_file(game);
    pl::Engine& engine = query::prepare_engine(g, 60);
    BOOST_TEST(copy_status(engine) == "(none (two_arities ph))");
    auto r = test::run_gdlsc({"simulate", game, "--playouts", "3", "--engine", "progression"});
    BOOST_TEST(r.out.find("moves:    9\n") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("(no slot copy: the state relation ph is used with two arities)") != std::string::npos, r.out);
}
