// SMT answers checked by a second solver (issue 29 item 3): `gdlsc translate --format smtlib`
// along a seeded random match is read by cvc5, and the atoms it entails at the last step --
// every fluent, legal move, terminal and goal -- are exactly the answers gdlsc gives to
// `query --engine all` (the progression engine, and Z3 on the same ground program, which
// `all` compares). The export's completion and loop formulas have one model, the game's
// standard model along the history, so an atom is entailed iff asserting its negation is
// unsatisfiable: one incremental cvc5 run per match, (push) (assert (not A)) (check-sat) (pop)
// per atom. Skipped without cvc5 (Debian cvc5); corpus games skipped without ../shared.
#define BOOST_TEST_MODULE interop_cvc5
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "game_paths.h"
#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;
using gdlsc::test::run_program;

namespace {

constexpr const char* kCvc5 = "/usr/bin/cvc5";

boost::test_tools::assertion_result have_cvc5(boost::unit_test::test_unit_id) {
    boost::test_tools::assertion_result r(std::filesystem::exists(kCvc5));
    r.message() << "skipped: " << kCvc5 << " is absent (Debian package cvc5)";
    return r;
}

// The first `steps` joint moves of the seeded match (fewer if it ends), as a --history text.
std::vector<std::string> match(const std::string& game, int seed, std::size_t steps) {
    auto r = run_gdlsc({"simulate", game, "--seed", std::to_string(seed), "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, game << ": " << r.err);
    std::vector<std::string> out;
    for (const auto& s : nlohmann::json::parse(r.out)["steps"]) {
        if (!s.contains("joint_move") || out.size() == steps) continue;
        std::string j;
        for (const auto& m : s["joint_move"]) j += (j.empty() ? "" : " ") + m.get<std::string>();
        out.push_back("(" + j + ")");
    }
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
}

// gdlsc's answers after the history, as the SMT export names the atoms at step n.
std::set<std::string> gdlsc_answers(const std::string& game, const std::string& history, std::size_t n) {
    std::set<std::string> out;
    const std::string at = "@" + std::to_string(n);
    struct Q {
        std::string formula, head;
        std::vector<std::string> vars;
    };
    for (const Q& q : {Q{"(true ?f)", "true", {"f"}}, Q{"(legal ?r ?m)", "legal", {"r", "m"}},
                       Q{"(goal ?r ?v)", "goal", {"r", "v"}}}) {
        auto r = run_gdlsc({"query", game, "--history", history, q.formula, "--engine", "all", "--json"});
        BOOST_REQUIRE_MESSAGE(r.exit_code == 0, game << " " << q.formula << ": " << r.err);
        const auto j = nlohmann::json::parse(r.out);
        for (const auto& row : j["bindings"]) {
            std::string atom = "(" + q.head + at;
            for (const auto& v : q.vars) atom += " " + row["?" + v].get<std::string>();
            out.insert(atom + ")");
        }
    }
    auto t = run_gdlsc({"query", game, "--history", history, "terminal", "--engine", "all", "--json"});
    BOOST_REQUIRE_MESSAGE(t.exit_code == 0, t.err);
    if (nlohmann::json::parse(t.out)["holds"].get<bool>()) out.insert("terminal" + at);
    return out;
}

// The atoms of step n that cvc5 finds entailed by the export.
std::set<std::string> cvc5_entailed(const std::string& smt, std::size_t n) {
    const std::string at = "@" + std::to_string(n);
    static const std::regex decl(R"(\(declare-fun \|([^|]+)\| \(\) Bool\))");
    std::vector<std::string> atoms;
    for (std::sregex_iterator it(smt.begin(), smt.end(), decl), end; it != end; ++it) {
        const std::string a = (*it)[1].str();
        for (const char* head : {"(true", "(legal", "(goal"})
            if (a.rfind(std::string(head) + at + " ", 0) == 0) atoms.push_back(a);
        if (a == "terminal" + at) atoms.push_back(a);
    }
    std::string script = smt.substr(0, smt.rfind("(check-sat)"));
    script += "(check-sat)\n";
    for (const auto& a : atoms) script += "(push 1)\n(assert (not |" + a + "|))\n(check-sat)\n(pop 1)\n";
    const std::string file = gdlsc::test::temp_file("cvc5_query.smt2", script);
    auto r = run_program({kCvc5, "--incremental", "--lang=smt2", file}, 300);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    std::istringstream lines(r.out);
    std::string first;
    std::getline(lines, first);
    BOOST_REQUIRE_MESSAGE(first == "sat", "the export itself: " << first);
    std::set<std::string> out;
    for (const auto& a : atoms) {
        std::string answer;
        std::getline(lines, answer);
        BOOST_REQUIRE_MESSAGE(answer == "sat" || answer == "unsat", a << ": " << answer);
        if (answer == "unsat") out.insert(a);
    }
    return out;
}

void same_answers(const std::string& game, int seed, std::size_t steps) {
    const std::vector<std::string> h = match(game, seed, steps);
    const std::string history = joined(h);
    BOOST_TEST_CONTEXT(game << " after " << history) {
        auto t = run_gdlsc({"translate", game, "--format", "smtlib", "--history", history});
        BOOST_REQUIRE_MESSAGE(t.exit_code == 0, t.err);
        const std::set<std::string> z = cvc5_entailed(t.out, h.size());
        const std::set<std::string> g = gdlsc_answers(game, history, h.size());
        BOOST_TEST(!g.empty());
        BOOST_TEST(std::vector<std::string>(z.begin(), z.end()) == std::vector<std::string>(g.begin(), g.end()),
                   boost::test_tools::per_element());
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(examples, *boost::unit_test::precondition(have_cvc5)) {
    using gdlsc::test::example;
    same_answers(example("card_game/card_game.kif"), 1, 2);
    same_answers(example("exploding_bomb/exploding_bomb.kif"), 2, 2);
    same_answers(example("three_players/three_players.kif"), 3, 2);
    same_answers(example("krieg_tictactoe/krieg_tictactoe.kif"), 4, 3);
    same_answers(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/positive_loops.kif", 5, 2);
}

GDLSC_CORPUS_SUITE(corpus)

BOOST_AUTO_TEST_CASE(corpus_games, *boost::unit_test::precondition(have_cvc5)) {
    using gdlsc::test::corpus;
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/pennies.kif", "gdl2/guess6.kif", "gdl2/meier.kif",
                          "gdl1/ticTacToe.kif", "gdl2/two_generals.kif"})
        same_answers(corpus(g), 7, 3);
}

BOOST_AUTO_TEST_SUITE_END()
