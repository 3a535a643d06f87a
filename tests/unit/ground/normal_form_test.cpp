// The grounder's normal form (src/ground/normal_form.h): the disjunctive normal form of rule
// bodies of real games of examples/, with the answers worked out by hand from De Morgan and
// distribution, and mentions_knows on NumberGuessing's knowledge rule.
#define BOOST_TEST_MODULE ground_normal_form
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "game_paths.h"
#include "ground/normal_form.h"
#include "parsed_game.h"

using namespace gdlsc;
namespace nf = ground::normal_form;

namespace {

// The DNF as sorted strings, one per conjunction: "(succ ?m ?l) (less ?l ?n)", "not p".
std::vector<std::string> text(const std::vector<nf::Conj>& dnf) {
    std::vector<std::string> out;
    for (const auto& conj : dnf) {
        std::string s;
        for (const auto& [lit, neg] : conj) s += (s.empty() ? "" : " ") + std::string(neg ? "not " : "") + lit.to_kif();
        out.push_back(s);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The body of the first rule of `g` whose head is `head` (KIF).
const gdl::Rule& rule(const test::ParsedGame& g, const std::string& head) {
    for (const auto& r : g.program.rules)
        if (!r.is_fact() && r.head.to_kif() == head) return r;
    throw std::runtime_error("no rule for " + head);
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_or_of_an_and_is_two_conjunctions) {
    // NumberGuessing: (<= (less ?m ?n) (or (succ ?m ?n) (and (succ ?m ?l) (less ?l ?n))))
    auto g = test::game_from_file(test::example("number_guessing/number_guessing.kif"));
    const auto dnf = nf::body_dnf(rule(g, "(less ?m ?n)").body);
    BOOST_TEST(text(dnf) == (std::vector<std::string>{"(succ ?m ?l) (less ?l ?n)", "(succ ?m ?n)"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(negated_literals_stay_one_conjunction) {
    // Krieg-TicTacToe: (<= (goal xplayer 50) (not (line x)) (not (line o)) (not open))
    auto g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    const auto dnf = nf::body_dnf(rule(g, "(goal xplayer 50)").body);
    BOOST_TEST(text(dnf) == (std::vector<std::string>{"not (line x) not (line o) not open"}),
               boost::test_tools::per_element());
    // distinct is a literal of its own, kept as it is
    const auto& r = rule(g, "(next (cell ?m ?n ?z))");
    BOOST_TEST(nf::body_dnf(r.body).size() == 1u);
}

BOOST_AUTO_TEST_CASE(de_morgan_pushes_negation_to_the_atoms) {
    // not (p or (q and r)) and s  ==  (not p and not q and s) or (not p and not r and s)
    auto g = test::game_from_text("(<= h (not (or p (and q r))) s) (<= h2 (not (not p)))");
    const auto dnf = nf::body_dnf(g.program.rules.at(0).body);
    BOOST_TEST(text(dnf) == (std::vector<std::string>{"not p not q s", "not p not r s"}),
               boost::test_tools::per_element());
    // a double negation cancels
    BOOST_TEST(text(nf::body_dnf(g.program.rules.at(1).body)) == std::vector<std::string>{"p"},
               boost::test_tools::per_element());
    // a literal under one negation: dnf(l, true) is the negated literal
    BOOST_TEST(text(nf::dnf(g.program.rules.at(1).body.at(0), true)) == std::vector<std::string>{"not p"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(knows_is_found_only_where_it_is) {
    auto g = test::game_from_file(test::example("number_guessing/number_guessing.kif"));
    int with_knows = 0;
    for (const auto& r : g.program.rules)
        for (const auto& l : r.body) with_knows += nf::mentions_knows(l);
    // (<= (knows_the_number ?r) (role ?r) (knows ?r (num ?n))): one literal in the whole game
    BOOST_TEST(with_knows == 1);
    BOOST_TEST(nf::mentions_knows(rule(g, "(knows_the_number ?r)").body.at(1)));
    BOOST_TEST(!nf::mentions_knows(rule(g, "(knows_the_number ?r)").body.at(0)));
}
