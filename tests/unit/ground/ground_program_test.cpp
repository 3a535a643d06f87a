// The ground program's bookkeeping (src/ground/ground_program.h), by hand: an atom is one per
// term and step (interned once, found again, the same term at another step another atom;
// locations ignored), its solver name `(true@2 (cell 1 1 x))`, `terminal@0`, `(succ 1 2)`;
// rules printed with their negative literals; the index of rules by head; the size line.
#define BOOST_TEST_MODULE ground_ground_program
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "ground/ground_program.h"
#include "kif_terms.h"

using namespace gdlsc;
using gdl::Term;
using test::c;
using test::f;
using ground::GroundProgram;

BOOST_AUTO_TEST_CASE(atoms_are_interned_per_step) {
    GroundProgram gp;
    const Term cell = f("true", {f("cell", {c("1"), c("1"), c("x")})});
    auto a = gp.intern(cell, 2);
    auto b = gp.intern(c("terminal"), 0);
    auto s = gp.intern(f("succ", {c("1"), c("2")}), -1);
    BOOST_TEST(a == 0u);
    BOOST_TEST(b == 1u);
    BOOST_TEST(s == 2u);
    // the same term at the same step is the same atom, wherever it was read
    Term again = f("true", {f("cell", {c("1"), c("1"), Term::constant("x", gdl::Location{gdl::make_source("t", "x"), 1, 1})})});
    BOOST_TEST(gp.intern(again, 2) == a);
    BOOST_TEST(gp.find(again, 2) == 0);
    // at another step, another atom; never made: -1
    BOOST_TEST(gp.find(cell, 1) == -1);
    BOOST_TEST(gp.intern(cell, 1) == 3u);
    BOOST_TEST(gp.find(f("succ", {c("2"), c("1")}), -1) == -1);
    BOOST_TEST(gp.find(c("terminal"), -1) == -1);  // static and step 0 differ
    BOOST_TEST(gp.atoms.size() == 4u);
    // the hash sees the step and the arguments' order
    BOOST_TEST(ground::atom_hash(cell, 1) != ground::atom_hash(cell, 2));
    BOOST_TEST(ground::atom_hash(f("p", {c("a"), c("b")}), 0) != ground::atom_hash(f("p", {c("b"), c("a")}), 0));
}

BOOST_AUTO_TEST_CASE(names_rules_and_sizes) {
    GroundProgram gp;
    gp.horizon = 2;
    auto t = gp.intern(f("true", {f("cell", {c("1"), c("1"), c("x")})}), 2);
    auto term = gp.intern(c("terminal"), 0);
    auto succ = gp.intern(f("succ", {c("1"), c("2")}), -1);
    auto open = gp.intern(c("open"), 0);
    BOOST_TEST(gp.atoms[t].name() == "(true@2 (cell 1 1 x))");
    BOOST_TEST(gp.atoms[term].name() == "terminal@0");
    BOOST_TEST(gp.atoms[succ].name() == "(succ 1 2)");
    gp.rules.push_back({term, {}, {open}});
    gp.rules.push_back({open, {t, succ}, {term, t}});
    gp.rules.push_back({succ, {}, {}});
    gp.rules.push_back({term, {succ}, {}});
    BOOST_TEST(gp.rule_text(gp.rules[0]) == "terminal@0 :- not open@0");
    BOOST_TEST(gp.rule_text(gp.rules[1]) == "open@0 :- (true@2 (cell 1 1 x)), (succ 1 2), not terminal@0, not (true@2 (cell 1 1 x))");
    BOOST_TEST(gp.rule_text(gp.rules[2]) == "(succ 1 2)");  // a fact
    gp.index_rules();
    BOOST_REQUIRE_EQUAL(gp.rules_of.size(), 4u);
    BOOST_TEST(gp.rules_of[term] == (std::vector<std::size_t>{0, 3}), boost::test_tools::per_element());
    BOOST_TEST(gp.rules_of[open] == std::vector<std::size_t>{1}, boost::test_tools::per_element());
    BOOST_TEST(gp.rules_of[t].empty());
    BOOST_TEST(gp.size() == 8u);
    BOOST_TEST(gp.size_text() == "4 atoms, 4 rules (6 body literals), steps 0..2");
}

BOOST_AUTO_TEST_CASE(limits) {
    ground::GroundLimits l;
    BOOST_TEST(l.work_bound() == ground::GroundLimits::kWorkPerRule * l.max_rules);
    l.max_work = 7;
    BOOST_TEST(l.work_bound() == 7u);
    ground::GroundLimits small{10, 20};
    BOOST_TEST(small.work_bound() == 50u * 20u);
}
