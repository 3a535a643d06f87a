// `gdlsc query` after a long history plays it on the step network (issue 14, item 5;
// query::network_situation): the answers are those of the Prolog progression (the same run with
// GDLSC_NETWORK=off), and they are the known ones — on the project's ring walk fixture
// (tests/fixtures/forward/ring_walk.kif: after k joint moves the counter shows k and the token
// stands at the sum of the strides mod 8) after 1,000 joint moves, and on a corpus backgammon
// match of 229 joint moves with random. An illegal move deep in the history and a move after
// the end get the same located errors either way.
#define BOOST_TEST_MODULE long_history
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "game_paths.h"
#include "run_gdlsc.h"

using namespace gdlsc::test;

namespace {

const std::string kRing = example("../tests/fixtures/forward/ring_walk.kif");

// The ring walk's history of n joint moves: the walker in control strides (7k mod 3) + 1.
std::string ring_history(int n, int bad_step = -1) {
    std::string h;
    for (int k = 0; k < n; ++k) {
        std::string stride = "(step " + std::to_string((k * 7) % 3 + 1) + ")";
        if (k + 1 == bad_step) h += "(" + stride + " (step 1))\n";  // both move: one is illegal
        else h += k % 2 == 0 ? "(" + stride + " noop)\n" : "(noop " + stride + ")\n";
    }
    return h;
}

struct Both {
    RunResult network, prolog;
};

Both query_both(const std::vector<std::string>& args) {
    RunOptions on, off;
    on.env = {"GDLSC_NETWORK"};
    off.env = {"GDLSC_NETWORK=off"};
    return {run_gdlsc(args, on), run_gdlsc(args, off)};
}

}  // namespace

BOOST_AUTO_TEST_CASE(ring_walk_after_1000_joint_moves) {
    TempDir dir;
    std::string hist = dir.file("h1000.txt", ring_history(1000));
    int at = 0;
    for (int k = 0; k < 1000; ++k) at = (at + (k * 7) % 3 + 1) % 8;
    const std::vector<std::pair<std::string, std::string>> known = {
        {"(true (at ?x))", "?x = " + std::to_string(at)},
        {"(and (true (digit 1 ?a)) (true (digit 2 ?b)) (true (digit 3 ?c)) (true (digit 4 ?d)))",
         "?a = 1, ?b = 0, ?c = 0, ?d = 0"},
        {"(true (control ?r))", "?r = left"},  // 1,000 is even
        {"(does right ?m)", "?m = (step " + std::to_string((999 * 7) % 3 + 1) + ")"},
        {"(sees right ?p)", "?p = (landed " + std::to_string(at) + ")"},
        {"(legal left ?m)", "?m = (step 1)"},
        {"terminal", "does not hold"},
    };
    for (const auto& [formula, answer] : known) {
        Both b = query_both({"query", kRing, "--history-file", hist, formula});
        BOOST_REQUIRE_MESSAGE(b.network.exit_code == 0, b.network.err);
        BOOST_TEST(b.network.out == b.prolog.out, formula);
        BOOST_TEST(b.network.out.find(answer) != std::string::npos, formula << ": " << b.network.out);
    }
}

BOOST_AUTO_TEST_CASE(errors_deep_in_a_long_history_are_the_same) {
    TempDir dir;
    std::string bad = dir.file("bad.txt", ring_history(1000, 777));
    Both b = query_both({"query", kRing, "--history-file", bad, "(true (at ?x))"});
    BOOST_TEST(b.network.exit_code == 2);
    BOOST_TEST(b.network.err == b.prolog.err);
    BOOST_TEST(b.network.err.find("bad.txt:777:") != std::string::npos, b.network.err);
    BOOST_TEST(b.network.err.find("history step 777: move (step 1) of role right is not legal (legal: noop)") !=
                   std::string::npos,
               b.network.err);
    std::string over = dir.file("over.txt", ring_history(1201));
    Both o = query_both({"query", kRing, "--history-file", over, "(true (at ?x))"});
    BOOST_TEST(o.network.exit_code == 2);
    BOOST_TEST(o.network.err == o.prolog.err);
    BOOST_TEST(o.network.err.find("history step 1201: the game is already over (terminal state after step 1200)") !=
                   std::string::npos,
               o.network.err);
}

GDLSC_CORPUS_CASE(backgammon_after_a_whole_match) {
    // A whole seeded match (random rolls the dice) as the history, then every question about
    // its last state and last joint move.
    const std::string game = corpus("gdl2/backgammon.kif");
    auto sim = run_gdlsc({"simulate", game, "--json", "--max-steps", "400"});
    BOOST_REQUIRE_MESSAGE(sim.exit_code == 0, sim.err);
    auto j = nlohmann::json::parse(sim.out);
    std::string hist;
    for (const auto& step : j.at("steps")) {
        if (!step.contains("joint_move")) continue;
        std::string line;
        for (const auto& m : step.at("joint_move")) line += (line.empty() ? "" : " ") + m.get<std::string>();
        hist += "(" + line + ")\n";
    }
    BOOST_REQUIRE_GE(j.at("steps").size(), 65u);  // long enough for the network path (64 moves)
    TempDir dir;
    std::string h = dir.file("match.txt", hist);
    for (const std::string f : {"(true ?f)", "(goal ?r ?v)", "terminal", "(does ?r ?m)", "(sees ?r ?p)"}) {
        Both b = query_both({"query", game, "--history-file", h, f});
        BOOST_REQUIRE_MESSAGE(b.network.exit_code == 0, b.network.err);
        BOOST_TEST(b.network.out == b.prolog.out, f);
    }
    // The last state is terminal, and one step less it is not: legal moves there agree too.
    auto all_but_last = hist.substr(0, hist.rfind('\n', hist.size() - 2) + 1);  // one line less
    std::string h2 = dir.file("short.txt", all_but_last);
    Both l = query_both({"query", game, "--history-file", h2, "(legal ?r ?m)"});
    BOOST_TEST(l.network.exit_code == 0);
    BOOST_TEST(l.network.out == l.prolog.out);
    BOOST_TEST(run_gdlsc({"query", game, "--history-file", h, "terminal"}).out.find("holds") == 0);
}
