// `gdlsc solve` through its C++ function (src/query/solve.h, run_solve) on Cheryl's Birthday of
// examples/ (examples/cheryl/README.md): the three statements are all made in one development
// only, Cheryl picking July 16; statement 2 alone leaves July 16, August 15 and 17; with one
// joint move too few there is no solution.
#define BOOST_TEST_MODULE query_solve
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include "game_paths.h"
#include "query/solve.h"
#include "session/formula.h"
#include "session/session.h"

using namespace gdlsc;

namespace {

query::Session& cheryl() {
    static query::Session s(test::example("cheryl/cheryl.kif"), 120);
    return s;
}

query::SolveReport solve(const std::string& formula, std::size_t depth) {
    query::SolveOptions o;
    o.depth = depth;
    return query::run_solve(cheryl(), query::parse_formula(formula, cheryl().game().analysis), o);
}

// The date Cheryl picked in a solution: the random role's first move, (pick month day).
std::string picked(const query::Solution& s) {
    for (const auto& m : s.history.at(0))
        if (m.rfind("(pick ", 0) == 0) return m;
    return "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_three_statements_leave_july_16) {
    const auto r = solve("(true (said statement3))", 4);
    BOOST_TEST(r.count == "1");
    BOOST_TEST_REQUIRE(r.solutions.size() == 1u);
    BOOST_TEST(r.solutions[0].history.size() == 4u);
    BOOST_TEST(picked(r.solutions[0]) == "(pick july 16)");
    BOOST_TEST(query::solve_text(r).find("(pick july 16)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(statement_two_leaves_three_dates) {
    const auto r = solve("(true (said statement2))", 3);
    BOOST_TEST(r.count == "3");
    std::set<std::string> dates;
    for (const auto& s : r.solutions) dates.insert(picked(s));
    BOOST_TEST(dates == (std::set<std::string>{"(pick july 16)", "(pick august 15)", "(pick august 17)"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(one_move_too_few_has_no_solution) {
    const auto r = solve("(true (said statement3))", 3);
    BOOST_TEST(r.count == "0");
    BOOST_TEST(r.solutions.empty());
}
