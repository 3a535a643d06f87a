// KIF reader: locations, case folding, comments, errors.
#define BOOST_TEST_MODULE kif_reader
#include <boost/test/unit_test.hpp>

#include "gdl/analysis.h"
#include "gdl/reader.h"

using namespace gdlsc::gdl;

BOOST_AUTO_TEST_CASE(reads_rules_with_locations) {
    Diagnostics d;
    auto p = read_game_text("t.kif", "; comment\r\n(role X)\r\n(<= (legal ?r (Mark ?m)) (true (control ?r))\n  (not (true (cell ?m b))))", d);
    BOOST_TEST(!d.has_errors());
    BOOST_REQUIRE_EQUAL(p.rules.size(), 2u);
    BOOST_TEST(p.rules[0].head.to_kif() == "(role x)");
    BOOST_TEST(p.rules[0].loc.line == 2);
    BOOST_TEST(p.rules[1].to_kif() == "(<= (legal ?r (mark ?m)) (true (control ?r)) (not (true (cell ?m b))))");
    BOOST_TEST(p.rules[1].body[1].loc.line == 4);
    BOOST_TEST(p.rules[1].body[1].loc.col == 3);
}

BOOST_AUTO_TEST_CASE(reports_unbalanced_parentheses_and_variable_functors) {
    Diagnostics d;
    read_game_text("t.kif", "(role x))\n(<= (p ?x) (?f ?x))\n(init a", d);
    auto v = d.sorted();
    BOOST_REQUIRE_EQUAL(v.size(), 3u);
    BOOST_TEST(v[0].loc.str() == "t.kif:1:9");
    BOOST_TEST(v[1].message.find("functor position") != std::string::npos);
    BOOST_TEST(v[2].loc.str() == "t.kif:3:1");
}

BOOST_AUTO_TEST_CASE(classifies_predicates) {
    Diagnostics d;
    auto p = read_game_text("t.kif",
        "(role a) (succ 1 2) (<= (next (c ?y)) (true (c ?x)) (succ ?x ?y))"
        "(<= (legal a (go ?x)) (true (c ?x))) (<= (sees a ?m) (does a ?m))"
        "(<= (r ?x) (succ ?x ?y)) (<= (r ?x) (r ?y) (succ ?y ?x))", d);
    BOOST_TEST(!d.has_errors());
    auto a = analyze(p);
    BOOST_TEST(a.roles.size() == 1u);
    BOOST_TEST(std::string(class_name(a.find("succ", 2)->cls)) == class_name(PredicateClass::Static));
    BOOST_TEST(std::string(class_name(a.find("legal", 2)->cls)) == class_name(PredicateClass::DerivedFluent));
    BOOST_TEST(std::string(class_name(a.find("next", 1)->cls)) == class_name(PredicateClass::DerivedFluent));
    BOOST_TEST(std::string(class_name(a.find("sees", 2)->cls)) == class_name(PredicateClass::ActionPredicate));
    BOOST_TEST(a.find("r", 1)->recursive);
    BOOST_TEST(!a.find("succ", 2)->recursive);
    BOOST_TEST(a.fluents.count(Signature{"c", 1}) == 1u);
}
