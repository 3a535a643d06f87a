// The lint (src/gdl/lint.h): one small inline game per warning kind, with the exact message and
// location expected; games that must pass without a warning (facts used only by used relations,
// declarations, random, relations under knows); strict mode; and the edit distance behind
// "did you mean" (src/gdl/spelling.h).
#define BOOST_TEST_MODULE lint
#include <boost/test/unit_test.hpp>

#include "gdl/analysis.h"
#include "gdl/lint.h"
#include "gdl/reader.h"
#include "gdl/spelling.h"
#include "gdl/validate.h"

using namespace gdlsc::gdl;

namespace {

// A complete minimal game on line 1, so that the snippets under test start on line 2.
const std::string kGame = "(role r) (init s) (<= (legal r a) (true s)) (<= (next s) (does r a)) (<= terminal (true s)) (goal r 100)\n";

// The lint diagnostics of `text`, read and validated first as check does, sorted.
std::vector<Diagnostic> lint_diagnostics(const std::string& text, bool strict = false) {
    Diagnostics d;
    d.set_strict(strict);
    Program p = read_game_text("t.kif", text, d);
    Analysis a = analyze(p);
    validate(p, a, d);
    BOOST_REQUIRE_MESSAGE(!d.has_errors(), "the test game must be valid");
    lint(p, a, d);
    std::vector<Diagnostic> out;
    for (const auto& x : d.sorted())
        if (x.lint) out.push_back(x);
    return out;
}

// "line:col: message" of each, all warnings (errors under strict).
std::vector<std::string> lint_of(const std::string& text, bool strict = false) {
    std::vector<std::string> out;
    for (const auto& x : lint_diagnostics(text, strict)) {
        BOOST_TEST((x.severity == (strict ? Severity::Error : Severity::Warning)));
        out.push_back(std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) + ": " + x.message);
    }
    return out;
}

void expect(const std::string& text, const std::vector<std::string>& want) {
    BOOST_TEST(lint_of(text) == want, boost::test_tools::per_element());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_game_without_mistakes_has_no_warning) {
    expect(kGame, {});
    // Facts used only by used relations, declarations, random, a relation under knows, a
    // relation used only by init, a recursive helper, or and not, distinct.
    expect(kGame +
               "(succ 1 2) (succ 2 3)\n"
               "(<= (reach ?x ?y) (succ ?x ?y)) (<= (reach ?x ?z) (succ ?x ?y) (reach ?y ?z))\n"
               "(<= (goal r 0) (reach 1 3) (or (true s) (not (true s))))\n"
               "(<= (base (step ?n)) (num ?n)) (num 1) (input r a) (percept r a)\n"
               "(role random) (<= (legal random a) (true s))\n"
               "(<= (init (cell ?x)) (cellname ?x)) (cellname c)\n"
               "(<= known (knows r (secret ?x))) (<= (secret ?x) (true (cell ?x)) (distinct ?x s)) (<= terminal known)\n",
           {});
}

BOOST_AUTO_TEST_CASE(a_misspelt_body_keyword_is_an_undefined_relation) {
    expect(kGame + "(<= (next t) (tru s))", {"2:14: relation 'tru/1' is used but never defined; did you mean true?"});
    expect(kGame + "(<= (next t) (true s) (nto (true t)))",
           {"2:23: relation 'nto/1' is used but never defined; did you mean not?"});
    expect(kGame + "(<= (next t) (dose r a))", {"2:14: relation 'dose/2' is used but never defined; did you mean does?"});
    expect(kGame + "(<= (next t) (true s) (distinc s t))",
           {"2:23: relation 'distinc/2' is used but never defined; did you mean distinct?"});
    // Every occurrence is reported where it is, under not and or too.
    expect(kGame + "(<= (next t) (true s) (not (tru t)))\n(<= (next u) (or (tru u) (true s)))",
           {"2:28: relation 'tru/1' is used but never defined; did you mean true?",
            "3:18: relation 'tru/1' is used but never defined; did you mean true?"});
}

BOOST_AUTO_TEST_CASE(an_undefined_relation_gets_the_nearest_defined_one) {
    expect(kGame + "(adjacent 1 2)\n(<= (next t) (true s) (adjacen 1 ?x))",
           {"2:1: relation 'adjacent/2' is defined but never used; did you mean adjacen?",
            "3:23: relation 'adjacen/2' is used but never defined; did you mean adjacent?"});
    // No near miss: no suggestion; a relation defined with another arity is named in the hint.
    auto v = lint_diagnostics(kGame + "(<= (next t) (true s) (quux ?x)) (quux 1 2)");
    BOOST_REQUIRE(!v.empty());
    BOOST_TEST(v.front().message == "relation 'quux/1' is used but never defined");
    BOOST_TEST(v.front().hint == "a relation without rules is never true; 'quux' is defined with 2 arguments");
}

BOOST_AUTO_TEST_CASE(the_relation_under_knows_is_a_use) {
    expect(kGame + "(<= terminal (knows r (secrt)))", {"2:23: relation 'secrt/0' is used but never defined"});
}

BOOST_AUTO_TEST_CASE(a_bare_not_is_a_relation) {
    // minesweeper.kif:159: (<= terminal not open) -- the rule needs (not open).
    auto v = lint_diagnostics(kGame + "(<= terminal not open) (<= open (true s))");
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST(v[0].loc.str() == "t.kif:2:14");
    BOOST_TEST(v[0].message == "relation 'not/0' is used but never defined");
    BOOST_TEST(v[0].hint == "'not' is a connective only as the first item of a list: (not ...)");
}

BOOST_AUTO_TEST_CASE(a_misspelt_head_is_an_unused_relation) {
    expect(kGame + "(<= (legl r b) (true s))", {"2:5: relation 'legl/2' is defined but never used; did you mean legal?"});
    expect(kGame + "(<= (nxt s) (true s))", {"2:5: relation 'nxt/1' is defined but never used; did you mean next?"});
    expect(kGame + "(<= terminl (true s))", {"2:5: relation 'terminl/0' is defined but never used; did you mean terminal?"});
    expect(kGame + "(rol x)", {"2:1: relation 'rol/1' is defined but never used; did you mean role?"});
    // A keyword's arity differs: said.
    expect(kGame + "(<= (legl r) (true s))",
           {"2:5: relation 'legl/1' is defined but never used; did you mean legal? (legal takes 2 arguments, not 1)"});
}

BOOST_AUTO_TEST_CASE(an_unused_relation_is_reported_once_with_what_only_it_uses) {
    auto v = lint_diagnostics(kGame + "(<= (helper ?x) (part ?x)) (part 1)\n"
                                      "(<= (loop1 ?x) (loop2 ?x)) (<= (loop2 ?x) (loop1 ?x) (part ?x))");
    BOOST_REQUIRE_EQUAL(v.size(), 3u);
    BOOST_TEST(v[0].loc.str() == "t.kif:2:5");
    BOOST_TEST(v[0].message == "relation 'helper/1' is defined but never used");
    BOOST_TEST(v[0].hint == "no rule of legal, next, terminal, goal, sees or init uses it, nor a relation they use; "
                            "nor are the relations only it uses: part/1");
    // A cycle that nothing else uses: each of its relations.
    BOOST_TEST(v[1].message == "relation 'loop1/1' is defined but never used");
    BOOST_TEST(v[2].message == "relation 'loop2/1' is defined but never used");
}

BOOST_AUTO_TEST_CASE(strict_mode_makes_them_errors) {
    BOOST_TEST(lint_of(kGame + "(<= (next t) (tru s))", true).size() == 1u);
}

BOOST_AUTO_TEST_CASE(edit_distance_counts_a_swap_as_one) {
    BOOST_TEST(edit_distance("legal", "legl") == 1u);
    BOOST_TEST(edit_distance("not", "nto") == 1u);
    BOOST_TEST(edit_distance("terminal", "termnial") == 1u);
    BOOST_TEST(edit_distance("goal", "gaol") == 1u);
    BOOST_TEST(edit_distance("next", "nxet") == 1u);
    BOOST_TEST(edit_distance("next", "nxtt") == 2u);
    BOOST_TEST(edit_distance("", "abc") == 3u);
    BOOST_TEST(edit_distance("row", "role") == 2u);
    BOOST_TEST(near_miss("legl", "legal"));
    BOOST_TEST(!near_miss("legal", "legal"));
    BOOST_TEST(!near_miss("x", "or"));  // short names: one edit
    BOOST_TEST(near_miss("ro", "or"));
    BOOST_TEST(!near_miss("row", "role"));
    BOOST_TEST(near_miss("lgl", "legal"));  // two edits of a longer name
    auto n = nearest({"lega", 2}, {{"legal", 2}, {"lemma", 2}});
    BOOST_REQUIRE(n.has_value());
    BOOST_TEST(n->name == "legal");
    BOOST_TEST(!nearest({"zzz", 1}, {{"legal", 2}}).has_value());
}
