// `gdlsc replay GAME MATCH` (doc/usage.md, "replay") and `simulate --record FILE`: every
// recorded match of the corpus (fixtures/dresden_traces) replays clean, or, for the othello
// trace, deviates exactly where the controller's evaluation order differs from GDL's
// semantics; matches gdlsc records itself (the card game: random, sees) replay clean in both
// formats; and each corruption -- an illegal move, a wrong percept, a wrong goal, a wrong
// state fluent, a missing move, a truncated file, a match that goes on after its end or ends
// too early -- is caught at its step, with the role and the move, and the right exit code.
#define BOOST_TEST_MODULE replay
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <regex>

#include "game_paths.h"
#include "othello_controller.h"
#include "run_gdlsc.h"

using namespace gdlsc::test;
using nlohmann::json;

namespace {

const std::string kCard = example("card_game/card_game.kif");

struct Replayed {
    RunResult run;
    json j;  ///< the --json output (null when the command printed none)
};

Replayed replay(const std::string& game, const std::string& record, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"replay", game, record, "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    Replayed r{run_gdlsc(args, 300), json()};
    if (!r.run.out.empty()) r.j = json::parse(r.run.out);
    return r;
}

// The card game played with `seed` and recorded in FILE (its format from the extension).
std::string record(const TempDir& dir, const std::string& name, int seed = 5) {
    std::string path = (dir.path / name).string();
    auto r = run_gdlsc({"simulate", kCard, "--seed", std::to_string(seed), "--record", path});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, "simulate --record: " << r.err);
    return path;
}

void expect_clean(const Replayed& r, const std::string& what) {
    BOOST_TEST_INFO(what << ": " << r.run.err << r.run.out);
    BOOST_REQUIRE_EQUAL(r.run.exit_code, 0);
    BOOST_TEST(r.j.at("clean").get<bool>());
    BOOST_TEST(r.j.at("finished").get<bool>());
}

// Exit 1 with the deviation at `step`, of `what`, for `role` (and `move`, when given).
void expect_deviation(const Replayed& r, std::size_t step, const std::string& what, const std::string& role,
                      const std::string& move = "") {
    BOOST_TEST_INFO(r.run.err << r.run.out);
    BOOST_REQUIRE_EQUAL(r.run.exit_code, 1);
    const json& d = r.j.at("deviation");
    BOOST_TEST(d.at("step").get<std::size_t>() == step);
    BOOST_TEST(d.at("what").get<std::string>() == what);
    BOOST_TEST(d.value("role", std::string()) == role);
    if (!move.empty()) BOOST_TEST(d.at("move").get<std::string>() == move);
    // The message names the place in the record, the step, the role and the move.
    const std::string msg = d.at("message").get<std::string>();
    BOOST_TEST(std::regex_search(msg, std::regex(":[0-9]+:[0-9]+: step " + std::to_string(step))), msg);
    if (!role.empty()) BOOST_TEST(msg.find("role " + role) != std::string::npos, msg);
    if (!move.empty()) BOOST_TEST(msg.find("move " + move) != std::string::npos, msg);
}

// Exit 2 with a located error (file:line:col) whose message contains `text`.
void expect_unreadable(const RunResult& r, const std::string& file, const std::string& text) {
    BOOST_TEST_INFO(r.err << r.out);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(std::regex_search(r.err, std::regex(std::regex_replace(file, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                                                   ":[0-9]+:[0-9]+: error: ")),
               r.err);
    BOOST_TEST(r.err.find(text) != std::string::npos, r.err);
}

// The text of step `nb` of a trace (from its <step nb=...> to its </step>).
std::pair<std::size_t, std::size_t> step_span(const std::string& xml, int nb) {
    auto b = xml.find("<step nb=\"" + std::to_string(nb) + "\"");
    BOOST_REQUIRE(b != std::string::npos);
    return {b, xml.find("</step>", b)};
}

// Replaces the first `from` inside the span [b, e) of `text` by `to`.
std::string replace_in(std::string text, std::pair<std::size_t, std::size_t> span, const std::string& from,
                       const std::string& to) {
    auto p = text.find(from, span.first);
    BOOST_REQUIRE_MESSAGE(p != std::string::npos && p < span.second, "'" << from << "' not found");
    return text.replace(p, from.size(), to);
}

}  // namespace

// ---------------------------------------------------------------- records gdlsc writes

BOOST_AUTO_TEST_CASE(simulate_record_replays_clean_in_both_formats) {
    TempDir dir;
    for (int seed : {1, 2, 3, 4}) {
        for (const char* ext : {".xml", ".json"}) {
            std::string path = record(dir, "m" + std::to_string(seed) + ext, seed);
            auto r = replay(kCard, path);
            expect_clean(r, path);
            BOOST_TEST(r.j.at("format").get<std::string>() == std::string(ext + 1));
            // Everything was recorded, so everything was compared: the states, every move, the
            // percepts of every role after each joint move, the end and the goals.
            const json& c = r.j.at("checked");
            const std::size_t moves = r.j.at("joint_moves").get<std::size_t>();
            BOOST_TEST(moves == 2u);
            BOOST_TEST(c.at("states").get<std::size_t>() == moves + 1);
            BOOST_TEST(c.at("moves").get<std::size_t>() == 3 * moves);
            BOOST_TEST(c.at("percepts").get<std::size_t>() == 3 * moves);
            BOOST_TEST(c.at("legal").get<std::size_t>() == (ext == std::string(".xml") ? moves : 0u));
            BOOST_TEST(c.at("terminal").get<bool>());
            BOOST_TEST(c.at("goals").get<bool>());
        }
    }
    // --record-format overrides the extension.
    std::string path = (dir.path / "as-json.txt").string();
    auto s = run_gdlsc({"simulate", kCard, "--record", path, "--record-format", "json"});
    BOOST_REQUIRE_EQUAL(s.exit_code, 0);
    BOOST_TEST(slurp(path).substr(0, 1) == "{");
    expect_clean(replay(kCard, path), path);
}

BOOST_AUTO_TEST_CASE(role_prints_the_information_set_along_the_match) {
    TempDir dir;
    auto r = replay(kCard, record(dir, "m.xml"), {"--role", "Jane"});
    expect_clean(r, "--role");
    const json& k = r.j.at("knowledge");
    BOOST_TEST(k.at("role").get<std::string>() == "jane");
    const json& steps = k.at("steps");
    BOOST_REQUIRE_EQUAL(steps.size(), 3u);
    // Thielscher (2010): after the deal jane knows her card, not rick's: 7 developments.
    BOOST_TEST(steps[0].at("developments").get<std::string>() == "1");
    BOOST_TEST(steps[1].at("developments").get<std::string>() == "7");
    BOOST_TEST(steps[1].at("after").get<std::size_t>() == 1u);
    auto text = run_gdlsc({"replay", kCard, (dir.path / "m.xml").string(), "--role", "jane"});
    BOOST_TEST(text.exit_code == 0);
    BOOST_TEST(text.out.find("after 1: 7 developments") != std::string::npos, text.out);
    // random has no information set.
    BOOST_TEST(run_gdlsc({"replay", kCard, (dir.path / "m.xml").string(), "--role", "random"}).exit_code == 2);
}

BOOST_AUTO_TEST_CASE(symbols_are_case_insensitive_and_ggp_base_spacing_reads) {
    TempDir dir;
    std::string xml = slurp(record(dir, "m.xml"));
    // Every KIF text in upper case, as some controllers write it.
    std::string upper;
    bool in_tag = false;
    for (std::size_t i = 0; i < xml.size(); ++i) {
        char c = xml[i];
        if (c == '<') in_tag = true;
        if (c == '>') in_tag = false;
        upper += in_tag ? c : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    for (const char* role : {"jane", "rick", "random"}) {
        std::string from = std::string("role=\"") + role + "\"", to = from;
        std::transform(to.begin() + 6, to.end(), to.begin() + 6, [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        upper = std::regex_replace(upper, std::regex(from), to);
    }
    expect_clean(replay(kCard, dir.file("upper.xml", upper)), "upper case");

    // ggp-base's own match JSON: no roles (role order), moves and states as it prints them.
    json j = json::parse(slurp(record(dir, "m.json")));
    j.erase("roles");
    for (auto& jm : j.at("moves"))
        for (auto& m : jm) m = std::regex_replace(std::regex_replace(m.get<std::string>(), std::regex("\\("), "( "), std::regex("\\)"), " )");
    for (auto& s : j.at("states")) s = std::regex_replace(s.get<std::string>(), std::regex("\\(([a-z])"), "( $1");
    expect_clean(replay(kCard, dir.file("ggp.json", j.dump())), "ggp-base spacing");
}

// ---------------------------------------------------------------- corruptions

BOOST_AUTO_TEST_CASE(corrupted_xml_records_are_caught_at_their_step) {
    TempDir dir;
    const std::string xml = slurp(record(dir, "m.xml"));
    const auto step2 = step_span(xml, 2);
    auto moves2 = std::make_pair(xml.find("<moves>", step2.first), step2.second);

    // An illegal move: jane's bet in step 2 turned into noop (legal only while dealing).
    auto p = xml.find("<move role=\"jane\">", moves2.first);
    auto q = xml.find("</move>", p);
    std::string illegal = xml;
    illegal.replace(p, q - p, "<move role=\"jane\">NOOP");
    expect_deviation(replay(kCard, dir.file("illegal.xml", illegal)), 2, "move", "jane", "noop");

    // A wrong percept: what jane saw of rick's bid.
    std::string percept = std::regex_replace(xml, std::regex("\\(ricksbid [a-z]+\\)"), "(ricksbid nothing)");
    expect_deviation(replay(kCard, dir.file("percept.xml", percept)), 2, "percepts", "jane");

    // A wrong goal value (the game's values are 0, 25, 50, 75, 100).
    std::string goal = std::regex_replace(xml, std::regex("<goal_value role=\"jane\">[0-9]+"), "<goal_value role=\"jane\">1");
    expect_deviation(replay(kCard, dir.file("goal.xml", goal)), 3, "goals", "jane");

    // A wrong state fluent in step 2.
    std::string state = replace_in(xml, step2, "<fluent>bettinground</fluent>", "<fluent>dealinground</fluent>");
    expect_deviation(replay(kCard, dir.file("state.xml", state)), 2, "state", "");

    // A missing move: rick's move of step 2 left out -- a record that does not fit (exit 2).
    p = xml.find("<move role=\"rick\">", moves2.first);
    std::string missing = xml;
    missing.erase(p, xml.find('\n', p) + 1 - p);
    auto r = replay(kCard, dir.file("missing.xml", missing));
    expect_unreadable(r.run, "missing.xml", "step 2: no move of role rick");

    // Truncated: exit 2 at the place the file ends.
    for (std::size_t cut : {xml.size() / 3, xml.size() / 2, xml.size() - 20}) {
        auto t = replay(kCard, dir.file("truncated.xml", xml.substr(0, cut)));
        expect_unreadable(t.run, "truncated.xml", "the file ends");
    }

    // The match claimed over before its end: a <terminal/> in step 2.
    std::string early = replace_in(xml, step2, "</state>", "</state>\n      <terminal/>");
    expect_deviation(replay(kCard, dir.file("early.xml", early)), 2, "terminal", "");

    // The unmodified record still replays clean (the corruptions, not the test, made the difference).
    expect_clean(replay(kCard, dir.file("same.xml", xml)), "unmodified");
}

BOOST_AUTO_TEST_CASE(corrupted_json_records_are_caught_at_their_step) {
    TempDir dir;
    const std::string text = slurp(record(dir, "m.json"));
    const json m = json::parse(text);
    auto write = [&](const std::string& name, const json& j) { return dir.file(name, j.dump(1)); };

    json illegal = m;
    illegal["moves"][1][0] = "noop";
    expect_deviation(replay(kCard, write("illegal.json", illegal)), 2, "move", "jane", "noop");

    json percept = m;
    percept["percepts"][1][1] = "( (janesbid nothing) )";
    expect_deviation(replay(kCard, write("percept.json", percept)), 2, "percepts", "rick");

    json goal = m;
    goal["goalValues"][1] = 1;
    expect_deviation(replay(kCard, write("goal.json", goal)), 3, "goals", "rick");

    json state = m;
    state["states"][1] = "( dealinground )";
    expect_deviation(replay(kCard, write("state.json", state)), 2, "state", "");

    // A match that goes on after its terminal state.
    json longer = m;
    longer["moves"].push_back(json::array({"noop", "noop", "noop"}));
    expect_deviation(replay(kCard, write("longer.json", longer)), 3, "terminal", "");

    // A match recorded complete one joint move early.
    json shorter = m;
    shorter["moves"].erase(1);
    shorter["states"].erase(2);
    shorter["percepts"].erase(1);
    shorter.erase("goalValues");
    expect_deviation(replay(kCard, write("shorter.json", shorter)), 2, "terminal", "");
    shorter["isCompleted"] = false;  // ... and honestly unfinished: clean, not finished
    auto unfinished = replay(kCard, write("unfinished.json", shorter));
    BOOST_TEST(unfinished.run.exit_code == 0);
    BOOST_TEST(!unfinished.j.at("finished").get<bool>());

    json missing = m;
    missing["moves"][1].erase(2);
    expect_unreadable(replay(kCard, write("missing.json", missing)).run, "missing.json", "step 2: no move of role random");

    expect_unreadable(replay(kCard, dir.file("truncated.json", text.substr(0, text.size() / 2))).run, "truncated.json",
                      "the file ends");
    json wrong_roles = m;
    wrong_roles["roles"] = json::array({"jane", "rick", "dealer"});
    expect_unreadable(replay(kCard, write("roles.json", wrong_roles)).run, "roles.json", "not the game's");
    json bad_move = m;
    bad_move["moves"][0][0] = "(noop";
    expect_unreadable(replay(kCard, write("badmove.json", bad_move)).run, "badmove.json", "move 1");
}

BOOST_AUTO_TEST_CASE(malformed_records_are_located_never_a_crash) {
    TempDir dir;
    struct Case {
        const char* name;
        const char* text;
        const char* says;
    };
    const Case cases[] = {
        {"empty.xml", "", "the record is empty"},
        {"neither.xml", "hello", "not a match record"},
        {"root.xml", "<match><x/></match>", "<gametrace>"},
        {"mismatch.xml", "<gametrace><steps></step></gametrace>", "closes <steps>"},
        {"entity.xml", "<gametrace><game>a &bogus; b</game></gametrace>", "unknown entity"},
        {"nb.xml", "<gametrace><steps><step nb=\"2\"/></steps></gametrace>", "step 1 is expected"},
        {"unknown.xml", "<gametrace><steps><step nb=\"1\"><stat/></step></steps></gametrace>", "<stat>"},
        {"role.xml", "<gametrace><steps><step nb=\"1\"><moves><move>noop</move></moves></step></steps></gametrace>",
         "role=\"...\""},
        {"kif.xml", "<gametrace><steps><step nb=\"1\"><state><fluent>(a ?x)</fluent></state></step></steps></gametrace>",
         "variable"},
        {"nomoves.json", "{\"states\": []}", "no 'moves'"},
        {"type.json", "{\"moves\": {}}", "'moves' is an object"},
        {"comma.json", "{\"moves\": [[\"noop\",]]}", "a value expected"},
    };
    for (const auto& c : cases) {
        auto r = run_gdlsc({"replay", kCard, dir.file(c.name, c.text)});
        BOOST_TEST_INFO(c.name);
        if (std::string(c.name) == "empty.xml") {
            BOOST_TEST(r.exit_code == 2);
            BOOST_TEST(r.err.find(c.says) != std::string::npos, r.err);
        } else {
            expect_unreadable(r, c.name, c.says);
        }
    }
    expect_unreadable(run_gdlsc({"replay", kCard, dir.file("deep.json", std::string(5000, '['))}), "deep.json",
                      "nested deeper");
    auto none = run_gdlsc({"replay", kCard, (dir.path / "absent.xml").string()});
    BOOST_TEST(none.exit_code == 2);
}

// ---------------------------------------------------------------- the corpus's recorded matches

namespace {
const std::string kDir = "fixtures/dresden_traces/";
const std::string kOthello = "othello-fourway-teamswitch";

// The othello game with the two rules written as the Dresden controller evaluated them
// (tests/feature/traces/dresden_traces_test.cpp explains the difference).
std::string othello_controller_file(const TempDir& dir) {
    return dir.file("othello-controller-order.kif", othello_as_evaluated_by_the_controller(slurp(corpus(kDir + kOthello + ".kif"))));
}
}  // namespace

GDLSC_CORPUS_CASE(every_recorded_match_of_the_corpus_replays) {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(corpus(kDir))) {
        const std::string name = e.path().filename().string();
        if (name.size() < 10 || name.substr(name.size() - 10) != ".trace.xml") continue;
        const std::string stem = name.substr(0, name.size() - 10);
        const std::string game = corpus(kDir + stem + ".kif");
        auto r = replay(game, e.path().string());
        ++n;
        BOOST_TEST_INFO(name);
        if (stem == kOthello) {
            // The file as written, under GDL's semantics: one extra fluent after the first flip.
            expect_deviation(r, 3, "state", "");
            BOOST_TEST(r.j.at("deviation").at("message").get<std::string>().find("(cell c5 c4 black)") != std::string::npos);
            continue;
        }
        expect_clean(r, name);
        BOOST_TEST(r.j.at("checked").at("states").get<std::size_t>() == r.j.at("steps").get<std::size_t>());
        BOOST_TEST(r.j.at("checked").at("goals").get<bool>());
        if (stem == "checkers")  // 337 KB, 101 joint moves
            BOOST_TEST(r.run.seconds < 15.0, "checkers replayed in " << r.run.seconds << " s");
    }
    BOOST_TEST(n >= 4u);
    TempDir dir;
    expect_clean(replay(othello_controller_file(dir), corpus(kDir + kOthello + ".trace.xml")),
                 "othello, controller order");
}

GDLSC_CORPUS_CASE(corrupted_corpus_trace_is_caught) {
    const std::string game = corpus(kDir + "maze.kif");
    const std::string xml = slurp(corpus(kDir + "maze.trace.xml"));
    TempDir dir;
    // Step 1: the robot can only move; a recorded grab is illegal there.
    const auto s1 = step_span(xml, 1);
    auto moves = std::make_pair(xml.find("<moves>", s1.first), s1.second);
    std::string illegal = replace_in(xml, moves, ">move<", ">GRAB<");
    expect_deviation(replay(game, dir.file("maze.xml", illegal)), 1, "move", "robot", "grab");
    // A recorded legal-move list with a move the game does not allow.
    std::string legal = replace_in(xml, s1, "<move role=\"robot\">move</move>",
                                   "<move role=\"robot\">move</move><move role=\"robot\">grab</move>");
    expect_deviation(replay(game, dir.file("legal.xml", legal)), 1, "legal", "robot");
    // A truncated checkers trace (337 KB): exit 2, located where the file ends.
    const std::string checkers = slurp(corpus(kDir + "checkers.trace.xml"));
    auto r = replay(corpus(kDir + "checkers.kif"), dir.file("checkers.xml", checkers.substr(0, checkers.size() * 2 / 3)));
    expect_unreadable(r.run, "checkers.xml", "the file ends inside");
}
