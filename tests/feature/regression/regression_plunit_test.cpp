// Runs the plunit tests of prolog/gdlsc_regression.pl (regression_tests.pl) under
// CTest, once per hand-written game fixture (the card game, the path game).
#define BOOST_TEST_MODULE regression_plunit
#include <boost/test/unit_test.hpp>

#include <string>

#include "run_gdlsc.h"

namespace {

void run_plunit(const std::string& fixture) {
    auto r = gdlsc::test::run_program({"/usr/bin/env", "REGRESSION_FIXTURE=" + fixture, "swipl", "--on-error=status", "-g", "run_tests", "-t",
                                       "halt", GDLSC_SOURCE_DIR "/tests/feature/regression/regression_tests.pl"});
    BOOST_TEST(r.exit_code == 0, r.out << r.err);
}

}  // namespace

BOOST_AUTO_TEST_CASE(card_game_fixture) { run_plunit("card"); }

BOOST_AUTO_TEST_CASE(path_game_fixture) { run_plunit("path"); }
