// What a role knows after a history (src/infoset): the information set (infoset.h) and the
// degree of belief (belief.h) on Monty Hall of examples/ (doc/tutorial.md's known answer:
// after the candidate picks door 1 and the host opens door 3, the car is behind door 1 or 2,
// behind door 2 with probability 2/3), and the refusals: random is no agent, an unknown role,
// a formula about moves, a formula with free variables.
#define BOOST_TEST_MODULE infoset_infoset
#include <boost/test/unit_test.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "base/errors.h"
#include "user_error_of.h"
#include "infoset/belief.h"
#include "infoset/infoset.h"
#include "session/formula.h"
#include "session/game_file.h"
#include "session/history.h"
#include "game_paths.h"

using namespace gdlsc;

namespace {

const query::Game& game() {
    static const query::Game g = query::load_game_file(gdlsc::test::example("monty_hall/monty_hall.kif"));
    return g;
}

query::History history(const std::string& text) { return query::parse_history(text, game().analysis.roles); }

const std::string kOpened = "((choose 1) (hide_car 2)) (noop (open_door 3))";

query::BeliefReport belief(const std::string& formula) {
    return query::compute_belief(game(), "candidate", history(kOpened), query::parse_formula(formula, game().analysis),
                                 60);
}

using test::error_of;

}  // namespace

BOOST_AUTO_TEST_CASE(the_candidate_cannot_tell_where_the_car_is) {
    query::InfosetReport r = query::compute_infoset(game(), "candidate", history(kOpened), query::InfosetDot::None, 60);
    BOOST_TEST(r.role == "candidate");
    BOOST_TEST(r.steps == 2u);
    BOOST_TEST(r.developments == "2");
    BOOST_TEST(r.state_count == 2u);
    std::set<std::string> cars;
    query::for_each_infoset_state([&](const std::vector<std::string>& fluents) {
        for (const auto& f : fluents)
            if (f.rfind("(car ", 0) == 0) cars.insert(f);
    });
    BOOST_TEST((cars == std::set<std::string>{"(car 1)", "(car 2)"}));  // never behind the opened door
    std::ostringstream text;
    query::write_infoset_text(text, r);
    BOOST_TEST(text.str().find("2 development(s), 2 distinct state(s)") != std::string::npos, text.str());
    // Before any move the candidate knows nothing of the car, and nothing has happened yet.
    query::InfosetReport start = query::compute_infoset(game(), "candidate", {}, query::InfosetDot::None, 60);
    BOOST_TEST(start.developments == "1");
}

BOOST_AUTO_TEST_CASE(switching_wins_two_times_in_three) {
    query::BeliefReport other = belief("(true (car 2))");
    BOOST_TEST(other.numerator + "/" + other.denominator == "2/3");
    query::BeliefReport mine = belief("(true (car 1))");
    BOOST_TEST(mine.numerator + "/" + mine.denominator == "1/3");
    BOOST_TEST(belief("(true (car 3))").numerator == "0");
    BOOST_TEST(query::belief_text(other).find("2/3 = 0.666") == 0u, query::belief_text(other));
}

BOOST_AUTO_TEST_CASE(refusals) {
    const auto h = history(kOpened);
    BOOST_TEST(error_of([&] { query::compute_infoset(game(), "random", h, query::InfosetDot::None, 60); })
                   .find("random is not an agent") != std::string::npos);
    BOOST_TEST(error_of([&] { query::compute_infoset(game(), "host", h, query::InfosetDot::None, 60); })
                   .find("unknown role 'host'") != std::string::npos);
    BOOST_TEST(error_of([] { belief("(does candidate switch)"); }).find("must be about the state") != std::string::npos);
    // The part named is the one inside the connectives, at its column (it was once read from a
    // temporary list: a dangling pointer).
    const std::string nested = error_of([] { belief("(and (true (car 1)) (not (does candidate switch)))"); });
    BOOST_TEST(nested.find("<formula>:1:") != std::string::npos, nested);
    BOOST_TEST(nested.find("cannot mention does") != std::string::npos, nested);
    BOOST_TEST(error_of([] { belief("(true (car ?d))"); }).find("free variables") != std::string::npos);
}
