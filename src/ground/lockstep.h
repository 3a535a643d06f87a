// Whole-game knowledge properties by the lockstep pair fixpoint (issue 10, doc/knowledge.md
// "Whole-game proofs"). Whether two developments are indistinguishable for a role r depends
// only on their joint moves and percepts step by step, so the pairs of final states of
// r-indistinguishable developments form a finite set, the least set that holds (s0, s0) and
// is closed under one step of both members with the same move of r and the same percepts
// of r (non-terminal parents only). It covers every development of every length; a breadth-
// first search over it finds a shortest violation, and its parent links give the two
// developments.
//
//   NetworkSpace space(net);                  // or any StateSpace (the rules: src/prove/rules_space.h)
//   Lockstep ls(space, {.role = 0, .check = ...});
//   LockstepResult r = ls.run();              // holds, or the pair of developments
//
// The state space is explored lazily, as the pairs reach its states. Uses no Prolog, no Z3.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "gdl/term.h"

namespace gdlsc::ground {

using StateId = std::uint32_t;

/// One joint move from a state: its successor and what each role observes of it.
struct Transition {
    std::uint32_t joint = 0;       ///< the joint move (an id of the space: joint_move)
    StateId next = 0;              ///< the successor state
    std::vector<std::uint32_t> obs;  ///< per role: an id of (the role's move, its percept set)
};

/// What the properties read of a state, per role (ids compare equal iff the sets are equal).
struct StateInfo {
    bool terminal = false;
    std::vector<std::uint32_t> legal;  ///< per role: an id of its sorted legal moves
    std::vector<std::uint32_t> goals;  ///< per role: an id of its sorted goal values
    std::vector<Transition> transitions;  ///< every legal joint move (none when terminal); see expand
};

/// The reachable states of a game, explored on demand. Ids are dense, from 0 (the initial state).
class StateSpace {
public:
    virtual ~StateSpace() = default;
    virtual std::size_t roles() const = 0;
    /// The state's terminal flag, legal moves and goals, computed on first use and kept; the
    /// reference stays valid while the space grows (later calls for other states).
    /// `transitions` is filled only once expand(s) has been called.
    virtual const StateInfo& info(StateId s) = 0;
    /// info(s) with its transitions (interning the successor states).
    virtual const StateInfo& expand(StateId s) = 0;
    /// States interned so far.
    virtual std::size_t size() const = 0;
    /// The joint move `joint` of a transition: one move per role, in role order.
    virtual std::vector<gdl::Term> joint_move(std::uint32_t joint) const = 0;
    /// The move part of `obs` (an id: equal iff the moves are equal).
    virtual std::uint32_t obs_move(std::size_t r, std::uint32_t obs) const = 0;
    /// How many moves role r's legal-set id `legal` (a StateInfo::legal entry) holds.
    virtual std::size_t legal_size(std::size_t r, std::uint32_t legal) const = 0;
    /// The values of role r's goal-set id `goals` (a StateInfo::goals entry), ascending; a
    /// value that is not a number 0..100 is -1.
    virtual std::vector<int> goal_values(std::size_t r, std::uint32_t goals) const = 0;
};

/// A goal value's number (GDL: 0..100), or -1 for any other term.
int goal_number(const gdl::Term& value);

/// Which pairs violate the property, for one role.
enum class PairProperty {
    LegalKnowledge,     ///< both running and the role's legal moves differ (Thielscher 2010, Prop. 2)
    TerminalKnowledge,  ///< one is terminal and the other is not (Prop. 3)
    GoalKnowledge,      ///< both terminal and the role's goal values differ (Prop. 3)
    PerfectInformation, ///< two different developments at all (Theorem 4)
    Custom,             ///< LockstepOptions::violates
};

struct LockstepOptions {
    std::size_t role = 0;  ///< the role whose indistinguishability is followed
    PairProperty property = PairProperty::LegalKnowledge;
    /// Custom: does the pair (a, b) violate the property? (a: the development whose
    /// knowledge is judged, b: one it cannot tell from a); called for both orders.
    std::function<bool(StateId a, StateId b)> violates;
    /// Pairs of developments longer than this are not searched (SIZE_MAX: the whole game):
    /// the same verdict as the bounded enumeration of developments of length <= max_depth.
    std::size_t max_depth = SIZE_MAX;
    /// Ends the search with LockstepLimit beyond this many pairs (0: none).
    std::size_t max_pairs = 0;
    /// Called every `progress_every` pairs expanded and at the end of each depth.
    std::function<void(std::size_t depth, std::size_t pairs, std::size_t states)> progress;
    std::size_t progress_every = 200'000;
    /// Set from another thread (or a signal) to stop: run() then throws LockstepStopped.
    const std::atomic<bool>* stop = nullptr;
    /// For tests only: ignore the role's percepts when pairing (a mutation the tests must catch).
    bool ignore_percepts = false;
};

/// Two developments of the same length that the role cannot tell apart, ending in the pair.
struct PairWitness {
    std::size_t depth = 0;
    std::vector<std::uint32_t> actual, alternative;  ///< transitions' joint move ids, per step
    std::vector<StateId> actual_states, alternative_states;  ///< states 0..depth
    std::vector<std::uint32_t> actual_obs, alternative_obs;  ///< the role's obs ids, per step
};

struct LockstepResult {
    bool holds = true;
    std::optional<PairWitness> witness;  ///< the shortest violation (holds == false)
    std::size_t pairs = 0;               ///< distinct pairs reached (unordered)
    std::size_t max_depth = 0;           ///< the deepest level of the pair graph searched
};

struct LockstepLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct LockstepStopped : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The lockstep fixpoint for one role and one property. A pair is stored once, unordered.
LockstepResult lockstep(StateSpace& space, const LockstepOptions& options);

/// Does the pair (x, y) violate the options' property for its role (never for perfect
/// information, which is a matter of transitions)? `swapped` is set when the development
/// ending in y is the one whose knowledge fails (Custom, checked in both orders). Shared by
/// the fixpoint and the random walks (lockstep_walks.h).
bool pair_violates(StateSpace& space, const LockstepOptions& options, StateId x, StateId y, bool& swapped);

}  // namespace gdlsc::ground
