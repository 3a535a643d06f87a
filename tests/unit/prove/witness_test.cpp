// Checking a counterexample (`prove --witness`, src/prove/witness.cpp): every counterexample
// that the search methods print is accepted by all three replaying engines (progression, step
// network, Z3) with the same depth and role; witnesses that are not counterexamples are refused
// with the reason (exit 2): the same development twice, different lengths, an illegal move, a
// move after the end, a percept that tells the developments apart; and the hand-made witness
// of depth 60 for Blind Breakthrough's terminal-knowledge (tests/fixtures/prove).
#define BOOST_TEST_MODULE prove_witness
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

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

std::string fixture(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/" + rel; }

struct TempFile {
    std::string path;
    explicit TempFile(const json& j) {
        static int n = 0;
        path = (std::filesystem::temp_directory_path() /
                ("gdlsc_witness_" + std::to_string(::getpid()) + "_" + std::to_string(n++) + ".json"))
                   .string();
        std::ofstream(path) << j.dump();
    }
    ~TempFile() { std::filesystem::remove(path); }
};

gdlsc::test::RunResult check(const std::string& game, const std::string& property, const std::string& witness,
                             const std::string& engine = "all") {
    gdlsc::test::RunOptions opt;
    opt.seconds = 300;
    return run_gdlsc({"prove", game, property, "--witness", witness, "--engine", engine, "--json"}, opt);
}

// The counterexample `prove` prints for (game, property) with `args`, or null when it holds.
json counterexample(const std::string& game, const std::string& property, const std::vector<std::string>& args) {
    const gdlsc::test::ProveRun r = gdlsc::test::prove_json(game, property, args);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0 || r.exit_code == 1, game << " " << property << ": exit " << r.exit_code << "\n" << r.err);
    return r.j["counterexample"];
}

// The counterexample is accepted by every engine; the same developments twice are refused.
void round_trip(const std::string& game, const std::string& property, const json& c) {
    BOOST_TEST_CONTEXT(game << " " << property) {
        TempFile f(c);
        auto r = check(game, property, f.path);
        BOOST_REQUIRE_MESSAGE(r.exit_code == 1, "exit " << r.exit_code << "\n" << r.err);
        json j = json::parse(r.out);
        BOOST_TEST(j["holds"] == false);
        BOOST_TEST(j["method"] == "witness");
        BOOST_TEST(j["agree"] == true);
        BOOST_TEST(j["checked_by"].size() + j["not_applicable"].size() == 3u);
        BOOST_TEST(j["checked_by"][0] == "progression");
        BOOST_TEST(j["counterexample"]["depth"] == c["depth"]);
        BOOST_TEST(j["counterexample"]["role"] == c["role"]);
        if (!c["role"].is_null()) {
            BOOST_TEST(j["counterexample"]["actual_percepts"] == c["actual_percepts"]);
            json same = c;
            same["alternative"] = c["actual"];
            TempFile g(same);
            auto s = check(game, property, g.path, "explicit");
            BOOST_TEST(s.exit_code == 2);
            BOOST_TEST(s.err.find("is not a counterexample") != std::string::npos, s.err);
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(counterexamples_of_the_examples_round_trip) {
    std::size_t refuted = 0;
    for (const char* g : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif",
                          "krieg_tictactoe/krieg_tictactoe.kif"})
        for (const char* p : kProperties) {
            json c = counterexample(example(g), p, {"--depth", "5"});
            if (c.is_null()) continue;
            ++refuted;
            round_trip(example(g), p, c);
        }
    BOOST_TEST(refuted >= 6u);
    // a formula property: knows-whether, refuted at depth 1
    const std::string bomb = example("exploding_bomb/exploding_bomb.kif");
    const std::string f = "(kwhether agent (true (armed red)))";
    json c = counterexample(bomb, f, {});
    BOOST_REQUIRE(!c.is_null());
    round_trip(bomb, f, c);
}

BOOST_AUTO_TEST_CASE(what_is_not_a_counterexample_is_refused) {
    const std::string bomb = example("exploding_bomb/exploding_bomb.kif");
    json c = counterexample(bomb, "goal-knowledge", {});
    BOOST_REQUIRE(!c.is_null());
    auto refused = [&](const json& w, const std::string& property, const std::string& why) {
        TempFile f(w);
        auto r = check(bomb, property, f.path);
        BOOST_TEST(r.exit_code == 2, why << ": exit " << r.exit_code);
        BOOST_TEST(r.err.find(why) != std::string::npos, r.err);
    };
    json shorter = c;
    shorter["alternative"].erase(shorter["alternative"].size() - 1);
    refused(shorter, "goal-knowledge", "different lengths");
    json illegal = c;
    illegal["actual"][0][0] = "(arm green)";
    refused(illegal, "goal-knowledge", "history step 1");
    json after = c;
    after["actual"].push_back(c["actual"].back());
    after["alternative"].push_back(c["alternative"].back());
    refused(after, "goal-knowledge", "already over");
    // a true counterexample to goal-knowledge says nothing against legal-knowledge
    refused(c, "legal-knowledge", "is not a counterexample");
    json norole = c;
    norole["role"] = nullptr;
    refused(norole, "goal-knowledge", "names no role");
    json unknown = c;
    unknown["role"] = "nobody";
    refused(unknown, "goal-knowledge", "unknown role");
    // jane sees her card: a deal of king/7 and one of 7/king end with different goals, but she can tell them apart
    const std::string cards = example("card_game/card_game.kif");
    json told = {{"role", "jane"},
                 {"actual", {{"noop", "noop", "(deal king 7)"}, {"allIn", "allIn", "noop"}}},
                 {"alternative", {{"noop", "noop", "(deal 7 king)"}, {"allIn", "allIn", "noop"}}}};
    {
        TempFile f(told);
        auto t = check(cards, "goal-knowledge", f.path);
        BOOST_TEST(t.exit_code == 2);
        BOOST_TEST(t.err.find("at step 1 jane sees ((yourcard king))") != std::string::npos, t.err);
    }
    auto r = run_gdlsc({"prove", bomb, "goal-knowledge", "--witness", "/nonexistent/w.json"});
    BOOST_TEST(r.exit_code == 2);
    auto d = run_gdlsc({"prove", bomb, "goal-knowledge", "--witness", fixture("prove/blindbreakthrough_terminal_witness.json"),
                        "--depth", "3"});
    BOOST_TEST(d.exit_code == 2);
}

// Blind Breakthrough: black cannot tell whether the game is over after 60 joint moves (a
// witness built by hand: doc/knowledge.md). Every engine replays it alike. Moving another
// white piece at the last white move instead tells black about it through the capture
// percepts (refused at step 53), and the witness is not one against goal-knowledge.
GDLSC_CORPUS_CASE(blind_breakthrough_terminal_knowledge) {
    const std::string g = corpus("gdl2/blindbreakthrough.kif");
    const std::string w = fixture("prove/blindbreakthrough_terminal_witness.json");
    auto r = check(g, "terminal-knowledge", w);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 1, r.err);
    json j = json::parse(r.out);
    BOOST_TEST(j["counterexample"]["depth"] == 60);
    BOOST_TEST(j["counterexample"]["role"] == "black");
    BOOST_TEST(j["checked_by"] == json({"progression", "network", "smt"}));
    BOOST_TEST(j["agree"] == true);
    std::ifstream in(w);
    json leak = json::parse(in);
    BOOST_REQUIRE(leak["alternative"][52][0] == "(move 3 4 3 5)");
    leak["alternative"][52][0] = "(move 2 2 2 3)";
    TempFile f(leak);
    auto l = check(g, "terminal-knowledge", f.path);
    BOOST_TEST(l.exit_code == 2);
    BOOST_TEST(l.err.find("at step 53 black sees") != std::string::npos, l.err);
    auto goal = check(g, "goal-knowledge", w, "explicit");
    BOOST_TEST(goal.exit_code == 2);
}

// --timeout bounds the replays together (each of the three engines takes a good part of a
// second on this 60-move witness), Z3's included: exit 4 with the limit named, under every
// engine: Z3 alone, and the three engines in turn.
GDLSC_CORPUS_CASE(the_replays_end_at_the_time_limit) {
    const std::string g = corpus("gdl2/blindbreakthrough.kif");
    const std::string w = fixture("prove/blindbreakthrough_terminal_witness.json");
    for (const char* engine : {"smt", "all"}) {
        gdlsc::test::RunOptions opt;
        opt.seconds = 120;
        auto r = run_gdlsc({"prove", g, "terminal-knowledge", "--witness", w, "--engine", engine, "--timeout", "0.05"}, opt);
        BOOST_TEST(r.exit_code == 4, engine << ": exit " << r.exit_code << "\n" << r.err);
        BOOST_TEST(r.err.find("time limit") != std::string::npos, engine << ": " << r.err);
    }
}
