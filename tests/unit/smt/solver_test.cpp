// The Z3 bridge (src/smt/solver.h) on the loop fixture tests/fixtures/smt/positive_loops.kif
// and on inline programs: Clark's completion alone admits unsupported models (checked by
// asserting the unsupported atom into the printed completion), the lazily added loop
// formulas remove them, the stable model is the standard one and it is unique.
#define BOOST_TEST_MODULE smt_solver
#include <boost/test/unit_test.hpp>

#include <set>

#include "ground/grounder.h"
#include "ground/query_formula.h"
#include "parsed_game.h"
#include "smt/solver.h"

using namespace gdlsc;

namespace {

const std::string kLoops = std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/positive_loops.kif";

using Game = test::ParsedGame;

std::set<std::string> true_atoms(const ground::GroundProgram& gp, const std::vector<bool>& m, const std::string& rel) {
    std::set<std::string> out;
    for (ground::AtomId a = 0; a < gp.atoms.size(); ++a)
        if (m[a] && gp.atoms[a].atom.name == rel) out.insert(gp.atoms[a].name());
    return out;
}

ground::GFormula atom(const ground::GroundProgram& gp, const std::string& name) {
    for (ground::AtomId a = 0; a < gp.atoms.size(); ++a)
        if (gp.atoms[a].name() == name) return ground::GFormula::of_atom(a);
    BOOST_FAIL("no atom " + name);
    return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(completion_admits_unsupported_loops_and_loop_formulas_remove_them) {
    Game g = test::game_from_file(kLoops);
    ground::GroundProgram gp = ground::ground_program(g.program, g.analysis, {});
    smt::Solver s(gp);
    // The completion alone: reach d (supported only by reach c, which is supported only by
    // reach d, the door b->c being locked) can be true, and so can p (p <- q <- p).
    std::string completion = s.to_smtlib();
    BOOST_TEST(smt::check_smtlib(completion) == "sat");
    BOOST_TEST(smt::check_smtlib(completion + "(assert |(reach@0 d)|)") == "sat");
    BOOST_TEST(smt::check_smtlib(completion + "(assert p@0)") == "sat");

    std::vector<bool> m = s.stable_model();
    BOOST_TEST(s.unique(m));
    BOOST_TEST(s.stats().loop_formulas >= 2u);  // at least one for c<->d and one for p<->q
    BOOST_TEST(true_atoms(gp, m, "reach") ==
               (std::set<std::string>{"(reach@0 a)", "(reach@0 b)", "(reach@0 e)"}));
    BOOST_TEST(true_atoms(gp, m, "p").empty());
    BOOST_TEST(true_atoms(gp, m, "goal") == (std::set<std::string>{"(goal@0 robot 0)"}));

    // With the loop formulas the unsupported models are gone.
    std::string full = s.to_smtlib();
    BOOST_TEST(smt::check_smtlib(full) == "sat");
    BOOST_TEST(smt::check_smtlib(full + "(assert |(reach@0 d)|)") == "unsat");
    BOOST_TEST(smt::check_smtlib(full + "(assert p@0)") == "unsat");
    BOOST_TEST(smt::check_smtlib(full + "(assert |(goal@0 robot 100)|)") == "unsat");

    // Entailment by refutation.
    BOOST_TEST(s.entails(ground::GFormula::negation(atom(gp, "(reach@0 d)"))));
    BOOST_TEST(s.entails(atom(gp, "(legal@0 robot wait)")));
    BOOST_TEST(!s.entails(atom(gp, "(reach@0 d)")));
}

BOOST_AUTO_TEST_CASE(loop_formulas_along_a_history) {
    Game g = test::game_from_file(kLoops);
    gdl::Diagnostics d;
    auto moves = [&](std::vector<std::string> ms) {
        std::vector<ground::JointMove> out;
        for (const auto& m : ms) {
            Game t = test::game_from_text("(x " + m + ")");
            out.push_back({t.program.rules[0].head.args[0]});
        }
        return out;
    };
    // After unlocking b->c the loop c<->d is reached from b: reach is everything.
    ground::GroundProgram gp = ground::ground_program(g.program, g.analysis, moves({"(unlock b c)"}));
    smt::Solver s(gp);
    auto m = s.stable_model();
    BOOST_TEST(s.unique(m));
    std::set<std::string> reach1;
    for (const auto& a : true_atoms(gp, m, "reach"))
        if (a.find("@1") != std::string::npos) reach1.insert(a);
    BOOST_TEST(reach1 == (std::set<std::string>{"(reach@1 a)", "(reach@1 b)", "(reach@1 c)", "(reach@1 d)",
                                                "(reach@1 e)"}));
    BOOST_TEST(s.entails(atom(gp, "(goal@1 robot 100)")));
    // At e, p and q support each other and q has its external support.
    gp = ground::ground_program(g.program, g.analysis, moves({"(go b)", "(go e)"}));
    smt::Solver s2(gp);
    m = s2.stable_model();
    BOOST_TEST(s2.unique(m));
    BOOST_TEST(s2.entails(atom(gp, "p@2")));
    BOOST_TEST(s2.entails(atom(gp, "(goal@2 robot 50)")));
    BOOST_TEST(s2.entails(ground::GFormula::negation(atom(gp, "p@1"))));
}

BOOST_AUTO_TEST_CASE(stratified_negation_and_no_rules) {
    // r has no rule: false; s <- not r: true; t <- s, not u; u <- not s: false.
    Game g = test::game_from_text("(role x) (<= s (not r)) (<= t s (not u)) (<= u (not s)) (<= v v)");
    ground::GroundProgram gp =
        ground::ground_program(g.program, g.analysis, {}, {}, {{"s", 0}, {"t", 0}, {"u", 0}, {"v", 0}});
    smt::Solver s(gp);
    auto m = s.stable_model();
    BOOST_TEST(s.unique(m));
    BOOST_TEST(s.entails(atom(gp, "s")));
    BOOST_TEST(s.entails(atom(gp, "t")));
    BOOST_TEST(s.entails(ground::GFormula::negation(atom(gp, "u"))));
    // v <- v is never produced by the grounder (no fact can start it).
    BOOST_TEST(gp.find(gdl::Term::constant("v"), -1) < 0);
}

BOOST_AUTO_TEST_CASE(bad_smtlib_is_an_error_with_context) {
    try {
        smt::check_smtlib("(assert (and p");
        BOOST_FAIL("no error");
    } catch (const smt::SmtError& e) {
        BOOST_TEST(std::string(e.what()).find("z3 error while checking an SMT-LIB script") != std::string::npos);
    }
}
