// Every corpus game that gdlsc accepts (gdl1/ and gdl2/, KIF and infix) plays a whole match
// with seed 1 to a terminal state within 500 joint moves, without an error, and ends with a
// goal value for every non-random role. Games that `gdlsc check` rejects are listed in the
// test log (their diagnostics are the checker's business, tested elsewhere). A game that
// legitimately cannot be played to its end here is listed in kShortRuns with the reason;
// it is still played, for a few steps, and must then stop at the bound (exit 4); a game
// whose own rules leave a role without goal is listed in kMissingGoals.
#define BOOST_TEST_MODULE corpus_simulate
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "../traces/test_support.h"
#include "game_paths.h"

using namespace gdlsc::test;
using nlohmann::json;

namespace {

struct ShortRun {
    int steps;
    const char* reason;
};

const std::map<std::string, ShortRun> kShortRuns = {
    // A whole chess match (200 moves, the game ends by its step counter) takes 12 s of CPU,
    // over a minute of wall time on a shared machine (doc/benchmarks.md): too long here.
    {"chess.kif", {25, "a whole match takes 12 s of CPU (doc/benchmarks.md); 25 moves are played"}},
};

// Games whose rules give some role no goal value in some terminal states (a defect of the
// game, reproduced faithfully): the role and the reason.
const std::map<std::string, std::pair<std::string, const char*>> kMissingGoals = {
    {"minesweeper.kif",
     {"sweeper", "the base case of greaterthan is misspelt (greaterhan), so (goal sweeper 0) never holds "
                 "and an early explosion leaves sweeper without a goal"}},
    {"hold_your_course_ii.kif",
     {"player", "its goal rules test the fluent (true (terminal)), which no rule makes true (terminal is "
                "a relation of the game, not a fluent), so no role ever has a goal"}},
};

}  // namespace

GDLSC_CORPUS_CASE(every_accepted_game_plays_to_a_terminal_state) {
    auto games = corpus_games();
    BOOST_REQUIRE(games.size() > 50u);
    std::vector<std::string> rejected, played;
    for (const auto& path : games) {
        const std::string g = path.string();
        const std::string name = path.filename().string();
        auto shortrun = kShortRuns.find(name);
        const int bound = shortrun == kShortRuns.end() ? 500 : shortrun->second.steps;
        auto r = run_gdlsc({"simulate", g, "--seed", "1", "--max-steps", std::to_string(bound), "--json",
                            "--timeout", "60"},
                           180);
        if (r.exit_code == 2 && r.err.find("is not a valid game") != std::string::npos) {
            rejected.push_back(name);
            continue;
        }
        if (shortrun != kShortRuns.end()) {
            BOOST_TEST(r.exit_code == 4, name << ": expected the step bound, got exit " << r.exit_code << ": " << r.err);
            BOOST_TEST_MESSAGE(name << ": played " << bound << " steps only: " << shortrun->second.reason);
            continue;
        }
        BOOST_TEST(r.exit_code == 0, name << ": exit " << r.exit_code << ": "
                                          << r.err.substr(0, 500));
        if (r.exit_code != 0) continue;
        json m = json::parse(r.out);
        BOOST_TEST(m.at("end").get<std::string>() == "terminal", name);
        auto missing = kMissingGoals.find(name);
        for (const auto& role : m.at("roles")) {
            if (role == "random") continue;
            if (missing != kMissingGoals.end() && missing->second.first == role) {
                BOOST_TEST_MESSAGE(name << ": " << role << " may have no goal: " << missing->second.second);
                continue;
            }
            BOOST_TEST(m.at("goals").at(role.get<std::string>()).size() >= 1u, name << ": no goal for " << role);
        }
        played.push_back(name + " (" + std::to_string(m.at("steps").size() - 1) + " steps)");
    }
    std::string list;
    for (const auto& p : played) list += " " + p;
    BOOST_TEST_MESSAGE("played to the end:" << list);
    list.clear();
    for (const auto& r : rejected) list += " " + r;
    BOOST_TEST_MESSAGE("rejected by the checker (not simulated):" << list);
    BOOST_TEST(played.size() >= 40u);
}
