// Well-formedness with Z3 (doc/knowledge.md, "Well-formedness"): the game unrolled in one copy
// over its ground step program, and at depth d the violation of a condition after d joint
// moves -- a role without a legal move in a state that is not terminal (playability), a state
// equal to an earlier one of the same development (termination: the steps between can be
// repeated for ever), a terminal state with goal 100 for a role (weak winnability: a
// witness), an agent without exactly one goal value or with a lower one than a step before
// (monotonic goals). A model is the shortest development when the depths are asked in order.
//
//   OneCopy oc(step_program, init_fluents, options);
//   for (d = 0; d <= N; ++d) if (auto w = oc.violation(OneCopyProperty::Playability, d)) ...
//
// This header exposes no Z3 type; src/smt is the only code that includes z3++.h.
#pragma once
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "gdl/term.h"
#include "ground/ground_program.h"

namespace gdlsc::smt {

enum class OneCopyProperty { Playability, Termination, MonotonicGoals };

struct OneCopyOptions {
    std::optional<std::chrono::steady_clock::time_point> deadline;  ///< past it SmtError "timeout"
    std::vector<std::size_t> agents;  ///< the roles whose goals count (random is none)
};

/// A development of `moves.size()` joint moves (one move per role, role order).
struct OneCopyWitness {
    std::vector<std::vector<gdl::Term>> moves;
    std::size_t role = 0;        ///< Playability: the role without a move; MonotonicGoals: the agent
    std::size_t loop_start = 0;  ///< Termination: the step whose state recurs at the end
};

class OneCopy {
public:
    OneCopy(const ground::GroundProgram& step, const std::vector<gdl::Term>& init, const OneCopyOptions& options);
    ~OneCopy();
    OneCopy(const OneCopy&) = delete;
    OneCopy& operator=(const OneCopy&) = delete;

    /// A development of exactly `depth` joint moves that violates the property at its end.
    std::optional<OneCopyWitness> violation(OneCopyProperty property, std::size_t depth);
    /// A development of exactly `depth` joint moves ending in a terminal state where `role`'s
    /// goal is 100 (weak winnability's witness).
    std::optional<OneCopyWitness> win(std::size_t role, std::size_t depth);
    std::size_t solver_calls() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace gdlsc::smt
