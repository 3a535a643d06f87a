// The developments method of `prove` (src/prove/prove_developments.h: compute_prove) on the
// coin game of tests/support/coin_game.h, whose answers are known by hand: legal-knowledge
// fails for player at depth 1 (heads against tails, both with player's noop and nothing
// seen), goal-knowledge holds to depth 1 and fails at 2, terminal-knowledge holds to depth 3;
// a formula without knows, (not terminal), fails after a development of length 2 and names
// no role ("" for the engine's none); a property that is neither is a UserError.
#define BOOST_TEST_MODULE prove_prove_developments
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include "coin_game.h"
#include "prove/prove_developments.h"
#include "user_error_of.h"

using namespace gdlsc;

BOOST_AUTO_TEST_CASE(the_coin_games_known_answers) {
    const auto g = query::load_game_text("t.kif", test::coin_game_text());
    {
        const auto r = query::compute_prove(g, "legal-knowledge", 3, false, 30);
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.depth == 3u);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 1u);
        BOOST_TEST_REQUIRE(r.actual.size() == 1u);
        BOOST_TEST_REQUIRE(r.alternative.size() == 1u);
        BOOST_TEST(r.actual[0].size() == 2u);
        BOOST_TEST(r.actual[0][1] == "noop");
        BOOST_TEST(r.alternative[0][1] == "noop");
        const std::set<std::string> flips{r.actual[0][0], r.alternative[0][0]};
        BOOST_TEST(flips == (std::set<std::string>{"(flip heads)", "(flip tails)"}));
        BOOST_TEST(r.actual_percepts == (std::vector<std::vector<std::string>>{{}}));
        BOOST_TEST(r.alternative_percepts == r.actual_percepts);
    }
    BOOST_TEST(query::compute_prove(g, "goal-knowledge", 1, false, 30).holds);
    const auto goal = query::compute_prove(g, "goal-knowledge", 2, false, 30);
    BOOST_TEST(!goal.holds);
    BOOST_TEST(goal.at_depth == 2u);
    BOOST_TEST_REQUIRE(goal.actual.size() == 2u);
    BOOST_TEST(goal.actual[1][1] == "a");  // b is not legal after tails
    const auto terminal = query::compute_prove(g, "terminal-knowledge", 3, false, 30);
    BOOST_TEST(terminal.holds);
    BOOST_TEST(terminal.depth == 3u);
    BOOST_TEST(terminal.actual.empty());
}

BOOST_AUTO_TEST_CASE(a_formula_without_knows_names_no_role) {
    const auto g = query::load_game_text("t.kif", test::coin_game_text());
    const auto r = query::compute_prove(g, "(not terminal)", 3, false, 30);
    BOOST_TEST(!r.holds);
    BOOST_TEST(r.role == "");
    BOOST_TEST(r.at_depth == 2u);
    BOOST_TEST(r.actual.size() == 2u);
    BOOST_TEST(query::compute_prove(g, "(not terminal)", 1, false, 30).holds);
    BOOST_TEST(test::error_of([&] { query::compute_prove(g, "no-such-property", 2, false, 30); }) != "no error");
}
