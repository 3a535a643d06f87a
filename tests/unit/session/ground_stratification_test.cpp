// The ground side of stratification (src/session/ground_stratification.h) on inline games
// whose relations are not stratified (p depends on not p): by hand, p(x) :- link(x, y), not p(y)
// grounds without a cycle when link is the chain 1 -> 2 -> 3 (p 1 :- not p 2, p 2 :- not p 3:
// stratified), and with the cycle p(a) -> not p(a) when link has (a, a), static or in the state
// (p is what terminal asks for: the grounder keeps the static atoms the step's rules need);
// a game with knows in its rules is not decided, and says why. Monty Hall (examples/) is
// stratified.
#define BOOST_TEST_MODULE session_ground_stratification
#include <boost/test/unit_test.hpp>

#include <string>

#include "game_paths.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/validate.h"
#include "session/ground_stratification.h"

using namespace gdlsc;
using Verdict = gdl::GroundStratification::Verdict;

namespace {

gdl::GroundStratification verdict_of(const std::string& text) {
    gdl::Diagnostics d;
    auto p = gdl::read_game_text("t.kif", text, d);
    BOOST_REQUIRE(!d.has_errors());
    return query::ground_stratification(p, gdl::analyze(p));
}

std::string game(const std::string& link) {
    return "(role r) (init (s 0)) (legal r go) (<= terminal (true (s 1))) (goal r 100)\n"
           "(<= (next (s 1)) (does r go)) (<= terminal (p ?z))\n"
           "(<= (p ?x) " + link + " (not (p ?y)))\n";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_chain_grounds_stratified) {
    auto v = verdict_of(game("(link ?x ?y)") + "(link 1 2) (link 2 3)");
    BOOST_TEST((v.verdict == Verdict::Stratified));
    BOOST_TEST(v.why == "");
    gdl::Diagnostics d;
    auto p = gdl::read_game_file(test::example("monty_hall/monty_hall.kif"), d);
    BOOST_TEST((query::ground_stratification(p, gdl::analyze(p)).verdict == Verdict::Stratified));
}

BOOST_AUTO_TEST_CASE(a_loop_grounds_a_cycle_through_not) {
    auto v = verdict_of(game("(link ?x ?y)") + "(link 1 2) (link a a)");
    BOOST_TEST((v.verdict == Verdict::NotStratified));
    BOOST_TEST(v.why == "(p a) -> not (p a)");
    // in the state: a derived fluent, named at its step
    auto w = verdict_of(game("(true (link ?x ?y))") + "(init (link a a))");
    BOOST_TEST((w.verdict == Verdict::NotStratified));
    BOOST_TEST(w.why == "(p@0 a) -> not (p@0 a)");
    // a cycle of two: p(a) :- not q(a), q(a) :- not p(a) through a link
    auto u = verdict_of("(role r) (init (s 0)) (legal r go) (<= terminal (true (s 1))) (<= terminal (p ?z)) (goal r 100)\n"
                        "(<= (p ?x) (link ?x ?y) (not (q ?y))) (<= (q ?x) (link ?x ?y) (not (p ?y))) (link a a)");
    BOOST_TEST((u.verdict == Verdict::NotStratified));
    BOOST_TEST((u.why == "(p a) -> not (q a) -> (p a)" || u.why == "(q a) -> not (p a) -> (q a)"), u.why);
}

BOOST_AUTO_TEST_CASE(knows_in_the_rules_is_not_decided) {
    auto v = verdict_of(game("(link ?x ?y)") + "(link a a) (<= sure (knows r (true (s 0))))");
    BOOST_TEST((v.verdict == Verdict::Unknown));
    BOOST_TEST(!v.why.empty());
    BOOST_TEST(v.why.find("knows") != std::string::npos, v.why);
}
