// Validation (src/gdl/validate.h): one small inline program per restriction, with the
// exact message and location expected; plus programs that must pass.
#define BOOST_TEST_MODULE validate
#include <boost/test/unit_test.hpp>

#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/validate.h"

using namespace gdlsc::gdl;

namespace {

// A complete minimal game on line 1, so that the snippets under test start on line 2.
const std::string kGame = "(role r) (<= (legal r a) (true s)) (<= terminal (true s)) (goal r 100)\n";

std::vector<Diagnostic> run(const std::string& text, Severity only = Severity::Error, bool strict = false) {
    Diagnostics d;
    d.set_strict(strict);
    Program p = read_game_text("t.kif", text, d);
    BOOST_REQUIRE_MESSAGE(!d.has_errors(), "the test program must read without errors");
    validate(p, analyze(p), d);
    std::vector<Diagnostic> out;
    for (auto& x : d.sorted())
        if (x.severity == only) out.push_back(x);
    return out;
}

// "line:col: message" of every error.
std::vector<std::string> errors(const std::string& text) {
    std::vector<std::string> out;
    for (const auto& x : run(text))
        out.push_back(std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) + ": " + x.message);
    return out;
}

using Lines = std::vector<std::string>;

std::string join(const Lines& xs) {
    std::string s;
    for (const auto& x : xs) s += x + "\n";
    return s;
}

// The errors of `text`, one "line:col: message" per line, must be exactly `want`.
void expect(const std::string& text, const Lines& want) { BOOST_TEST(join(errors(text)) == join(want)); }

}  // namespace

BOOST_AUTO_TEST_CASE(valid_game_has_no_diagnostics) {
    Diagnostics d;
    Program p = read_game_text("t.kif", kGame +
        "(succ 1 2) (succ 2 3) (init (step 1))\n"
        "(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))\n"
        "(<= (reach ?x ?y) (succ ?x ?y)) (<= (reach ?x ?z) (succ ?x ?y) (reach ?y ?z))\n"
        "(<= (sees r ?m) (does r ?m))\n"
        "(<= (p ?x) (or (succ ?x 2) (succ 1 ?x)) (not (reach ?x 1)) (distinct ?x 3))\n"
        "(<= (q ?x) (succ ?x ?z) (or (and (succ ?z ?y) (not (succ ?y 1))) (succ 3 ?z)))\n", d);
    validate(p, analyze(p), d);
    BOOST_TEST(d.empty());
}

// --- safety -----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(unsafe_head_variable) {
    expect(kGame + "(<= (p ?x) (q ?y))\n(q 1)",
           {"2:8: unsafe rule: variable ?x occurs in the head but in no positive body literal"});
}

BOOST_AUTO_TEST_CASE(unsafe_negative_literal) {
    expect(kGame + "(q 1)\n(<= (p ?x) (q ?x) (not (q ?y)))",
           {"3:27: unsafe rule: variable ?y occurs in a negative literal but in no positive body literal"});
}

BOOST_AUTO_TEST_CASE(unsafe_distinct) {
    expect(kGame + "(q 1)\n(<= (p ?x) (q ?x) (distinct ?x ?y))",
           {"3:32: unsafe rule: variable ?y occurs in a distinct but in no positive body literal"});
}

BOOST_AUTO_TEST_CASE(or_binds_only_what_every_disjunct_binds) {
    auto v = run(kGame + "(q 1) (r 1)\n(<= (p ?x) (or (q ?x) (r ?y)))");
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST(v[0].loc.str() == "t.kif:3:8");
    BOOST_TEST(v[0].message == "unsafe rule: variable ?x occurs in the head but in no positive body literal");
    BOOST_TEST(v[0].hint == "an 'or' binds ?x only if every disjunct binds it");
    expect(kGame + "(q 1) (r 1)\n(<= (p ?x) (or (q ?x) (r ?x)))", {});
}

BOOST_AUTO_TEST_CASE(unsafe_fact) {
    expect(kGame + "(q ?x a ?x)",
           {"2:4: unsafe fact: variable ?x in a fact"});
}

BOOST_AUTO_TEST_CASE(prolog_style_variables_warn) {
    auto v = run(kGame + "(q 1)\n(<= (p Col) (q Col))", Severity::Warning);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST(v[0].loc.str() == "t.kif:3:8");
    BOOST_TEST(v[0].message == "'Col' looks like a Prolog-style variable, but in KIF it is the constant 'col'");
    // An upper-case KIF file is ordinary KIF.
    BOOST_TEST(run("(ROLE R) (<= (LEGAL R A) (TRUE S)) (<= TERMINAL (TRUE S)) (GOAL R 100)\n"
                   "(Q 1) (<= (P C) (Q C))", Severity::Warning).empty());
}

// --- keywords ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(role_only_in_facts) {
    expect(kGame + "(q x)\n(<= (role x) (q x))",
           {"3:5: 'role' only appears in facts, not as the head of a rule"});
}

BOOST_AUTO_TEST_CASE(head_only_keywords_in_bodies) {
    expect(kGame + "(<= (p 1) (init a))\n(<= (p 2) (next a))",
           {"2:11: 'init' only appears in rule heads, not in bodies",
                     "3:11: 'next' only appears in rule heads, not in bodies"});
}

BOOST_AUTO_TEST_CASE(body_only_keywords_in_heads) {
    expect(kGame + "(<= (true a) (true b))\n(<= (does r a) (true b))",
           {"2:5: 'true' cannot be the head of a rule: it only appears in rule bodies",
                     "3:5: 'does' cannot be the head of a rule: it only appears in rule bodies"});
}

BOOST_AUTO_TEST_CASE(misplaced_parenthesis_makes_a_keyword_fact) {
    auto v = run(kGame + "(<= (legal r b)\n    (true (turn ?c)))\n    (true (mark ?c))");
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST(v[0].loc.str() == "t.kif:4:5");
    BOOST_TEST(v[0].message == "top-level fact (true (mark ?c)): 'true' only appears in rule bodies");
    BOOST_TEST(v[0].hint == "check the parentheses of the rule that ends just before (it starts at t.kif:2:1): "
                            "a ')' too many closes it early");
}

BOOST_AUTO_TEST_CASE(keyword_arities) {
    expect(kGame + "(<= (p 1) (true a b))\n(<= (legal r) (true a))\n(<= (goal r 1 2) (true a))",
           {"2:11: 'true' takes 1 argument, not 2", "3:5: 'legal' takes 2 arguments, not 1",
                     "4:5: 'goal' takes 2 arguments, not 3"});
}

BOOST_AUTO_TEST_CASE(missing_role_legal_terminal_goal) {
    expect("(p a)\n",
           {"1:1: the game has no role facts", "1:1: the game has no rules for goal",
                                          "1:1: the game has no rules for legal",
                                          "1:1: the game has no rules for terminal"});
}

// --- dependencies -----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(init_independent_of_state) {
    expect(kGame + "(<= (init a) q)\n(<= q (true b))\n(<= (init c) (true b))",
           {"2:14: 'init' depends on true (through q/0): init must not depend on true, does, legal, next, "
                     "sees, terminal, goal or knows",
                     "4:14: 'init' depends on true: init must not depend on true, does, legal, next, sees, terminal, "
                     "goal or knows"});
}

BOOST_AUTO_TEST_CASE(legal_terminal_goal_independent_of_does) {
    expect(kGame + "(<= (legal r b) (does r a))",
           {"2:17: 'legal' depends on does: legal, terminal and goal must not depend on does (nor on sees "
                     "or next)"});
}

BOOST_AUTO_TEST_CASE(goal_depending_on_sees) {
    expect(kGame + "(<= (sees r x) (does r a))\n(<= (goal r 0) (sees r x))",
           {"3:16: 'goal' depends on does and sees: legal, terminal and goal must not depend on does (nor "
                     "on sees or next)",
                     "3:16: 'sees' only appears in rule heads, not in bodies"});
}

BOOST_AUTO_TEST_CASE(base_and_input_are_static) {
    expect(kGame + "(<= (base ?x) (true ?x))\n(<= (input r ?m) (does r ?m))",
           {"2:15: 'base' depends on true: base is a static declaration and must not depend on true or does",
                     "3:18: 'input' depends on does: input is a static declaration and must not depend on true or "
                     "does"});
}

// --- stratification and recursion ---------------------------------------------------------

BOOST_AUTO_TEST_CASE(unstratified_negation) {
    expect(kGame + "(q 1)\n(<= (p ?x) (q ?x) (not (s ?x)))\n(<= (s ?x) (p ?x))",
           {"3:24: unstratified negation: 'p/1' depends negatively on 's/1', which depends on 'p/1' "
                     "(cycle p/1 -> s/1 -> p/1)"});
}

BOOST_AUTO_TEST_CASE(recursion_restriction) {
    expect(kGame + "(p a)\n(<= (p (f ?x)) (p ?x))",
           {"3:19: recursion restriction violated: argument ?x of p/1 (in a cycle with p/1) is not "
                     "ground, not a head argument, and ?x occurs in no positive literal outside the cycle"});
    // Bound outside the cycle, or passed on unchanged: fine.
    expect(kGame + "(n a) (n b) (p a)\n(<= (p (f ?x)) (n ?x) (p ?x))\n(<= (r ?x ?y) (p ?x) (r ?y ?x))", {});
}

// --- arities ------------------------------------------------------------------------------

// A second arity is an accepted deviation: a warning that says the meaning, an error with --strict.
BOOST_AUTO_TEST_CASE(relation_arities_differ) {
    const std::string text = kGame + "(q a)\n(q a b)\n(q c d)";
    BOOST_TEST(run(text).empty());
    auto w = run(text, Severity::Warning);
    BOOST_REQUIRE_EQUAL(w.size(), 1u);
    BOOST_TEST(w[0].deviation);
    BOOST_TEST(w[0].message == "relation 'q' is used with 2 arguments, but with 1 argument elsewhere: gdlsc reads "
                               "them as two relations, q/1 and q/2");
    auto v = run(text, Severity::Error, true);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST(v[0].loc.str() == "t.kif:3:1");
    BOOST_TEST(v[0].hint == "GDL gives each symbol one arity; first used with 1 argument at t.kif:2:1; refused by --strict");
}

BOOST_AUTO_TEST_CASE(function_arities_differ) {
    auto v = run(kGame + "(q (f a))\n(q (f a b))", Severity::Error, true);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST(v[0].loc.str() == "t.kif:3:4");
    BOOST_TEST(run(kGame + "(q (f a))\n(q (f a b))").empty());
}

BOOST_AUTO_TEST_CASE(next_in_a_sees_rule_and_anonymous_negation_are_deviations) {
    const std::string sees = kGame + "(<= (sees r (moved ?x)) (does r ?x) (next s))";
    BOOST_TEST(run(sees).empty());
    BOOST_TEST(run(sees, Severity::Warning).size() == 1u);
    BOOST_TEST(run(sees, Severity::Error, true).size() == 1u);
    // next in any other body is still an error.
    BOOST_TEST(run(kGame + "(<= (p) (next s))").size() == 1u);
    const std::string anon = kGame + "(<= (free) (not (true (cell ?_x))))";
    BOOST_TEST(run(anon).empty());
    BOOST_TEST(run(anon, Severity::Error, true).size() == 1u);
    // A named variable (or an anonymous one used twice) under not stays unsafe.
    BOOST_TEST(run(kGame + "(<= (free) (not (true (cell ?x))))").size() == 1u);
    BOOST_TEST(run(kGame + "(<= (free) (not (true (cell ?_x ?_x))))").size() == 1u);
}

// --- missing keywords and their misspellings --------------------------------------------------

BOOST_AUTO_TEST_CASE(a_missing_keyword_points_at_its_misspelling) {
    expect("(role r) (<= (legal r a) (true s))\n(<= terminl (true s))\n(goal r 100)",
           {"2:5: the game has no rules for terminal, but this rule defines 'terminl': did you mean terminal?"});
    expect("(rol r) (<= (legal r a) (true s)) (<= terminal (true s)) (goal r 100)",
           {"1:1: the game has no role facts, but this rule defines 'rol': did you mean role?"});
    expect("(role r) (<= (legal r a) (true s)) (<= terminal (true s)) (<= (gl r 100) (true s))",
           {"1:63: the game has no rules for goal, but this rule defines 'gl': did you mean goal?"});
    // No near miss -- none within two edits, or with another arity, or used in a body: at the
    // start of the file, as before.
    expect("(role r) (<= (legal r a) (true s)) (goal r 100)", {"1:1: the game has no rules for terminal"});
    expect("(role r) (<= (legal r a) (true s)) (goal r 100) (<= (terminl ?x) (true ?x))",
           {"1:1: the game has no rules for terminal"});
    expect("(role r) (<= (legal r a) (terminl)) (goal r 100) (<= terminl (true s))",
           {"1:1: the game has no rules for terminal"});
}

// --- stratification decided by the ground program (the check of src/query) -------------------

namespace {

std::vector<Diagnostic> with_ground(const std::string& text, GroundStratification verdict, int& calls,
                                    bool strict = false) {
    Diagnostics d;
    d.set_strict(strict);
    Program p = read_game_text("t.kif", text, d);
    validate(p, analyze(p), d, [&](const Program&, const Analysis&) {
        ++calls;
        return verdict;
    });
    return d.sorted();
}

}  // namespace

BOOST_AUTO_TEST_CASE(negation_stratified_in_the_ground_program_is_a_deviation) {
    using V = GroundStratification::Verdict;
    const std::string game = kGame + "(<= (p a) (true s))\n(<= (p b) (not (p a)))\n(<= (goal r 0) (p b))";
    int calls = 0;
    auto v = with_ground(game, {V::Stratified, ""}, calls);
    BOOST_TEST(calls == 1);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST((v[0].severity == Severity::Warning));
    BOOST_TEST(v[0].deviation);
    BOOST_TEST(v[0].loc.str() == "t.kif:3:16");
    BOOST_TEST(v[0].message == "negation stratified only in the ground program: 'p/1' depends negatively on 'p/1', "
                               "which depends on 'p/1' (cycle p/1 -> p/1); no ground atom depends on itself through "
                               "'not', so the game has one standard model, which gdlsc uses");
    v = with_ground(game, {V::Stratified, ""}, calls, true);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST((v[0].severity == Severity::Error));
    v = with_ground(game, {V::NotStratified, "(p@0 b) -> not (p@0 b)"}, calls);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST((v[0].severity == Severity::Error));
    BOOST_TEST(v[0].hint == "GDL requires stratified rules: no recursion through 'not'; nor is the ground program "
                            "stratified: (p@0 b) -> not (p@0 b)");
    v = with_ground(game, {V::Unknown, "too large"}, calls);
    BOOST_REQUIRE_EQUAL(v.size(), 1u);
    BOOST_TEST((v[0].severity == Severity::Error));
    // A game with another error is not grounded.
    calls = 0;
    v = with_ground(game + "\n(<= (q ?x) (p a))", {V::Stratified, ""}, calls);
    BOOST_TEST(calls == 0);
    BOOST_TEST(v.size() == 2u);
}

// --- GDL-III --------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(knows_only_in_bodies) {
    expect(kGame + "(<= (knows r s) (true s))",
           {"2:5: 'knows' cannot be the head of a rule: it only appears in rule bodies"});
}

BOOST_AUTO_TEST_CASE(knows_needs_a_total_order) {
    expect(kGame + "(<= p (knows r q))\n(<= q (knows r p))",
           {"3:16: no total order on the relations under knows: p/0 > q/0 > p/0"});
    expect(kGame + "(<= p aux)\n(<= aux (knows r q))\n(<= q (knows r p))",
           {"4:16: no total order on the relations under knows: p/0 > q/0 > p/0"});
    expect(kGame + "(<= p (knows p))",
           {"2:14: no total order on the relations under knows: p/0 > p/0"});
}

BOOST_AUTO_TEST_CASE(knows_of_a_connective_or_distinct) {
    expect(kGame + "(<= k (knows r (distinct a b)))",
           {"2:16: the argument of 'knows' must be a relation, not 'distinct'"});
    expect(kGame + "(<= k (knows (not (true s))))", {"2:14: the argument of 'knows' must be a relation, not 'not'"});
    BOOST_TEST(run(kGame + "(<= (differ ?x ?y) (role ?x) (role ?y) (distinct ?x ?y))\n(<= k (knows r (differ r r)))").empty());
}

// A constant that is no role, and a role alone under knows (a forgotten argument): both were
// literals that are never true, accepted silently.
BOOST_AUTO_TEST_CASE(knows_of_a_role_that_is_not_one) {
    expect(kGame + "(<= k (knows carol s))", {"2:14: 'carol' is not a role: (knows R P) is about what role R knows"});
    expect(kGame + "(<= k (knows r))",
           {"2:7: (knows r) is common knowledge of a relation r/0 that the game does not define, but r is a role"});
    BOOST_TEST(run(kGame + "(<= r (true s))\n(<= k (knows r))").empty());  // r/0 defined: common knowledge of it
    BOOST_TEST(run(kGame + "(<= k (knows r s))").empty());
}

BOOST_AUTO_TEST_CASE(no_does_under_knows) {
    expect(kGame + "(<= m (does r a))\n(<= (goal r 0) (knows r m))",
           {"3:25: 'm/0' occurs under knows but depends on does"});
}

BOOST_AUTO_TEST_CASE(init_independent_of_knows) {
    expect(kGame + "(<= k (knows r s))\n(<= (init a) k)",
           {"3:14: 'init' depends on true and knows (through k/0): init must not depend on true, does, "
                     "legal, next, sees, terminal, goal or knows"});
}

BOOST_AUTO_TEST_CASE(knowledge_makes_a_derived_fluent) {
    Diagnostics d;
    Program p = read_game_text("t.kif", kGame + "(<= (num ?n) (true (secret ?n)))\n(<= (knows_number ?r) (role ?r) (knows ?r (num ?n)))", d);
    Analysis a = analyze(p);
    BOOST_REQUIRE(a.find("knows_number", 1) != nullptr);
    BOOST_TEST(std::string(class_name(a.find("knows_number", 1)->cls)) == "derived fluent");
    BOOST_TEST(a.find("knows", 2) == nullptr);
    validate(p, a, d);
    BOOST_TEST(!d.has_errors());
}

// --- all violations, sorted ------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(reports_every_violation_sorted) {
    std::vector<std::string> e;  // with --strict: the second arity is an error too
    for (const auto& x : run(kGame + "(<= (p ?x) (q ?y))\n(q 1) (q 1 2)\n(<= (legal r c) (does r a))", Severity::Error, true))
        e.push_back(std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) + ": " + x.message);
    BOOST_REQUIRE_EQUAL(e.size(), 3u);
    BOOST_TEST(e[0].substr(0, 5) == "2:8: ");
    BOOST_TEST(e[1].substr(0, 5) == "3:7: ");
    BOOST_TEST(e[2].substr(0, 6) == "4:17: ");
}

// NumberGuessing in GDL-III (Thielscher 2016, Example 1; the paper's `kows_the_number` typo
// corrected and its bare conjunction inside `or` written as `and`): valid.
BOOST_AUTO_TEST_CASE(number_guessing_gdl3_is_valid) {
    auto v = errors(
        "(role player) (role random)\n"
        "(number 1) (number 2) (number 3) (succ 0 1) (succ 1 2) (succ 2 3)\n"
        "(<= (less ?m ?n) (or (succ ?m ?n) (and (succ ?m ?l) (less ?l ?n))))\n"
        "(init (step 0))\n"
        "(<= (legal random (choose ?n)) (number ?n) (true (step 0)))\n"
        "(<= (legal random noop) (not (true (step 0))))\n"
        "(<= (legal player noop) (true (step 0)))\n"
        "(<= (legal player (ask_if_less ?n)) (number ?n) (not (true (step 0))))\n"
        "(<= (sees player yes) (does player (ask_if_less ?n)) (true (secret ?m)) (less ?m ?n))\n"
        "(<= (next (secret ?n)) (does random (choose ?n)))\n"
        "(<= (next (secret ?n)) (true (secret ?n)))\n"
        "(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))\n"
        "(<= (num ?n) (true (secret ?n)))\n"
        "(<= (knows_the_number ?r) (role ?r) (knows ?r (num ?n)))\n"
        "(<= terminal (or (knows_the_number player) (true (step 3))))\n"
        "(<= (goal player 100) (knows_the_number player))\n"
        "(<= (goal player 0) (not (knows_the_number player)))\n");
    BOOST_TEST(join(v) == "");
    // The recursion restriction looks at the disjunct: ?l is bound there by succ.
    expect(kGame + "(succ 1 2)\n(<= (less ?m ?n) (or (succ ?m ?n) (and (true (x ?m ?l)) (less ?l ?n))))\n"
                   "(<= (mid ?n) (or (succ ?l ?n) (succ ?n ?k)) (mid ?l))",
           {"4:50: recursion restriction violated: argument ?l of mid/1 (in a cycle with mid/1) is not ground, not a "
            "head argument, and ?l occurs in no positive literal outside the cycle"});
}

BOOST_AUTO_TEST_CASE(warns_about_a_role_without_legal_or_goal) {
    auto v = run(kGame + "(role s) (role random) (<= (legal random a) (true s))", Severity::Warning);
    BOOST_REQUIRE_EQUAL(v.size(), 2u);
    BOOST_TEST(v[0].loc.str() == "t.kif:2:1");
    BOOST_TEST(v[0].message == "role 's' has no goal rule");
    BOOST_TEST(v[1].message == "role 's' has no legal rule");
    BOOST_TEST(errors(kGame + "(role s) (role random) (<= (legal random a) (true s))").empty());
}
