// Forward reasoning on the step network (step_network.h): one match a state at a time
// (NetworkPlayer, for `gdlsc simulate --engine network` and long histories in `query`), and
// random playouts 64 matches to a machine word (network_playouts, `simulate --playouts`).
//
// States are bit sets over the network's fluents. Everything a player lists — legal moves,
// percepts, fluents, goal values — comes in Prolog's standard order of terms
// (gdl::standard_order_less), the order in which the Prolog runtime answers, so that a seeded
// match draws the same moves under both engines (tests/feature/simulate/forward_engines_test.cpp).
//
// The playout loop keeps every match's state as columns of bits, one column per fluent and a
// bit per match: the next-state columns of one step are the state columns of the next, and only
// the choice of a move touches a match on its own. No allocation per state once warm.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "network/step_network.h"

namespace gdlsc::ground {

class NetworkPlayer {
public:
    /// `init`: the indices of the initial state's fluents in net.fluents(). The network must
    /// outlive the player. Starts in the initial state.
    NetworkPlayer(const StepNetwork& net, std::vector<std::uint32_t> init);

    const StepNetwork& network() const { return net_; }
    void restart();
    /// Replaces the current state by the one with these fluents (indices).
    void set_state(const std::vector<std::uint32_t>& fluents);
    bool terminal();
    /// The current state's fluents (indices into net.fluents()), in standard order.
    std::vector<std::uint32_t> fluents() const;
    /// Role r's legal moves (indices into net.moves(r)), in standard order.
    std::vector<std::uint32_t> legal(std::size_t r);
    /// Role r's goal values (indices into net.goal_values(r)), in standard order.
    std::vector<std::uint32_t> goals(std::size_t r);
    /// What role r sees when `joint` (a move index per role) is done now, in standard order.
    std::vector<std::uint32_t> percepts(std::size_t r, const std::vector<std::uint32_t>& joint);
    /// Does `joint` (each move legal, not checked here): the state becomes its successor.
    void play(const std::vector<std::uint32_t>& joint);

    /// The index of `move` in net.moves(r), or -1 when no rule can make it legal.
    std::int64_t move_index(std::size_t r, const gdl::Term& move) const;
    /// The index of `fluent` in net.fluents(), or -1.
    std::int64_t fluent_index(const gdl::Term& fluent) const;

private:
    const StepNetwork& net_;
    std::vector<std::uint32_t> init_;
    std::vector<char> state_;  // per fluent
    std::vector<NodeId> info_targets_, step_targets_;
    Rows info_, step_;
    bool info_done_ = false;
    std::vector<std::uint32_t> stepped_;  // the joint move step_ was run for (empty: none)
    std::vector<std::uint32_t> fluent_order_;
    std::vector<std::vector<std::uint32_t>> move_order_, percept_order_, goal_order_;  // per role

    void run_info();
    void run_step(const std::vector<std::uint32_t>& joint);
};

struct PlayoutCounts {
    std::int64_t playouts = 0;   ///< matches finished
    std::int64_t states = 0;     ///< states visited, each match's initial state included
    std::int64_t moves = 0;      ///< joint moves made
    std::int64_t terminals = 0;  ///< matches that ended in a terminal state
    bool stopped = false;        ///< keep_going() said stop before all matches finished
};

/// `n` random matches from `init`, each to a terminal state, a state in which some role has
/// no legal move, or `max_steps` joint moves; moves drawn uniformly (std::mt19937_64 seeded
/// with `seed`) over each role's legal moves in standard order. `keep_going` is asked every
/// few thousand states; when it says false the counts so far are returned, `stopped` set.
PlayoutCounts network_playouts(const StepNetwork& net, const std::vector<std::uint32_t>& init, std::int64_t n,
                               std::uint64_t seed, std::size_t max_steps, const std::function<bool()>& keep_going);

}  // namespace gdlsc::ground
