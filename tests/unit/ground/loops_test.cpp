// Positive loops and unfounded sets (src/ground/loops.h) on a ground program written by hand,
// with the answers worked out from the definitions (Lin & Zhao 2004):
//
//     a :- b.   b :- a.              a loop with no external support
//     c :- d.   d :- c.   d :- e.    a loop supported from outside by e
//     e.                             a fact
//     p :- not q.   q :- q.          a self-loop, and an atom that depends on it negatively
//
// The model {a, b, c, d, e, q} satisfies the Clark completion (a and b support each other,
// q itself) but is not stable: a, b and q have no well-founded derivation; {a, b} and {q} are
// the loops whose loop formulas it violates, {c, d} is supported through e.
#define BOOST_TEST_MODULE ground_loops
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "ground/loops.h"

using namespace gdlsc;
using ground::AtomId;

namespace {

struct Fixture {
    ground::GroundProgram gp;
    AtomId a, b, c, d, e, p, q;
    std::size_t d_from_e = 0;

    Fixture() {
        auto atom = [&](const char* n) { return gp.intern(gdl::Term::constant(n), -1); };
        a = atom("a"), b = atom("b"), c = atom("c"), d = atom("d"), e = atom("e"), p = atom("p"), q = atom("q");
        gp.rules = {{a, {b}, {}}, {b, {a}, {}}, {c, {d}, {}}, {d, {c}, {}}, {d, {e}, {}}, {e, {}, {}}, {p, {}, {q}}, {q, {q}, {}}};
        d_from_e = 4;
        gp.index_rules();
    }
    std::vector<bool> model(std::initializer_list<AtomId> true_atoms) const {
        std::vector<bool> m(gp.atoms.size(), false);
        for (AtomId x : true_atoms) m[x] = true;
        return m;
    }
};

std::vector<std::vector<AtomId>> sorted(std::vector<std::vector<AtomId>> loops) {
    for (auto& l : loops) std::sort(l.begin(), l.end());
    std::sort(loops.begin(), loops.end());
    return loops;
}

}  // namespace

BOOST_FIXTURE_TEST_CASE(positive_loops_are_the_nontrivial_components, Fixture) {
    BOOST_TEST(sorted(ground::positive_loops(gp)) == sorted({{a, b}, {c, d}, {q}}));
}

BOOST_FIXTURE_TEST_CASE(unfounded_atoms_of_a_completion_model, Fixture) {
    const auto m = model({a, b, c, d, e, q});
    const auto closure = ground::supported_closure(gp, m);
    BOOST_TEST((closure == model({c, d, e})));  // p: `not q` fails, q true in the model
    auto u = ground::unfounded_atoms(gp, m);
    std::sort(u.begin(), u.end());
    BOOST_TEST(u == (std::vector<AtomId>{a, b, q}));
    BOOST_TEST(sorted(ground::violated_loops(gp, m, u)) == sorted({{a, b}, {q}}));
    // the stable model: nothing unfounded, no violated loop
    const auto stable = model({c, d, e, p});
    BOOST_TEST(ground::unfounded_atoms(gp, stable).empty());
    BOOST_TEST((ground::supported_closure(gp, stable) == stable));
}

BOOST_FIXTURE_TEST_CASE(external_support_of_a_loop, Fixture) {
    BOOST_TEST(ground::external_support(gp, {c, d}) == (std::vector<std::size_t>{d_from_e}));
    BOOST_TEST(ground::external_support(gp, {a, b}).empty());
    BOOST_TEST(ground::external_support(gp, {q}).empty());
}
