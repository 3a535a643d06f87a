// Cycles through negation in a ground program (src/ground/stratification.h), on ground programs
// written by hand, and on the one-step program of pyggp_battleship's set_phase rules, whose
// relation depends negatively on itself but no ground atom does.
#define BOOST_TEST_MODULE ground_stratification
#include <boost/test/unit_test.hpp>

#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "ground/grounder.h"
#include "ground/stratification.h"

using namespace gdlsc;
using ground::AtomId;

namespace {

struct Program {
    ground::GroundProgram gp;
    AtomId atom(const char* n) { return gp.intern(gdl::Term::constant(n), -1); }
    std::string cycle() {
        std::string s;
        for (AtomId a : ground::negative_cycle(gp)) s += (s.empty() ? "" : " ") + gp.atoms[a].name();
        return s;
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(no_negation_in_a_cycle_is_stratified) {
    Program p;  // a :- not b.  b :- c.  c :- b.  (a positive loop; the negation leaves it)
    AtomId a = p.atom("a"), b = p.atom("b"), c = p.atom("c");
    p.gp.rules = {{a, {}, {b}}, {b, {c}, {}}, {c, {b}, {}}};
    BOOST_TEST(p.cycle() == "");
}

BOOST_AUTO_TEST_CASE(a_self_negation_is_the_shortest_cycle) {
    Program p;  // p :- not p.
    AtomId x = p.atom("p");
    p.gp.rules = {{x, {}, {x}}};
    BOOST_TEST(p.cycle() == "p p");
}

BOOST_AUTO_TEST_CASE(a_cycle_through_positive_atoms_back) {
    Program p;  // a :- not b.  b :- c.  c :- a.  d :- not a.
    AtomId a = p.atom("a"), b = p.atom("b"), c = p.atom("c"), d = p.atom("d");
    p.gp.rules = {{d, {}, {a}}, {a, {}, {b}}, {b, {c}, {}}, {c, {a}, {}}};
    BOOST_TEST(p.cycle() == "a b c a");
}

BOOST_AUTO_TEST_CASE(instance_stratified_rules_ground_to_a_stratified_program) {
    gdl::Diagnostics d;
    const std::string game =
        "(role r) (init (placed a)) (<= (legal r (place ?s)) (phase ?s)) (<= (next (placed ?s)) (does r (place ?s)))\n"
        "(<= terminal (not (phase a)) (not (phase b))) (goal r 100)\n"
        "(<= (phase a) (not (true (placed a))))\n"
        "(<= (phase b) (not (phase a)) (not (true (placed b))))\n";
    gdl::Program prog = gdl::read_game_text("t.kif", game, d);
    BOOST_REQUIRE(!d.has_errors());
    ground::GroundProgram gp = ground::ground_step(prog, gdl::analyze(prog));
    BOOST_TEST(ground::negative_cycle(gp).empty());
    // (phase b) negating itself is a cycle again.
    prog = gdl::read_game_text("t.kif", game + "(<= (phase b) (not (phase b)) (true (placed a)))", d);
    gp = ground::ground_step(prog, gdl::analyze(prog));
    std::string s;
    for (AtomId a : ground::negative_cycle(gp)) s += (s.empty() ? "" : " ") + gp.atoms[a].name();
    BOOST_TEST(s == "(phase@0 b) (phase@0 b)");
}
