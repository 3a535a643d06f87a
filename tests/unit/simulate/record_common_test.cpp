// What the readers of recorded matches share (src/simulate/record_common.h), on hand-made
// snippets: byte offsets to line:col, trimming, KIF inside a record read with its symbols folded
// and its errors moved to their place in the record (a snippet starting at line 7, col 20 puts
// its own 1:3 at 7:22 and its 2:3 at 8:3), ground terms only, exactly one term where one is
// expected, role names, and ggp-base's `( f1 f2 )` lists with `nil`.
#define BOOST_TEST_MODULE simulate_record_common
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "base/errors.h"
#include "simulate/record_common.h"
#include "user_error_of.h"

using namespace gdlsc;
namespace rc = gdlsc::query::record;

namespace {

std::string kif(const std::vector<gdl::Term>& ts) {
    std::string s;
    for (const auto& t : ts) s += (s.empty() ? "" : " ") + t.to_kif();
    return s;
}

const gdl::SourcePtr& record() {
    static const gdl::SourcePtr s = gdl::make_source("m.xml", "<a>\n  <b>x</b>\n\n<c/>");
    return s;
}

// Line 7, column 20 of the record m.xml.
gdl::Location at(int line = 7, int col = 20) { return gdl::Location{record(), line, col}; }

}  // namespace

BOOST_AUTO_TEST_CASE(offsets_to_places) {
    BOOST_TEST(rc::location_at(record(), 0).str() == "m.xml:1:1");
    BOOST_TEST(rc::location_at(record(), 2).str() == "m.xml:1:3");
    BOOST_TEST(rc::location_at(record(), 3).str() == "m.xml:1:4");  // the newline ends line 1
    BOOST_TEST(rc::location_at(record(), 4).str() == "m.xml:2:1");
    BOOST_TEST(rc::location_at(record(), 9).str() == "m.xml:2:6");
    BOOST_TEST(rc::location_at(record(), 15).str() == "m.xml:3:1");  // the empty line
    BOOST_TEST(rc::location_at(record(), 16).str() == "m.xml:4:1");
    BOOST_TEST(rc::where(at()) == "7:20");
    BOOST_TEST(rc::trim(" \t(a b)\r\n") == "(a b)");
    BOOST_TEST(rc::trim(" \n ") == "");
}

BOOST_AUTO_TEST_CASE(kif_in_a_record) {
    auto ts = rc::read_kif(" (Cell 1 A) NOOP |Mixed| ", at(), "fluent");
    BOOST_TEST(kif(ts) == "(cell 1 a) noop |Mixed|");  // folded like every KIF text
    BOOST_TEST(rc::one_term("(mark 1 1)", at(), "move").term.to_kif() == "(mark 1 1)");
    BOOST_TEST(rc::one_term("(mark 1 1)", at(), "move").loc.str() == "m.xml:7:20");
    BOOST_TEST(rc::fold_role(" XPlayer ", at()) == "xplayer");
}

BOOST_AUTO_TEST_CASE(errors_are_moved_to_their_place_in_the_record) {
    // on the snippet's first line: its column added to the record's
    std::string m = test::error_of([] { rc::read_kif("(a ?x)", at(), "fluent"); });
    BOOST_TEST(m.rfind("m.xml:7:20: error: fluent (a ?x) has a variable; a record holds ground terms", 0) == 0u, m);
    m = test::error_of([] { rc::read_kif("  (a b", at(), "fluent"); });
    BOOST_TEST(m.rfind("m.xml:7:22: error: fluent: ", 0) == 0u, m);
    // on a later line: the record's line moved by as many, the snippet's own column
    m = test::error_of([] { rc::read_kif("(a b)\n  )", at(), "percept"); });
    BOOST_TEST(m.rfind("m.xml:8:3: error: percept: ", 0) == 0u, m);
    // exactly one term
    m = test::error_of([] { rc::one_term(" ", at(), "move of xplayer"); });
    BOOST_TEST(m.rfind("m.xml:7:20: error: move of xplayer: empty where one term is expected: ''", 0) == 0u, m);
    m = test::error_of([] { rc::one_term("a b", at(), "move"); });
    BOOST_TEST(m.rfind("m.xml:7:20: error: move: 2 terms where one term is expected: 'a b'", 0) == 0u, m);
    m = test::error_of([] { rc::fold_role("(p q)", at()); });
    BOOST_TEST(m.rfind("m.xml:7:20: error: a role is a symbol, not (p q)", 0) == 0u, m);
    // a UserError of exit 2, marked located
    try {
        rc::fail_at(at(2, 3), "bad");
        BOOST_FAIL("no error");
    } catch (const UserError& e) {
        BOOST_TEST(e.exit_code == kExitInvalidInput);
        BOOST_TEST(e.located);
        BOOST_TEST(std::string(e.what()) == "m.xml:2:3: error: bad\n    <b>x</b>\n    ^");
    }
}

BOOST_AUTO_TEST_CASE(ggp_base_symbol_lists) {
    BOOST_TEST(rc::symbol_list("nil", at(), "state").empty());
    BOOST_TEST(rc::symbol_list(" ( ) ", at(), "state").empty());
    auto items = rc::symbol_list("( ( cell 1 1 b ) ( control xplayer ) )", at(), "state");
    BOOST_REQUIRE_EQUAL(items.size(), 2u);
    BOOST_TEST(items[1].term.to_kif() == "(control xplayer)");
    BOOST_TEST(items[1].loc.str() == "m.xml:7:20");  // every item at the list
    std::string m = test::error_of([] { rc::symbol_list("(cell 1 1 b", at(), "state 2"); });
    BOOST_TEST(m.rfind("m.xml:7:20: error: state 2: a list '( t1 t2 ... )' expected, not '(cell 1 1 b'", 0) == 0u, m);
    // an error inside the list at its own column: the ( at 7:22, ?v four columns on
    m = test::error_of([] { rc::symbol_list("  ( a ?v )", at(), "state"); });
    BOOST_TEST(m.rfind("m.xml:7:26: error: state ?v has a variable", 0) == 0u, m);
    // written back the way ggp-base writes it
    BOOST_TEST(rc::symbol_list_text({gdl::Term::constant("a"), gdl::Term::compound("f", {gdl::Term::constant("b")})}) ==
               "( a (f b) )");
    BOOST_TEST(rc::symbol_list_text({}) == "( )");
}
