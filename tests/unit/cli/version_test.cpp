// `gdlsc --version` and the command line's own errors, through the binary (src/cli).
#define BOOST_TEST_MODULE cli_version
#include <boost/test/unit_test.hpp>

#include <regex>
#include <string>

#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;

BOOST_AUTO_TEST_CASE(version_names_gdlsc_swi_prolog_and_z3) {
    auto r = run_gdlsc({"--version"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(std::regex_search(r.out, std::regex(R"(^gdlsc \d+\.\d+\.\d+\n)")), r.out);
    BOOST_TEST(std::regex_search(r.out, std::regex(R"(\nSWI-Prolog \d+\.\d+\.\d+\n)")), r.out);
    BOOST_TEST(std::regex_search(r.out, std::regex(R"(\nZ3 \d+\.\d+\.\d+\n)")), r.out);
    // The build's binary reads the runtime from the source tree it was built from.
    BOOST_TEST(r.out.find("\nruntime " + std::string(GDLSC_SOURCE_DIR) + "/prolog\n") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_64) {
    BOOST_TEST(run_gdlsc({}).exit_code == 64);
    BOOST_TEST(run_gdlsc({"nosuchcommand"}).exit_code == 64);
    auto r = run_gdlsc({"solve", "x.kif", "terminal"});  // --depth is required
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.err.find("--depth") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(bad_environment_is_refused_with_its_name) {
    gdlsc::test::RunOptions o;
    o.env = {"GDLSC_NETWORK=fast"};
    std::string game = std::string(GDLSC_SOURCE_DIR) + "/examples/card_game/card_game.kif";
    auto r = run_gdlsc({"query", game, "terminal"}, o);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("GDLSC_NETWORK='fast'") != std::string::npos, r.err);
    o.env = {"GDLSC_SLOTS=yes"};
    r = run_gdlsc({"simulate", game, "--playouts", "3", "--engine", "progression"}, o);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("GDLSC_SLOTS='yes'") != std::string::npos, r.err);
}
