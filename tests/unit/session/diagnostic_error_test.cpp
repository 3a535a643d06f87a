// Collected diagnostics as the UserError that ends a command (src/session/diagnostic_error.h):
// nothing thrown without an error; otherwise exit 2, the message marked located, the errors
// sorted and printed with their lines and carets, the warnings left out, the header first,
// and no trailing newline.
#define BOOST_TEST_MODULE session_diagnostic_error
#include <boost/test/unit_test.hpp>

#include <string>

#include "base/errors.h"
#include "session/diagnostic_error.h"

using namespace gdlsc;

namespace {

const gdl::SourcePtr& src() {
    static const gdl::SourcePtr s = gdl::make_source("h.txt", "(mark 1 1)\n(mark 4 4)\n");
    return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(warnings_alone_throw_nothing) {
    gdl::Diagnostics d;
    query::throw_if_errors(d, "header");
    d.warning({src(), 1, 1}, "just a warning");
    query::throw_if_errors(d);
    d.deviation({src(), 1, 1}, "accepted");
    BOOST_CHECK_NO_THROW(query::throw_if_errors(d));
}

BOOST_AUTO_TEST_CASE(errors_become_one_located_user_error) {
    gdl::Diagnostics d;
    d.error({src(), 2, 7}, "no such cell", "cells are 1..3");
    d.warning({src(), 1, 1}, "a warning, left out");
    d.error({src(), 1, 2}, "first by place");
    try {
        query::throw_if_errors(d, "h.txt: bad history:");
        BOOST_FAIL("no UserError");
    } catch (const UserError& e) {
        BOOST_TEST(e.exit_code == kExitInvalidInput);
        BOOST_TEST(e.located);
        BOOST_TEST(std::string(e.what()) ==
                   "h.txt: bad history:\n"
                   "h.txt:1:2: error: first by place\n"
                   "  (mark 1 1)\n"
                   "   ^\n"
                   "h.txt:2:7: error: no such cell\n"
                   "  (mark 4 4)\n"
                   "        ^\n"
                   "h.txt:2:7: note: cells are 1..3");
    }
    // under --strict a deviation is an error too, and without a header the first line is it
    gdl::Diagnostics strict;
    strict.set_strict(true);
    strict.deviation({src(), 1, 1}, "refused");
    try {
        query::throw_if_errors(strict);
        BOOST_FAIL("no UserError");
    } catch (const UserError& e) {
        BOOST_TEST(std::string(e.what()).rfind("h.txt:1:1: error: refused\n", 0) == 0u, e.what());
    }
}
