// Random lockstep walks (`prove --engine walks`, src/ground/lockstep_walks.cpp): a refuter.
// Known answers (doc/knowledge.md's whole-game table): every property the fixpoint refutes on
// the examples is refuted by the walks too, never with a counterexample shorter than the
// fixpoint's shortest, and the counterexample replays in the three engines of `--witness`;
// every property that holds stays undecided (exit 6: walks never prove). The same seed gives
// the same walks; walks that ignore the role's percepts (a mutation) report a counterexample
// that the replay refuses; bad requests are refused (exit 2, or 64 for a value the option refuses).
#define BOOST_TEST_MODULE prove_walks
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "prove/proof.h"
#include "prove/prove_testing.h"
#include "session/game_file.h"
#include "game_paths.h"
#include "prove_run.h"
#include "run_gdlsc.h"

using gdlsc::test::example;
using gdlsc::test::run_gdlsc;
using nlohmann::json;

namespace {

// A witness file: the JSON written to a temporary file that lives as long as the test program.
std::string witness_file(const json& j) {
    static int n = 0;
    return gdlsc::test::temp_file("walks_witness_" + std::to_string(n++) + ".json", j.dump());
}

gdlsc::test::ProveRun walks(const std::string& game, const std::string& property, const std::vector<std::string>& extra = {},
                            const std::vector<std::string>& env = {}) {
    std::vector<std::string> args{"--engine", "walks"};
    args.insert(args.end(), extra.begin(), extra.end());
    return gdlsc::test::prove_json(game, property, args, 300, env);
}

// (game, property, shortest counterexample depth; -1: holds), from the fixpoint (doc/knowledge.md).
struct Known {
    const char* game;
    const char* property;
    int shortest;
};
const Known kKnown[] = {
    {"blind_tictactoe/blind_tictactoe.kif", "legal-knowledge", -1},
    {"blind_tictactoe/blind_tictactoe.kif", "terminal-knowledge", 3},
    {"blind_tictactoe/blind_tictactoe.kif", "goal-knowledge", 3},
    {"blind_tictactoe/blind_tictactoe.kif", "perfect-information", 1},
    {"card_game/card_game.kif", "legal-knowledge", -1},
    {"card_game/card_game.kif", "terminal-knowledge", -1},
    {"card_game/card_game.kif", "goal-knowledge", -1},
    {"card_game/card_game.kif", "perfect-information", 1},
    {"exploding_bomb/exploding_bomb.kif", "legal-knowledge", -1},
    {"exploding_bomb/exploding_bomb.kif", "goal-knowledge", 3},
    {"krieg_tictactoe/krieg_tictactoe.kif", "legal-knowledge", -1},
    {"krieg_tictactoe/krieg_tictactoe.kif", "terminal-knowledge", 5},
    {"krieg_tictactoe/krieg_tictactoe.kif", "goal-knowledge", -1},
    {"krieg_tictactoe/krieg_tictactoe.kif", "perfect-information", 1},
};

// The walks' counterexample replays as one in every engine of `--witness`.
void replays(const std::string& game, const std::string& property, const json& c) {
    auto r = run_gdlsc({"prove", game, property, "--witness", witness_file(c), "--engine", "all", "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 1, "exit " << r.exit_code << "\n" << r.err);
    json j = json::parse(r.out);
    BOOST_TEST(j["agree"] == true);
    BOOST_TEST(j["checked_by"].size() + j["not_applicable"].size() == 3u);
    BOOST_TEST(j["counterexample"]["depth"] == c["depth"]);
}

}  // namespace

BOOST_AUTO_TEST_CASE(known_answers_of_the_examples) {
    for (const Known& k : kKnown) {
        const std::string g = example(k.game);
        BOOST_TEST_CONTEXT(k.game << " " << k.property) {
            auto r = walks(g, k.property);
            BOOST_TEST(r.j["method"] == "walks");
            if (k.shortest < 0) {
                BOOST_TEST(r.exit_code == 6, r.err);
                BOOST_TEST(r.j["undecided"] == true);
                BOOST_TEST(r.j["whole_game"] == false);
                BOOST_TEST(r.j["counterexample"].is_null());
                BOOST_TEST(r.j["walks"].get<int>() >= 1000);  // every walk of every agent was made
                continue;
            }
            BOOST_REQUIRE_MESSAGE(r.exit_code == 1, "exit " << r.exit_code << "\n" << r.err);
            BOOST_TEST(r.j["whole_game"] == true);  // a counterexample refutes the whole game
            const json c = r.j["counterexample"];
            BOOST_TEST(c["depth"].get<int>() >= k.shortest);
            BOOST_TEST(c["actual"].size() == c["depth"].get<std::size_t>());
            BOOST_TEST(c["actual_percepts"] == c["alternative_percepts"]);
            replays(g, k.property, c);
            auto text = run_gdlsc({"prove", g, k.property, "--engine", "walks", "--quiet"});
            BOOST_TEST(text.out.find("not necessarily a shortest one") != std::string::npos, text.out);
        }
    }
}

// A seed gives the same walks; another seed other walks, each a counterexample.
BOOST_AUTO_TEST_CASE(a_seed_gives_the_same_walks) {
    const std::string g = example("krieg_tictactoe/krieg_tictactoe.kif");
    auto a = walks(g, "terminal-knowledge", {"--seed", "7"});
    auto b = walks(g, "terminal-knowledge", {"--seed", "7"});
    BOOST_REQUIRE(a.exit_code == 1);
    BOOST_TEST(a.j == b.j);
    std::size_t different = 0;
    for (const char* seed : {"8", "9", "10"}) {
        auto c = walks(g, "terminal-knowledge", {"--seed", seed});
        BOOST_REQUIRE(c.exit_code == 1);
        if (c.j["counterexample"] != a.j["counterexample"]) ++different;
        replays(g, "terminal-knowledge", c.j["counterexample"]);
    }
    BOOST_TEST(different > 0u);
}

// The rules' state space (no step network) gives counterexamples too; a formula property.
BOOST_AUTO_TEST_CASE(rules_space_and_formulas) {
    const std::string bomb = example("exploding_bomb/exploding_bomb.kif");
    auto r = walks(bomb, "goal-knowledge", {}, {"GDLSC_NETWORK=off"});
    BOOST_REQUIRE(r.exit_code == 1);
    BOOST_TEST(r.j["space"] == "rules");
    replays(bomb, "goal-knowledge", r.j["counterexample"]);
    const std::string f = "(kwhether agent (true (armed red)))";
    auto k = walks(bomb, f);
    BOOST_REQUIRE_MESSAGE(k.exit_code == 1, k.err);
    BOOST_TEST(k.j["counterexample"]["depth"].get<int>() >= 1);
    replays(bomb, f, k.j["counterexample"]);
    BOOST_TEST(walks(bomb, "(or terminal (not terminal))").exit_code == 6);
}

// Walks that pair developments by the role's moves alone (percepts ignored) refute card_game's
// goal-knowledge, which holds; the replay refuses their "counterexample".
BOOST_AUTO_TEST_CASE(mutation_ignoring_percepts_is_caught_by_the_replay) {
    using namespace gdlsc;
    const std::string g = example("card_game/card_game.kif");
    query::Game game = query::load_game_file(g);
    query::WholeGameOptions o;
    o.walks = ground::WalkOptions{};
    query::testing::ProveMutation ignore;
    ignore.ignore_percepts = true;
    auto real = query::testing::prove_whole_game(game, "goal-knowledge", o, {});
    BOOST_TEST(real.undecided);
    auto mutant = query::testing::prove_whole_game(game, "goal-knowledge", o, ignore);
    BOOST_REQUIRE(!mutant.holds);
    json w = {{"role", mutant.role}, {"actual", mutant.actual}, {"alternative", mutant.alternative}};
    auto r = run_gdlsc({"prove", g, "goal-knowledge", "--witness", witness_file(w)});
    BOOST_TEST(r.exit_code == 2, r.err);
    BOOST_TEST(r.err.find("not a counterexample") != std::string::npos, r.err);
}

// `--engine all` runs the walks last; they agree with the fixpoint's verdict (not its depth).
BOOST_AUTO_TEST_CASE(all_includes_the_walks) {
    const std::string g = example("exploding_bomb/exploding_bomb.kif");
    for (const char* p : {"goal-knowledge", "legal-knowledge"}) {
        auto r = gdlsc::test::prove_json(g, p, {"--engine", "all"});
        BOOST_TEST_CONTEXT(p) {
            BOOST_REQUIRE(r.exit_code == 0 || r.exit_code == 1);
            BOOST_TEST(r.j["agree"] == true);
            bool ran = false;
            for (const auto& e : r.j["engines"]) {
                if (e["engine"] != "walks") continue;
                ran = true;
                BOOST_TEST(e["report"]["undecided"] == (r.exit_code == 0));
            }
            BOOST_TEST(ran);
        }
    }
}

BOOST_AUTO_TEST_CASE(bad_requests) {
    const std::string bomb = example("exploding_bomb/exploding_bomb.kif");
    auto zero = run_gdlsc({"prove", bomb, "goal-knowledge", "--engine", "walks", "--walks", "0"});
    BOOST_TEST(zero.exit_code == 64);  // a value the option's checker refuses
    BOOST_TEST(zero.err.find("--walks") != std::string::npos, zero.err);
    for (const char* s : {"3", "1"}) {  // the default seed too, when given
        auto seed = run_gdlsc({"prove", bomb, "goal-knowledge", "--seed", s});
        BOOST_TEST(seed.exit_code == 2);
        BOOST_TEST(seed.err.find("--engine walks") != std::string::npos, seed.err);
    }
    // The state bound (--max-pairs: the walks keep no pairs) ends them with exit 4, named.
    auto bound = run_gdlsc({"prove", example("krieg_tictactoe/krieg_tictactoe.kif"), "legal-knowledge", "--engine",
                            "walks", "--max-pairs", "50"});
    BOOST_TEST(bound.exit_code == 4);
    BOOST_TEST(bound.err.find("more than 50 states (--max-pairs") != std::string::npos, bound.err);
    auto depth = run_gdlsc({"prove", bomb, "playability", "--engine", "walks"});
    BOOST_TEST(depth.exit_code == 2);
    auto bounded = run_gdlsc({"prove", bomb, "goal-knowledge", "--engine", "walks", "--depth", "3"});
    BOOST_TEST(bounded.exit_code == 2);  // the developments decide a bounded question exactly
    BOOST_TEST(bounded.err.find("without --depth") != std::string::npos, bounded.err);
    auto gdl3 = run_gdlsc({"prove", example("cheryl/cheryl.kif"), "legal-knowledge", "--engine", "walks"});
    BOOST_TEST(gdl3.exit_code == 2);
    BOOST_TEST(gdl3.err.find("the walks step pairs of states") != std::string::npos, gdl3.err);  // their own reason
}
