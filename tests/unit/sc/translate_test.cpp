// The translation into the situation calculus: classes, rewriting, Clark completion, the
// fixed axioms, and the TPTP spelling of game symbols. Expected formulas are those of
// Schiffel & Thielscher 2011 (validmove of Krieg-TicTacToe is their worked example).
#define BOOST_TEST_MODULE sc_translate
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "gdl/reader.h"
#include "sc/emit.h"
#include "sc/theory.h"

using namespace gdlsc;

namespace {

sc::Theory theory(const std::string& text, const std::string& name = "t.kif") {
    gdl::Diagnostics d;
    auto p = gdl::read_game_text(name, text, d);
    BOOST_REQUIRE(!d.has_errors());
    return sc::translate(p, gdl::analyze(p));
}

std::string completion(const sc::Theory& th, const std::string& name, size_t arity) {
    const auto* d = th.find(name, arity);
    BOOST_REQUIRE(d != nullptr);
    return sc::format_formula(d->completion);
}

const char* kKrieg =
    "(role xplayer) (role oplayer) (init (control xplayer)) (init (cell 1 1 b))\n"
    "(<= (legal ?r (mark ?m ?n)) (true (control ?r)) (true (cell ?m ?n ?z)) (not (true (tried ?m ?n))))\n"
    "(<= (legal xplayer noop) (true (control oplayer)))\n"
    "(<= validmove (does ?r (mark ?m ?n)) (true (cell ?m ?n b)))\n"
    "(<= (next ?f) (not validmove) (true ?f))\n"
    "(<= (next (tried ?m ?n)) (not validmove) (does ?p (mark ?m ?n)))\n"
    "(<= (sees ?r yourmove) (not validmove) (true (control ?r)))\n"
    "(<= terminal (true (cell ?m ?n x)))\n";

}  // namespace

BOOST_AUTO_TEST_CASE(derived_action_predicate_of_the_paper) {
    auto th = theory(kKrieg);
    const auto* v = th.find("validmove", 0);
    BOOST_REQUIRE(v);
    BOOST_TEST(std::string(gdl::class_name(v->cls)) == gdl::class_name(gdl::PredicateClass::ActionPredicate));
    // validmove(A, S) ⊂ Act(R, A) = mark(M, N) ∧ Holds(cell(M, N, b), S)
    BOOST_REQUIRE_EQUAL(v->clauses.size(), 1u);
    BOOST_TEST(sc::format_formula(v->clauses[0].head) == "validmove(A, S)");
    BOOST_TEST(sc::format_formula(v->clauses[0].body) == "Act(R, A) = mark(M, N) ∧ Holds(cell(M, N, b), S)");
    BOOST_TEST(completion(th, "validmove", 0) == "validmove(A, S) ≡ ∃R,M,N. Act(R, A) = mark(M, N) ∧ Holds(cell(M, N, b), S)");
}

BOOST_AUTO_TEST_CASE(initial_and_successor_state_axioms) {
    auto th = theory(kKrieg);
    BOOST_TEST(sc::format_formula(th.initial.completion) == "Holds(F, s0) ≡ F = control(xplayer) ∨ F = cell(1, 1, b)");
    BOOST_TEST(sc::format_formula(th.successor.completion) ==
               "Holds(F, Do(A, S)) ≡ ¬validmove(A, S) ∧ Holds(F, S) ∨ "
               "(∃M,N,P. F = tried(M, N) ∧ ¬validmove(A, S) ∧ Act(P, A) = mark(M, N))");
}

BOOST_AUTO_TEST_CASE(keywords_get_situation_arguments) {
    auto th = theory(kKrieg);
    BOOST_TEST(completion(th, "legal", 2) ==
               "Legal(R, M, S) ≡ (∃M1,N,Z. M = mark(M1, N) ∧ Holds(control(R), S) ∧ Holds(cell(M1, N, Z), S) ∧ "
               "¬Holds(tried(M1, N), S)) ∨ R = xplayer ∧ M = noop ∧ Holds(control(oplayer), S)");
    BOOST_TEST(completion(th, "terminal", 0) == "Terminal(S) ≡ ∃M,N. Holds(cell(M, N, x), S)");
    BOOST_TEST(completion(th, "sees", 2) == "Sees(R, P, A, S) ≡ P = yourmove ∧ ¬validmove(A, S) ∧ Holds(control(R), S)");
    // goal has no rules here: false everywhere, but still a derived fluent with S.
    BOOST_TEST(completion(th, "goal", 2) == "Goal(R, N, S) ≡ ⊥");
    BOOST_TEST(!th.find("goal", 2)->defined);
    BOOST_TEST(completion(th, "role", 1) == "role(R) ≡ R = xplayer ∨ R = oplayer");
}

BOOST_AUTO_TEST_CASE(legal_without_true_is_still_a_fluent) {
    auto th = theory("(role a) (role random) (legal random (toss x)) (<= (legal a go) (ok 1)) (ok 1)");
    BOOST_TEST(std::string(gdl::class_name(th.find("legal", 2)->cls)) == gdl::class_name(gdl::PredicateClass::DerivedFluent));
    BOOST_TEST(std::string(gdl::class_name(th.find("ok", 1)->cls)) == gdl::class_name(gdl::PredicateClass::Static));
    BOOST_TEST(completion(th, "legal", 2) == "Legal(R, M, S) ≡ R = random ∧ M = toss(x) ∨ R = a ∧ M = go ∧ ok(1)");
}

BOOST_AUTO_TEST_CASE(variables_are_renamed_apart_from_a_s_and_the_arguments) {
    // ?s would clash with the situation S, ?m with the argument M of legal; p(?x, ?x)
    // repeats a head variable and needs an equation.
    auto th = theory("(role r) (init (f 1)) (<= (legal ?r ?m) (true (f ?s)) (role ?r) (q ?m))"
                     "(<= (legal ?r (go ?m)) (role ?r) (q ?m)) (q 1) (<= (p ?x ?x) (q ?x))");
    BOOST_TEST(completion(th, "legal", 2) ==
               "Legal(R, M, S) ≡ (∃S1. Holds(f(S1), S) ∧ role(R) ∧ q(M)) ∨ (∃M1. M = go(M1) ∧ role(R) ∧ q(M1))");
    BOOST_TEST(completion(th, "p", 2) == "p(X, X2) ≡ X2 = X ∧ q(X)");
}

BOOST_AUTO_TEST_CASE(precondition_and_knowledge_axioms) {
    auto th = theory(kKrieg);
    BOOST_TEST(sc::format_formula(th.precondition.formula) ==
               "Poss(A, S) ≡ ¬Terminal(S) ∧ (∀R. role(R) ⊃ Legal(R, Act(R, A), S))");
    BOOST_TEST(sc::format_formula(th.k_initial.formula) == "K(R, S', s0) ≡ S' = s0");
    BOOST_TEST(sc::format_formula(th.k_successor.formula) ==
               "K(R, S'', Do(A, S)) ≡ ∃A',S'. S'' = Do(A', S') ∧ K(R, S', S) ∧ Poss(A', S') ∧ "
               "Act(R, A) = Act(R, A') ∧ (∀P. (Sees(R, P, A, S) ≡ Sees(R, P, A', S')))");
    BOOST_REQUIRE_EQUAL(th.actions.size(), 3u);
    BOOST_TEST(sc::format_formula(th.actions[1].formula) == "Act(oplayer, ⟨M1, M2⟩) = M2");
}

BOOST_AUTO_TEST_CASE(gdl3_knows_in_a_body_quantifies_over_k) {
    auto th = theory("(role a) (role b) (init (n 1)) (<= (ok ?r) (role ?r) (knows ?r (true (n 1))))"
                     "(<= everyone (knows (true (n 1)))) (<= terminal (ok a))");
    BOOST_TEST(std::string(gdl::class_name(th.find("ok", 1)->cls)) == gdl::class_name(gdl::PredicateClass::DerivedFluent));
    BOOST_TEST(completion(th, "ok", 1) == "ok(R, S) ≡ role(R) ∧ (∀S'. K(R, S', S) ⊃ Holds(n(1), S'))");
    BOOST_TEST(completion(th, "everyone", 0) == "everyone(S) ≡ ∀S'. CK(S', S) ⊃ Holds(n(1), S')");
    BOOST_TEST(th.uses_common_knowledge);
}

BOOST_AUTO_TEST_CASE(tptp_names_follow_the_tptp_rules) {
    // `holds` is a theory symbol, `cell` is both a relation and a function, 7 is a number,
    // and the infix reader keeps the case of bettingRound (a TPTP lower_word as it is).
    auto th = theory("(role r) (init (holds 7)) (init (cell 1)) (<= (cell ?x) (true (cell ?x)))"
                     "(<= (legal r go) (cell 1))");
    std::ostringstream out;
    sc::emit_tptp(th, "t.kif", out);
    const std::string s = out.str();
    BOOST_TEST(s.find("F = g_holds('7')") != std::string::npos);
    BOOST_TEST(s.find("cell_p2(X,S) <=> holds(cell_f1(X),S)") != std::string::npos);
    BOOST_TEST(s.find("symbol_of('7') = \"'7'/0\"") != std::string::npos);
    auto infix = theory("role(r). init(bettingRound). legal(r, go) :- true(bettingRound).", "t.gdl");
    std::ostringstream o2;
    sc::emit_tptp(infix, "t.gdl", o2);
    BOOST_TEST(o2.str().find("F = bettingRound)") != std::string::npos);
}
