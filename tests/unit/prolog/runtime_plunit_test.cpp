// Runs the plunit tests of the Prolog runtime (runtime_tests.pl) under CTest, on the
// ticTacToe program that the real binary generates; a failing plunit test fails this test.
#define BOOST_TEST_MODULE prolog_runtime_plunit
#include <boost/test/unit_test.hpp>

#include "run_gdlsc.h"
#include "game_paths.h"

GDLSC_CORPUS_CASE(plunit_runtime_tests) {
    auto r = gdlsc::test::run_gdlsc(
        {"translate", "--format", "prolog", gdlsc::test::corpus_dir() + "/gdl1/ticTacToe.kif"});
    BOOST_REQUIRE_EQUAL(r.exit_code, 0);
    std::string game = gdlsc::test::temp_file("ttt.pl", r.out);
    std::string tests = std::string(GDLSC_SOURCE_DIR) + "/tests/unit/prolog/runtime_tests.pl";
    auto t = gdlsc::test::run_program(
        {"/usr/bin/env", "GDLSC_TEST_GAME=" + game, "swipl", "--on-error=status", "-g", "run_tests", "-t", "halt", tests});
    BOOST_TEST(t.exit_code == 0, t.out << t.err);
}
