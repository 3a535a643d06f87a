// Runs the plunit tests of prolog/gdlsc_regression.pl (regression_tests.pl) under
// CTest, once per hand-written game fixture (the card game, the path game).
#define BOOST_TEST_MODULE regression_plunit
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <string>

namespace {

int run_plunit(const std::string& fixture) {
    std::string cmd = "REGRESSION_FIXTURE=" + fixture + " swipl -g run_tests -t halt '" GDLSC_SOURCE_DIR
                      "/tests/unit/regression/regression_tests.pl' 2>&1";
    return std::system(cmd.c_str());
}

}  // namespace

BOOST_AUTO_TEST_CASE(card_game_fixture) { BOOST_TEST(run_plunit("card") == 0); }

BOOST_AUTO_TEST_CASE(path_game_fixture) { BOOST_TEST(run_plunit("path") == 0); }
