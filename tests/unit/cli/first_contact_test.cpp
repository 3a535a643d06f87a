// What a new user meets first on the command line (issue 27): a misspelt command, option or
// property gets the nearest name; a bad option value is exit 64 for every command; under
// --json an error is also a JSON object on stdout (but never a second document after an
// answer). Through the binary.
#define BOOST_TEST_MODULE cli_first_contact
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "game_paths.h"
#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;

namespace {
const std::string kCard = gdlsc::test::example("card_game/card_game.kif");
}

BOOST_AUTO_TEST_CASE(a_misspelt_command_gets_the_nearest) {
    auto r = run_gdlsc({"proove", kCard, "legal-knowledge"});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.err.find("unknown command 'proove'; did you mean 'prove'?") != std::string::npos, r.err);
    r = run_gdlsc({"xyzzy", kCard});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.err.find("unknown command 'xyzzy' (commands: check,") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(a_misspelt_option_gets_the_nearest) {
    auto r = run_gdlsc({"prove", kCard, "legal-knowledge", "--deph", "2"});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.err.find("unknown option --deph for prove; did you mean --depth?") != std::string::npos, r.err);
    r = run_gdlsc({"query", kCard, "terminal", "--engin=smt"});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.err.find("did you mean --engine?") != std::string::npos, r.err);
    // A right option is not flagged (its value may look like anything).
    r = run_gdlsc({"query", kCard, "terminal", "--engine", "progression"});
    BOOST_TEST(r.exit_code == 0, r.err);
}

BOOST_AUTO_TEST_CASE(a_misspelt_property_gets_the_nearest) {
    auto r = run_gdlsc({"prove", kCard, "goal-knowlege"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("did you mean goal-knowledge?") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(a_bad_option_value_is_exit_64_everywhere) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"query", kCard, "terminal", "--engine", "x"},
                                                std::vector<std::string>{"prove", kCard, "legal-knowledge", "--engine", "x"},
                                                std::vector<std::string>{"simulate", kCard, "--engine", "x"}}) {
        auto r = run_gdlsc(args);
        BOOST_TEST(r.exit_code == 64, args[0] << ": " << r.err);
    }
}

BOOST_AUTO_TEST_CASE(a_count_out_of_range_says_the_range_in_plain_numbers) {
    auto r = run_gdlsc({"simulate", kCard, "--max-steps", "0"});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.err.find("a whole number >= 1, got '0'") != std::string::npos, r.err);
    BOOST_TEST(r.err.size() < 300u, r.err);
    r = run_gdlsc({"simulate", kCard, "--playouts", "-3"});
    BOOST_TEST(r.exit_code == 64);
}

BOOST_AUTO_TEST_CASE(under_json_an_error_is_a_json_object) {
    // A located error: the game file has an unclosed parenthesis.
    std::string bad = gdlsc::test::temp_file("first_contact_bad.kif", "(role p)\n(init (q)\n");
    auto r = run_gdlsc({"query", bad, "terminal", "--json"});
    BOOST_TEST(r.exit_code == 2);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["exit"].get<int>() == 2);
    BOOST_TEST(j["location"].get<std::string>().find("first_contact_bad.kif:2:") != std::string::npos, r.out);
    BOOST_TEST(!j["error"].get<std::string>().empty());
    BOOST_TEST(!r.err.empty());  // the message is on stderr as well
    // An unlocated one: an illegal history.
    r = run_gdlsc({"query", kCard, "--history", "(noop noop noop)", "terminal", "--json"});
    BOOST_TEST(r.exit_code == 2);
    j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["error"].get<std::string>().find("history step 1") != std::string::npos, r.out);
    // A command-line error.
    r = run_gdlsc({"prove", kCard, "legal-knowledge", "--deph", "2", "--json"});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(nlohmann::json::parse(r.out)["exit"].get<int>() == 64);
    // After an answer on stdout no second document follows: a match past its step bound.
    r = run_gdlsc({"simulate", kCard, "--max-steps", "1", "--json"});
    BOOST_TEST(r.exit_code == 4, r.err);
    BOOST_CHECK_NO_THROW(nlohmann::json::parse(r.out));
}

// --progress names the bound the search runs against and the resident memory.
BOOST_AUTO_TEST_CASE(progress_shows_the_bound_and_memory) {
    auto r = run_gdlsc({"prove", kCard, "legal-knowledge", "--progress"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.err.find("pairs of at most 40000000 (--max-pairs)") != std::string::npos, r.err);
    BOOST_TEST(r.err.find(" MB (") != std::string::npos, r.err);
    r = run_gdlsc({"prove", kCard, "legal-knowledge", "--progress", "--max-pairs", "5000"});
    BOOST_TEST(r.err.find("pairs of at most 5000 (--max-pairs)") != std::string::npos, r.err);
}
