// Situation calculus terms and formulas (src/sc/formula.h): the smart constructors of the
// connectives by the laws of Boolean algebra (⊤ is the unit of ∧ and absorbs ∨, ⊥ the dual;
// nested junctions flattened; one operand stands alone), quantifiers over no variable, the
// theory's situation terms, and free variables in order of first occurrence, where a variable
// is its name and its sort and a quantifier binds it only in its body.
#define BOOST_TEST_MODULE sc_formula
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "sc/formula.h"

using namespace gdlsc::sc;
using K = Formula::Kind;

namespace {

Formula p(const std::string& name, std::vector<Term> args = {}) { return Formula::atom(name, std::move(args)); }
Term x(const std::string& n, Sort s = Sort::Object) { return Term::var(n, s); }

std::string names(const std::vector<Term>& vs) {
    std::string s;
    for (const auto& v : vs) s += (s.empty() ? "" : " ") + v.name + (v.sort == Sort::Situation ? ":S" : v.sort == Sort::Action ? ":A" : "");
    return s;
}

std::string preds(const Formula& f) {
    std::string s;
    for (const auto& g : f.subs) s += g.kind == K::Atom ? g.pred : g.kind == K::True ? "T" : g.kind == K::False ? "F" : "?";
    return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(conjunction_by_its_laws) {
    BOOST_TEST((Formula::conj({}).kind == K::True));                              // the empty ∧ is ⊤
    BOOST_TEST((Formula::conj({p("a")}).kind == K::Atom));                        // one operand alone
    BOOST_TEST((Formula::conj({Formula::top(), p("a"), Formula::top()}).pred == "a"));  // ⊤ ∧ a ∧ ⊤ = a
    BOOST_TEST((Formula::conj({p("a"), Formula::bottom(), p("b")}).kind == K::False));  // ⊥ absorbs
    Formula f = Formula::conj({p("a"), Formula::conj({p("b"), p("c")}), Formula::top(), p("d")});
    BOOST_TEST((f.kind == K::And));
    BOOST_TEST(preds(f) == "abcd");  // flattened, in order
    // an ∨ inside an ∧ stays one operand
    Formula g = Formula::conj({p("a"), Formula::disj({p("b"), p("c")})});
    BOOST_TEST(g.subs.size() == 2u);
    BOOST_TEST((g.subs[1].kind == K::Or));
}

BOOST_AUTO_TEST_CASE(disjunction_is_the_dual) {
    BOOST_TEST((Formula::disj({}).kind == K::False));
    BOOST_TEST((Formula::disj({Formula::bottom(), p("a")}).pred == "a"));
    BOOST_TEST((Formula::disj({p("a"), Formula::top()}).kind == K::True));
    Formula f = Formula::disj({Formula::disj({p("a"), p("b")}), Formula::bottom(), p("c")});
    BOOST_TEST((f.kind == K::Or));
    BOOST_TEST(preds(f) == "abc");
}

BOOST_AUTO_TEST_CASE(other_connectives_and_quantifiers) {
    Formula n = Formula::neg(p("a"));
    BOOST_TEST((n.kind == K::Not));
    BOOST_TEST(preds(n) == "a");
    Formula i = Formula::implies(p("a"), p("b"));
    BOOST_TEST((i.kind == K::Implies));
    BOOST_TEST(preds(i) == "ab");
    BOOST_TEST((Formula::iff(p("a"), p("b")).kind == K::Iff));
    // no variable: the body itself
    BOOST_TEST((Formula::forall({}, p("a")).kind == K::Atom));
    BOOST_TEST((Formula::exists({}, p("a")).kind == K::Atom));
    Formula q = Formula::exists({x("y")}, p("a", {x("y")}));
    BOOST_TEST(q.is_quantifier());
    BOOST_TEST(names(q.vars) == "y");
    BOOST_TEST(!Formula::builtin_atom("Holds", {}).is_quantifier());
    BOOST_TEST(Formula::builtin_atom("Holds", {}).builtin);
    BOOST_TEST(!p("cell").builtin);
}

BOOST_AUTO_TEST_CASE(situation_terms) {
    Term s = Term::do_(Term::tuple({Term::fun("mark", {Term::fun("1"), Term::fun("1")}), Term::fun("noop")}), Term::s0());
    BOOST_TEST((s.kind == Term::Kind::Do));
    BOOST_TEST((s.sort == Sort::Situation));
    BOOST_TEST((s.args[0].sort == Sort::Action));
    BOOST_TEST((s.args[1].kind == Term::Kind::S0));
    BOOST_TEST(s.args[1].name == "s0");
    Term a = Term::act(Term::fun("xplayer"), x("a", Sort::Action));
    BOOST_TEST(a.name == "Act");
    BOOST_TEST((Term::theory_constant("nomove").kind == Term::Kind::Const));
    BOOST_TEST(!(Term::fun("c") == Term::theory_constant("c")));  // equality sees the kind
}

BOOST_AUTO_TEST_CASE(free_variables_in_order_of_first_occurrence) {
    // ∀s. Holds(f(x, y), s) ∧ ∃x. P(x, z) ∧ Eq(x, w):  s bound, the inner x bound, the outer x free
    Formula f = Formula::forall(
        {x("s", Sort::Situation)},
        Formula::conj({Formula::builtin_atom("Holds", {Term::fun("f", {x("x"), x("y")}), x("s", Sort::Situation)}),
                       Formula::exists({x("x")}, p("P", {x("x"), x("z")})), Formula::eq(x("x"), x("w"))}));
    BOOST_TEST(names(f.free_variables()) == "x y z w");
    // the same name in another sort is another variable: s of sort object is free
    Formula g = Formula::forall({x("s", Sort::Situation)}, p("Q", {x("s"), x("s", Sort::Situation)}));
    BOOST_TEST(names(g.free_variables()) == "s");
    // variables inside Do and tuples, each once
    Term sit = Term::do_(Term::tuple({x("m"), x("m")}), x("s", Sort::Situation));
    std::vector<Term> vs;
    sit.collect_variables(vs);
    BOOST_TEST(names(vs) == "m s:S");
    BOOST_TEST(names(Formula::top().free_variables()) == "");
    // bound only inside its quantifier: (∃x. P(x)) ∧ Q(v, x) has v and x free
    Formula h = Formula::conj({Formula::exists({x("x")}, p("P", {x("x")})), p("Q", {x("v"), x("x")})});
    BOOST_TEST(names(h.free_variables()) == "v x");
}
