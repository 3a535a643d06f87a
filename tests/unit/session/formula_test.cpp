// The query language (src/session/formula.h) on a real game, Blind Tic-Tac-Toe of examples/:
// formulas parse into the formula terms, an unknown relation is an error at its column (with
// the near miss: "did you mean"), and
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

// A misspelt relation or fluent gets the near miss; a fluent is checked also in a game whose
// frame rule has a variable head, (<= (next ?f) ... (true ?f)) -- it keeps only what held, so
// the fluents are still known (Krieg-TicTacToe's "nothing changes after an invalid move").
BOOST_AUTO_TEST_CASE(near_misses_are_named) {
    auto error = [](const std::string& text, const query::Game& g) -> std::string {
        try {
            query::parse_formula(text, g.analysis);
        } catch (const UserError& e) {
            return e.what();
        }
        return "";
    };
    BOOST_TEST(error("(lines x)", game()).find("did you mean line/1?") != std::string::npos, error("(lines x)", game()));
    BOOST_TEST(error("(termnal)", game()).find("did you mean terminal/0?") != std::string::npos);
    BOOST_TEST(error("(true (cel 1 1 x))", game()).find("never holds; did you mean cell/3?") != std::string::npos);
    static const query::Game krieg = query::load_game_file(gdlsc::test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    BOOST_TEST(krieg.analysis.holdable_known);
    const std::string e = error("(knows xplayer (true (cel 1 1 x)))", krieg);
    BOOST_TEST(e.find("<formula>:1:22") != std::string::npos, e);
    BOOST_TEST(e.find("did you mean cell/3?") != std::string::npos, e);
    BOOST_TEST(error("(legl xplayer ?m)", krieg).find("did you mean legal/2?") != std::string::npos);
    BOOST_TEST(error("(legal xplayr ?m)", krieg).find("unknown role xplayr; did you mean xplayer?") != std::string::npos);
    BOOST_TEST(error("(legal bob ?m)", krieg).find("did you mean") == std::string::npos);  // no near miss
    // A move no legal rule makes: at its column, with the nearest move and the game's moves.
    BOOST_TEST(krieg.analysis.movable_known);
    const std::string m = error("(legal xplayer (mrak 1 1))", krieg);
    BOOST_TEST(m.find("<formula>:1:16") != std::string::npos, m);
    BOOST_TEST(m.find("no legal rule makes a move mrak/2: it is never legal; did you mean mark/2?") != std::string::npos, m);
    BOOST_TEST(m.find("the game's moves are mark/2, noop/0") != std::string::npos, m);
    BOOST_TEST(error("(does oplayer nop)", krieg).find("did you mean noop/0?") != std::string::npos);
    BOOST_TEST(error("(legal xplayer (mark 1 1))", krieg) == "");
    BOOST_TEST(error("(legal xplayer ?m)", krieg) == "");
    // A variable next head without that frame: the fluents are not known, nothing is refused.
    const query::Game open = query::load_game_text(
        "t.kif", "(role r) (init (a)) (legal r go) (<= (next ?f) (does r go) (true (a)) (pick ?f)) (pick (b))\n"
                 "(<= terminal (true (b))) (goal r 100)");
    BOOST_TEST(!open.analysis.holdable_known);
    BOOST_TEST(error("(true (cel 1))", open) == "");
    // A legal head whose move is a variable: the moves are not known, nothing is refused.
    const query::Game any_move = query::load_game_text(
        "t.kif", "(role r) (init (a)) (<= (legal r ?m) (option ?m)) (option go) (<= (next (a)) (does r go))\n"
                 "(<= terminal (true (a))) (goal r 100)");
    BOOST_TEST(!any_move.analysis.movable_known);
    BOOST_TEST(error("(legal r og)", any_move) == "");
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
