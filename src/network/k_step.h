// One progressive update of an information set (the K successor state axiom, DESIGN §2) on
// the step network: the bulk of gdlsc_infoset's state_step, called from
// prolog/gdlsc_infoset.pl through src/prolog/network.cpp. The game's rules in Prolog stay
// the reference; tests check that both give the same sets.
//
// C++17 (included by src/prolog, which is compiled as C++17).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "network/step_network.h"

namespace gdlsc::ground {

/// A number of joint moves past 2^63: k_step leaves the update to the Prolog rules.
struct KStepOverflow : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// One progressive update of an information set (the K successor state axiom, DESIGN §2):
/// the children of `parents` (fluent index sets) under every joint move in which role
/// `role` does `move` and the others any legal moves, whose percepts for `role` are
/// exactly `percepts` (sorted percept indices). A parent has no children when it is
/// terminal, `move` is not legal in it, or another role has no legal move.
struct KStep {
    /// Per parent: the number of joint moves with `move` (0: no children).
    std::vector<std::uint64_t> joint_moves;
    struct Child {
        std::vector<std::uint32_t> fluents;  ///< the state, ascending fluent indices
        std::uint32_t parent = 0;            ///< the parent of its first child
        std::vector<std::uint32_t> joint;    ///< the joint move of its first child (a move per role)
        std::vector<std::uint32_t> from;     ///< the parent of each of its children, in order
    };
    /// Distinct states in order of their first child; children in the order parents, then
    /// joint moves (role 0 slowest, each role's legal moves in `move_order[role]`'s order).
    std::vector<Child> children;
};
KStep k_step(const StepNetwork& net, const std::vector<std::vector<std::uint32_t>>& parents, std::size_t role,
             std::uint32_t move, const std::vector<std::uint32_t>& percepts,
             const std::vector<std::vector<std::uint32_t>>& move_order);

}  // namespace gdlsc::ground
