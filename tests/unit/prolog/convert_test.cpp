// Term conversion between gdl::Term and Prolog terms (src/prolog/convert.h), against the real
// SWI-Prolog: constants become atoms (UTF-8 kept, never numbers), "[]" and "[|]" become Prolog's
// nil and list cells, variables of one name one Prolog variable; and back, integers, floats and
// strings become constants with their text, an unbound variable a variable, a partial list its
// items before an open tail, a long list in linear time (8,000 items) and without recursion on
// its spine (200,000). This file is compiled as the product is (not at -O0 like the other
// tests: tests/CMakeLists.txt), since it measures the header code's time and stack on long lists.
#define BOOST_TEST_MODULE prolog_convert
#include <boost/test/unit_test.hpp>

#include <SWI-cpp2.h>

#include <chrono>
#include <ostream>
#include <string>

#include "gdl/term.h"
#include "kif_terms.h"
#include "prolog/calls.h"
#include "prolog/convert.h"
#include "prolog/engine.h"

using namespace gdlsc;
using gdl::Term;
using test::c;
using test::v;
using test::f;

namespace {

// The engine started (PL_initialise), once.
void started() { (void)pl::Engine::instance(); }

// `t` written by Prolog's writeq/1.
std::string writeq(const PlTerm& t) { return t.get_nchars(CVT_WRITEQ | REP_UTF8 | BUF_STACK); }

PlTerm put(const Term& t, pl::VarMap& vars) {
    PlTerm_var out;
    pl::put_term(out, t, vars);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(gdl_terms_into_prolog) {
    started();
    pl::detail::Frame frame;
    pl::VarMap vars;
    BOOST_TEST(writeq(put(f("cell", {c("1"), c("1"), c("b")}), vars)) == "cell('1','1',b)");  // atoms, never numbers
    BOOST_TEST(writeq(put(c("\xC3\xA9t\xC3\xA9"), vars)) == "\xC3\xA9t\xC3\xA9");
    BOOST_TEST(writeq(put(c("X"), vars)) == "'X'");
    BOOST_TEST(writeq(put(gdl::make_list({c("a"), f("g", {c("b")})}), vars)) == "[a,g(b)]");
    BOOST_TEST(writeq(put(c("[]"), vars)) == "[]");
    PlTerm nil = put(c("[]"), vars);
    BOOST_TEST(PL_get_nil(nil.C_) != 0);  // Prolog's nil, not the atom '[]'
    // f(?x, ?y, ?x): ?x one variable: binding it binds both places
    PlTerm t = put(f("f", {v("x"), v("y"), v("x")}), vars);
    BOOST_REQUIRE_EQUAL(vars.size(), 2u);
    BOOST_REQUIRE(PL_unify_atom_chars(vars.at("x").C_, "a"));
    BOOST_TEST(writeq(t).rfind("f(a,", 0) == 0u, writeq(t));
    BOOST_TEST(writeq(t).substr(writeq(t).size() - 3) == ",a)", writeq(t));  // the third argument too
    PlTerm y_again = put(v("y"), vars);  // a variable already in the map is the same one
    BOOST_TEST(PL_compare(y_again.C_, vars.at("y").C_) == 0);
}

BOOST_AUTO_TEST_CASE(prolog_terms_back) {
    started();
    pl::detail::Frame frame;
    auto read = [](const char* text) {
        PlTerm_var t;
        BOOST_REQUIRE(PL_chars_to_term(text, t.C_));
        return pl::get_term(t);
    };
    BOOST_TEST(read("cell('1', b, \"str\")").to_kif() == "(cell 1 b str)");
    BOOST_TEST(read("n(42, -7, 2.5)").to_kif() == "(n 42 -7 2.5)");
    BOOST_TEST(read("[a, g(b)]") == gdl::make_list({c("a"), f("g", {c("b")})}));
    BOOST_TEST(read("[]") == c("[]"));
    Term var = read("f(X)").args.at(0);
    BOOST_TEST(var.is_variable());
    // a partial list: its items, then the open tail
    Term partial = read("[a, b | T]");
    BOOST_TEST(gdl::list_items(partial).size() == 2u);
    BOOST_TEST(partial.args.at(1).args.at(1).is_variable());
    // round trip of a gdl term through Prolog
    const Term t = f("does", {c("xplayer"), f("mark", {c("1"), c("\xC3\xA9")}), gdl::make_list({c("x"), c("[]")})});
    pl::VarMap vars;
    BOOST_TEST(pl::get_term(put(t, vars)) == t);
}

namespace {
// numlist(1, N, L) run in Prolog, and L read back; the seconds get_term took.
double read_numlist(int n, std::vector<Term>& items) {
    pl::detail::Frame frame;
    PlTerm_var list;
    PlTerm goal = pl::detail::compound("numlist", {pl::detail::int_term(1), pl::detail::int_term(n), list});
    BOOST_REQUIRE(pl::detail::run_once(pl::detail::qualified("system", goal), "numlist/3", pl::Limits{}));
    auto start = std::chrono::steady_clock::now();
    Term l = pl::get_term(list);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    items = gdl::list_items(l);
    return s;
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_long_list_reads_in_linear_time) {
    started();
    std::vector<Term> items;
    // 8,000 items: milliseconds (a copy of the rest per cell took seconds; 16,000 took 40 s)
    const double s = read_numlist(8000, items);
    BOOST_TEST(items.size() == 8000u);
    BOOST_REQUIRE_MESSAGE(s < 2.0, "reading 8,000 items took " << s << " s");
    // 200,000: along the spine without recursion
    read_numlist(200000, items);
    BOOST_REQUIRE_EQUAL(items.size(), 200000u);
    BOOST_TEST(items.front().name == "1");
    BOOST_TEST(items.back().name == "200000");
}

BOOST_AUTO_TEST_CASE(atoms_by_name) {
    started();
    PlAtom a = pl::atom_for("\xC3\xA9t\xC3\xA9");
    BOOST_TEST(pl::atom_text(a) == "\xC3\xA9t\xC3\xA9");
    BOOST_TEST(pl::atom_for("\xC3\xA9t\xC3\xA9").C_ == a.C_);  // one atom per name
    BOOST_TEST(pl::atom_for("x").C_ != a.C_);
}
