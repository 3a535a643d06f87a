// Random lockstep walks (doc/knowledge.md, "Random lockstep walks"): a refuter for the
// whole-game properties of ground/lockstep.h where the pair fixpoint does not fit in memory
// or time. A walk follows two developments side by side from (s0, s0): a random joint move for
// the first, then for the second a random joint move with the same observation of the role
// (its move and its percepts, the lockstep constraint), until one of them ends or the pair
// violates the property. Every pair a walk reaches is a pair of the fixpoint, so a violation
// is a counterexample (the same PairWitness, replayable by `prove --witness`); but not
// necessarily a shortest one, and finding none proves nothing.
//
//   WalkOptions w;  w.walks = 1000;  w.seed = 1;
//   LockstepResult r = lockstep_walks(space, {.role = 0, .property = ...}, w);
//   // r.holds: no violation in w.walks walks (not a proof); else r.witness
//
// Deterministic for a seed: the space's transitions come in a fixed order. Uses no Prolog, no Z3
// itself (the space may).
#pragma once
#include <cstddef>
#include <cstdint>

#include "ground/lockstep.h"

namespace gdlsc::ground {

struct WalkOptions {
    std::size_t walks = kDefaultWalks;
    std::uint64_t seed = 1;
    /// Steps of one walk (LockstepOptions::max_depth bounds it too).
    std::size_t max_length = 10'000;
    static constexpr std::size_t kDefaultWalks = 1'000;
};

struct WalkStats {
    std::size_t walks = 0;    ///< walks made
    std::size_t steps = 0;    ///< steps made in all of them
    std::size_t longest = 0;  ///< the longest walk
};

/// Walks until a violation or `w.walks` walks. LockstepOptions: role, property, violates,
/// max_depth, stop (LockstepStopped, read at every step), progress (every second and at the
/// end: (longest walk, walks, states)), ignore_percepts; max_pairs bounds the states the space
/// has interned (LockstepLimit), since walks keep no pairs. The result's `pairs` is the number
/// of walks made, `max_depth` the longest walk.
LockstepResult lockstep_walks(StateSpace& space, const LockstepOptions& options, const WalkOptions& w,
                              WalkStats* stats = nullptr);

}  // namespace gdlsc::ground
