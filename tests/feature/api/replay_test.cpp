// The C++ API (<gdlsc/gdlsc.h>, doc/api.md) does what `gdlsc replay` and `simulate --record`
// do (issue 28 item 3): Game::simulate(..., record_path) writes the file the command writes,
// byte for byte, in both formats; Game::replay and Game::replay_text give the command's verdict,
// text and JSON on the same file; a corrupted record is caught at its step with the role and
// the move (exit code 1 in the outcome), a record that does not read or fit is a gdlsc::Error
// with exit code 2 located in the record. Linked against libgdlsc alone, as a user would.
#define BOOST_TEST_MODULE api_replay
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <functional>

#include "api/gdlsc.h"
#include "game_paths.h"
#include "run_gdlsc.h"

using namespace gdlsc::test;
using nlohmann::json;

namespace {

const std::string kCard = example("card_game/card_game.kif");

const gdlsc::Game& card() {
    static const gdlsc::Game g = gdlsc::Game::read(kCard);
    return g;
}

// `gdlsc replay GAME RECORD [extra...]` (text, or JSON with --json among `extra`).
RunResult cli_replay(const std::string& record, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"replay", kCard, record};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_gdlsc(args, 300);
}

// The API's outcome is the command's: exit code, text, JSON.
void expect_same_as_cli(const gdlsc::Replay& r, const std::string& record, const std::string& role = "") {
    std::vector<std::string> extra;
    if (!role.empty()) extra = {"--role", role};
    RunResult text = cli_replay(record, extra);
    extra.push_back("--json");
    RunResult js = cli_replay(record, extra);
    BOOST_TEST_INFO(record << ": " << text.err);
    BOOST_TEST(r.exit_code == text.exit_code);
    BOOST_TEST(r.exit_code == js.exit_code);
    BOOST_TEST(r.text == text.out);
    BOOST_TEST(json::parse(r.json) == json::parse(js.out));
}

// Replaces the first `from` at or after `after` in `text` by `to`.
std::string replace_after(std::string text, const std::string& after, const std::string& from, const std::string& to) {
    auto a = text.find(after);
    BOOST_REQUIRE_MESSAGE(a != std::string::npos, "'" << after << "' not found");
    auto p = text.find(from, a);
    BOOST_REQUIRE_MESSAGE(p != std::string::npos, "'" << from << "' not found");
    return text.replace(p, from.size(), to);
}

}  // namespace

BOOST_AUTO_TEST_CASE(simulate_records_what_the_command_records_and_replays_clean) {
    TempDir dir;
    for (int seed : {1, 3}) {
        for (const std::string ext : {"xml", "json"}) {
            const std::string s = std::to_string(seed);
            const std::string api = (dir.path / ("api" + s + "." + ext)).string();
            const std::string cli = (dir.path / ("cli" + s + "." + ext)).string();
            gdlsc::Match m = card().simulate(seed, 1000, api);
            RunResult c = run_gdlsc({"simulate", kCard, "--seed", s, "--record", cli});
            BOOST_REQUIRE_EQUAL(c.exit_code, 0);
            BOOST_TEST(slurp(api) == slurp(cli), "seed " << seed << " " << ext);
            // Game::record is the same text, without a file.
            BOOST_TEST(card().record(seed, 1000, ext) == slurp(cli));

            gdlsc::Replay r = card().replay(api);
            BOOST_TEST(r.clean);
            BOOST_TEST(!r.deviation.has_value());
            BOOST_TEST(r.exit_code == 0);
            BOOST_TEST(r.format == ext);
            BOOST_TEST(r.game == "card_game");
            BOOST_TEST(r.finished);
            BOOST_TEST(r.joint_moves == m.joint_moves.size());
            BOOST_TEST(r.steps == m.joint_moves.size() + 1);
            BOOST_TEST(r.moves_checked == 3 * m.joint_moves.size());
            BOOST_TEST(r.percepts_checked == 3 * m.joint_moves.size());
            BOOST_TEST(r.terminal_checked);
            BOOST_TEST(r.goals_checked);
            expect_same_as_cli(r, api);

            // From text: the same outcome, the record named as given.
            gdlsc::Replay t = card().replay_text(slurp(api), "inline." + ext);
            BOOST_TEST(t.clean);
            BOOST_TEST(t.record == "inline." + ext);
            BOOST_TEST(t.moves_checked == r.moves_checked);
        }
    }
    // The format by name overrides the extension, as --record-format does.
    const std::string txt = (dir.path / "as-json.txt").string();
    card().simulate(1, 1000, txt, "json");
    BOOST_TEST(slurp(txt).substr(0, 1) == "{");
    BOOST_TEST(card().replay(txt).format == "json");
}

BOOST_AUTO_TEST_CASE(role_gives_the_information_set_along_the_match) {
    TempDir dir;
    const std::string path = (dir.path / "m.xml").string();
    card().simulate(5, 1000, path);
    gdlsc::Replay r = card().replay(path, "Jane");
    BOOST_TEST(r.clean);
    BOOST_TEST(r.knowledge_role == "jane");
    BOOST_REQUIRE_EQUAL(r.knowledge.size(), r.joint_moves + 1);
    BOOST_TEST(r.knowledge[0].after == 0u);
    BOOST_TEST(r.knowledge[0].developments == "1");
    // Thielscher (2010): after the deal jane knows her card, not rick's: 7 developments.
    BOOST_TEST(r.knowledge[1].after == 1u);
    BOOST_TEST(r.knowledge[1].developments == "7");
    BOOST_TEST(r.knowledge[1].states == 7u);
    expect_same_as_cli(r, path, "jane");
    // random has no information set: the command's exit 2.
    try {
        card().replay(path, "random");
        BOOST_FAIL("role random: no error");
    } catch (const gdlsc::Error& e) {
        BOOST_TEST(e.exit_code() == 2);
    }
}

BOOST_AUTO_TEST_CASE(corrupted_records_deviate_at_their_step_with_role_and_move) {
    TempDir dir;
    const std::string xml = card().record(3, 1000, "xml");
    const std::string js = card().record(3, 1000, "json");
    const gdlsc::Match m = card().simulate(3, 1000);
    BOOST_REQUIRE_EQUAL(m.joint_moves.size(), 2u);
    const std::string jane2 = m.joint_moves[1][0];  // jane's bet at step 2

    // XML: jane's bet at step 2 turned into noop (legal only while dealing).
    std::string illegal = xml;
    const auto moves2 = illegal.find("<moves>", illegal.find("<step nb=\"2\""));
    const std::string from = "<moves>\n        <move role=\"jane\">" + jane2 + "</move>";
    BOOST_REQUIRE(moves2 != std::string::npos && illegal.compare(moves2, from.size(), from) == 0);
    illegal.replace(moves2, from.size(), "<moves>\n        <move role=\"jane\">noop</move>");
    const std::string ill_path = dir.file("illegal.xml", illegal);
    gdlsc::Replay r = card().replay(ill_path);
    BOOST_TEST(!r.clean);
    BOOST_TEST(r.exit_code == 1);
    BOOST_REQUIRE(r.deviation.has_value());
    BOOST_TEST(r.deviation->step == 2u);
    BOOST_TEST(r.deviation->role == "jane");
    BOOST_TEST(r.deviation->move == "noop");
    BOOST_TEST(r.deviation->what == "move");
    BOOST_TEST(r.deviation->location.rfind(ill_path + ":", 0) == 0, r.deviation->location);
    BOOST_TEST(r.joint_moves == 1u);
    expect_same_as_cli(r, ill_path);
    // From text: the same deviation, located in the name given.
    gdlsc::Replay t = card().replay_text(illegal, "illegal-text.xml");
    BOOST_REQUIRE(t.deviation.has_value());
    BOOST_TEST(t.deviation->step == 2u);
    BOOST_TEST(t.deviation->location.rfind("illegal-text.xml:", 0) == 0, t.deviation->location);

    // JSON: what rick saw at step 2 (jane's bid) changed.
    json j = json::parse(js);
    j["percepts"][1][1] = "( (janesbid nothing) )";
    const std::string per_path = dir.file("percept.json", j.dump(1));
    gdlsc::Replay p = card().replay(per_path);
    BOOST_REQUIRE(p.deviation.has_value());
    BOOST_TEST(p.deviation->step == 2u);
    BOOST_TEST(p.deviation->role == "rick");
    BOOST_TEST(p.deviation->what == "percepts");
    BOOST_TEST(p.exit_code == 1);
    expect_same_as_cli(p, per_path);

    // JSON: a wrong goal value at the end.
    json g = json::parse(js);
    g["goalValues"][0] = 1;
    const std::string goal_path = dir.file("goal.json", g.dump(1));
    gdlsc::Replay q = card().replay(goal_path);
    BOOST_REQUIRE(q.deviation.has_value());
    BOOST_TEST(q.deviation->step == 3u);
    BOOST_TEST(q.deviation->role == "jane");
    BOOST_TEST(q.deviation->what == "goals");
    expect_same_as_cli(q, goal_path);
}

BOOST_AUTO_TEST_CASE(records_that_do_not_read_are_located_errors_with_exit_code_2) {
    TempDir dir;
    const std::string xml = card().record(3, 1000, "xml");
    // Truncated in step 2: located where the file ends.
    const std::string cut = dir.file("cut.xml", xml.substr(0, xml.find("<step nb=\"2\"") + 40));
    try {
        card().replay(cut);
        BOOST_FAIL("truncated record: no error");
    } catch (const gdlsc::Error& e) {
        BOOST_TEST(e.exit_code() == 2);
        BOOST_TEST(e.file() == cut);
        BOOST_TEST(e.line() > 1);
        RunResult c = cli_replay(cut);
        BOOST_TEST(c.exit_code == 2);
        BOOST_TEST(c.err.find(cut + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": error: ") !=
                       std::string::npos,
                   c.err);
    }
    // A role the game does not have.
    const std::string alien = dir.file("alien.xml", replace_after(xml, "<moves>", "role=\"jane\"", "role=\"joe\""));
    try {
        card().replay(alien);
        BOOST_FAIL("unknown role: no error");
    } catch (const gdlsc::Error& e) {
        BOOST_TEST(e.exit_code() == 2);
        BOOST_TEST(e.file() == alien);
        BOOST_TEST(cli_replay(alien).exit_code == 2);
    }
    // From text: located in the name given.
    try {
        card().replay_text("{\"moves\": [[\"noop\", \"noop\"", "short.json");
        BOOST_FAIL("truncated text: no error");
    } catch (const gdlsc::Error& e) {
        BOOST_TEST(e.exit_code() == 2);
        BOOST_TEST(e.file() == "short.json");
    }
    // A missing file, an unknown format, an unwritable record, an unknown engine.
    for (auto f : std::vector<std::function<void()>>{
             [&] { card().replay((dir.path / "absent.xml").string()); },
             [&] { card().record(1, 1000, "yaml"); },
             [&] { card().simulate(1, 1000, (dir.path / "no-such-dir" / "m.xml").string()); },
             [&] { card().replay(dir.file("ok.xml", xml), "", "warp"); },
         }) {
        try {
            f();
            BOOST_FAIL("no error");
        } catch (const gdlsc::Error& e) {
            BOOST_TEST(e.exit_code() == 2, e.what());
        }
    }
}
