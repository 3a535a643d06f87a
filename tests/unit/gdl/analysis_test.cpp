// Dependency analysis (src/gdl/analysis.h) on one small program whose answers are worked out
// by hand: the class of every relation (static, derived fluent, action predicate; DESIGN §2),
// recursion and strongly connected components in dependency order, negative edges with their
// locations, the primitive fluents, reachability, and the GDL-III flag.
#define BOOST_TEST_MODULE analysis
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "gdl/analysis.h"
#include "gdl/reader.h"

using namespace gdlsc::gdl;

namespace {

// Line numbers matter: the negative edge goal -> reach is checked at 13:23 (the atom).
const std::string kGame =
    "(role a) (role random)\n"                                  // 1
    "(init (p 1))\n"                                            // 2
    "(edge 1 2) (edge 2 3)\n"                                   // 3
    "(<= (next (p ?x)) (true (p ?x)) (not (does a stop)))\n"    // 4
    "(<= (next done) (does a go))\n"                            // 5
    "(<= (legal a go) (true (p 1)))\n"                          // 6
    "(<= (legal a stop) (reach ?x))\n"                          // 7
    "(<= (reach ?x) (true (p ?x)))\n"                           // 8
    "(<= (reach ?y) (reach ?x) (edge ?x ?y))\n"                 // 9
    "(<= moved (does a go))\n"                                  // 10
    "(<= (sees a ?x) moved (reach ?x))\n"                       // 11
    "(<= terminal (true done))\n"                               // 12
    "(<= (goal a 100) (not (reach 3)))\n"                       // 13
    "(<= (goal a 0) (reach 3))\n";                              // 14

Analysis analyze_text(const std::string& text) {
    Diagnostics d;
    Program p = read_game_text("t.kif", text, d);
    BOOST_REQUIRE_MESSAGE(!d.has_errors(), "the test program must read without errors");
    return analyze(p);
}

const PredicateInfo& info(const Analysis& a, const std::string& name, size_t arity) {
    const PredicateInfo* i = a.find(name, arity);
    BOOST_REQUIRE_MESSAGE(i != nullptr, name << "/" << arity << " is analysed");
    return *i;
}

// The index of the component that holds `name`/`arity`.
int scc_of(const Analysis& a, const std::string& name, size_t arity) { return info(a, name, arity).scc; }

}  // namespace

BOOST_AUTO_TEST_CASE(classes_of_the_relations) {
    const Analysis a = analyze_text(kGame);
    BOOST_TEST(a.roles == (std::vector<std::string>{"a", "random"}));
    BOOST_TEST(std::string(class_name(info(a, "edge", 2).cls)) == class_name(PredicateClass::Static));
    BOOST_TEST((info(a, "reach", 1).cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "legal", 2).cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "terminal", 0).cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "goal", 2).cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "moved", 0).cls == PredicateClass::ActionPredicate));
    BOOST_TEST((info(a, "sees", 2).cls == PredicateClass::ActionPredicate));  // through moved
    BOOST_TEST((info(a, "next", 1).cls == PredicateClass::ActionPredicate));
    BOOST_TEST(a.depends_on_does({"sees", 2}));
    BOOST_TEST(!a.depends_on_does({"legal", 2}));
    BOOST_TEST(a.depends_on_true({"goal", 2}));
    BOOST_TEST(!a.depends_on_true({"edge", 2}));
    BOOST_TEST(info(a, "edge", 2).rule_count == 2u);
    BOOST_TEST(info(a, "goal", 2).rule_count == 2u);
    BOOST_TEST(info(a, "legal", 2).defined_at.size() == 2u);
    BOOST_TEST(info(a, "legal", 2).defined_at[0].line == 6);
    // the primitive fluents: the terms under init, true and next
    BOOST_TEST((a.fluents == std::set<Signature>{{"done", 0}, {"p", 1}}));
    BOOST_TEST(!a.epistemic);
}

BOOST_AUTO_TEST_CASE(recursion_and_components_in_dependency_order) {
    const Analysis a = analyze_text(kGame);
    BOOST_TEST(info(a, "reach", 1).recursive);
    BOOST_TEST(!info(a, "edge", 2).recursive);
    BOOST_TEST(!info(a, "goal", 2).recursive);
    // reach is a component of its own; a component comes after the ones it depends on
    const auto& reach = a.sccs.at(static_cast<size_t>(scc_of(a, "reach", 1)));
    BOOST_TEST((reach == std::vector<Signature>{{"reach", 1}}));
    BOOST_TEST(scc_of(a, "edge", 2) < scc_of(a, "reach", 1));
    BOOST_TEST(scc_of(a, "reach", 1) < scc_of(a, "goal", 2));
    BOOST_TEST(scc_of(a, "reach", 1) < scc_of(a, "legal", 2));
    BOOST_TEST(scc_of(a, "moved", 0) < scc_of(a, "sees", 2));
    for (size_t i = 0; i < a.sccs.size(); ++i)  // every relation's component lists it
        for (const auto& s : a.sccs[i])
            if (const PredicateInfo* p = a.find(s.name, s.arity)) BOOST_TEST(p->scc == static_cast<int>(i), s.str());
}

BOOST_AUTO_TEST_CASE(edges_reachability_and_locations) {
    const Analysis a = analyze_text(kGame);
    const auto& goal = a.edges.at({"goal", 2});
    auto neg = std::find_if(goal.begin(), goal.end(), [](const Dependency& d) { return d.negative; });
    BOOST_REQUIRE(neg != goal.end());
    BOOST_TEST(neg->to.str() == "reach/1");
    BOOST_TEST(neg->loc.line == 13);
    BOOST_TEST(neg->loc.col == 23);
    BOOST_TEST(std::count_if(goal.begin(), goal.end(), [](const Dependency& d) { return !d.negative; }) == 1);
    const auto from_goal = a.reachable_from({"goal", 2});
    BOOST_TEST(from_goal.count({"reach", 1}) == 1u);
    BOOST_TEST(from_goal.count({"edge", 2}) == 1u);
    BOOST_TEST(from_goal.count({"goal", 2}) == 0u);  // not recursive: not its own successor
    BOOST_TEST(a.reachable_from({"reach", 1}).count({"reach", 1}) == 1u);  // recursive
    BOOST_TEST(is_keyword("legal"));
    BOOST_TEST(is_keyword("knows"));
    BOOST_TEST(!is_keyword("random"));
    BOOST_TEST(!is_keyword("reach"));
}

BOOST_AUTO_TEST_CASE(knows_in_a_rule_makes_the_game_epistemic) {
    const Analysis a = analyze_text(kGame + "(<= solved (knows a (true done)))\n");
    BOOST_TEST(a.epistemic);
    BOOST_TEST((info(a, "solved", 0).cls == PredicateClass::DerivedFluent));
}

// Engine classes: the keyword conventions carried to dependents (a fact `legal` is a derived
// fluent in the theory, and so is what reads it), while `cls` stays the dependency class.
BOOST_AUTO_TEST_CASE(engine_classes_carry_the_keyword_conventions) {
    const Analysis a = analyze_text("(role r) (init s) (legal r a) (<= p (legal r a)) (<= q p) (<= (next s) (true s))\n"
                                    "(<= terminal q) (goal r 100) (<= w (does r a)) (<= (sees r x) w) (edge 1 2)\n");
    BOOST_TEST((info(a, "legal", 2).cls == PredicateClass::Static));
    BOOST_TEST((info(a, "legal", 2).engine_cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "p", 0).cls == PredicateClass::Static));
    BOOST_TEST((info(a, "p", 0).engine_cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "q", 0).engine_cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "goal", 2).engine_cls == PredicateClass::DerivedFluent));
    BOOST_TEST((info(a, "w", 0).engine_cls == PredicateClass::ActionPredicate));
    BOOST_TEST((info(a, "edge", 2).engine_cls == PredicateClass::Static));
    BOOST_TEST((engine_class(a, {"sees", 2}) == PredicateClass::ActionPredicate));
    BOOST_TEST((engine_class(a, {"next", 1}) == PredicateClass::ActionPredicate));
    BOOST_TEST((keyword_class({"terminal", 0}) == PredicateClass::DerivedFluent));
    BOOST_TEST((keyword_class({"next", 2}) == PredicateClass::Static));  // a keyword only at its arity
}

// The fluents a state can hold: under init and next heads (p/1, done/0), not those only read
// under true in a body; unknown as soon as some init or next head is a variable -- but a frame
// rule (<= (next ?f) ... (true ?f) ...) keeps only what held and leaves them known.
BOOST_AUTO_TEST_CASE(holdable_fluents) {
    const Analysis a = analyze_text(kGame + "(<= (legal a go) (true (q 7)))\n");
    BOOST_TEST(a.holdable_known);
    BOOST_TEST((a.holdable == std::set<Signature>{{"p", 1}, {"done", 0}}));
    BOOST_TEST(a.fluents.count(Signature{"q", 1}) == 1);  // read, never made
    const Analysis b = analyze_text(kGame + "(<= (next ?f) (true ?f) (does a stop))\n");
    BOOST_TEST(b.holdable_known);
    BOOST_TEST((b.holdable == a.holdable));
    const Analysis c = analyze_text(kGame + "(<= (next ?f) (does a stop) (make ?f)) (make (r 1))\n");
    BOOST_TEST(!c.holdable_known);
    const Analysis d = analyze_text(kGame + "(<= (next ?f) (not (true ?f)) (does a stop) (make ?f)) (make (r 1))\n");
    BOOST_TEST(!d.holdable_known);  // only a positive (true ?f) keeps
}
