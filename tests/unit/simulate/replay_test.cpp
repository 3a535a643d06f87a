// The replay front door (src/simulate/replay.h) on a hand-written counter game and a Dresden
// trace of one match of it, written here line by line: the clean record is counted item by
// item (3 states, 2 legal-move lists, 4 moves, 4 percept sets, the end, the goals) on both
// forward engines; each one-line corruption is the deviation it must be, at its step, role and
// file:line:col; records that do not fit the game are UserErrors (exit 2) located in the
// record; and --role's information sets, by hand: b always sees `tick`, so after k joint
// moves it holds 2^k developments, whose counts 0..k are its states.
#define BOOST_TEST_MODULE simulate_replay
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "base/errors.h"
#include "session/game_file.h"
#include "simulate/match_record.h"
#include "simulate/replay.h"
#include "user_error_of.h"

using namespace gdlsc;
using query::ReplayOutcome;
using query::ReplayRequest;

namespace {

// a counts up (or stays) to 2; b only watches, and sees `tick` after every joint move.
const char* kCounter = R"(
(role a) (role b)
(init (count 0))
(succ 0 1) (succ 1 2)
(<= (legal a up) (true (count ?x)))
(<= (legal a stay) (true (count ?x)))
(legal b noop)
(<= (next (count ?y)) (does a up) (true (count ?x)) (succ ?x ?y))
(<= (next (count ?x)) (does a stay) (true (count ?x)))
(<= (sees b tick) (does a ?m))
(<= terminal (true (count 2)))
(<= (goal a 100) (true (count 2)))
(<= (goal a 0) (not (true (count 2))))
(goal b 50)
)";

const query::Game& counter() {
    static const query::Game g = query::load_game_text("counter.kif", kCounter);
    return g;
}

// The match up, up as the Dresden controller (with gdlsc's <legal_moves>, <percepts>) writes it,
// one line per element (line i of the record is kTrace[i - 1]).
const std::vector<std::string> kTrace = {
    "<gametrace><game>counter</game><steps>",  // 1
    "<step nb=\"1\">",                          // 2
    "<state><fluent>(count 0)</fluent></state>",
    "<legal_moves><move role=\"a\">up</move><move role=\"a\">stay</move><move role=\"b\">noop</move></legal_moves>",
    "<moves><move role=\"a\">up</move><move role=\"b\">noop</move></moves>",  // 5
    "<percepts><percept role=\"b\">tick</percept></percepts>",
    "</step>",
    "<step nb=\"2\">",
    "<state><fluent>(count 1)</fluent></state>",  // 9
    "<legal_moves><move role=\"a\">up</move><move role=\"a\">stay</move><move role=\"b\">noop</move></legal_moves>",
    "<moves><move role=\"a\">up</move><move role=\"b\">noop</move></moves>",  // 11
    "<percepts><percept role=\"b\">tick</percept></percepts>",
    "</step>",
    "<step nb=\"3\">",
    "<state><fluent>(count 2)</fluent></state>",  // 15
    "<terminal/>",
    "<goal_values><goal_value role=\"a\">100</goal_value><goal_value role=\"b\">50</goal_value></goal_values>",
    "</step>",
    "</steps></gametrace>",
};

std::string join(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

// The trace with line `line` (1-based) replaced by `text`.
std::string with_line(int line, const std::string& text) {
    auto lines = kTrace;
    lines.at(line - 1) = text;
    return join(lines);
}

ReplayOutcome replay_text(const std::string& xml, const std::string& engine = "auto", const std::string& role = "") {
    ReplayRequest r;
    r.engine = engine;
    r.role = role;
    return query::replay(counter(), query::parse_match_record("t.xml", xml), r);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_clean_record_is_counted_on_both_engines) {
    for (const char* engine : {"network", "progression"}) {
        BOOST_TEST_CONTEXT("engine " << engine) {
            ReplayOutcome o = replay_text(join(kTrace), engine);
            BOOST_TEST(!o.deviation.has_value());
            BOOST_TEST(o.exit_code() == 0);
            BOOST_TEST(o.engine == engine);
            BOOST_TEST(o.format == "xml");
            BOOST_TEST(o.game == "counter");
            BOOST_TEST(o.steps == 3u);
            BOOST_TEST(o.joint_moves == 2u);
            BOOST_TEST(o.states_checked == 3u);
            BOOST_TEST(o.legal_checked == 2u);
            BOOST_TEST(o.moves_checked == 4u);
            BOOST_TEST(o.percepts_checked == 4u);  // a's (none) and b's, per joint move
            BOOST_TEST(o.terminal_checked);
            BOOST_TEST(o.goals_checked);
            BOOST_TEST(o.finished);
            BOOST_TEST(o.text().find("checked: 3 states, 2 legal-move lists, 4 moves, 4 percept sets, the end, the goals\n"
                                     "clean: every step agrees with the game (2 joint moves, ending in a terminal state)") !=
                       std::string::npos, o.text());
            BOOST_TEST(o.json().find("\"clean\": true") != std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_CASE(each_corruption_is_found_at_its_step_role_and_place) {
    struct Case {
        int line;  // the line replaced
        std::string text;
        std::size_t step;
        std::string what, role;
        std::size_t joint_moves;  // replayed before the deviation
        int loc_line;             // where the deviation is located: this line, at `needle` (after `after`)
        std::string needle, after;
    };
    const std::vector<Case> cases = {
        // the state after up is (count 1), not (count 0): at the fluent
        {9, "<state><fluent>(count 0)</fluent></state>", 2, "state", "", 1, 9, "(count 0)", ""},
        // down is no move of a's: at the move
        {5, "<moves><move role=\"a\">down</move><move role=\"b\">noop</move></moves>", 1, "move", "a", 0, 5, "down", ""},
        // stay left out of a's legal moves: at the step
        {10, "<legal_moves><move role=\"a\">up</move><move role=\"b\">noop</move></legal_moves>", 2, "legal", "a", 1, 8,
         "<step", ""},
        // b's tick not recorded, though it saw it: at the step (b has no percept to point at)
        {6, "<percepts></percepts>", 1, "percepts", "b", 0, 2, "<step", ""},
        // a sees nothing, but the record says it saw tick: at a's percept
        {12, "<percepts><percept role=\"b\">tick</percept><percept role=\"a\">tick</percept></percepts>", 2, "percepts",
         "a", 1, 12, "tick", "role=\"a\""},
        // step 2 marked terminal: (count 1) is not
        {13, "<terminal/></step>", 2, "terminal", "", 1, 8, "<step", ""},
        // the end unmarked: at (count 2) the game is over; at the last step
        {16, "", 3, "terminal", "", 2, 14, "<step", ""},
        // a's goal is 100 there: at the recorded value
        {17, "<goal_values><goal_value role=\"a\">0</goal_value><goal_value role=\"b\">50</goal_value></goal_values>", 3,
         "goals", "a", 2, 17, "0</goal_value>", ""},
    };
    for (const auto& k : cases) {
        BOOST_TEST_CONTEXT("line " << k.line << " := " << k.text) {
            auto lines = kTrace;
            lines.at(k.line - 1) = k.text;
            ReplayOutcome o = replay_text(join(lines));
            BOOST_REQUIRE(o.deviation.has_value());
            BOOST_TEST(o.exit_code() == kExitRefuted);
            const auto& d = *o.deviation;
            BOOST_TEST(d.step == k.step);
            BOOST_TEST(d.what == k.what);
            BOOST_TEST(d.role == k.role);
            BOOST_TEST(o.joint_moves == k.joint_moves);
            const std::string& l = lines.at(k.loc_line - 1);
            auto col = l.find(k.needle, k.after.empty() ? 0 : l.find(k.after));
            BOOST_REQUIRE(col != std::string::npos);
            BOOST_TEST(d.location == "t.xml:" + std::to_string(k.loc_line) + ":" + std::to_string(col + 1));
            BOOST_TEST(d.message.rfind(d.location + ": step " + std::to_string(k.step), 0) == 0u, d.message);
            BOOST_TEST(o.text().find("deviates at step " + std::to_string(k.step)) != std::string::npos);
        }
    }
    // the recorded and the game's answers are both in the deviation
    auto o = replay_text(with_line(9, "<state><fluent>(count 0)</fluent></state>"));
    BOOST_TEST(o.deviation->recorded == "(count 0)");
    BOOST_TEST(o.deviation->game == "(count 1)");
    BOOST_TEST(o.deviation->message.find("recorded but not the game's: (count 0); the game's but not recorded: (count 1)") !=
               std::string::npos, o.deviation->message);
    // legal moves of the illegal move's role, from the game
    o = replay_text(with_line(5, "<moves><move role=\"a\">down</move><move role=\"b\">noop</move></moves>"));
    BOOST_TEST(o.deviation->message.find("the game's legal moves of a: stay up") != std::string::npos, o.deviation->message);
    BOOST_TEST(o.deviation->move == "down");
}

BOOST_AUTO_TEST_CASE(a_record_that_goes_on_after_the_end_deviates_there) {
    auto lines = kTrace;
    // step 3 moves on from the terminal (count 2)
    lines.at(15) = "<moves><move role=\"a\">stay</move><move role=\"b\">noop</move></moves>";
    lines.at(16) = "";
    lines.insert(lines.begin() + 18, {"<step nb=\"4\">", "<terminal/>", "</step>"});
    ReplayOutcome o = replay_text(join(lines));
    BOOST_REQUIRE(o.deviation.has_value());
    BOOST_TEST(o.deviation->step == 3u);
    BOOST_TEST(o.deviation->what == "terminal");
    BOOST_TEST(o.deviation->game == "terminal");
    BOOST_TEST(o.deviation->location == "t.xml:16:1");
    BOOST_TEST(o.deviation->message.find("the game is over at step 3") != std::string::npos, o.deviation->message);
}

BOOST_AUTO_TEST_CASE(records_that_do_not_fit_the_game_are_located_errors) {
    auto err = [](const std::string& xml) {
        int code = 0;
        std::string m = test::error_of([&] {
            try {
                replay_text(xml);
            } catch (const UserError& e) {
                code = e.exit_code;
                throw;
            }
        });
        BOOST_TEST(code == kExitInvalidInput);
        return m;
    };
    // a role the game does not have (at its move, col 47)
    std::string m = err(with_line(5, "<moves><move role=\"a\">up</move><move role=\"c\">noop</move></moves>"));
    BOOST_TEST(m.find("t.xml:5:47: error: the record names the role c, which the game does not have (roles: a b)") !=
               std::string::npos, m);
    // a joint move without b's move
    m = err(with_line(11, "<moves><move role=\"a\">up</move></moves>"));
    BOOST_TEST(m.find("t.xml:11:1: error: step 2: no move of role b in the joint move") != std::string::npos, m);
    // a step without moves before the last
    m = err(with_line(5, ""));
    BOOST_TEST(m.find("t.xml:2:1: error: step 1 has no joint move, but the record goes on to step 2") != std::string::npos, m);
    // JSON: more roles than the game's
    m = test::error_of([] {
        query::replay(counter(), query::parse_match_record("m.json", R"({"roles": ["a", "b", "c"], "moves": []})"), {});
    });
    BOOST_TEST(m.find("m.json:1:11: error: the record's roles (a b c) are not the game's (a b)") != std::string::npos, m);
}

BOOST_AUTO_TEST_CASE(what_b_knew_along_the_match) {
    ReplayOutcome o = replay_text(join(kTrace), "auto", "B");  // the role name folded
    BOOST_TEST(!o.deviation.has_value());
    BOOST_TEST(o.knowledge_role == "b");
    BOOST_REQUIRE_EQUAL(o.knowledge.size(), 3u);
    const std::vector<std::pair<std::string, std::size_t>> want = {{"1", 1}, {"2", 2}, {"4", 3}};
    for (std::size_t k = 0; k < 3; ++k) {
        BOOST_TEST(o.knowledge[k].after == k);
        BOOST_TEST(o.knowledge[k].developments == want[k].first);
        BOOST_TEST(o.knowledge[k].states == want[k].second);
    }
    BOOST_TEST(o.text().find("after 2: 4 developments, 3 states") != std::string::npos, o.text());
    // a role the game does not have (at its move, col 47)
    BOOST_TEST(test::error_of([] { replay_text(join(kTrace), "auto", "c"); }) != "no error");
}
