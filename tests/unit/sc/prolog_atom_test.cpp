// Game symbols as Prolog atoms (src/sc/prolog_atom.h): plain lower-case words stay bare, every
// other symbol is quoted with its quotes and backslashes escaped, UTF-8 kept and control bytes
// written as \x..\ (ISO escapes); and each hostile symbol read back by the real SWI-Prolog
// (term_to_atom/2 in the embedded engine) is an atom with exactly that text — never a
// variable, a number, an operator term or a list.
#define BOOST_TEST_MODULE sc_prolog_atom
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "gdl/term.h"
#include "prolog/engine.h"
#include "sc/prolog_atom.h"

using gdlsc::sc::prolog_atom;
using gdlsc::gdl::Term;

BOOST_AUTO_TEST_CASE(bare_or_quoted) {
    BOOST_TEST(prolog_atom("cell") == "cell");
    BOOST_TEST(prolog_atom("a_B9") == "a_B9");
    BOOST_TEST(prolog_atom("X") == "'X'");      // would be a variable
    BOOST_TEST(prolog_atom("_x") == "'_x'");
    BOOST_TEST(prolog_atom("1") == "'1'");      // would be a number
    BOOST_TEST(prolog_atom("is") == "'is'");    // operators
    BOOST_TEST(prolog_atom("dynamic") == "'dynamic'");
    BOOST_TEST(prolog_atom("tnot") == "'tnot'");
    BOOST_TEST(prolog_atom("isa") == "isa");    // but not words that merely begin like one
    BOOST_TEST(prolog_atom("") == "''");
    BOOST_TEST(prolog_atom("a b") == "'a b'");
    BOOST_TEST(prolog_atom("[]") == "'[]'");
}

BOOST_AUTO_TEST_CASE(escapes) {
    BOOST_TEST(prolog_atom("it's") == "'it\\'s'");
    BOOST_TEST(prolog_atom("a\\b") == "'a\\\\b'");
    BOOST_TEST(prolog_atom("\xC3\xA9t\xC3\xA9") == "'\xC3\xA9t\xC3\xA9'");  // été kept as UTF-8
    BOOST_TEST(prolog_atom("a\nb") == "'a\\xa\\b'");
    BOOST_TEST(prolog_atom("\x7F") == "'\\x7f\\'");
    BOOST_TEST(prolog_atom("\xC2\x85") == "'\\x85\\'");  // U+0085, a control character in UTF-8
    BOOST_TEST(prolog_atom("\xFF") == "'\\xff\\'");       // not UTF-8: the byte
    BOOST_TEST(prolog_atom("\xE2\x82") == "'\\xe2\\\\x82\\'");  // a truncated sequence: byte by byte
    BOOST_TEST(prolog_atom("\xF0\x9F\x98\x80") == "'\xF0\x9F\x98\x80'");  // 4 bytes kept
}

BOOST_AUTO_TEST_CASE(hostile_symbols_read_back_as_themselves) {
    auto& e = gdlsc::pl::Engine::instance();
    const std::vector<std::string> names = {"cell", "X", "_", "1", "-1", "0x1F", "1.5e3", "is", "mod", "halt", ":-",
                                            "p(1)", "a.b", "[]", "{}", "'", "\\", "a\nb", "\t", "\xC3\xA9", "%",
                                            "/*", "dynamic", "table", "\xF0\x9F\x98\x80", "\x7F", "\xC2\x85"};
    for (const auto& n : names) {
        BOOST_TEST_CONTEXT("symbol " << n) {
            // term_to_atom(T, '<quoted text>'), atom(T): the text parsed as Prolog reads it
            auto rows = e.solve("system", ",",
                                {Term::compound("term_to_atom", {Term::variable("t"), Term::constant(prolog_atom(n))}),
                                 Term::compound("atom", {Term::variable("t")})});
            BOOST_REQUIRE_EQUAL(rows.size(), 1u);
            BOOST_TEST(rows[0].at("t").name == n);
        }
    }
}
