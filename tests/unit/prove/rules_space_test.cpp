// The reachable states by the game's rules in Prolog (src/prove/rules_space.h) on the coin game
// of tests/support/coin_game.h, explored breadth first: 5 states (the initial one, id 0; then
// (step 1) and (step 2) with each coin); two joint moves from the start, heads and tails;
// player observes them alike (its noop, no percept: one observation id) and random apart (its
// flip and its percept); player's legal moves are (a b) after heads and (a) after tails; the
// goals at the end are 100 and 0; terminal only at step 2. The same numbers from the step
// network's space (network/network_space.h), an independent engine. Asking again interns
// nothing new; state(s) hands back the engine's state.
#define BOOST_TEST_MODULE prove_rules_space
#include <boost/test/unit_test.hpp>

#include <deque>
#include <set>
#include <string>
#include <vector>

#include "coin_game.h"
#include "network/network_space.h"
#include "prove/rules_space.h"
#include "session/session.h"

using namespace gdlsc;

namespace {

constexpr std::size_t kRandom = 0, kPlayer = 1;

// What the properties read of a space, explored whole, in terms that do not depend on its ids.
struct Explored {
    std::size_t states = 0, transitions = 0, terminals = 0;
    std::multiset<std::size_t> player_legal_sizes;  // non-terminal states
    std::multiset<std::vector<int>> player_goals;   // terminal states
    std::set<std::string> first_moves;              // from the initial state
    std::size_t player_obs_at_start = 0, random_obs_at_start = 0;  // distinct observation ids
};

Explored explore(ground::StateSpace& sp) {
    Explored x;
    std::deque<ground::StateId> todo{0};
    std::set<ground::StateId> seen{0};
    while (!todo.empty()) {
        const ground::StateId s = todo.front();
        todo.pop_front();
        const auto& in = sp.expand(s);
        if (in.terminal) {
            ++x.terminals;
            x.player_goals.insert(sp.goal_values(kPlayer, in.goals[kPlayer]));
        } else {
            x.player_legal_sizes.insert(sp.legal_size(kPlayer, in.legal[kPlayer]));
        }
        std::set<std::uint32_t> pobs, robs;
        for (const auto& t : in.transitions) {
            ++x.transitions;
            if (s == 0) {
                std::string j;
                for (const auto& m : sp.joint_move(t.joint)) j += m.to_kif() + " ";
                x.first_moves.insert(j);
                pobs.insert(t.obs[kPlayer]), robs.insert(t.obs[kRandom]);
            }
            if (seen.insert(t.next).second) todo.push_back(t.next);
        }
        if (s == 0) x.player_obs_at_start = pobs.size(), x.random_obs_at_start = robs.size();
    }
    x.states = seen.size();
    return x;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_coin_game_by_its_rules_and_by_the_network) {
    const auto g = query::load_game_text("t.kif", test::coin_game_text());
    pl::Engine& e = query::prepare_engine(g, 30);
    query::RulesSpace rules(e);
    BOOST_TEST(rules.size() == 1u);  // the initial state, id 0
    BOOST_TEST(rules.roles() == 2u);
    const Explored r = explore(rules);
    BOOST_TEST(r.states == 5u);
    BOOST_TEST(rules.size() == 5u);
    // 2 flips, then from each coin: (a), and (b) after heads only
    BOOST_TEST(r.transitions == 2u + 2u + 1u);
    BOOST_TEST(r.terminals == 2u);
    BOOST_TEST(r.first_moves == (std::set<std::string>{"(flip heads) noop ", "(flip tails) noop "}));
    BOOST_TEST(r.player_obs_at_start == 1u);  // noop and nothing seen, either way
    BOOST_TEST(r.random_obs_at_start == 2u);  // its own flip and the coin it sees
    // player's legal moves: noop at the start, (a b) after heads, (a) after tails
    BOOST_TEST(r.player_legal_sizes == (std::multiset<std::size_t>{1u, 2u, 1u}));
    BOOST_TEST(r.player_goals == (std::multiset<std::vector<int>>{{0}, {100}}));

    // the step network's space agrees
    const auto& net = *g.network();
    ground::NetworkSpace ns(net, net.initial_fluents());
    const Explored n = explore(ns);
    BOOST_TEST(n.states == r.states);
    BOOST_TEST(n.transitions == r.transitions);
    BOOST_TEST(n.terminals == r.terminals);
    BOOST_TEST(n.first_moves == r.first_moves);
    BOOST_TEST(n.player_obs_at_start == r.player_obs_at_start);
    BOOST_TEST(n.random_obs_at_start == r.random_obs_at_start);
    BOOST_TEST(n.player_legal_sizes == r.player_legal_sizes);
    BOOST_TEST(n.player_goals == r.player_goals);

    // asking again interns nothing; state(0) is the initial state
    explore(rules);
    BOOST_TEST(rules.size() == 5u);
    std::set<std::string> init;
    for (const auto& f : e.fluents(rules.state(0))) init.insert(f.to_kif());
    BOOST_TEST(init == (std::set<std::string>{"(step 0)"}));
}

BOOST_AUTO_TEST_CASE(percepts_that_tell_apart_are_observations_apart) {
    // player sees the coin: its two observations of the start differ
    const auto g = query::load_game_text("t.kif", test::coin_game_text(true));
    pl::Engine& e = query::prepare_engine(g, 30);
    query::RulesSpace rules(e);
    const Explored r = explore(rules);
    BOOST_TEST(r.player_obs_at_start == 2u);
    const auto& in = rules.expand(0);
    BOOST_TEST_REQUIRE(in.transitions.size() == 2u);
    // the same move (noop), different percepts
    BOOST_TEST(rules.obs_move(kPlayer, in.transitions[0].obs[kPlayer]) ==
               rules.obs_move(kPlayer, in.transitions[1].obs[kPlayer]));
    BOOST_TEST(in.transitions[0].obs[kPlayer] != in.transitions[1].obs[kPlayer]);
}
