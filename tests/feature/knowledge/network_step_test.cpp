// The step network (src/network/step_network.h) in the information-set update, through the
// gdlsc binary: with GDLSC_NETWORK=check every update is made both by the network and by
// the game's rules and must be identical (entries, counts, weights, representatives),
// along simulated matches of corpus games and of a fixture with recursive percepts; the
// default mode uses the network on large sets and gives the rules' answer; the rules are
// used when there is no network; a bad GDLSC_NETWORK is refused; GDLSC_NATIVE, its deprecated
// old name, is still read.
#define BOOST_TEST_MODULE knowledge_network_step
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "run_gdlsc.h"
#include "simulated_history.h"
#include "game_paths.h"

namespace {

using gdlsc::test::run_program;

std::string corpus(const std::string& name) { return gdlsc::test::corpus_dir() + "/gdl2/" + name + ".kif"; }
std::string fixture(const std::string& name) {
    return std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/knowledge/" + name + ".kif";
}

// `gdlsc infoset GAME --role R --history H --json --steps` with GDLSC_NETWORK=mode.
gdlsc::test::RunResult infoset(const std::string& mode, const std::string& game, const std::string& role,
                               const std::string& history) {
    return run_program({"/usr/bin/env", "GDLSC_NETWORK=" + mode, "GDLSC_INFOSET_THREADS=1", GDLSC_BINARY, "infoset",
                        game, "--role", role, "--history", history, "--json", "--steps"},
                       300);
}

// The updates of a --steps run: how each was made (network, rules, check).
std::multiset<std::string> updates(const nlohmann::json& j) {
    std::multiset<std::string> out;
    for (const auto& s : j.at("steps")) out.insert(s.at("update").get<std::string>());
    return out;
}

// Along `matches` simulated matches (seeds 1..matches) of at most `depth` joint moves,
// the update of each role's set with GDLSC_NETWORK=check; `network` says whether the
// step network must have run (some update made by both).
void check_game(const std::string& game, const std::vector<std::string>& roles, int depth, int matches,
                bool network = true) {
    for (int seed = 1; seed <= matches; ++seed) {
        auto steps = gdlsc::test::simulated_steps(game, seed, depth);
        std::string h = gdlsc::test::history_prefix(steps, steps.size());
        for (const auto& role : roles) {
            auto r = infoset("check", game, role, h);
            BOOST_TEST_INFO(game << " " << role << " seed " << seed << ": " << r.err);
            BOOST_REQUIRE_EQUAL(r.exit_code, 0);
            auto j = nlohmann::json::parse(r.out);
            BOOST_TEST(j.at("steps").size() == steps.size());
            if (network) BOOST_TEST(updates(j).count("check") == steps.size());
        }
    }
}

// `infoset --json --steps` on Krieg-TicTacToe 4x4 for xplayer after `history`, with the
// network (GDLSC_NETWORK=on) and with the rules (off): both outputs, parsed.
std::pair<nlohmann::json, nlohmann::json> krieg_4x4_on_and_off(const std::string& history) {
    auto on = infoset("on", corpus("kriegTTT_4x4"), "xplayer", history);
    auto off = infoset("off", corpus("kriegTTT_4x4"), "xplayer", history);
    BOOST_REQUIRE_EQUAL(on.exit_code, 0);
    BOOST_REQUIRE_EQUAL(off.exit_code, 0);
    return {nlohmann::json::parse(on.out), nlohmann::json::parse(off.out)};
}

// The two outputs without their timings ("steps") are the same.
void same_but_steps(nlohmann::json a, nlohmann::json b) {
    a.erase("steps");
    b.erase("steps");
    BOOST_TEST(a == b);
}

}  // namespace

GDLSC_CORPUS_CASE(krieg_tictactoe) {
    check_game(corpus("kriegtictactoe"), {"xplayer", "oplayer"}, 9, 3);
    check_game(corpus("kriegTTT_4x4"), {"xplayer"}, 4, 1);
}

GDLSC_CORPUS_CASE(random_and_more_roles) {
    check_game(corpus("montyhall_20door"), {"candidate"}, 4, 3);
    check_game(corpus("montyhall_2candidates"), {"candidate", "candidate2"}, 5, 3);
    check_game(corpus("meier"), {"p1", "p2"}, 9, 3);
    check_game(corpus("banker_and_thief"), {"banker", "thief"}, 8, 2);
}

GDLSC_CORPUS_CASE(boards) {
    check_game(corpus("latenttictactoe"), {"xplayer", "oplayer"}, 8, 2);
    check_game(corpus("hidden_connect"), {"redgreen"}, 8, 2);
    check_game(corpus("stratego"), {"red"}, 4, 1);
    check_game(corpus("blindbreakthrough"), {"white"}, 4, 1);
}

// GDLSC_NATIVE, the deprecated old name of GDLSC_NETWORK, is still read when GDLSC_NETWORK is
// not set (check: every update made both ways; off: by the rules only), and the two set to
// different values are refused with both names. An ignored old name would leave the default
// (on: no update made both ways).
BOOST_AUTO_TEST_CASE(deprecated_name_is_read) {
    const std::string game = fixture("recursive_percepts");
    auto steps = gdlsc::test::simulated_steps(game, 1, 6);
    const std::string h = gdlsc::test::history_prefix(steps, steps.size());
    auto run = [&](const std::vector<std::string>& env) {
        std::vector<std::string> argv{"/usr/bin/env", "-u", "GDLSC_NETWORK", "-u", "GDLSC_NATIVE"};
        argv.insert(argv.end(), env.begin(), env.end());
        for (const char* a : {GDLSC_BINARY, "infoset"}) argv.push_back(a);
        for (const std::string& a : {game, std::string("--role"), std::string("player"), std::string("--history"), h,
                                     std::string("--json"), std::string("--steps")})
            argv.push_back(a);
        return run_program(argv, 300);
    };
    auto check = run({"GDLSC_NATIVE=check"});
    BOOST_REQUIRE_EQUAL(check.exit_code, 0);
    BOOST_TEST(updates(nlohmann::json::parse(check.out)).count("check") == steps.size());
    auto off = run({"GDLSC_NATIVE=off"});
    BOOST_REQUIRE_EQUAL(off.exit_code, 0);
    BOOST_TEST(updates(nlohmann::json::parse(off.out)).count("rules") == steps.size());
    auto same = run({"GDLSC_NATIVE=check", "GDLSC_NETWORK=check"});
    BOOST_REQUIRE_EQUAL(same.exit_code, 0);
    BOOST_TEST(updates(nlohmann::json::parse(same.out)).count("check") == steps.size());
    auto both = run({"GDLSC_NATIVE=off", "GDLSC_NETWORK=check"});
    BOOST_TEST(both.exit_code == 2);
    BOOST_TEST(both.err.find("GDLSC_NETWORK='check' and GDLSC_NATIVE='off' differ") != std::string::npos, both.err);
    auto bad = run({"GDLSC_NATIVE=fast"});
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(bad.err.find("GDLSC_NATIVE='fast'") != std::string::npos, bad.err);
}

// Recursion (a positive loop, reachability over a cycle) and negation behind percepts and
// successor states; legal moves that the rules derive twice.
BOOST_AUTO_TEST_CASE(fixtures) {
    check_game(fixture("recursive_percepts"), {"player"}, 6, 4);
    check_game(fixture("duplicate_legal"), {"p"}, 2, 4);
}

// GDL games (no percepts, so large sets at once) whose fluents depend on recursive
// relations: liberties in Atari Go (hasliberty), connected groups and ray counts in Lines
// of Action (connected, canmovenspacesindir, partiallinecount).
GDLSC_CORPUS_CASE(recursive_gdl_games) {
    check_game(gdlsc::test::corpus_dir() + "/gdl1/atariGoVariant_7x7.kif", {"black"}, 3, 1);
    check_game(gdlsc::test::corpus_dir() + "/gdl1/linesOfAction.kif", {"black"}, 3, 1);
}

// The default mode: the network makes the large updates, and the answer is the rules'.
GDLSC_CORPUS_CASE(default_uses_the_network_on_large_sets) {
    const std::string h =
        "((mark 3 4) (mark 4 3)) ((mark 1 3) (mark 2 4)) ((mark 4 2) (mark 1 3)) ((mark 2 4) (mark 4 2)) "
        "((mark 1 2) (mark 4 4))";
    auto [a, b] = krieg_4x4_on_and_off(h);
    BOOST_TEST(a.at("steps").back().at("update") == "network");
    // The network is built once, at the first set of 16 states or more (step 3: 533 states
    // from 105), and says its size.
    BOOST_TEST(!a.at("steps")[1].contains("network"));
    BOOST_TEST(a.at("steps")[2].at("network").at("built") == true);
    BOOST_TEST(a.at("steps")[2].at("network").at("cpu_ms") <= a.at("steps")[2].at("cpu_ms"));
    BOOST_TEST(a.at("steps")[2].at("network").at("about") == "110 fluents, 32 moves, 265 derived atoms, 1177 rules");
    BOOST_TEST(!a.at("steps")[3].contains("network"));
    BOOST_TEST(updates(b) == std::multiset<std::string>({"rules", "rules", "rules", "rules", "rules"}));
    BOOST_TEST(a.at("states") == 2789);
    BOOST_TEST(a.at("developments") == 64899);
    same_but_steps(a, b);
}

// Sets under 16 states are updated by the rules (no grounding for them).
GDLSC_CORPUS_CASE(small_sets_use_the_rules) {
    auto r = infoset("on", corpus("montyhall"), "candidate", "((hide_car 2) (choose 1))");
    BOOST_REQUIRE_EQUAL(r.exit_code, 0);
    BOOST_TEST(updates(nlohmann::json::parse(r.out)) == std::multiset<std::string>{"rules"});
}

GDLSC_CORPUS_CASE(bad_mode_is_refused) {
    auto r = run_program({"/usr/bin/env", "GDLSC_NETWORK=fast", GDLSC_BINARY, "infoset", corpus("montyhall"), "--role",
                          "candidate"},
                         60);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("GDLSC_NETWORK='fast'") != std::string::npos, r.err);
}

// A set of 28,091 states (650 million developments) after 10 steps of Krieg-TicTacToe 4x4:
// the host reads it without recursing down a list (this crashed with a stack overflow), and
// the network's set is the rules' set.
GDLSC_CORPUS_CASE(large_set_same_with_network_and_rules) {
    const std::string h =
        "((mark 3 2) (mark 3 3)) ((mark 4 4) (mark 3 4)) ((mark 2 4) (mark 3 1)) ((mark 2 3) (mark 4 2)) "
        "((mark 3 3) (mark 1 2)) ((mark 1 4) (mark 2 3)) ((mark 1 1) (mark 1 3)) ((mark 3 4) (mark 4 1)) "
        "((mark 1 3) (mark 1 4)) ((mark 3 3) (mark 2 1))";
    auto [a, b] = krieg_4x4_on_and_off(h);
    BOOST_TEST(a.at("states") == 28091);
    BOOST_TEST(a.at("developments") == 650923310);
    // The states are printed as they are read, 1,000 at a time: all of them, each once.
    const auto& list = a.at("state_list");
    BOOST_TEST(list.size() == 28091u);
    std::set<std::string> distinct;
    for (const auto& state : list) distinct.insert(state.dump());
    BOOST_TEST(distinct.size() == 28091u);
    same_but_steps(a, b);
}
