// `gdlsc check` through its C++ function (src/query/check.h) on Krieg-TicTacToe of examples/:
// the roles, the primitive fluents with their init/next rules counted from the file, the
// classes of derived relations; a copy with one unsafe rule is invalid with a located error,
// a copy with a syntax error is not read, and a missing file is a UserError.
#define BOOST_TEST_MODULE query_check
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "base/errors.h"
#include "game_paths.h"
#include "query/check.h"

using namespace gdlsc;

namespace {

const std::string kKrieg = test::example("krieg_tictactoe/krieg_tictactoe.kif");

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Krieg with `from` replaced by `to`, written to a temporary file; the line of the change in `line`.
std::string mutant(const std::string& from, const std::string& to, int& line) {
    std::string text = read(kKrieg);
    const auto at = text.find(from);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    text.replace(at, from.size(), to);
    const auto path = (std::filesystem::temp_directory_path() / ("gdlsc_check_test_" + std::to_string(line) + ".kif")).string();
    std::ofstream(path) << text;
    return path;
}

const query::PredicateRow* row(const query::CheckReport& r, const std::string& name, std::size_t arity) {
    for (const auto& x : r.rows)
        if (x.sig.name == name && x.sig.arity == arity) return &x;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_CASE(krieg_is_valid_with_its_relations) {
    const auto r = query::check_game_file(kKrieg);
    BOOST_TEST(r.read);
    BOOST_TEST(r.valid, query::check_diagnostics_text(r));
    BOOST_TEST(r.roles == (std::vector<std::string>{"xplayer", "oplayer"}), boost::test_tools::per_element());
    // cell/3: nine init facts and four next rules (x, o, and the two frame rules with distinct);
    // control/1: one init, two next; tried/2: one next ((next ?f) names no fluent)
    const auto* cell = row(r, "cell", 3);
    BOOST_TEST_REQUIRE(cell);
    BOOST_TEST(cell->cls == "primitive fluent");
    BOOST_TEST(cell->rules == 13u);
    BOOST_TEST_REQUIRE(row(r, "control", 1));
    BOOST_TEST(row(r, "control", 1)->rules == 3u);
    BOOST_TEST_REQUIRE(row(r, "tried", 2));
    BOOST_TEST(row(r, "tried", 2)->rules == 1u);
    // line/1 reads the state: a derived fluent with three rules; validmove reads does
    BOOST_TEST_REQUIRE(row(r, "line", 1));
    BOOST_TEST(row(r, "line", 1)->cls == "derived fluent");
    BOOST_TEST(row(r, "line", 1)->rules == 3u);
    BOOST_TEST(!row(r, "line", 1)->recursive);
    BOOST_TEST_REQUIRE(row(r, "validmove", 0));
    BOOST_TEST(row(r, "validmove", 0)->cls == "derived action predicate");
    BOOST_TEST(check_text(r).find("xplayer") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unsafe_rule_is_a_located_error) {
    int line = 0;
    const auto path = mutant("(not (true (tried ?m ?n))))", "(not (true (tried ?m ?k))))", line);
    const auto r = query::check_game_file(path);
    std::filesystem::remove(path);
    BOOST_TEST(r.read);
    BOOST_TEST(!r.valid);
    const std::string text = query::check_diagnostics_text(r);
    BOOST_TEST(text.find(":" + std::to_string(line) + ":") != std::string::npos, text);
    BOOST_TEST(text.find("?k") != std::string::npos, text);
}

BOOST_AUTO_TEST_CASE(a_syntax_error_is_not_read) {
    int line = 0;
    const auto path = mutant("(role oplayer)", "(role oplayer", line);
    const auto r = query::check_game_file(path);
    std::filesystem::remove(path);
    BOOST_TEST(!r.read);
    BOOST_TEST(!r.valid);
    BOOST_TEST(r.roles.empty());
    BOOST_TEST(r.rows.empty());
    BOOST_TEST(r.diagnostics.has_errors());
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_a_user_error) {
    BOOST_CHECK_THROW(query::check_game_file("/nonexistent/game.kif"), UserError);
}
