// Runs the plunit tests of the knowledge modules (prolog/gdlsc_infoset.pl, ...) (knowledge_tests.pl, on the
// hand-written card game) under CTest: a failing plunit test fails this test.
#define BOOST_TEST_MODULE knowledge_plunit
#include <boost/test/unit_test.hpp>

#include <string>

#include "run_gdlsc.h"

BOOST_AUTO_TEST_CASE(plunit_knowledge_tests) {
    std::string file = std::string(GDLSC_SOURCE_DIR) + "/tests/feature/knowledge/knowledge_tests.pl";
    auto r = gdlsc::test::run_program({"/usr/bin/env", "swipl", "--on-error=status", "-g", "run_tests", "-t", "halt", file});
    BOOST_TEST(r.exit_code == 0, r.out << r.err);
}
