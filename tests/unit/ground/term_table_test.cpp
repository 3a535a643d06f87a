// The grounder's hash tables: TermTable (one id per distinct ground term, round trip to
// gdl::Term, tree sizes) and SequenceSet (each rule instance once), across table growth.
#define BOOST_TEST_MODULE term_table
#include <boost/test/unit_test.hpp>

#include <random>
#include <set>

#include "ground/sequence_set.h"
#include "ground/term_table.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::TermId;

namespace {

gdl::Term term(const std::string& kif) {
    test::ParsedGame g = test::game_from_text("(x " + kif + ")");
    return g.program.rules.at(0).head.args.at(0);
}

}  // namespace

BOOST_AUTO_TEST_CASE(equal_terms_get_one_id) {
    ground::TermTable t;
    TermId a = t.from_term(term("(cell 1 (f a b) x)"));
    TermId b = t.from_term(term("(cell 1 (f a b) x)"));
    TermId c = t.from_term(term("(cell 1 (f b a) x)"));
    BOOST_TEST(a == b);
    BOOST_TEST(a != c);
    // A constant and a compound of the same name differ; so do arities.
    BOOST_TEST(t.from_term(term("f")) != t.from_term(term("(f a)")));
    BOOST_TEST(t.from_term(term("(f a)")) != t.from_term(term("(f a a)")));
    BOOST_TEST((t.to_term(a) == term("(cell 1 (f a b) x)")));
    BOOST_TEST(t.to_term(a).to_kif() == "(cell 1 (f a b) x)");
    BOOST_TEST(t.tree_size(a) == 6u);  // cell, 1, f, a, b, x
    BOOST_TEST(t.symbol_name(t.sym(a)) == "cell");
    BOOST_TEST(t.arity(a) == 3u);
    BOOST_TEST(t.arg(a, 1) == t.from_term(term("(f a b)")));
}

BOOST_AUTO_TEST_CASE(find_does_not_intern) {
    ground::TermTable t;
    ground::SymbolId f = t.symbol("f"), a = t.symbol("a");
    TermId ta = t.make(a, nullptr, 0);
    BOOST_TEST(t.find(f, &ta, 1) == -1);
    std::size_t n = t.size();
    TermId fa = t.make(f, &ta, 1);
    BOOST_TEST(t.size() == n + 1);
    BOOST_TEST(t.find(f, &ta, 1) == static_cast<std::int64_t>(fa));
}

BOOST_AUTO_TEST_CASE(many_terms_survive_growth) {
    // s^k(z) for k < 5000 and pairs (p i j): ids stay unique and findable as the table grows.
    ground::TermTable t;
    ground::SymbolId s = t.symbol("s"), p = t.symbol("p");
    std::vector<TermId> chain{t.make(t.symbol("z"), nullptr, 0)};
    for (int k = 1; k < 5000; ++k) chain.push_back(t.make(s, &chain.back(), 1));
    BOOST_TEST(std::set<TermId>(chain.begin(), chain.end()).size() == chain.size());
    BOOST_TEST(t.tree_size(chain.back()) == 5000u);
    for (int k = 1; k < 5000; ++k) BOOST_REQUIRE(t.find(s, &chain[k - 1], 1) == static_cast<std::int64_t>(chain[k]));
    std::set<TermId> pairs;
    for (int i = 0; i < 100; ++i)
        for (int j = 0; j < 100; ++j) {
            TermId args[2] = {chain[i], chain[j]};
            pairs.insert(t.make(p, args, 2));
        }
    BOOST_TEST(pairs.size() == 10000u);
}

BOOST_AUTO_TEST_CASE(sequence_set_keeps_each_sequence_once) {
    ground::SequenceSet set;
    std::mt19937 rng(7);
    std::set<std::vector<std::uint32_t>> reference;
    for (int i = 0; i < 50000; ++i) {
        std::vector<std::uint32_t> seq(1 + rng() % 4);
        for (auto& x : seq) x = rng() % 12;
        BOOST_REQUIRE(set.insert(seq) == reference.insert(seq).second);
    }
    BOOST_TEST(reference.size() > 5000u);  // the growth of the table was exercised
    for (const auto& seq : reference) BOOST_REQUIRE(!set.insert(seq));
}
