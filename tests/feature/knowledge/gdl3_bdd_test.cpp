// GDL-III on BDDs through the binary (src/symbolic/developments.h, doc/knowledge.md "GDL-III
// on BDDs"): known answers of the puzzles on the BDD developments, and every answer compared
// with the rows engine and the Prolog runtime under GDLSC_NETWORK=check (exit 3 on a
// difference): query (the history's knowledge for Prolog, and ground formulas about
// knowledge decided on the BDDs) and solve (counts per level and the listing).
//   * Muddy Children painted one child per step (examples/muddy_children/generate_per_step.py),
//     n = 3..6: with k muddy the muddy ones know first in round k; n = 40: the same, fast; by
//     query and by solve from the painting (solve --history); the same on a second encoding
//     (generate_announced.py).
//   * Russian Cards with SMCDEL's 1,290 announcements (generate_menu.py): 102 safe, the same
//     lists as a brute force of our own (russian_cards_brute.py).
//   * Sum and Product drawn in two steps (generate_two_steps.py): x + y <= 100 gives 4 and 13;
//     small bounds compared with Prolog.
//   * Cheryl, Sum and Product (examples), NumberGuessing, the knowledge fixtures: check mode.
#define BOOST_TEST_MODULE knowledge_gdl3_bdd
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <set>
#include <sstream>
#include <string>

#include "run_gdlsc.h"

using gdlsc::test::RunOptions;
using gdlsc::test::RunResult;

namespace {

std::string source(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/" + rel; }

RunResult gdlsc_env(const std::vector<std::string>& args, const std::string& mode, int seconds = 120) {
    RunOptions o;
    o.seconds = seconds;
    o.env = {"GDLSC_NETWORK=" + mode};
    return gdlsc::test::run_gdlsc(args, o);
}

std::string python(const std::string& script, const std::vector<std::string>& args) {
    std::vector<std::string> cmd{gdlsc::test::find_on_path("python3"), source(script)};
    cmd.insert(cmd.end(), args.begin(), args.end());
    RunResult r = gdlsc::test::run_program(cmd, 120);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, script << ": " << r.err);
    return r.out;
}

std::string generated(const std::string& script, const std::vector<std::string>& args, const std::string& name) {
    return gdlsc::test::temp_file(name, python(script, args));
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// The query's answer in check mode (every engine agrees, or exit 3) and on the BDDs alone.
std::string checked_query(const std::string& game, const std::string& history, const std::string& formula) {
    RunResult c = gdlsc_env({"query", game, "--history", history, formula}, "check");
    BOOST_TEST_REQUIRE(c.exit_code == 0, formula << " after " << history << ": " << c.err);
    RunResult b = gdlsc_env({"query", game, "--history", history, formula}, "on");
    BOOST_TEST(b.exit_code == 0);
    BOOST_TEST(b.out == c.out, formula);
    return c.out;
}

std::string checked_solve(const std::vector<std::string>& args) {
    std::vector<std::string> a{"solve"};
    a.insert(a.end(), args.begin(), args.end());
    a.push_back("--json");
    RunResult c = gdlsc_env(a, "check", 300);
    BOOST_TEST_REQUIRE(c.exit_code == 0, c.err);
    RunResult b = gdlsc_env(a, "on");
    BOOST_TEST(b.exit_code == 0);
    BOOST_TEST(b.out == c.out);
    return c.out;
}

const char* kMuddy = "examples/muddy_children/generate_per_step.py";

std::string muddy_history(int n, const std::string& bits, int rounds) {
    std::string h = python(kMuddy, {std::to_string(n), "--history", bits, std::to_string(rounds)});
    return h.substr(0, h.find('\n'));
}

}  // namespace

BOOST_AUTO_TEST_CASE(muddy_children_per_step_known_answers) {
    for (int n = 3; n <= 6; ++n) {
        const std::string game = generated(kMuddy, {std::to_string(n)}, "muddy_step_" + std::to_string(n) + ".kif");
        for (int k : {1, 2, n}) {
            std::string bits(static_cast<std::size_t>(n), '0');
            for (int i = 0; i < k; ++i) bits[static_cast<std::size_t>(i)] = '1';
            std::string expected = "holds\n";
            for (int i = 1; i <= k; ++i) expected += "?c = c" + std::to_string(i) + "\n";
            // Round k: the k muddy children know; round k - 1: nobody.
            BOOST_TEST(checked_query(game, muddy_history(n, bits, k - 1), "(legal ?c know)") == expected,
                       "n = " << n << ", k = " << k);
            if (k > 1)
                BOOST_TEST(checked_query(game, muddy_history(n, bits, k - 2), "(legal ?c know)") == "does not hold\n");
            // A ground formula with knowledge, decided on the BDDs and compared with Prolog.
            BOOST_TEST(checked_query(game, muddy_history(n, bits, k - 1), "(knows c1 (is_muddy c1))") == "holds\n");
            // Common knowledge (a greatest fixpoint on the BDDs, reachability at the path):
            // the three engines must agree.
            checked_query(game, muddy_history(n, bits, k - 1), "(knows (true (muddy c1)))");
            checked_query(game, muddy_history(n, bits, k - 1), "(knows (not (true (muddy c1))))");
        }
    }
}

BOOST_AUTO_TEST_CASE(muddy_children_per_step_solve_agrees) {
    const std::string game = generated(kMuddy, {"4"}, "muddy_step_4s.kif");
    std::string out = checked_solve({game, "--depth", "7", "(legal c1 know)"});
    BOOST_TEST(out.find("\"developments\":15") != std::string::npos, out);  // 2^4 - 1 after the painting
}

// The first level at which `solve --json` found a solution (-1: none).
int first_solution_level(const std::string& json) {
    const auto j = nlohmann::json::parse(json);  // not in the range: the temporary would not live
    for (const auto& l : j.at("levels"))
        if (l.at("solutions").dump() != "0") return l.at("depth").get<int>();
    return -1;
}

// solve --history: only the developments that start with the painting. The public answers
// are then constant on them, so the BDDs keep one answer history (observe()'s `front`);
// check mode compares every level's counts and the listing with the Prolog runtime, which
// searches from the history's node. With k muddy the first level at which c1 (muddy) may
// say `know` is n + k - 1 (n paintings, then round k); a clean c1 knows one round later.
BOOST_AUTO_TEST_CASE(muddy_children_solve_from_a_painting) {
    for (int n = 3; n <= 5; ++n) {
        const std::string game = generated(kMuddy, {std::to_string(n)}, "muddy_from_" + std::to_string(n) + ".kif");
        const std::string depth = std::to_string(2 * n + 1);
        for (int k : {1, 2, n}) {
            std::string bits(static_cast<std::size_t>(n), '0');
            for (int i = 0; i < k; ++i) bits[static_cast<std::size_t>(i)] = '1';
            const std::string painting = muddy_history(n, bits, 0);
            std::string out = checked_solve({game, "--history", painting, "--depth", depth, "(legal c1 know)"});
            BOOST_TEST(first_solution_level(out) == n + k - 1, "n = " << n << ", k = " << k);
            const auto j = nlohmann::json::parse(out);
            for (const auto& l : j.at("levels")) BOOST_TEST(l.at("developments").dump() == "1");  // the rounds are forced
            if (k < n) {  // c_n is clean: it knows in round k + 1
                out = checked_solve({game, "--history", painting, "--depth", depth,
                                     "(legal c" + std::to_string(n) + " know)"});
                BOOST_TEST(first_solution_level(out) == n + k, "n = " << n << ", k = " << k);
            }
        }
        // Part of the painting: the developments that extend it differ in their public
        // answers, which then join each child's comparisons as without a history.
        const std::string two = muddy_history(n, "1" + std::string(static_cast<std::size_t>(n - 1), '0'), 0);
        const std::string prefix = two.substr(0, two.find(") (", two.find(") (") + 1) + 1);
        std::string out = checked_solve({game, "--history", prefix, "--depth", depth, "(legal c1 know)"});
        BOOST_TEST(nlohmann::json::parse(out).at("levels").at(0).at("depth") == 2, prefix);
        checked_solve({game, "--history", prefix, "--depth", depth, "(knows (true some_muddy))"});
    }
}

// The second encoding (a clock, foreheads with a value, the father's announcement as a move,
// percepts read off the state, `(say yes)`/`(say no)`): the same answers a clock tick later
// (the announcement), every one in check mode, by query and by solve from the painting.
const char* kAnnounced = "examples/muddy_children/generate_announced.py";

std::string announced_history(int n, const std::string& bits, int rounds) {
    std::string h = python(kAnnounced, {std::to_string(n), "--history", bits, std::to_string(rounds)});
    return h.substr(0, h.find('\n'));
}

BOOST_AUTO_TEST_CASE(muddy_children_second_encoding) {
    for (int n = 3; n <= 4; ++n) {
        const std::string game = generated(kAnnounced, {std::to_string(n)}, "muddy_ann_" + std::to_string(n) + ".kif");
        for (int k : {1, 2, n}) {
            std::string bits(static_cast<std::size_t>(n), '0');
            for (int i = 0; i < k; ++i) bits[static_cast<std::size_t>(i)] = '1';
            std::string expected = "holds\n";
            for (int i = 1; i <= k; ++i) expected += "?c = c" + std::to_string(i) + "\n";
            BOOST_TEST(checked_query(game, announced_history(n, bits, k - 1), "(legal ?c (say yes))") == expected,
                       "n = " << n << ", k = " << k);
            if (k > 1)
                BOOST_TEST(checked_query(game, announced_history(n, bits, k - 2), "(legal ?c (say yes))") ==
                           "does not hold\n");
            const std::string depth = std::to_string(2 * n + 2);
            std::string out = checked_solve({game, "--history", announced_history(n, bits, 0), "--depth", depth,
                                             "(legal c1 (say yes))"});
            BOOST_TEST(first_solution_level(out) == n + k, "n = " << n << ", k = " << k);
        }
        // Every painting, the all-clean one included (the father then keeps quiet and the game
        // ends): solve over all developments, compared with Prolog.
        checked_solve({game, "--depth", std::to_string(n + 3), "(legal c1 (say yes))"});
    }
}

// The text says which developments were counted: those that start with the history.
BOOST_AUTO_TEST_CASE(solve_from_a_history_says_so) {
    const std::string game = generated(kMuddy, {"3"}, "muddy_text_3.kif");
    for (const char* mode : {"on", "off"}) {
        RunResult r = gdlsc_env({"solve", game, "--history", muddy_history(3, "100", 0), "--depth", "7", "--limit", "1",
                                 "(legal c1 know)"},
                                mode);
        BOOST_TEST(r.exit_code == 0, r.err);
        BOOST_TEST(first_line(r.out) ==
                       "5 solutions among the developments of at most 7 joint moves that start with the history (3 "
                       "joint moves)",
                   mode);
    }
}

BOOST_AUTO_TEST_CASE(solve_from_a_history_bad_input) {
    const std::string game = generated(kMuddy, {"3"}, "muddy_bad_3.kif");
    const std::string painting = muddy_history(3, "110", 0);
    for (const char* mode : {"on", "off"}) {
        RunResult r = gdlsc_env({"solve", game, "--history", painting, "--depth", "2", "(legal c1 know)"}, mode);
        BOOST_TEST(r.exit_code == 2, mode);
        BOOST_TEST(r.err.find("--depth 2 is less than the history's 3 joint moves") != std::string::npos, r.err);
        // The last painting clean although nobody is muddy: not legal, named as query names it.
        r = gdlsc_env({"solve", game, "--history", muddy_history(3, "000", 0), "--depth", "7", "(legal c1 know)"}, mode);
        BOOST_TEST(r.exit_code == 2, mode);
        BOOST_TEST(r.err.find("history step 3: move (paint c3 0) of role random is not legal") != std::string::npos,
                   mode << ": " << r.err);
    }
}

BOOST_AUTO_TEST_CASE(muddy_children_n40_fast) {
    const std::string game = generated(kMuddy, {"40"}, "muddy_step_40.kif");
    std::string bits(40, '0');
    for (int i = 0; i < 5; ++i) bits[static_cast<std::size_t>(i)] = '1';
    RunResult r = gdlsc_env({"query", game, "--history", muddy_history(40, bits, 4), "(legal ?c know)"}, "on", 60);
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out == "holds\n?c = c1\n?c = c2\n?c = c3\n?c = c4\n?c = c5\n");
    RunResult e = gdlsc_env({"query", game, "--history", muddy_history(40, bits, 3), "(legal ?c know)"}, "on", 60);
    BOOST_TEST(e.out == "does not hold\n");
    // The same answer through solve from the painting: round 5 is level 44.
    RunResult s = gdlsc_env({"solve", game, "--history", muddy_history(40, bits, 0), "--depth", "81", "--limit", "0",
                             "--json", "(legal c5 know)"},
                            "on", 60);
    BOOST_TEST_REQUIRE(s.exit_code == 0, s.err);
    BOOST_TEST(first_solution_level(s.out) == 44, s.out);
    // And on the second encoding: round 5 is clock 45.
    const std::string second = generated(kAnnounced, {"40"}, "muddy_ann_40.kif");
    RunResult q = gdlsc_env({"query", second, "--history", announced_history(40, bits, 4), "(legal ?c (say yes))"}, "on", 60);
    BOOST_TEST(q.out == "holds\n?c = c1\n?c = c2\n?c = c3\n?c = c4\n?c = c5\n", q.err);
    RunResult t = gdlsc_env({"solve", second, "--history", announced_history(40, bits, 0), "--depth", "82", "--limit",
                             "0", "--json", "(legal c5 (say yes))"},
                            "on", 60);
    BOOST_TEST_REQUIRE(t.exit_code == 0, t.err);
    BOOST_TEST(first_solution_level(t.out) == 45, t.out);
}

BOOST_AUTO_TEST_CASE(russian_cards_menu_against_brute_force) {
    const std::string game = generated("examples/russian_cards/generate_menu.py", {}, "russian_cards_menu.kif");
    RunResult r = gdlsc_env({"solve", game, "--depth", "3", "--limit", "200",
                             "(and (true (hand anne 0 1 2)) (true (hand bob 3 4 5)) safe)"},
                            "on", 60);
    BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
    BOOST_TEST(first_line(r.out) == "102 solutions among the developments of at most 3 joint moves");
    std::set<std::string> listed;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        auto at = line.find("(announce ");
        if (at != std::string::npos) listed.insert(line.substr(at + 10, line.find(')', at) - at - 10));
    }
    std::set<std::string> brute;
    std::istringstream b(python("tests/feature/knowledge/russian_cards_brute.py", {}));
    for (std::string line; std::getline(b, line);) brute.insert(line);
    BOOST_TEST(brute.size() == 102u);
    BOOST_TEST((listed == brute));
}

BOOST_AUTO_TEST_CASE(sum_and_product_two_steps) {
    const std::string game = generated("examples/sum_and_product/generate_two_steps.py", {"100"}, "sp_two_steps_100.kif");
    RunResult r = gdlsc_env({"solve", game, "--depth", "5", "(true (said s_knows_too))"}, "on", 120);
    BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
    BOOST_TEST(first_line(r.out) == "1 solution among the developments of at most 5 joint moves");
    BOOST_TEST(r.out.find("(draw_x 4)) (wait wait (draw_y 13))") != std::string::npos, r.out);
    for (const char* n : {"15", "25"}) {
        const std::string small = generated("examples/sum_and_product/generate_two_steps.py", {n}, std::string("sp_two_") + n + ".kif");
        checked_solve({small, "--depth", "5", "(true (said p_knows))"});
    }
}

// Cheryl's Birthday in a second style (examples/cheryl/cheryl_claims.kif: a two-step deal, a
// menu of claims each legal only when known true, knowing the date as knowing month and day):
// the same unique answer as cheryl.kif, July 16, with every engine agreeing.
BOOST_AUTO_TEST_CASE(cheryl_claims_known_answer) {
    const std::string g = source("examples/cheryl/cheryl_claims.kif");
    const std::string all4 =
        "(and (true (claimed albert1)) (true (claimed albert2)) (true (claimed bernard3)) (true (claimed albert4)))";
    auto j = nlohmann::json::parse(checked_solve({g, "--depth", "6", all4}));
    BOOST_TEST(j["count"] == 1);
    BOOST_REQUIRE(j["solutions"].size() == 1u);
    const auto& h = j["solutions"][0]["history"];
    BOOST_TEST(h[0][0] == "(deal_month july)");
    BOOST_TEST(h[1][0] == "(deal_day 16)");
    // After Albert's second claim five dates remain (July 14, 16, August 14, 15, 17).
    // (10 developments claim you_dont_know: Albert may pass his first turn, which tells nothing.)
    auto two = nlohmann::json::parse(checked_solve({g, "--depth", "4", "(true (claimed albert2))"}));
    BOOST_TEST(two["count"] == 10);
    auto both = nlohmann::json::parse(
        checked_solve({g, "--depth", "4", "(and (true (claimed albert1)) (true (claimed albert2)))"}));
    BOOST_TEST(both["count"] == 5);
    const std::string after = "((deal_month july) idle idle) ((deal_day 16) idle idle) (idle (say i_dont_know) idle) "
                              "(idle (say you_dont_know) idle)";
    BOOST_TEST(checked_query(g, after, "(knows bernard (true (the_month ?m)))") == "holds\n?m = july\n");
    BOOST_TEST(checked_query(g, after, "(knows albert (true (the_day ?d)))") == "does not hold\n");
    BOOST_TEST(checked_query(g, after + " (idle idle (say now_i_know))", "(knows albert (true (the_day ?d)))") ==
               "holds\n?d = 16\n");
    // Bernard can claim for July 16, August 15 and 17; Albert then only for July 16.
    auto three = nlohmann::json::parse(checked_solve(
        {g, "--depth", "5", "(and (true (claimed albert1)) (true (claimed albert2)) (true (claimed bernard3)))"}));
    BOOST_TEST(three["count"] == 3);
    const std::string aug = "((deal_month august) idle idle) ((deal_day 15) idle idle) (idle (say i_dont_know) idle) "
                            "(idle (say you_dont_know) idle) (idle idle (say now_i_know))";
    BOOST_TEST(checked_query(g, aug, "(legal albert (say now_i_know))") == "does not hold\n");
    BOOST_TEST(checked_query(g, aug, "(knows bernard (true (the_month august)))") == "holds\n");
}

BOOST_AUTO_TEST_CASE(examples_and_fixtures_agree) {
    checked_solve({source("examples/cheryl/cheryl.kif"), "--depth", "4", "(true (said statement3))"});
    checked_solve({source("examples/sum_and_product/sum_and_product_10.kif"), "--depth", "5", "(true (said s_knows_now))"});
    const std::string rc = source("examples/russian_cards/russian_cards.kif");
    const std::string deal = "(noop noop noop (deal 0 1 2 3 4 5 6)) ((announce safe5) noop noop noop)";
    BOOST_TEST(checked_query(rc, deal, "safe") == "holds\n");
    BOOST_TEST(checked_query(rc, deal, "(knows bob (true (hand anne 0 1 2)))") == "holds\n");
    BOOST_TEST(checked_query(rc, deal, "(knows cath (true (has anne 0)))") == "does not hold\n");
    // Answer variables of one atom under knows, decided per instance on the BDDs (de re).
    BOOST_TEST(checked_query(rc, "(noop noop noop (deal 0 1 2 3 4 5 6)) ((announce pair) noop noop noop)",
                             "(knows cath (true (has anne ?x)))") == "holds\n?x = 0\n");
    BOOST_TEST(checked_query(rc, deal, "(goal anne ?v)") == "holds\n?v = 100\n");
    BOOST_TEST(checked_query(rc, deal, "(knows bob (true (has anne ?x)))") == "holds\n?x = 0\n?x = 1\n?x = 2\n");
    const std::string tp = source("examples/three_players/three_players.kif");
    BOOST_TEST(checked_query(tp, "(noop noop noop (deal on tell))", "(knows p2 (knows p1 (true f)))") == "holds\n");
    BOOST_TEST(checked_query(tp, "(noop noop noop (deal on tell))", "(knows p3 (knows p1 (true f)))") == "does not hold\n");
    BOOST_TEST(checked_query(tp, "(noop noop noop (deal on tell))", "(kwhether p1 (true f))") == "holds\n");
    const std::string cn = source("tests/fixtures/knowledge/gdl3_common_nested.kif");
    for (const char* h : {"(noop noop (flip heads)) ((tell heads) noop noop)", "(noop noop (flip heads)) (noop noop noop)",
                          "(noop noop (flip tails)) (noop noop noop) (noop noop noop)"})
        for (const char* f : {"nested", "(true public)", "(knows (coin heads))", "(knows a (knows b (coin heads)))"})
            checked_query(cn, h, f);
    checked_solve({cn, "--depth", "3", "nested"});
    // A GDL-II game: common and nested knowledge decided on the BDDs, Prolog as reference.
    const std::string btt = source("examples/blind_tictactoe/blind_tictactoe.kif");
    const std::string two = "((mark 1 1) (mark 2 3) (tiebreak x)) ((mark 2 2) (mark 1 3) (tiebreak x))";
    BOOST_TEST(checked_query(btt, two, "(knows (true (cell 2 3 o)))") == "does not hold\n");
    BOOST_TEST(checked_query(btt, two, "(knows white (true (cell 1 1 x)))") == "holds\n");
    BOOST_TEST(checked_query(btt, two, "(knows black (knows white (true (cell 1 1 x))))") == "does not hold\n");
    // Common knowledge that holds: both players know that white tried some cell, and that
    // each knows it (post() over the observation variables, not Eq_r: src/symbolic).
    std::string tried = "(or", some_x = "(or";
    for (const char* c : {"1 1", "1 2", "1 3", "2 1", "2 2", "2 3", "3 1", "3 2", "3 3"}) {
        tried += std::string(" (true (tried white ") + c + "))";
        some_x += std::string(" (true (cell ") + c + " x))";
    }
    tried += ")", some_x += ")";
    BOOST_TEST(checked_query(btt, two, "(knows " + tried + ")") == "holds\n");
    const std::string clash = "((mark 1 1) (mark 1 1) (tiebreak o)) ((mark 2 2) (mark 2 2) (tiebreak o))";
    for (const std::string& h : {two, clash})
        for (const std::string& f : {"(knows " + some_x + ")", "(knows (not " + some_x + "))",
                                     "(knows white " + some_x + ")", "(knows black (knows white " + some_x + "))"})
            checked_query(btt, h, f);
    checked_solve({source("examples/number_guessing/number_guessing.kif"), "--depth", "3", "(knows player (num 5))"});
}

// Common knowledge where an agent's observations are functions of several choices (the
// fixture's comment has the answers): the BDDs' post() over observation variables. A
// relation that dropped those observations answers "does not hold" to each "holds" below.
BOOST_AUTO_TEST_CASE(common_knowledge_through_observed_functions) {
    const std::string g = source("tests/fixtures/knowledge/observed_functions.kif");
    const std::string one = "(noop noop (draw 1))", two = "(noop noop (draw 2))";
    BOOST_TEST(checked_query(g, one, "(knows (true outer))") == "holds\n");
    BOOST_TEST(checked_query(g, one, "(knows (true (drawn 1)))") == "does not hold\n");
    BOOST_TEST(checked_query(g, one, "(knows b (knows a (true outer)))") == "holds\n");
    BOOST_TEST(checked_query(g, two, "(knows (not (true outer)))") == "holds\n");
    BOOST_TEST(checked_query(g, two, "(knows (true outer))") == "does not hold\n");
    BOOST_TEST(checked_query(g, one + " (noop noop (draw 1))", "(knows (true same))") == "holds\n");
    BOOST_TEST(checked_query(g, one + " (noop noop (draw 3))", "(knows (not (true same)))") == "holds\n");
    BOOST_TEST(checked_query(g, one + " (noop noop (draw 3))", "(knows (true (drawn2 3)))") == "does not hold\n");
    BOOST_TEST(checked_query(g, one + " (noop noop (draw 3))", "(knows (true outer))") == "holds\n");
}
