// The bdd engine of `prove` (src/prove/prove_bdd.h) on the coin game of
// tests/support/coin_game.h with random renamed dealer (both roles agents), whose answers are
// known by hand: legal-knowledge fails for player at depth 1, goal-knowledge at 2, perfect
// information at 1 (player) and 2 (dealer; the shortest over the agents is reported), and
// terminal-knowledge holds by an inductive invariant of equal fluents for each agent. With
// --bdd-pairs the reachable pairs are searched instead: 5 reachable states; player cannot tell
// heads from tails (1 + 3 + 3 unordered pairs by level), dealer can (1 + 2 + 2), 12 pairs. A depth bound
// cuts the search (whole_game false). Well-formedness: the game is playable and terminates;
// without dealer's noop it is not playable. Errors: the names of --bdd-order, a formula and a
// GDL-III game (UserError), termination with a depth (UserError), node bounds of 10 to 200
// nodes (LimitError naming --max-nodes).
#define BOOST_TEST_MODULE prove_prove_bdd
#include <boost/test/unit_test.hpp>

#include <string>

#include "base/errors.h"
#include "coin_game.h"
#include "game_paths.h"
#include "prove/prove_bdd.h"
#include "user_error_of.h"

using namespace gdlsc;
using gdlsc::test::error_of;

namespace {

using test::dealer_game;


query::BddProveOptions whole() {
    query::BddProveOptions o;
    o.timeout_seconds = 30;
    return o;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_known_counterexamples_of_the_coin_game) {
    const auto g = dealer_game();
    {
        const auto r = query::prove_bdd(g, "legal-knowledge", whole());
        BOOST_TEST((r.method == query::ProveMethod::Bdd));
        BOOST_TEST(r.whole_game);
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 1u);
        BOOST_TEST_REQUIRE(r.actual.size() == 1u);
        BOOST_TEST(r.actual[0][1] == "noop");
        BOOST_TEST(r.alternative[0][1] == "noop");
        BOOST_TEST(r.actual[0][0] != r.alternative[0][0]);  // heads against tails
        BOOST_TEST(r.variables > 0u);
    }
    {
        const auto r = query::prove_bdd(g, "goal-knowledge", whole());
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 2u);
    }
    {
        // dealer's at 2 is searched first; player's at 1 is shorter and reported
        const auto r = query::prove_bdd(g, "perfect-information", whole());
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 1u);
    }
    {
        // player sees the coin: only dealer's, at 2
        const auto r = query::prove_bdd(dealer_game(true), "perfect-information", whole());
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.role == "dealer");
        BOOST_TEST(r.at_depth == 2u);
    }
}

BOOST_AUTO_TEST_CASE(an_invariant_of_equal_fluents_proves_without_the_pairs) {
    const auto g = dealer_game();
    const auto r = query::prove_bdd(g, "terminal-knowledge", whole());
    BOOST_TEST(r.holds);
    BOOST_TEST(r.whole_game);
    BOOST_TEST(r.invariants.count("dealer") == 1u);
    BOOST_TEST(r.invariants.count("player") == 1u);
    BOOST_TEST(r.searched.empty());  // no agent's pairs were searched
    // player seeing the coin: goal-knowledge by the invariant too (the coin equal in both)
    const auto seen = query::prove_bdd(dealer_game(true), "goal-knowledge", whole());
    BOOST_TEST(seen.holds);
    BOOST_TEST(seen.invariants.count("player") == 1u);
}

BOOST_AUTO_TEST_CASE(the_reachable_pairs_counted_by_hand) {
    auto o = whole();
    o.reachable_pairs = true;
    const auto r = query::prove_bdd(dealer_game(), "terminal-knowledge", o);
    BOOST_TEST(r.holds);
    BOOST_TEST(r.searched == (std::vector<std::string>{"dealer", "player"}));
    BOOST_TEST(r.invariants.empty());
    BOOST_TEST(r.states == 5u);        // (step 0); (step 1) and (step 2) with each coin
    BOOST_TEST(r.pairs == 7u + 5u);    // unordered; player: 1 + 3 + 3; dealer: 1 + 2 + 2
    BOOST_TEST(r.depth == 2u);         // the levels of the search
}

BOOST_AUTO_TEST_CASE(a_depth_bound_cuts_the_search) {
    const auto g = dealer_game();
    auto o = whole();
    o.max_depth = 1;
    const auto one = query::prove_bdd(g, "goal-knowledge", o);
    BOOST_TEST(one.holds);
    BOOST_TEST(!one.whole_game);
    BOOST_TEST(one.depth == 1u);
    o.max_depth = 2;
    const auto two = query::prove_bdd(g, "goal-knowledge", o);
    BOOST_TEST(!two.holds);
    BOOST_TEST(two.at_depth == 2u);
}

BOOST_AUTO_TEST_CASE(well_formedness_over_the_states) {
    const auto g = dealer_game();
    BOOST_TEST(query::prove_bdd(g, "playability", whole()).holds);
    BOOST_TEST(query::prove_bdd(g, "termination", whole()).holds);
    // without (legal dealer noop) dealer has no move after its flip
    std::string text = test::coin_game_with_dealer_text();
    const std::string rule = "(<= (legal dealer noop) (not (true (step 0))))";
    const std::size_t at = text.find(rule);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    text.erase(at, rule.size());
    const auto broken = query::load_game_text("t.kif", text);
    const auto r = query::prove_bdd(broken, "playability", whole());
    BOOST_TEST(!r.holds);
    BOOST_TEST(r.at_depth == 1u);
    BOOST_TEST(contains(r.explanation, "dealer"), r.explanation);
}

BOOST_AUTO_TEST_CASE(what_it_does_not_decide_it_refuses) {
    BOOST_TEST((query::bdd_order("") == symbolic::VariableOrder::Structure));
    BOOST_TEST((query::bdd_order("sorted") == symbolic::VariableOrder::Sorted));
    BOOST_TEST((query::bdd_order("network") == symbolic::VariableOrder::Network));
    BOOST_TEST(contains(error_of([] { query::bdd_order("random"); }), "unknown --bdd-order 'random'"));
    const auto g = dealer_game();
    BOOST_TEST(query::bdd_not_applicable(g, "legal-knowledge").empty());
    BOOST_TEST(query::bdd_not_applicable(g, "playability").empty());
    BOOST_TEST(contains(query::bdd_not_applicable(g, "(knows player terminal)"), "not formulas"));
    BOOST_TEST(contains(error_of([&] { query::prove_bdd(g, "(knows player terminal)", whole()); }),
                        "prove: the bdd engine: "));
    const auto cheryl = query::load_game_file(test::example("cheryl/cheryl.kif"));
    BOOST_TEST(contains(query::bdd_not_applicable(cheryl, "legal-knowledge"), "GDL-III"));
    auto depth = whole();
    depth.max_depth = 3;
    BOOST_TEST(contains(error_of([&] { query::prove_bdd(g, "termination", depth); }),
                        "termination is a property of the whole game"));
    // small node bounds end in LimitError naming the bound (100, 120 and 150 crashed before
    // the manager cleared BuDDy's reference stack, symbolic/manager.cpp)
    for (std::size_t bound : {10u, 100u, 120u, 150u, 200u}) {
        auto tiny = whole();
        tiny.engine.max_nodes = bound;
        try {
            query::prove_bdd(g, "legal-knowledge", tiny);
            BOOST_FAIL("no LimitError at a node bound of " << bound);
        } catch (const LimitError& e) {
            BOOST_TEST(contains(e.what(), "--max-nodes " + std::to_string(bound)), e.what());
        }
    }
}
