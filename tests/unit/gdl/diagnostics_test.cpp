// User-facing diagnostics (src/gdl/diagnostics.h) on a hand-made source: the printed form
// `file:line:col: severity: message`, the source line and a caret under the column (tabs kept),
// the hint as a note; sorting by file, line, column and severity with duplicates dropped; the
// strict mode that turns deviations and lint warnings into errors (hard errors apart); and a
// long line shown around its column.
#define BOOST_TEST_MODULE gdl_diagnostics
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

#include "gdl/diagnostics.h"

using namespace gdlsc::gdl;

namespace {

const SourcePtr& src() {
    static const SourcePtr s = make_source("g.kif", "(role x)\n\t(init (p ?x))\n(next q)\n");
    return s;
}
Location at(int line, int col) { return Location{src(), line, col}; }

std::string printed(const Diagnostics& d) {
    std::ostringstream o;
    d.print(o);
    return o.str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_error_with_its_line_caret_and_hint) {
    Diagnostics d;
    d.error(at(2, 10), "variable ?x in init", "init is ground");
    BOOST_TEST(printed(d) ==
               "g.kif:2:10: error: variable ?x in init\n"
               "  \t(init (p ?x))\n"
               "  \t        ^\n"  // the tab kept, so the caret stands under the column
               "g.kif:2:10: note: init is ground\n");
    BOOST_TEST(d.has_errors());
    BOOST_TEST(d.has_hard_errors());
    BOOST_TEST(d.error_count() == 1u);
}

BOOST_AUTO_TEST_CASE(a_location_without_source_prints_no_line) {
    Diagnostic x{Location{}, Severity::Warning, "no place", ""};
    BOOST_TEST(format_diagnostic(x) == "<unknown>:0:0: warning: no place\n");
    BOOST_TEST(std::string(severity_name(Severity::Note)) == "note");
}

BOOST_AUTO_TEST_CASE(sorted_by_place_then_severity_without_duplicates) {
    Diagnostics d;
    d.warning(at(3, 2), "w");
    d.error(at(1, 7), "b");
    d.error(at(3, 2), "e");
    d.error(at(1, 2), "a");
    d.error(at(1, 7), "b");  // a duplicate
    auto s = d.sorted();
    std::string order;
    for (const auto& x : s) order += x.loc.str() + " " + x.message + "; ";
    BOOST_TEST(order == "g.kif:1:2 a; g.kif:1:7 b; g.kif:3:2 e; g.kif:3:2 w; ");
    BOOST_TEST(d.error_count() == 4u);  // the count is of what was said, duplicates included
    // another file sorts by its name
    Diagnostics two;
    two.error(Location{make_source("b.kif", "x"), 1, 1}, "in b");
    two.error(Location{make_source("a.kif", "x\ny"), 2, 1}, "in a");
    BOOST_TEST(two.sorted().front().message == "in a");
}

BOOST_AUTO_TEST_CASE(deviations_and_lint_are_warnings_unless_strict) {
    Diagnostics lax;
    lax.deviation(at(3, 1), "next without a rule body", "accepted");
    lax.lint(at(1, 2), "role x is never used");
    BOOST_TEST(!lax.has_errors());
    BOOST_TEST(!lax.empty());
    BOOST_TEST(lax.sorted()[1].deviation);
    BOOST_TEST(lax.sorted()[0].lint);

    Diagnostics strict;
    strict.set_strict(true);
    strict.deviation(at(3, 1), "next without a rule body", "accepted");
    strict.lint(at(1, 2), "role x is never used");
    BOOST_TEST(strict.error_count() == 2u);
    BOOST_TEST(!strict.has_hard_errors());  // refused by --strict only
    BOOST_TEST(strict.sorted()[1].hint == "accepted; refused by --strict");
    BOOST_TEST(strict.sorted()[0].hint == "refused by --strict");
    BOOST_TEST(printed(strict).find("g.kif:3:1: error: next without a rule body") != std::string::npos);
    strict.error(at(2, 1), "a real error");
    BOOST_TEST(strict.has_hard_errors());
}

BOOST_AUTO_TEST_CASE(a_long_line_is_shown_around_its_column) {
    std::string line(400, 'a');
    line[300] = 'X';
    Diagnostic x{Location{make_source("one.kif", line), 1, 301}, Severity::Error, "here", ""};
    std::string out = format_diagnostic(x);
    // from column 221 (301 - 80) on, 160 bytes, with "..." on both sides; the caret under the X
    std::string shown = "..." + line.substr(220, 160) + "...";
    BOOST_TEST(out == "one.kif:1:301: error: here\n  " + shown + "\n  " + std::string(83, ' ') + "^\n");
    BOOST_TEST(shown[83] == 'X');
}
