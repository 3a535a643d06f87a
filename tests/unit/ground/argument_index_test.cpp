// The grounder's argument index (src/ground/argument_index.h) over the initial state of
// Krieg-TicTacToe of examples/: true(cell m n b) for the nine cells and true(control xplayer),
// a relation whose atoms wrap a fluent (field 0 the functor, then the fluent's arguments).
// Candidates must be exactly the atoms with the bound values, in position order; a value no
// atom has, or a field no atom has, gives none; atoms added later are indexed on the next ask.
#define BOOST_TEST_MODULE ground_argument_index
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "game_paths.h"
#include "ground/argument_index.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::ArgumentIndex;

namespace {

struct InitialState {
    ground::TermTable terms;
    std::vector<ground::TermId> atom_term;
    std::vector<ground::AtomId> ids;  // the key's atoms, in position order
    ArgumentIndex index{terms, atom_term};

    InitialState() {
        auto g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
        for (const auto& r : g.program.rules)
            if (r.is_fact() && r.head.name == "init") add(r.head.args.at(0));
        BOOST_TEST_REQUIRE(ids.size() == 10u);  // nine blank cells and the control
    }
    void add(const gdl::Term& fluent) {
        atom_term.push_back(terms.from_term(gdl::Term::compound("true", {fluent})));
        ids.push_back(static_cast<ground::AtomId>(atom_term.size() - 1));
    }
    static gdl::Term term_of(const std::string& kif) {
        auto g = test::game_from_text("(x " + kif + ")");
        return g.program.rules.at(0).head.args.at(0);
    }
    std::int64_t value(const std::string& c) { return terms.from_term(gdl::Term::constant(c)); }
    std::uint64_t cell() { return ArgumentIndex::functor_field(terms.symbol("cell"), 3); }

    // The fluents (KIF) of the candidates of `bound`, one field (narrow) or all (narrow_all).
    std::vector<std::string> candidates(const std::vector<ArgumentIndex::BoundField>& bound, bool all = false) {
        ArgumentIndex::Candidates c;
        c.from = 0, c.to = ids.size();
        index.narrow(0, ids, true, bound, c);
        if (all) index.narrow_all(0, ids, true, bound, c);
        std::vector<std::string> out;
        for (std::size_t k = c.lo; k < c.hi; ++k)
            out.push_back(terms.to_term(terms.arg(atom_term[ids[(*c.bucket)[k]]], 0)).to_kif());
        BOOST_TEST(out.size() == c.count());
        return out;
    }
};

using V = std::vector<std::string>;

}  // namespace

BOOST_FIXTURE_TEST_CASE(one_field_narrows_to_the_smallest_bucket, InitialState) {
    // cell/3 has nine atoms, m = 2 three: the smaller one, in position order
    BOOST_TEST(candidates({{0, static_cast<std::int64_t>(cell())}, {1, value("2")}}) ==
                   (V{"(cell 2 1 b)", "(cell 2 2 b)", "(cell 2 3 b)"}),
               boost::test_tools::per_element());
    BOOST_TEST(candidates({{3, value("b")}}).size() == 9u);
    BOOST_TEST(candidates({{1, value("xplayer")}}) == V{"(control xplayer)"}, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(all_fields_narrow_to_the_matching_atoms, InitialState) {
    BOOST_TEST(candidates({{1, value("2")}, {2, value("3")}}, true) == V{"(cell 2 3 b)"},
               boost::test_tools::per_element());
    BOOST_TEST(candidates({{1, value("3")}, {2, value("1")}, {3, value("b")}}, true) == V{"(cell 3 1 b)"},
               boost::test_tools::per_element());
    // no x on the initial board
    BOOST_TEST(candidates({{1, value("1")}, {3, value("x")}}, true).empty());
}

BOOST_FIXTURE_TEST_CASE(unknown_values_and_fields_match_nothing, InitialState) {
    BOOST_TEST(candidates({{1, -1}}).empty());                 // a term never interned
    BOOST_TEST(candidates({{1, value("7")}}).empty());         // interned, but no atom has it
    BOOST_TEST(candidates({{9, value("1")}}).empty());         // no atom has a ninth field
}

BOOST_FIXTURE_TEST_CASE(atoms_added_later_are_indexed, InitialState) {
    BOOST_TEST(candidates({{1, value("1")}, {2, value("1")}}, true) == V{"(cell 1 1 b)"},
               boost::test_tools::per_element());
    add(term_of("(cell 1 1 x)"));
    add(term_of("(tried 1 1)"));
    BOOST_TEST(candidates({{1, value("1")}, {2, value("1")}}, true) == (V{"(cell 1 1 b)", "(cell 1 1 x)", "(tried 1 1)"}),
               boost::test_tools::per_element());
    BOOST_TEST(candidates({{3, value("x")}}) == V{"(cell 1 1 x)"}, boost::test_tools::per_element());
}
