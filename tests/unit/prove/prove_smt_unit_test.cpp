// The smt engine of `prove` in process (src/prove/prove_smt.h: prove_smt), beside the binary's
// prove_smt_test, on the coin game of tests/support/coin_game.h with its random role renamed
// dealer, so that both roles are agents: player's counterexamples come at depth 1 (legal-
// knowledge, perfect information) and 2 (goal-knowledge), dealer's perfect information at 2,
// and terminal-knowledge holds. The bounded search reports the shortest counterexample over
// the agents, k-induction the shortest refutation (dealer, searched first, refuted at 2 is
// replaced by player at 1), proves terminal-knowledge with its invariants, and is undecided
// on perfect information that holds (base case only). A role named random is no agent.
// Errors: neither --depth nor --induction, a formula, a well-formedness property, a GDL-III
// game (UserError, exit 2), and a time limit already reached (LimitError, exit 4).
#define BOOST_TEST_MODULE prove_prove_smt_unit
#include <boost/test/unit_test.hpp>

#include <string>

#include "base/errors.h"
#include "coin_game.h"
#include "game_paths.h"
#include "prove/prove_smt.h"
#include "user_error_of.h"

using namespace gdlsc;
using gdlsc::test::error_of;

namespace {

using test::dealer_game;

query::SmtProveOptions bounded(std::size_t depth) {
    query::SmtProveOptions o;
    o.depth = depth;
    o.timeout_seconds = 30;
    return o;
}

query::SmtProveOptions induction(std::size_t max_k = 5) {
    query::SmtProveOptions o;
    o.induction = true;
    o.max_k = max_k;
    o.timeout_seconds = 30;
    return o;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_bounded_search_reports_the_shortest_counterexample_over_the_agents) {
    const auto g = dealer_game();
    {
        const auto r = query::prove_smt(g, "legal-knowledge", bounded(3));
        BOOST_TEST((r.method == query::ProveMethod::SmtBounded));
        BOOST_TEST(!r.holds);
        BOOST_TEST(!r.whole_game);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 1u);
        BOOST_TEST_REQUIRE(r.actual.size() == 1u);
        BOOST_TEST(r.actual[0][1] == "noop");
        BOOST_TEST(r.actual_percepts == r.alternative_percepts);
        BOOST_TEST(r.pairs > 0u);  // Z3 calls
    }
    {
        const auto r = query::prove_smt(g, "perfect-information", bounded(3));
        BOOST_TEST(r.role == "player");  // at 1, before dealer's at 2
        BOOST_TEST(r.at_depth == 1u);
    }
    {
        const auto r = query::prove_smt(g, "goal-knowledge", bounded(1));
        BOOST_TEST(r.holds);  // its counterexample is at depth 2
        BOOST_TEST(r.depth == 1u);
        BOOST_TEST(!query::prove_smt(g, "goal-knowledge", bounded(2)).holds);
    }
    const auto t = query::prove_smt(g, "terminal-knowledge", bounded(4));
    BOOST_TEST(t.holds);
    BOOST_TEST(t.depth == 4u);
    // player sees the coin: dealer's perfect information at depth 2 is the only counterexample
    const auto seen = query::prove_smt(dealer_game(true), "perfect-information", bounded(3));
    BOOST_TEST(!seen.holds);
    BOOST_TEST(seen.role == "dealer");
    BOOST_TEST(seen.at_depth == 2u);
}

BOOST_AUTO_TEST_CASE(k_induction_proves_refutes_the_shortest_or_is_undecided) {
    const auto g = dealer_game();
    {
        const auto r = query::prove_smt(g, "terminal-knowledge", induction());
        BOOST_TEST((r.method == query::ProveMethod::SmtInduction));
        BOOST_TEST(r.holds);
        BOOST_TEST(r.whole_game);
        BOOST_TEST(!r.undecided);
        BOOST_TEST(r.invariants.count("player") == 1u);
        BOOST_TEST(r.invariants.count("dealer") == 1u);
    }
    {
        // dealer (first in role order) is refuted at 2, player at 1: player's is reported
        const auto r = query::prove_smt(g, "perfect-information", induction());
        BOOST_TEST(!r.holds);
        BOOST_TEST(!r.undecided);
        BOOST_TEST(r.whole_game);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 1u);
    }
    {
        const auto r = query::prove_smt(g, "goal-knowledge", induction());
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.role == "player");
        BOOST_TEST(r.at_depth == 2u);
    }
    {
        // perfect information is decided by the base case alone: with player seeing the coin
        // player has no counterexample and dealer's is at 2, past max_k = 1: undecided
        const auto r = query::prove_smt(dealer_game(true), "perfect-information", induction(1));
        BOOST_TEST(!r.holds);
        BOOST_TEST(r.undecided);
        BOOST_TEST(r.whole_game);
        BOOST_TEST(r.depth == 1u);
    }
}

BOOST_AUTO_TEST_CASE(a_role_named_random_is_no_agent) {
    // in the coin game as it is, random's perfect information fails at 2, but random is no
    // agent: with player seeing the coin, nothing is found
    const auto g = query::load_game_text("t.kif", test::coin_game_text(true));
    BOOST_TEST(query::prove_smt(g, "perfect-information", bounded(3)).holds);
}

BOOST_AUTO_TEST_CASE(what_it_does_not_decide_it_refuses) {
    const auto g = dealer_game();
    query::SmtProveOptions neither;
    BOOST_TEST(contains(error_of([&] { query::prove_smt(g, "legal-knowledge", neither); }),
                        "--engine smt needs --depth N or --induction"));
    BOOST_TEST(contains(error_of([&] { query::prove_smt(g, "(knows player terminal)", bounded(2)); }),
                        "not formulas"));
    BOOST_TEST(contains(error_of([&] { query::prove_smt(g, "playability", bounded(2)); }),
                        "does not decide well-formedness"));
    const auto cheryl = query::load_game_file(test::example("cheryl/cheryl.kif"));
    BOOST_TEST(contains(error_of([&] { query::prove_smt(cheryl, "legal-knowledge", bounded(2)); }),
                        "the smt engine does not apply"));
}

BOOST_AUTO_TEST_CASE(a_time_limit_is_a_limit_error) {
    const auto g = dealer_game();
    auto o = bounded(3);
    o.timeout_seconds = 1e-9;  // over before the first Z3 call
    try {
        query::prove_smt(g, "legal-knowledge", o);
        BOOST_FAIL("no LimitError");
    } catch (const LimitError& e) {
        BOOST_TEST(contains(e.what(), "time limit of"), e.what());
    }
}
