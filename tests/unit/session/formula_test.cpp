// The query language (src/session/formula.h) on a real game, Blind Tic-Tac-Toe of examples/:
// formulas parse into the formula terms, an unknown relation is an error at its column, and
// not_about_state -- the one definition of "a formula about the current state", used by belief
// (quantifiers looked through) and by the whole-game fixpoint (a quantifier is not a state
// formula) -- names the first part that speaks of moves, percepts or knowledge.
#define BOOST_TEST_MODULE session_formula
#include <boost/test/unit_test.hpp>

#include <string>

#include "base/errors.h"
#include "session/formula.h"
#include "session/game_file.h"
#include "game_paths.h"

using namespace gdlsc;
using query::Quantifiers;

namespace {

const query::Game& game() {
    static const query::Game g = query::load_game_file(gdlsc::test::example("blind_tictactoe/blind_tictactoe.kif"));
    return g;
}

gdl::Term term(const std::string& text) { return query::parse_formula(text, game().analysis).term; }

// The first part that is not about the state, in KIF, or "" if the formula is about the state.
std::string offender(const std::string& text, Quantifiers q) {
    const auto bad = query::not_about_state(term(text), game().analysis, q);
    return bad ? bad->to_kif() : "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(parses_against_the_game) {
    query::Formula f = query::parse_formula("(and (true (cell 1 1 x)) (not terminal) (line ?p))", game().analysis);
    BOOST_TEST(f.answer_vars == std::vector<std::string>{"p"});
    BOOST_TEST(f.term.name == "and");
    try {
        query::parse_formula("(and (true (cell 1 1 x)) (lines x))", game().analysis);
        BOOST_FAIL("an unknown relation was accepted");
    } catch (const UserError& e) {
        BOOST_TEST(std::string(e.what()).find("<formula>:1:2") != std::string::npos, e.what());
        BOOST_TEST(std::string(e.what()).find("lines") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(state_formulas) {
    for (auto q : {Quantifiers::LookThrough, Quantifiers::NotAboutState}) {
        BOOST_TEST(offender("terminal", q) == "");
        BOOST_TEST(offender("(and (true (cell 1 1 x)) (not (line x)) (legal white (mark 1 1)))", q) == "");
        BOOST_TEST(offender("(or (goal white 100) (distinct 1 2) open)", q) == "");
    }
}

BOOST_AUTO_TEST_CASE(moves_percepts_and_knowledge_are_not_about_the_state) {
    for (auto q : {Quantifiers::LookThrough, Quantifiers::NotAboutState}) {
        BOOST_TEST(offender("(and (true (cell 1 1 x)) (not (does white (mark 1 1))))", q) != "");
        BOOST_TEST(offender("(or terminal (sees black (tried 1 1)))", q) != "");
        BOOST_TEST(offender("(knows white (true (cell 1 1 x)))", q) != "");
        BOOST_TEST(offender("(kwhether white terminal)", q) != "");
        BOOST_TEST(offender("(knows terminal)", q) != "");  // common knowledge
        // marked is an action predicate (it depends on does): named, not looked into
        BOOST_TEST(offender("(and open (marked 1 1))", q).find("marked") != std::string::npos);
    }
    // The first offender is the one named, searched through the connectives.
    BOOST_TEST(offender("(and (true (cell 1 1 x)) (not (does white (mark 2 2))) (knows white terminal))",
                        Quantifiers::LookThrough)
                   .find("does") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(quantifiers_are_looked_through_or_refused) {
    const std::string about_state = "(exists ?m (true (cell ?m 1 x)))";
    BOOST_TEST(offender(about_state, Quantifiers::LookThrough) == "");
    BOOST_TEST(offender(about_state, Quantifiers::NotAboutState) != "");
    // Looked through, the body still counts.
    BOOST_TEST(offender("(forall ?m (not (does white (mark ?m 1))))", Quantifiers::LookThrough) != "");
}
