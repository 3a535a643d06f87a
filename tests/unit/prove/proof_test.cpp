// Whole-game proofs (src/prove/proof.cpp, src/ground/lockstep.cpp): the lockstep fixpoint
// against the bounded enumeration of developments (the counterexample depth must be the
// same, and a property that holds for the whole game holds to every depth), the step
// network's state space against the rules', known answers (Thielscher 2010, Prop. 2 and 3
// on Krieg-TicTacToe), a mutation of the fixpoint that must be caught, and bad input.
#define BOOST_TEST_MODULE prove_proof
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "base/errors.h"
#include "session/game_file.h"
#include "prove/proof.h"
#include "prove/prove_testing.h"
#include "game_paths.h"
#include "prove_run.h"
#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;
using nlohmann::json;

namespace {

using gdlsc::test::corpus;
using gdlsc::test::example;

using gdlsc::test::kKnowledgeProperties;
const auto& kProperties = kKnowledgeProperties;

json prove(const std::string& game, const std::string& property, const std::vector<std::string>& extra = {},
           const std::vector<std::string>& env = {}) {
    const gdlsc::test::ProveRun r = gdlsc::test::prove_json(game, property, extra, 300, env);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0 || r.exit_code == 1, game << " " << property << ": exit " << r.exit_code
                                                                       << "\n" << r.err);
    BOOST_TEST((r.exit_code == 0) == r.j["holds"].get<bool>());
    return r.j;
}

// The whole-game verdict of `property` equals the developments' to `depth` (or, when the
// property is refuted, to the counterexample's depth, and it holds one step shorter).
void agree(const std::string& game, const std::string& property, int depth) {
    BOOST_TEST_CONTEXT(game << " " << property) {
        json whole = prove(game, property);
        BOOST_TEST(whole["whole_game"] == true);
        BOOST_TEST(whole["method"] == "fixpoint");
        if (whole["holds"]) {
            json bounded = prove(game, property, {"--depth", std::to_string(depth)});
            BOOST_TEST(bounded["holds"] == true);
            return;
        }
        int d = whole["counterexample"]["depth"];
        json bounded = prove(game, property, {"--depth", std::to_string(d)});
        BOOST_REQUIRE(bounded["holds"] == false);
        BOOST_TEST(bounded["counterexample"]["depth"] == d);
        BOOST_TEST(bounded["counterexample"]["role"] == whole["counterexample"]["role"]);
        if (d > 0) BOOST_TEST(prove(game, property, {"--depth", std::to_string(d - 1)})["holds"] == true);
        // the two developments have the same percepts of the role, step by step
        auto c = whole["counterexample"];
        if (!c["role"].is_null()) BOOST_TEST(c["actual_percepts"] == c["alternative_percepts"]);
        BOOST_TEST(c["actual"].size() == static_cast<std::size_t>(d));
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(examples_agree_with_developments) {
    for (const char* g : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif"})
        for (const char* p : kProperties) agree(example(g), p, 4);
    // Blind Tic-Tac-Toe's legal-knowledge holds over 393,491 states (about 90 s): the
    // refuted properties only, with their shortest counterexamples.
    for (const char* p : {"terminal-knowledge", "goal-knowledge", "perfect-information"})
        agree(example("blind_tictactoe/blind_tictactoe.kif"), p, 0);
}

// Thielscher 2010 on Krieg-TicTacToe: every player always knows its legal moves (Prop. 2),
// for the whole game; oplayer cannot always know whether the game is over (Prop. 3 fails
// for this description: x completes a line unseen), shortest after 5 moves.
BOOST_AUTO_TEST_CASE(krieg_tictactoe_whole_game) {
    std::string g = example("krieg_tictactoe/krieg_tictactoe.kif");
    json legal = prove(g, "legal-knowledge");
    BOOST_TEST(legal["holds"] == true);
    BOOST_TEST(legal["states"] == 285585);
    json term = prove(g, "terminal-knowledge");
    BOOST_REQUIRE(term["holds"] == false);
    BOOST_TEST(term["counterexample"]["role"] == "oplayer");
    BOOST_TEST(term["counterexample"]["depth"] == 5);
}

// Formula properties: knows-whether decided on pairs, knowledge of a state formula, a
// formula without knowledge on every reachable state; and formulas the fixpoint does not decide.
BOOST_AUTO_TEST_CASE(formula_properties) {
    std::string g = example("exploding_bomb/exploding_bomb.kif");
    // agent does not always know which wire is armed (before it asks), shortest at depth 1
    json k = prove(g, "(kwhether agent (true (armed red)))");
    json k_rules = prove(g, "(kwhether agent (true (armed red)))", {}, {"GDLSC_NETWORK=off"});
    BOOST_TEST(k_rules["counterexample"]["depth"] == 1);
    BOOST_REQUIRE(k["holds"] == false);
    BOOST_TEST(k["counterexample"]["role"] == "agent");
    BOOST_TEST(k["counterexample"]["depth"] == prove(g, "(kwhether agent (true (armed red)))", {"--depth", "3"})["counterexample"]["depth"]);
    // the same as an (or (knows ..) (knows (not ..))) formula
    json k2 = prove(g, "(or (knows agent (true (armed red))) (knows agent (not (true (armed red)))))");
    BOOST_TEST(k2["counterexample"]["depth"] == k["counterexample"]["depth"]);
    // a formula that holds in every reachable state, and its knowledge
    BOOST_TEST(prove(g, "(or terminal (not terminal))")["holds"] == true);
    auto bad = run_gdlsc({"prove", g, "(exists ?c (knows agent (true (armed ?c))))", "--quiet"});
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(bad.err.find("use --depth N") != std::string::npos);
}

GDLSC_CORPUS_CASE(corpus_agrees_with_developments) {
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/montyhall_2candidates.kif", "gdl2/meier.kif"})
        for (const char* p : kProperties) agree(corpus(g), p, 4);
}

// The two state spaces (step network, rules in Prolog) give the same fixpoint.
BOOST_AUTO_TEST_CASE(network_and_rules_agree) {
    for (const std::string& g : {example("card_game/card_game.kif"), example("exploding_bomb/exploding_bomb.kif")})
        for (const char* p : {"legal-knowledge", "terminal-knowledge", "goal-knowledge", "perfect-information",
                              "(or terminal (not terminal))"}) {
            json a = prove(g, p), b = prove(g, p, {}, {"GDLSC_NETWORK=off"});
            BOOST_TEST_CONTEXT(g << " " << p) {
                BOOST_TEST(a["holds"] == b["holds"]);
                if (a["holds"]) {  // the whole fixpoint: the same states and pairs
                    BOOST_TEST(a["states"] == b["states"]);
                    BOOST_TEST(a["pairs"] == b["pairs"]);
                    BOOST_TEST(a["states"].get<int>() > 0);
                } else {  // the search stops at the first violation: the same depth and role
                    BOOST_TEST(a["counterexample"]["depth"] == b["counterexample"]["depth"]);
                    BOOST_TEST(a["counterexample"]["role"] == b["counterexample"]["role"]);
                }
            }
        }
}

// Pairing developments by the role's moves alone (percepts ignored) lets jane confuse a
// deal in which she holds the king with one in which she does not: goal-knowledge, which
// holds, is then refuted at depth 2. The fixpoint must depend on percepts.
BOOST_AUTO_TEST_CASE(mutation_ignoring_percepts_is_caught) {
    using namespace gdlsc;
    query::Game game = query::load_game_file(example("card_game/card_game.kif"));
    query::WholeGameOptions o;
    auto real = query::prove_whole_game(game, "goal-knowledge", o);
    BOOST_TEST(real.holds);
    query::testing::ProveMutation ignore;
    ignore.ignore_percepts = true;
    auto mutant = query::testing::prove_whole_game(game, "goal-knowledge", o, ignore);
    BOOST_TEST(!mutant.holds);
    BOOST_TEST(mutant.at_depth == 2u);
}

// Every valid GDL-II corpus game, every property, developments of length <= 2: the
// enumeration of developments, the pair graph cut at depth 2 and the two-copy unrolling in
// Z3 (`--engine all --depth 2`) give the same verdict, counterexample depth and role. The
// smt engine may be not applicable (step program past its size bound), never disagree.
// Where a game's first property takes `all` more than 8 s (blindbreakthrough, backgammon and
// minesweeper: Z3's depth-2 unrolling and the BDD compile, 10-13 s a property on an idle
// machine, kriegTTT_4x4 about 6 s and more on a loaded one), its other
// properties compare the two explicit methods alone (developments and the cut fixpoint), the
// costly methods having been compared on the first: half of the whole suite's time went here.
GDLSC_CORPUS_CASE(every_corpus_game_to_depth_2) {
    std::size_t games = 0, smt_runs = 0, all_runs = 0;
    auto report_of = [](const gdlsc::test::RunResult& r) {
        BOOST_REQUIRE_MESSAGE(r.exit_code == 0 || r.exit_code == 1, "exit " << r.exit_code << "\n" << r.err);
        return json::parse(r.out);
    };
    for (const auto& entry : std::filesystem::directory_iterator(gdlsc::test::corpus_dir() + "/gdl2")) {
        const std::string g = entry.path().string();
        // Invalid games (tests/corpus/verdicts.tsv) are not provable; the games accepted with a
        // deviation from GDL are cross-checked by tests/feature/corpus/deviations_test.cpp and not
        // swept here yet: the depth-2 pair fixpoint on pyggp_dark_split_corridor_3_4 did not
        // finish in 5 minutes (left in the issue notes).
        auto check = run_gdlsc({"check", "--json", g});
        if (check.exit_code != 0 || json::parse(check.out)["verdict"] != "valid") continue;
        // kriegTTT_5x5: the depth-2 developments alone take 80 s of CPU and its step does not
        // compile to BDDs within a minute, so `all` would pass this test's 300 s on a loaded
        // machine; its verdicts are in doc/knowledge.md's whole-game table.
        if (entry.path().filename() == "kriegTTT_5x5.kif") continue;
        ++games;
        bool costly = false;
        for (const char* p : kProperties) {
            BOOST_TEST_CONTEXT(g << " " << p) {
                gdlsc::test::RunOptions opt;
                opt.seconds = 300;
                if (costly) {
                    json dev = report_of(run_gdlsc({"prove", g, p, "--depth", "2", "--engine", "developments", "--json", "--quiet"}, opt));
                    json fix = report_of(run_gdlsc({"prove", g, p, "--depth", "2", "--engine", "fixpoint", "--json", "--quiet"}, opt));
                    BOOST_TEST(fix["whole_game"] == false);
                    BOOST_TEST(fix["holds"] == dev["holds"]);
                    if (!dev["holds"]) {
                        BOOST_TEST(fix["counterexample"]["depth"] == dev["counterexample"]["depth"]);
                        BOOST_TEST(fix["counterexample"]["role"] == dev["counterexample"]["role"]);
                    }
                    continue;
                }
                // The bdd engine's step compile blows up on some games (hidden_connect: no level in
                // 120 s): a node bound ends it, listed as at its limit. 300,000 nodes: every game
                // whose step compiles in about a second takes part; reaching a bound of 2,000,000
                // took backgammon, blindbreakthrough, montyhall_20door and minesweeper a minute or
                // more each. The bdd engine's whole-game verdicts are checked against the
                // fixpoint's on every corpus game by tests/unit/symbolic/pair_bdd_test.cpp.
                auto r = run_gdlsc({"prove", g, p, "--depth", "2", "--engine", "all", "--max-nodes", "300000",
                                    "--timeout", "240", "--json", "--quiet"},
                                   opt);
                costly = r.seconds > 8;
                ++all_runs;
                json all = report_of(r);
                const json& engines = all["engines"];
                BOOST_REQUIRE(engines.size() >= 2u);
                BOOST_TEST(engines[0]["engine"] == "developments");
                BOOST_TEST(engines[1]["engine"] == "fixpoint");
                BOOST_TEST(engines[1]["report"]["whole_game"] == false);
                bool smt = false;
                for (const json& e : engines) smt = smt || e["engine"] == "smt";
                if (smt) ++smt_runs;
                else BOOST_TEST(all["not_applicable"].size() >= 1u);  // why smt did not run
                const json& dev = engines[0]["report"];
                for (const json& e : engines) {
                    BOOST_TEST_CONTEXT(e["engine"]) {
                        BOOST_TEST(e["report"]["holds"] == dev["holds"]);
                        if (!dev["holds"]) {
                            BOOST_TEST(e["report"]["counterexample"]["depth"] == dev["counterexample"]["depth"]);
                            BOOST_TEST(e["report"]["counterexample"]["role"] == dev["counterexample"]["role"]);
                        }
                    }
                }
                BOOST_TEST(all["agree"] == true);
            }
        }
    }
    BOOST_TEST(games >= 20u);
    BOOST_TEST(all_runs >= 50u);
    BOOST_TEST(4 * smt_runs >= 3 * all_runs);  // the smt engine took part in most `all` runs
}
