// `gdlsc prove --engine bdd` through the binary: its counterexamples are printed as the
// fixpoint prints them and replayed by `prove --witness FILE --engine all` (progression, the
// step network and Z3); `--engine all` runs it and agrees; --max-nodes and --timeout end with
// exit 4 naming the bound; --json carries the node counts; --progress prints the levels.
#define BOOST_TEST_MODULE knowledge_bdd_prove
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "game_paths.h"
#include "run_gdlsc.h"

using namespace gdlsc::test;
using nlohmann::json;

namespace {

json prove_json(const std::string& game, const std::string& property, const std::string& engine,
                const std::vector<std::string>& more = {}) {
    std::vector<std::string> args{"prove", game, property, "--engine", engine, "--json", "--quiet", "--timeout", "60"};
    args.insert(args.end(), more.begin(), more.end());
    RunResult r = run_gdlsc(args);
    BOOST_TEST_REQUIRE((r.exit_code == 0 || r.exit_code == 1), engine << " on " << game << ": " << r.err);
    return json::parse(r.out);
}

}  // namespace

// The bdd counterexample is the fixpoint's in depth and role, with the same printed form
// (developments and percepts), and the three replay engines confirm it.
BOOST_AUTO_TEST_CASE(bdd_counterexamples_replay_in_every_engine) {
    struct Case {
        const char *game, *property;
    } cases[] = {
        {"exploding_bomb/exploding_bomb.kif", "goal-knowledge"},
        {"exploding_bomb/exploding_bomb.kif", "perfect-information"},
        {"card_game/card_game.kif", "perfect-information"},
        {"three_players/three_players.kif", "perfect-information"},
        {"krieg_tictactoe/krieg_tictactoe.kif", "terminal-knowledge"},
        {"blind_tictactoe/blind_tictactoe.kif", "terminal-knowledge"},
    };
    TempDir dir;
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.game << " " << c.property) {
            const std::string game = example(c.game);
            json b = prove_json(game, c.property, "bdd"), f = prove_json(game, c.property, "fixpoint");
            BOOST_TEST_REQUIRE(!b["holds"].get<bool>());
            BOOST_TEST(b["method"] == "bdd");
            BOOST_TEST(!f["holds"].get<bool>());
            BOOST_TEST(b["counterexample"]["depth"] == f["counterexample"]["depth"]);
            BOOST_TEST(b["counterexample"]["role"] == f["counterexample"]["role"]);
            for (const char* k : {"actual", "alternative", "actual_percepts", "alternative_percepts"})
                BOOST_TEST(b["counterexample"].contains(k));
            const std::string file = dir.file("witness.json", b.dump());
            RunResult w = run_gdlsc({"prove", game, c.property, "--witness", file, "--engine", "all", "--timeout", "60"});
            BOOST_TEST(w.exit_code == 1, w.out << w.err);
            BOOST_TEST(w.out.find("replayed by progression, network, smt") != std::string::npos, w.out);
        }
    }
}

// `--engine all` runs bdd after the fixpoint and compares the verdicts.
BOOST_AUTO_TEST_CASE(engine_all_includes_bdd_and_agrees) {
    for (const char* p : kKnowledgeProperties) {
        RunResult r = run_gdlsc({"prove", example("exploding_bomb/exploding_bomb.kif"), p, "--engine", "all", "--quiet"});
        BOOST_TEST_CONTEXT(p) {
            BOOST_TEST((r.exit_code == 0 || r.exit_code == 1), r.err);
            BOOST_TEST(r.out.find("\nbdd: ") != std::string::npos, r.out);
            BOOST_TEST(r.out.find("the engines agree") != std::string::npos, r.out);
        }
    }
}

// The bounds: exit 4 and a message naming the bound.
BOOST_AUTO_TEST_CASE(node_and_time_bounds_exit_4) {
    const std::string krieg = example("krieg_tictactoe/krieg_tictactoe.kif");
    RunResult n = run_gdlsc({"prove", krieg, "legal-knowledge", "--engine", "bdd", "--max-nodes", "20000", "--quiet"});
    BOOST_TEST(n.exit_code == 4);
    BOOST_TEST(n.err.find("node bound") != std::string::npos, n.err);
    BOOST_TEST(n.err.find("--max-nodes 20000") != std::string::npos, n.err);
    // the hidden counter needs 2^24 levels: no machine ends it within 1 s
    const std::string counter = std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/prove/hidden_counter.kif";
    RunResult t = run_gdlsc({"prove", counter, "legal-knowledge", "--engine", "bdd", "--timeout", "1", "--quiet"});
    BOOST_TEST(t.exit_code == 4);
    BOOST_TEST(t.err.find("time limit of 1 s exceeded in the bdd engine") != std::string::npos, t.err);
    BOOST_TEST(t.seconds < 20);
    RunResult m = run_gdlsc({"prove", krieg, "legal-knowledge", "--max-nodes", "20000"});
    BOOST_TEST(m.exit_code == 2, m.err);  // a bdd option without the bdd engine
}

// --json: the node counts; --progress: a line per level with its nodes (--bdd-pairs: the
// reachable pairs searched even where an invariant of equal fluents proves the property).
BOOST_AUTO_TEST_CASE(json_nodes_and_progress_levels) {
    const std::string bomb = example("exploding_bomb/exploding_bomb.kif");
    json j = prove_json(bomb, "legal-knowledge", "bdd", {"--bdd-pairs"});
    BOOST_TEST(j["holds"].get<bool>());
    for (const char* k : {"peak", "table", "reached", "variables"}) BOOST_TEST(j["nodes"][k].get<std::size_t>() > 0u, k);
    BOOST_TEST(j["states"].get<std::size_t>() == 15u);
    RunResult p = run_gdlsc({"prove", bomb, "legal-knowledge", "--engine", "bdd", "--bdd-pairs", "--progress"});
    BOOST_TEST(p.exit_code == 0);
    BOOST_TEST(p.err.find("prove: bdd, agent, level 1: ") != std::string::npos, p.err);
    BOOST_TEST(p.err.find(" nodes, ") != std::string::npos, p.err);
}

// Krieg-TicTacToe's legal-knowledge (both encodings) holds by an inductive invariant of equal
// fluents, without the reachable pairs: the verdict is the fixpoint's (`--engine all` agrees),
// --json names each role's equalities, --bdd-pairs searches the pairs instead and counts what
// the fixpoint counts. Terminal-knowledge has no such invariant: its counterexample is the
// fixpoint's. Houdini's fixpoint is the largest inductive subset of its candidates, so its size
// is exact whatever order they leave in: 47 guarded equalities per player in the example's
// encoding, 20 equalities in the corpus's, for legal-knowledge; 11 and 20 for goal-knowledge
// (a candidate dropped wrongly -- e.g. by the random pairs that filter them -- shows here).
BOOST_AUTO_TEST_CASE(an_inductive_invariant_proves_without_the_pairs) {
    std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> games{
        {example("krieg_tictactoe/krieg_tictactoe.kif"), {47, 11}}};
    if (have_corpus()) games.push_back({corpus("gdl2/kriegtictactoe.kif"), {20, 20}});
    for (const auto& [game, sizes] : games) {
        BOOST_TEST_CONTEXT(game) {
            json b = prove_json(game, "legal-knowledge", "bdd");
            BOOST_TEST(b["holds"].get<bool>());
            BOOST_TEST(b["invariants"]["xplayer"].get<std::size_t>() == sizes.first);
            BOOST_TEST(b["invariants"]["oplayer"].get<std::size_t>() == sizes.first);
            json goal = prove_json(game, "goal-knowledge", "bdd");
            BOOST_TEST(goal["holds"].get<bool>());
            BOOST_TEST(goal["invariants"]["xplayer"].get<std::size_t>() == sizes.second);
            BOOST_TEST(goal["invariants"]["oplayer"].get<std::size_t>() == sizes.second);
            BOOST_TEST(b["pairs"].get<std::size_t>() == 0u);
            RunResult t = run_gdlsc({"prove", game, "legal-knowledge", "--engine", "bdd", "--quiet"});
            BOOST_TEST(t.exit_code == 0);
            BOOST_TEST(t.out.find("proved on BDDs by an inductive invariant") != std::string::npos, t.out);
            json term = prove_json(game, "terminal-knowledge", "bdd");
            BOOST_TEST(!term["holds"].get<bool>());
            BOOST_TEST(term["counterexample"]["depth"].get<std::size_t>() == 5u);
        }
    }
    // A small game, every property: --bdd-pairs counts what the fixpoint counts.
    for (const char* p : kKnowledgeProperties) {
        BOOST_TEST_CONTEXT(p) {
            const std::string bomb = example("exploding_bomb/exploding_bomb.kif");
            json b = prove_json(bomb, p, "bdd"), pairs = prove_json(bomb, p, "bdd", {"--bdd-pairs"}),
                 fix = prove_json(bomb, p, "fixpoint");
            BOOST_TEST(b["holds"] == fix["holds"]);
            BOOST_TEST(pairs["holds"] == fix["holds"]);
            BOOST_TEST(!pairs.contains("invariants"));
            if (fix["holds"].get<bool>()) {
                BOOST_TEST(pairs["pairs"] == fix["pairs"]);
                BOOST_TEST(pairs["states"] == fix["states"]);
            }
        }
    }
}

// Not applicable: formulas and GDL-III games are refused with the reason.
BOOST_AUTO_TEST_CASE(formulas_and_gdl3_are_refused) {
    RunResult f = run_gdlsc({"prove", example("exploding_bomb/exploding_bomb.kif"), "(true (step 1))", "--engine", "bdd"});
    BOOST_TEST(f.exit_code == 2);
    BOOST_TEST(f.err.find("not formulas") != std::string::npos, f.err);
    RunResult g = run_gdlsc({"prove", example("number_guessing/number_guessing.kif"), "legal-knowledge", "--engine", "bdd"});
    BOOST_TEST(g.exit_code == 2);
    BOOST_TEST(g.err.find("GDL-III") != std::string::npos, g.err);
}

// A BuDDy operation that runs for minutes without a garbage collection (minesweeper's image)
// still ends at --timeout: the manager's watcher cuts the free list (src/symbolic/manager.h).
GDLSC_CORPUS_CASE(the_time_limit_interrupts_a_long_operation) {
    RunResult r = run_gdlsc({"prove", corpus("gdl2/minesweeper.kif"), "legal-knowledge", "--engine", "bdd", "--timeout", "3",
                             "--quiet"});
    BOOST_TEST(r.exit_code == 4, r.err);
    BOOST_TEST(r.err.find("time limit of 3 s exceeded in the bdd engine") != std::string::npos, r.err);
    BOOST_TEST(r.seconds < 8);
}
