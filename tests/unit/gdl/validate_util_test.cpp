// The helpers of the validation checks (src/gdl/validate_util.h) on rules read from inline KIF:
// keyword arities as the GDL specification gives them (Love et al. 2008; sees, Thielscher
// 2010), the body-only keywords and connectives, variable occurrences in order with their
// columns, and the variables a literal binds (an or binds only what every disjunct binds).
#define BOOST_TEST_MODULE gdl_validate_util
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "gdl/reader.h"
#include "gdl/validate_util.h"

using namespace gdlsc::gdl;
using namespace gdlsc::gdl::detail;

namespace {

Program read(const std::string& text) {
    Diagnostics d;
    auto p = read_game_text("t.kif", text, d);
    BOOST_REQUIRE(!d.has_errors());
    return p;
}

std::string names(const VarSet& s) {
    std::string out;
    for (const auto& v : s) out += (out.empty() ? "" : " ") + v;
    return out;
}

bool any(const Term&) { return true; }

}  // namespace

BOOST_AUTO_TEST_CASE(keywords) {
    const std::vector<std::pair<std::string, size_t>> spec = {
        {"role", 1}, {"init", 1},     {"true", 1}, {"next", 1}, {"legal", 2},  {"does", 2},
        {"goal", 2}, {"terminal", 0}, {"sees", 2}, {"base", 1}, {"input", 2}, {"percept", 2}};
    for (const auto& [name, n] : spec) {
        BOOST_TEST_CONTEXT(name) {
            BOOST_REQUIRE(keyword_arity(name).has_value());
            BOOST_TEST(*keyword_arity(name) == n);
        }
    }
    BOOST_TEST(!keyword_arity("knows").has_value());  // 1 or 2
    BOOST_TEST(!keyword_arity("cell").has_value());
    for (const char* k : {"true", "does", "knows"}) BOOST_TEST(body_only_keyword(k));
    for (const char* k : {"next", "legal", "role", "sees"}) BOOST_TEST(!body_only_keyword(k));
    for (const char* k : {"not", "or", "and", "distinct"}) BOOST_TEST(connective(k));
    BOOST_TEST(!connective("true"));
    BOOST_TEST(arguments(1) == "1 argument");
    BOOST_TEST(arguments(0) == "0 arguments");
    BOOST_TEST(sig_str(Term::compound("cell", {Term::constant("1"), Term::constant("2"), Term::variable("z")})) == "cell/3");
}

BOOST_AUTO_TEST_CASE(variable_occurrences_in_order_with_places) {
    auto p = read("(<= (p ?x ?y) (q ?y ?x ?y) (not (r ?z)) (distinct ?w a) (or (s ?v) (and (t ?u))))");
    const Rule& r = p.rules.at(0);
    std::vector<const Term*> head;
    variable_occurrences(r.head, head);
    BOOST_REQUIRE_EQUAL(head.size(), 2u);
    BOOST_TEST(head[0]->name == "x");
    BOOST_TEST(head[0]->loc.col == 8);
    BOOST_TEST(head[1]->loc.col == 11);
    std::vector<const Term*> body;
    for (const auto& l : r.body) variable_occurrences(l, body);
    std::string seen;
    for (const auto* t : body) seen += t->name;
    BOOST_TEST(seen == "yxyzwvu");  // duplicates kept, through not, distinct, or and and
    BOOST_TEST(body[0]->loc.col == 18);
}

BOOST_AUTO_TEST_CASE(what_a_literal_binds) {
    auto p = read("(<= h (q ?a ?b) (not (r ?c)) (distinct ?d ?e) (or (s ?f ?g) (t ?g ?h)) (or (and (u ?i) (v ?j)) (w ?j)))");
    const auto& b = p.rules.at(0).body;
    BOOST_REQUIRE_EQUAL(b.size(), 5u);
    BOOST_TEST(names(binds(b[0], any)) == "a b");
    BOOST_TEST(names(binds(b[1], any)) == "");  // not binds nothing
    BOOST_TEST(names(binds(b[2], any)) == "");  // nor does distinct
    BOOST_TEST(names(binds(b[3], any)) == "g");  // an or: only what both disjuncts bind
    BOOST_TEST(names(binds(b[4], any)) == "j");  // an and in an or: the union, then the intersection
    // atoms that do not count bind nothing (e.g. the relation being defined)
    auto not_q = [](const Term& t) { return t.name != "q"; };
    BOOST_TEST(names(binds(b[0], not_q)) == "");
    BOOST_TEST(names(binds(b[3], not_q)) == "g");
    auto not_t = [](const Term& t) { return t.name != "t"; };
    BOOST_TEST(names(binds(b[3], not_t)) == "");
}
