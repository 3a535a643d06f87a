// The rewrite of negations over anonymous variables (src/gdl/existential_negation.h):
// `(not (edge ?_x ?y))` with ?_x nowhere else means "no edge into ?y"; it becomes
// `(not (gdlsc not 1 ?y))` with `(<= (gdlsc not 1 ?y) (edge ?_x ?y))`. Checked on the rewrite's
// shape, on what is left alone (a named variable, an anonymous one used twice, a game without
// any: Krieg-TicTacToe of examples/), and on its meaning once grounded: in the graph a -> b,
// a has no edge into it and b has.
#define BOOST_TEST_MODULE gdl_existential_negation
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "game_paths.h"
#include "gdl/existential_negation.h"
#include "ground/grounder.h"
#include "parsed_game.h"

using namespace gdlsc;

namespace {

const char* kGraph =
    "(node a) (node b) (edge a b)\n"
    "(<= (source ?y) (node ?y) (not (edge ?_x ?y)))\n";

}  // namespace

BOOST_AUTO_TEST_CASE(the_negation_goes_through_an_auxiliary_relation) {
    auto g = test::game_from_text(kGraph);
    const gdl::Program out = gdl::existential_negations(g.program);
    BOOST_TEST_REQUIRE(out.rules.size() == g.program.rules.size() + 1);
    const gdl::Rule& r = out.rules.at(3);
    BOOST_TEST(r.head.to_kif() == "(source ?y)");
    BOOST_TEST_REQUIRE(r.body.size() == 2u);
    BOOST_TEST(r.body[0].to_kif() == "(node ?y)");
    const gdl::Literal& neg = r.body[1];
    BOOST_TEST_REQUIRE((neg.kind == gdl::Literal::Kind::Not && neg.sub.size() == 1));
    const gdl::Term& aux = neg.sub[0].atom;
    BOOST_TEST(aux.name == "gdlsc not 1");
    BOOST_TEST_REQUIRE(aux.args.size() == 1u);  // only the shared variable
    BOOST_TEST(aux.args[0].to_kif() == "?y");
    // the new rule right after the one it serves: aux(?y) :- edge(?_x, ?y)
    const gdl::Rule& def = out.rules.at(4);
    BOOST_TEST((def.head == aux));
    BOOST_TEST_REQUIRE(def.body.size() == 1u);
    BOOST_TEST(def.body[0].to_kif() == "(edge ?_x ?y)");
    // located where the negation was
    BOOST_TEST(aux.loc.line == 2);
}

BOOST_AUTO_TEST_CASE(other_negations_are_left_alone) {
    for (const char* text : {"(node a) (edge a a) (<= (p ?y) (node ?y) (not (edge ?x ?y)))",           // named
                             "(node a) (edge a a) (<= (p ?y) (node ?y) (not (edge ?_x ?_x)))",         // twice
                             "(node a) (edge a a) (<= (p ?y) (node ?y) (edge ?_x ?y) (not (edge ?_x ?y)))"}) {  // elsewhere
        auto g = test::game_from_text(text);
        const gdl::Program out = gdl::existential_negations(g.program);
        BOOST_TEST((out.rules == g.program.rules), text);
    }
    auto krieg = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    BOOST_TEST((gdl::existential_negations(krieg.program).rules == krieg.program.rules));
}

BOOST_AUTO_TEST_CASE(two_negations_get_two_relations) {
    auto g = test::game_from_text("(node a) (edge a a)\n"
                                  "(<= (p ?y) (node ?y) (not (edge ?_x ?y)) (not (edge ?y ?_z)))");
    const gdl::Program out = gdl::existential_negations(g.program);
    BOOST_TEST_REQUIRE(out.rules.size() == 5u);
    BOOST_TEST(out.rules[2].body[1].sub.at(0).atom.name == "gdlsc not 1");
    BOOST_TEST(out.rules[2].body[2].sub.at(0).atom.name == "gdlsc not 2");
    BOOST_TEST(out.rules[4].body.at(0).to_kif() == "(edge ?y ?_z)");
}

BOOST_AUTO_TEST_CASE(grounded_it_means_no_instance_holds) {
    auto g = test::game_from_text(kGraph);
    std::set<gdl::Signature> keep;
    for (const auto& [sig, info] : g.analysis.predicates) keep.insert(sig);
    const auto gp = ground::ground_program(g.program, g.analysis, {}, {}, keep);
    auto aux = [](const char* y) { return gdl::Term::compound("gdlsc not 1", {gdl::Term::constant(y)}); };
    // b has an edge into it: its auxiliary atom has a rule; a has none, so its auxiliary atom
    // (if the grounder made it at all) has no rule: false, and (source a) holds
    auto rules_of = [&](const gdl::Term& t) {
        const auto a = gp.find(t, -1);
        int n = 0;
        for (const auto& r : gp.rules) n += a >= 0 && r.head == static_cast<ground::AtomId>(a);
        return n;
    };
    BOOST_TEST(rules_of(aux("b")) == 1);  // aux(b) :- (edge a b)
    BOOST_TEST(rules_of(aux("a")) == 0);
    const auto source_a = gp.find(gdl::Term::compound("source", {gdl::Term::constant("a")}), -1);
    BOOST_TEST_REQUIRE(source_a >= 0);
    const auto aux_b = static_cast<ground::AtomId>(gp.find(aux("b"), -1));
    int rules_a = 0;
    for (const auto& r : gp.rules)
        if (r.head == static_cast<ground::AtomId>(source_a)) {
            ++rules_a;
            for (auto n : r.neg) BOOST_TEST(n != aux_b);
        }
    BOOST_TEST(rules_a >= 1);
    // (source b), if produced at all, holds only under (not aux(b)), which is derived: false
    const auto source_b = gp.find(gdl::Term::compound("source", {gdl::Term::constant("b")}), -1);
    if (source_b >= 0)
        for (const auto& r : gp.rules)
            if (r.head == static_cast<ground::AtomId>(source_b))
                BOOST_TEST((std::find(r.neg.begin(), r.neg.end(), aux_b) != r.neg.end()));
}
