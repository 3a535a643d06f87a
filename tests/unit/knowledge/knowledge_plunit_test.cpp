// Runs the plunit tests of prolog/gdlsc_knowledge.pl (knowledge_tests.pl, on the
// hand-written card game) under CTest: a failing plunit test fails this test.
#define BOOST_TEST_MODULE knowledge_plunit
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <string>

BOOST_AUTO_TEST_CASE(plunit_knowledge_tests) {
    std::string file = std::string(GDLSC_SOURCE_DIR) + "/tests/unit/knowledge/knowledge_tests.pl";
    std::string cmd = "swipl -g run_tests -t halt '" + file + "' 2>&1";
    int rc = std::system(cmd.c_str());
    BOOST_TEST(rc == 0);
}
