// Sources and locations (src/gdl/source.h): line starts and line texts of a text with LF,
// CRLF, an empty line and no final newline; lines out of range; "file:line:col"; a file read
// from disk, and the error naming a file that cannot be opened.
#define BOOST_TEST_MODULE gdl_source
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unistd.h>
#include <string>

#include "gdl/source.h"

using namespace gdlsc::gdl;

BOOST_AUTO_TEST_CASE(lines_of_a_text) {
    auto s = make_source("t.kif", "(role a)\r\n\n(init p)");
    BOOST_TEST(s->line_starts == (std::vector<size_t>{0, 10, 11}), boost::test_tools::per_element());
    BOOST_TEST(s->line_text(1) == "(role a)");  // without its \r\n
    BOOST_TEST(s->line_text(2) == "");
    BOOST_TEST(s->line_text(3) == "(init p)");  // the last line, without a newline
    BOOST_TEST(s->line_text(0) == "");
    BOOST_TEST(s->line_text(4) == "");
    // a final newline starts a last, empty line
    auto t = make_source("u", "x\n");
    BOOST_TEST(t->line_starts.size() == 2u);
    BOOST_TEST(t->line_text(1) == "x");
    BOOST_TEST(t->line_text(2) == "");
}

BOOST_AUTO_TEST_CASE(locations) {
    Location l{make_source("g.kif", "x"), 12, 5};
    BOOST_TEST(l.valid());
    BOOST_TEST(l.str() == "g.kif:12:5");
    Location none;
    BOOST_TEST(!none.valid());
    BOOST_TEST(none.str() == "<unknown>:0:0");
    BOOST_TEST(!(Location{make_source("g", "x"), 0, 1}.valid()));  // line 0 is no place
}

BOOST_AUTO_TEST_CASE(files) {
    auto path = std::filesystem::temp_directory_path() / ("gdlsc_source_test_" + std::to_string(::getpid()) + ".kif");
    {
        std::ofstream out(path, std::ios::binary);
        out << "(role a)\n(role b)";
    }
    auto s = load_source(path.string());
    BOOST_TEST(s->name == path.string());
    BOOST_TEST(s->line_text(2) == "(role b)");
    std::filesystem::remove(path);
    try {
        load_source(path.string());
        BOOST_FAIL("no error for a missing file");
    } catch (const std::runtime_error& e) {
        BOOST_TEST(std::string(e.what()) == path.string() + ": cannot open file");
    }
}
