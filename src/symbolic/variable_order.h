// The order of the fluents' BDD variables, chosen from the game's structure (doc/knowledge.md,
// "The BDD engine"). A BDD is small when variables that depend on each other are close: a
// cell's contents and whether a player tried it, the two copies of one fluent. Each fluent's
// variables stay together (pair_bdd_compile.cpp interleaves now/next and both copies); this
// file only orders the fluents:
//
//   sorted      by relation, then arguments (numbers by value): a relation's instances together
//   structure   grouped by their numbers (a board's coordinates: (cell 1 2 x) and (tried o 1 2)
//               together), the fluents with fewer than two numbers (the control, a step counter)
//               first; sorted within a group
#pragma once
#include <cstdint>
#include <vector>

#include "network/step_network.h"

namespace gdlsc::symbolic {

/// Fluent indices (into net.fluents()) sorted by relation, then arguments.
std::vector<std::uint32_t> sorted_fluents(const ground::StepNetwork& net);

/// Fluent indices grouped by their numbers (every numeric constant in their arguments, in order:
/// a board's coordinates), the fluents without numbers first; within a group sorted.
std::vector<std::uint32_t> coordinate_fluents(const ground::StepNetwork& net);

/// Per move (roles in order, then net.moves(r)): the position in `order` of the last fluent whose
/// numbers begin with the move's (at least two: (mark 1 2) after (cell 1 2 x)), -1 when none.
std::vector<std::int64_t> move_positions(const ground::StepNetwork& net, const std::vector<std::uint32_t>& order);

/// Per root: the largest position in `order` of a fluent its function reads (-1: none), so that
/// a variable defined by the root's function can sit just below what it depends on.
std::vector<std::int64_t> last_fluent_positions(const ground::StepNetwork& net, const std::vector<std::uint32_t>& order,
                                                const std::vector<ground::NodeId>& roots);

}  // namespace gdlsc::symbolic
