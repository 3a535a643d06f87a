// GDL-III on the step network: the developments of a history, level by level, with what the
// game's `knows` literals say in each (Thielscher 2016; DESIGN §2).
//
// A knows literal of a rule is an input of the network (epistemic.h). Whether (knows r P)
// holds in a development δ depends on r's information set at δ: every development that r
// cannot tell from δ -- the same moves of r and the same percepts of r at every step. So
// each development carries, per role whose knowledge the rules ask about, an observation
// id (interned per level from the parent's id, own move and percept set), and r's cell at δ
// is the set of developments of δ's length with δ's id. The developments kept at a level are the closure
// of the history's one under those cells (for common knowledge: every agent's): every cell
// a rule can ask about at that level is inside it, and the closure at level t+1 is made of
// children of the closure at level t (a development's parent lies in the parent's cell), so
// nothing else is ever built:
//
//     C_0 = {root}
//     for t = 0, 1, ...:
//         evaluate C_t bit-sliced (one row per development): run the network with the
//             knows inputs false, then set each from its P column (AND over the row's
//             cell) and run again, until nothing changes (depth + 1 runs: the validation
//             has checked that knowledge in the rules is hierarchical)
//         legal moves and terminal of every row; the history's move must be legal
//         expand every non-terminal row by every legal joint move (one row each, the
//             parent's fluents and knows inputs with the moves): next state, percepts
//         C_{t+1} := the children connected to the history's child through equal
//             observation ids (union-find)
//
// Cost: per level, the rows of C_t and of their joint moves times the network's size; the
// closure is what the Prolog runtime would build on demand for the same rules, without a
// Prolog term per development. Muddy Children, n children: 2^n - 1 rows per level.
// C++17 (the layer is compiled as C++17 where src/prolog includes it).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "network/step_network.h"

namespace gdlsc::ground {

struct EpistemicPath {
    /// Per node of the history's path (the root first, one more than the steps): the
    /// indices into net.knows() of the knows inputs true there.
    std::vector<std::vector<std::uint32_t>> knows;
    /// Developments kept per level (the closure C_t), and rows evaluated in all.
    std::vector<std::size_t> level_sizes;
    std::size_t rows = 0;
    /// The history is not a development: at step `bad_step` the state is terminal
    /// (`bad_role` -1) or role `bad_role`'s move is not legal; its legal moves are `legal`
    /// (indices into net.moves(bad_role), in standard order). -1: the history is fine.
    std::int64_t bad_step = -1;
    std::int64_t bad_role = -1;
    std::vector<std::uint32_t> legal;
};

/// Bound on the rows of one level (developments and their joint moves); beyond it TooLarge.
inline constexpr std::size_t kMaxDevelopmentRows = 4'000'000;
/// Bound on the machine words of one level's evaluation (rows / 64 x the nodes the network
/// evaluates for them: 2 GiB); beyond it TooLarge, before anything is allocated.
inline constexpr std::size_t kMaxDevelopmentWords = std::size_t(1) << 28;

/// The developments of `history` (per step a move index per role, -1 for a move that is not
/// in net.moves(role)) from the initial state `init` (fluent indices). `check` is called
/// between pieces of work and may throw to stop (a time limit).
EpistemicPath epistemic_path(const StepNetwork& net, const std::vector<std::uint32_t>& init,
                             const std::vector<std::vector<std::int64_t>>& history,
                             const std::function<void()>& check = {}, std::size_t max_rows = kMaxDevelopmentRows);

}  // namespace gdlsc::ground
