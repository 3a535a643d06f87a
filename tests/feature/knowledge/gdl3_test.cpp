// GDL-III through the gdlsc binary: knows in the rules, with the known answers of the
// epistemic puzzles in examples/ (doc/knowledge.md, "GDL-III"): NumberGuessing (Thielscher
// 2016), Cheryl's Birthday, Muddy Children (generated, n = 3..6), Russian Cards, and Sum and
// Product (generated, cross-checked by a brute force here); the engines cross-checked
// (progression and regression); `solve`; and the GDL-III errors with their locations.
#define BOOST_TEST_MODULE knowledge_gdl3
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;
using gdlsc::test::RunResult;

namespace {

std::string example(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/examples/" + rel; }

const std::string guessing = example("number_guessing/number_guessing.kif");
const std::string cheryl = example("cheryl/cheryl.kif");
const std::string russian = example("russian_cards/russian_cards.kif");

RunResult query(const std::string& game, const std::string& history, const std::string& formula,
                const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = {"query", game, "--history", history, formula};
    args.insert(args.end(), more.begin(), more.end());
    return run_gdlsc(args);
}

bool holds(const std::string& game, const std::string& history, const std::string& formula) {
    RunResult r = query(game, history, formula, {"--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, formula + " after " + history + ": exit " + std::to_string(r.exit_code) + ": " + r.err);
    return nlohmann::json::parse(r.out)["holds"].get<bool>();
}

// The values of one answer variable.
std::set<std::string> values(const std::string& game, const std::string& history, const std::string& formula,
                             const std::string& var) {
    RunResult r = query(game, history, formula, {"--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, formula + ": " + r.err);
    std::set<std::string> out;
    const auto j = nlohmann::json::parse(r.out);  // kept: the loop reads inside it
    for (const auto& b : j["bindings"]) out.insert(b["?" + var].get<std::string>());
    return out;
}

// The binary-search questions for `secret` in 1..32: (ask_if_less m) with m the middle of
// the candidates; after five answers one number is left.
std::string binary_search_history(int secret, int questions) {
    std::string h = "(noop (choose " + std::to_string(secret) + "))";
    int lo = 1, hi = 32;  // candidates lo..hi
    for (int q = 0; q < questions; ++q) {
        int mid = (lo + hi + 1) / 2;  // "is it less than mid?"
        h += " ((ask_if_less " + std::to_string(mid) + ") noop)";
        if (secret < mid) hi = mid - 1;
        else lo = mid;
    }
    return h;
}

std::string python3() { return gdlsc::test::find_on_path("python3"); }

// A game written by one of the generators in examples/ (python3 GENERATOR ARGS > file).
std::string generated(const std::string& generator, const std::string& arg, const std::string& name) {
    RunResult r = gdlsc::test::run_program({python3(), example(generator), arg});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, generator + " " + arg + ": " + r.err);
    return gdlsc::test::temp_file(name, r.out);
}

struct Python3Present {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        if (!python3().empty()) return true;
        boost::test_tools::assertion_result r(false);
        r.message() << "python3 is not on PATH: the example generators (examples/*/generate.py) need it "
                       "(scripts/install-deps installs it)";
        return r;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(number_guessing)

// The paper's claim: with binary-search questions the player knows the number after five
// questions, and the game then ends with the player's win; after four it does not know.
BOOST_AUTO_TEST_CASE(binary_search_knows_after_five_questions) {
    for (int secret : {1, 2, 7, 16, 17, 23, 31, 32}) {
        std::string four = binary_search_history(secret, 4), five = binary_search_history(secret, 5);
        BOOST_TEST(!holds(guessing, four, "terminal"), "secret " << secret);
        BOOST_TEST(!holds(guessing, four, "(knows_the_number player)"), "secret " << secret);
        BOOST_TEST(values(guessing, four, "(and (number ?n) (knows player (not (true (secret ?n)))))", "n").size() == 30u,
                   "secret " << secret);
        BOOST_TEST(holds(guessing, five, "terminal"), "secret " << secret);
        BOOST_TEST(values(guessing, five, "(goal player ?v)", "v") == std::set<std::string>{"100"});
        BOOST_TEST(values(guessing, five, "(knows player (true (secret ?n)))", "n") ==
                   std::set<std::string>{std::to_string(secret)});
    }
}

// A lucky question narrows the secret at once: 1 is the only number less than 2.
BOOST_AUTO_TEST_CASE(one_lucky_question) {
    std::string h = "(noop (choose 1)) ((ask_if_less 2) noop)";
    BOOST_TEST(holds(guessing, h, "terminal"));
    BOOST_TEST(!holds(guessing, "(noop (choose 2)) ((ask_if_less 2) noop)", "terminal"));
    // A terminal development has no further moves: the history check says so, located.
    RunResult r = query(guessing, h + " ((ask_if_less 5) noop)", "terminal");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("history step 3") != std::string::npos, r.err);
}

// The knows in the rules and the knows of the query language agree on every development
// of at most two joint moves: the player knows the number exactly when one number is left.
BOOST_AUTO_TEST_CASE(rule_knowledge_matches_query_knowledge) {
    RunResult r = run_gdlsc({"prove", guessing, "--depth", "2",
                             "(and (or (not (knows_the_number player)) (exists ?n (knows player (true (secret ?n))))) "
                             "(or (knows_the_number player) (not (exists ?n (knows player (true (secret ?n)))))))"});
    BOOST_TEST(r.exit_code == 0, r.out + r.err);
    // And the player never knows before its first question.
    r = run_gdlsc({"prove", guessing, "--depth", "1", "(not (knows_the_number player))"});
    BOOST_TEST(r.exit_code == 0, r.out + r.err);
    r = run_gdlsc({"prove", guessing, "--depth", "2", "(not (knows_the_number player))"});
    BOOST_TEST(r.exit_code == 1, r.out + r.err);  // (ask_if_less 2) with the secret 1
}

// Progression and regression (the Knows macro regressed through K) agree.
BOOST_AUTO_TEST_CASE(engines_agree) {
    for (int secret : {3, 20}) {
        std::string h = binary_search_history(secret, 3);
        for (const std::string f : {"terminal", "(knows_the_number player)", "(legal player (ask_if_less 9))",
                                    "(goal player ?v)"}) {
            RunResult r = query(guessing, h, f, {"--engine", "all"});
            BOOST_TEST(r.exit_code == 0, f << ": " << r.err);
            BOOST_TEST(r.out.find("smt skipped") != std::string::npos, r.out);
        }
    }
}

BOOST_AUTO_TEST_CASE(simulate_and_playouts) {
    RunResult r = run_gdlsc({"simulate", guessing, "--seed", "7"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find("terminal after") != std::string::npos, r.out);
    r = run_gdlsc({"simulate", guessing, "--playouts", "5"});
    BOOST_TEST(r.exit_code == 0, r.err);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cheryls_birthday)

// solve finds July 16 as the only date for which the three statements are legal.
BOOST_AUTO_TEST_CASE(solve_finds_july_16) {
    RunResult r = run_gdlsc({"solve", cheryl, "--depth", "4", "(true (said statement3))", "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["depth"] == 4);
    BOOST_TEST(j["count"] == 1);
    BOOST_REQUIRE(j["solutions"].size() == 1u);
    const auto& s = j["solutions"][0];
    BOOST_TEST(s["history"].size() == 4u);
    BOOST_TEST(s["history"][0] == nlohmann::json::array({"noop", "noop", "(pick july 16)"}));
    BOOST_TEST(s["history"][1][0] == "statement1");
    std::set<std::string> state(s["state"].begin(), s["state"].end());
    BOOST_TEST(state.count("(birthday july 16)") == 1u);
    // --limit caps the listing, never the count.
    r = run_gdlsc({"solve", cheryl, "--depth", "4", "(true (said statement3))", "--json", "--limit", "0"});
    j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["count"] == 1);
    BOOST_TEST(j["solutions"].empty());
}

// Each statement on its own: after the first, Albert's month is July or August; after the
// second, Bernard's day is 15, 16 or 17 (each then unique), and so on.
BOOST_AUTO_TEST_CASE(statements_one_by_one) {
    RunResult r = run_gdlsc({"solve", cheryl, "--depth", "2", "(true (said statement1))", "--json"});
    auto j = nlohmann::json::parse(r.out);
    std::set<std::string> first;
    for (const auto& s : j["solutions"]) first.insert(s["history"][0][2].get<std::string>());
    BOOST_TEST(first == (std::set<std::string>{"(pick july 14)", "(pick july 16)", "(pick august 14)",
                                               "(pick august 15)", "(pick august 17)"}));
    r = run_gdlsc({"solve", cheryl, "--depth", "3", "(true (said statement2))", "--json"});
    j = nlohmann::json::parse(r.out);
    std::set<std::string> second;
    for (const auto& s : j["solutions"]) second.insert(s["history"][0][2].get<std::string>());
    BOOST_TEST(second == (std::set<std::string>{"(pick july 16)", "(pick august 15)", "(pick august 17)"}));
    // Text output: the count first.
    r = run_gdlsc({"solve", cheryl, "--depth", "4", "(true (said statement3))"});
    BOOST_TEST(r.out.rfind("1 solution ", 0) == 0u, r.out);
}

// The players know their legal moves (a statement's legality depends on its speaker's own
// knowledge: introspection), checked over every development; the whole-game fixpoint and
// the smt engine say that they do not apply.
BOOST_AUTO_TEST_CASE(prove_bounded_and_not_applicable) {
    RunResult r = run_gdlsc({"prove", cheryl, "legal-knowledge", "--depth", "4"});
    BOOST_TEST(r.exit_code == 0, r.out + r.err);
    // A bound beyond the game's end stops when no development is left (Cheryl ends by step 4).
    r = run_gdlsc({"prove", cheryl, "legal-knowledge", "--depth", "1000"}, 30);
    BOOST_TEST(r.exit_code == 0, r.out + r.err);
    r = run_gdlsc({"solve", cheryl, "--depth", "1000", "terminal", "--json"}, 30);
    BOOST_TEST(r.exit_code == 0, r.err);
    r = run_gdlsc({"prove", cheryl, "legal-knowledge"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("GDL-III") != std::string::npos, r.err);
    r = run_gdlsc({"prove", cheryl, "legal-knowledge", "--engine", "all", "--depth", "3"});
    BOOST_TEST(r.exit_code == 0, r.out + r.err);
    BOOST_TEST(r.out.find("only developments applies") != std::string::npos, r.out);
    // Bernard does not know Albert's statement before it is made: the percepts differ.
    r = run_gdlsc({"prove", cheryl, "perfect-information", "--depth", "1"});
    BOOST_TEST(r.exit_code == 1, r.out + r.err);
}

BOOST_AUTO_TEST_CASE(information_sets) {
    // Albert, told July: July 14 and July 16.
    RunResult r = run_gdlsc({"infoset", cheryl, "--role", "albert", "--history", "(noop noop (pick july 16))", "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    BOOST_TEST(nlohmann::json::parse(r.out)["developments"] == 2);
    // Bernard after Albert's statement, told 16: May 16 is gone.
    r = run_gdlsc({"infoset", cheryl, "--role", "bernard", "--history",
                   "(noop noop (pick july 16)) (statement1 noop noop)", "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    BOOST_TEST(nlohmann::json::parse(r.out)["developments"] == 1);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(muddy_children, *boost::unit_test::precondition(Python3Present()))

// With k muddy children the muddy ones know at round k, nobody earlier; the clean ones
// know one round later.
BOOST_AUTO_TEST_CASE(muddy_ones_know_at_round_k) {
    for (int n = 3; n <= 6; ++n) {
        std::string game = generated("muddy_children/generate.py", std::to_string(n), "muddy" + std::to_string(n) + ".kif");
        std::vector<std::vector<int>> cases = {std::vector<int>(n, 0), std::vector<int>(n, 1)};
        cases[0][0] = 1;                              // k = 1
        std::vector<int> two(n, 0);
        two[1] = two[n - 1] = 1;                      // k = 2
        cases.push_back(two);
        for (const auto& muddy : cases) {
            int k = static_cast<int>(std::count(muddy.begin(), muddy.end(), 1));
            std::string pick = "(pick", noops = "(", dont = "(";
            std::set<std::string> muddy_names, all;
            for (int i = 0; i < n; ++i) {
                pick += " " + std::to_string(muddy[i]);
                noops += "noop ";
                dont += "dontknow ";
                all.insert("c" + std::to_string(i + 1));
                if (muddy[i]) muddy_names.insert("c" + std::to_string(i + 1));
            }
            std::string h = noops + pick + "))";
            for (int round = 1; round <= k; ++round) {
                auto knowing = values(game, h, "(legal ?c know)", "c");
                if (round < k) {
                    BOOST_TEST(knowing.empty(), "n " << n << " k " << k << " round " << round);
                    h += " " + dont + "noop)";
                } else {
                    BOOST_TEST(knowing == muddy_names, "n " << n << " k " << k << " round " << round);
                }
            }
            if (k < n) {  // the muddy ones say `know` at round k; then the clean ones know too
                std::string answers = "(";
                for (int i = 0; i < n; ++i) answers += muddy[i] ? "know " : "dontknow ";
                h += " " + answers + "noop)";
                BOOST_TEST(values(game, h, "(legal ?c know)", "c") == all, "n " << n << " k " << k);
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(russian_cards)

const std::string deal = "(noop noop noop (deal 0 1 2 3 4 5 6))";
const std::string cath_learns =
    "(exists ?x (or (knows cath (true (has anne ?x))) (knows cath (true (has bob ?x)))))";

// Anne's announcement {012,034,056,135,246} is safe for the deal 012/345/6: Bob learns
// Anne's hand, Cath learns no card of Anne's or Bob's.
BOOST_AUTO_TEST_CASE(safe_announcement) {
    std::string h = deal + " ((announce safe5) noop noop noop)";
    BOOST_TEST(holds(russian, h, "(knows bob (true (hand anne 0 1 2)))"));
    BOOST_TEST(!holds(russian, h, cath_learns));
    BOOST_TEST(holds(russian, h, "safe"));  // the game's own GDL-III goal condition
    BOOST_TEST(values(russian, h, "(goal anne ?v)", "v") == std::set<std::string>{"100"});
}

BOOST_AUTO_TEST_CASE(unsafe_announcements) {
    std::string pair = deal + " ((announce pair) noop noop noop)";
    BOOST_TEST(holds(russian, pair, "(knows bob (true (hand anne 0 1 2)))"));
    BOOST_TEST(holds(russian, pair, cath_learns));  // Cath, holding 6: card 0 is Anne's
    BOOST_TEST(values(russian, pair, "(knows cath (true (has anne ?x)))", "x") == std::set<std::string>{"0"});
    BOOST_TEST(!holds(russian, pair, "safe"));
    std::string all = deal + " ((announce all) noop noop noop)";
    BOOST_TEST(!holds(russian, all, "(knows bob (true (hand anne 0 1 2)))"));
    BOOST_TEST(!holds(russian, all, "safe"));
    // An announcement that does not contain Anne's hand is not legal.
    RunResult r = query(russian, "(noop noop noop (deal 0 1 3 2 4 5 6)) ((announce pair) noop noop noop)", "safe");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("is not legal") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(sum_and_product, *boost::unit_test::precondition(Python3Present()))

// The pairs 1 <= x <= y <= n for which the four statements can be made, by set elimination.
std::set<std::pair<int, int>> brute_force(int n) {
    std::vector<std::pair<int, int>> d;
    for (int x = 1; x <= n; ++x)
        for (int y = x; y <= n; ++y) d.emplace_back(x, y);
    auto count = [](const std::vector<std::pair<int, int>>& s, auto key, int v) {
        return std::count_if(s.begin(), s.end(), [&](const auto& p) { return key(p) == v; });
    };
    auto sum = [](const std::pair<int, int>& p) { return p.first + p.second; };
    auto prod = [](const std::pair<int, int>& p) { return p.first * p.second; };
    std::vector<std::pair<int, int>> a1, a2, a3;
    for (const auto& p : d)  // P does not know
        if (count(d, prod, prod(p)) > 1) a1.push_back(p);
    for (const auto& p : a1) {  // S knew: every pair with its sum leaves P ignorant
        bool all = true;
        for (const auto& q : d)
            if (sum(q) == sum(p)) all = all && count(d, prod, prod(q)) > 1;
        if (all) a2.push_back(p);
    }
    for (const auto& p : a2)  // now P knows
        if (count(a2, prod, prod(p)) == 1) a3.push_back(p);
    std::set<std::pair<int, int>> out;
    for (const auto& p : a3)  // now S knows
        if (count(a3, sum, sum(p)) == 1) out.insert(p);
    return out;
}

BOOST_AUTO_TEST_CASE(solve_agrees_with_brute_force) {
    for (int n : {6, 10, 14, 25}) {
        std::string game = generated("sum_and_product/generate.py", std::to_string(n), "sp" + std::to_string(n) + ".kif");
        RunResult r = run_gdlsc({"solve", game, "--depth", "5", "(true (said s_knows_now))", "--json"});
        BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
        auto j = nlohmann::json::parse(r.out);
        std::set<std::pair<int, int>> found;
        for (const auto& s : j["solutions"]) {
            std::string pick = s["history"][0][2];  // (pick x y)
            int x = 0, y = 0;
            BOOST_REQUIRE(std::sscanf(pick.c_str(), "(pick %d %d)", &x, &y) == 2);
            found.insert({x, y});
        }
        auto expected = brute_force(n);
        BOOST_TEST(j["count"] == expected.size(), "n = " << n);
        BOOST_TEST((found == expected), "n = " << n);
    }
    BOOST_TEST((brute_force(10) == std::set<std::pair<int, int>>{{1, 4}}));  // the reference itself
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(bad_input)

std::string game_with(const std::string& rule) {
    return gdlsc::test::temp_file("bad3.kif",
                                  "(role a) (role b) (role random)\n(init (p 1))\n(<= (legal ?r noop) (role ?r))\n"
                                  "(<= (q ?x) (true (p ?x)))\n(<= (goal ?r 0) (role ?r))\n(<= terminal (true (p 2)))\n(<= (next (p 1)) (true (p 1)))\n" +
                                  rule + "\n");
}

BOOST_AUTO_TEST_CASE(gdl3_restrictions_located) {
    // random is not an agent.
    RunResult r = run_gdlsc({"check", game_with("(<= k (knows random (q 1)))")});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find(":8:") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("random is not an agent") != std::string::npos, r.err);
    // knows over a relation that depends on does (restriction 3).
    r = run_gdlsc({"check", game_with("(<= (d ?x) (does a ?x))\n(<= k (knows a (d noop)))")});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find(":9:") != std::string::npos, r.err);
    // knows in a head (restriction 1).
    r = run_gdlsc({"check", game_with("(<= (knows a (q 1)) (true (p 1)))")});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find(":8:") != std::string::npos, r.err);
    // init depending on knows (restriction 1).
    r = run_gdlsc({"check", game_with("(<= (init (p 3)) (knows a (q 1)))")});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find(":8:") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("knows") != std::string::npos, r.err);
    // non-hierarchical knowledge (restriction 2).
    r = run_gdlsc({"check", game_with("(<= k1 (knows a k2))\n(<= k2 (knows b k1))")});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("bad3.kif:") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(solve_formula_errors_located) {
    RunResult r = run_gdlsc({"solve", cheryl, "--depth", "2", "(nosuch ?x)"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("nosuch") != std::string::npos, r.err);
    r = run_gdlsc({"solve", cheryl, "--depth", "2", "(true (said ?x)"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("1:") != std::string::npos, r.err);
    r = run_gdlsc({"solve", cheryl, "(true (said ?x))"});  // --depth is required
    BOOST_TEST(r.exit_code != 0);
}

BOOST_AUTO_TEST_SUITE_END()
