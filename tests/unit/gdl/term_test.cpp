// GDL terms as lists (src/gdl/term.h): make_list builds "[|]"(t1, "[|]"(t2, ... "[]")) as the
// Prolog runtime writes lists, list_items reads the items back (of a term that is no list, its
// prefix of items), both in linear time (5,000 items in milliseconds, then 50,000); and Prolog's
// standard order of terms as the header states it: variables, then constants by their text, then
// compounds by arity, then name, then arguments. This file is compiled as the product is (not
// at -O0 like the other tests: tests/CMakeLists.txt), since it measures the header code's time
// and stack on long lists.
#define BOOST_TEST_MODULE gdl_term
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "gdl/term.h"
#include "kif_terms.h"

using namespace gdlsc::gdl;
using gdlsc::test::c;
using gdlsc::test::f;

BOOST_AUTO_TEST_CASE(lists) {
    Term l = make_list({c("a"), f("g", {c("b")})});
    BOOST_TEST(l.name == "[|]");
    BOOST_TEST(l.args.at(0).to_kif() == "a");
    BOOST_TEST(l.args.at(1).args.at(0).to_kif() == "(g b)");
    BOOST_TEST(l.args.at(1).args.at(1).name == "[]");
    BOOST_TEST(make_list({}) == c("[]"));
    BOOST_TEST(list_items_kif(l) == (std::vector<std::string>{"a", "(g b)"}), boost::test_tools::per_element());
    BOOST_TEST(list_items(c("a")).empty());
    // an improper end: the items before it
    Term improper = f("[|]", {c("a"), f("[|]", {c("b"), Term::variable("t")})});
    BOOST_TEST(list_items_kif(improper) == (std::vector<std::string>{"a", "b"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(long_lists_in_linear_time) {
    auto round_trip = [](int n) {
        std::vector<Term> items;
        for (int i = 0; i < n; ++i) items.push_back(f("cell", {c(std::to_string(i)), c("b")}));
        auto start = std::chrono::steady_clock::now();
        auto back = list_items(make_list(items));
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        BOOST_REQUIRE_EQUAL(back.size(), items.size());
        BOOST_TEST(back.back() == items.back());
        return s;
    };
    // 5,000 items: milliseconds (a copy of the rest per cell took seconds), then 50,000
    const double s = round_trip(5000);
    BOOST_REQUIRE_MESSAGE(s < 0.5, "5,000 items took " << s << " s");
    round_trip(50000);
}

BOOST_AUTO_TEST_CASE(standard_order) {
    std::vector<Term> ts = {f("f", {c("b")}), f("g", {c("a")}), c("b"), f("a", {c("x"), c("y")}), Term::variable("v"),
                            c("10"), c("9"), f("f", {c("a")})};
    std::sort(ts.begin(), ts.end(), standard_order_less);
    std::string order;
    for (const auto& t : ts) order += t.to_kif() + " ";
    // constants by their text ("10" before "9"), compounds by arity, name, then arguments
    BOOST_TEST(order == "?v 10 9 b (f a) (f b) (g a) (a x y) ");
}
