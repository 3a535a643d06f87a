// Well-formedness of a game over its reachable state graph (the GDL specification, Love et
// al. 2008, section 4; doc/knowledge.md "Well-formedness"): every role has a legal move in
// every reachable non-terminal state (playability), every development ends (termination),
// every agent can reach a terminal state where its goal is 100 (weak winnability), and every
// role has exactly one goal value in every reachable state, never decreasing along a move
// (monotonic goals). The states are explored breadth first from the initial state through a
// StateSpace (the step network or the rules, as for the lockstep fixpoint), so a violation
// found is a shortest one: its development comes from the parent links.
//
//   NetworkSpace space(net, net.initial_fluents());
//   StateCheckResult r = check_states(space, {.property = StateProperty::Playability});
//
// Uses no Prolog, no Z3 (the space may).
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "ground/lockstep.h"

namespace gdlsc::ground {

enum class StateProperty { Playability, Termination, WeakWinnability, MonotonicGoals };

struct StateCheckOptions {
    StateProperty property = StateProperty::Playability;
    /// WeakWinnability, MonotonicGoals: the roles whose goals count (the agents: random is
    /// none). Playability asks every role, random included, for a legal move.
    std::vector<std::size_t> agents;
    /// States deeper than this are not expanded (SIZE_MAX: the whole game); the verdict is then
    /// about developments of length <= max_depth. Termination needs the whole game
    /// (std::invalid_argument otherwise).
    std::size_t max_depth = SIZE_MAX;
    /// Ends the search with LockstepLimit beyond this many states (0: none).
    std::size_t max_states = 0;
    /// Called at the end of each depth: (depth, states so far).
    std::function<void(std::size_t depth, std::size_t states)> progress;
    /// Set from another thread to stop: check_states then throws LockstepStopped.
    const std::atomic<bool>* stop = nullptr;
};

struct StateCheckResult {
    /// What the violation is.
    enum class Why {
        None,
        NoLegalMove,    ///< the last state is not terminal and `role` has no legal move
        Cycle,          ///< the development returns to the state it had after step `loop_start`
        NoWin,          ///< no reachable terminal state gives `role` 100 (its best: best_goal)
        GoalCount,      ///< `role` has not exactly one goal value in the last state (goals)
        GoalDecreases,  ///< `role`'s goal value drops from goals[0] to goals[1] at the last step
    };
    bool holds = true;
    Why why = Why::None;
    std::size_t role = 0;
    /// The development: joint move ids (StateSpace::joint_move) and the states 0..length.
    std::vector<std::uint32_t> joints;
    std::vector<StateId> states;
    std::size_t loop_start = 0;  ///< Cycle: states[loop_start] == states.back()
    int best_goal = -1;          ///< NoWin: the role's highest goal in a reachable terminal state (-1: none)
    std::size_t terminals = 0;   ///< WeakWinnability: the reachable terminal states seen
    std::vector<int> goals;      ///< GoalCount: the role's values; GoalDecreases: before, after
    /// WeakWinnability holds: per agent (as in options.agents), a shortest winning development.
    std::vector<std::vector<std::uint32_t>> wins;
    std::size_t explored = 0;  ///< states reached
    std::size_t depth = 0;     ///< the deepest level expanded
};

/// Checks one property over the reachable states of `space`.
StateCheckResult check_states(StateSpace& space, const StateCheckOptions& options);

}  // namespace gdlsc::ground
