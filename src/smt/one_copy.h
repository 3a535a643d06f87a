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
// For the whole game, prove_one_copy and prove_no_win give the same system to IC3/PDR (pdr.h):
// the state is the fluents, a step one legal joint move from a state that is not terminal,
// and the violation a set of states. Playability's violation is one; monotonic goals adds
// each agent's goal values of the state before (and a flag that there was one); termination
// is reduced to safety as Biere, Artho & Schuppan (2002) reduce liveness: the state gets a
// copy of the fluents saved at one step the solver chooses (an input), and the violation is
// the current state equal to the saved one after at least one step -- a lasso, every state
// on it not terminal. An inductive invariant excluding the violation proves the property
// for every development of every length, with no bound.
//
// This header exposes no Z3 type; src/smt is the only code that includes z3++.h.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <memory>
#include <optional>
#include <vector>

#include "gdl/term.h"
#include "ground/ground_program.h"

namespace gdlsc::smt {

enum class OneCopyProperty { Playability, Termination, MonotonicGoals };

struct OneCopyOptions {
    std::optional<std::chrono::steady_clock::time_point> deadline;  ///< past it SmtTimeout
    std::vector<std::size_t> agents;  ///< the roles whose goals count (random is none)
    /// prove_one_copy, prove_no_win: told how PDR goes ("frame 5: 212 lemmas, ...").
    std::function<void(const std::string&)> progress;
};

/// A development of `moves.size()` joint moves (one move per role, role order).
struct OneCopyWitness {
    std::vector<std::vector<gdl::Term>> moves;
    std::size_t role = 0;        ///< Playability: the role without a move; MonotonicGoals: the agent
    std::size_t loop_start = 0;  ///< Termination: the step whose state recurs at the end
};

/// The answer of IC3/PDR: the violation is unreachable (`holds`, with the invariant's lemmas)
/// or reachable (a development of `depth` joint moves reaches it, not always the shortest).
struct OneCopyProof {
    bool holds = true;
    std::size_t lemmas = 0, frames = 0, solver_calls = 0, depth = 0;
};

/// Whether no development of any length violates `property` (Termination: no development
/// returns to a state it had, i.e. every development ends). Throws SmtTimeout past the
/// deadline, SmtError otherwise.
OneCopyProof prove_one_copy(const ground::GroundProgram& step, const std::vector<gdl::Term>& init,
                            OneCopyProperty property, const OneCopyOptions& options);

/// Whether no development ends in a terminal state where `role`'s goal is 100 (holds: the
/// role can never win -- weak winnability fails for it).
OneCopyProof prove_no_win(const ground::GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                          const OneCopyOptions& options);

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
    /// Whether some development has exactly `depth` joint moves (none: every development ends
    /// within depth - 1 -- termination's completeness bound).
    bool has_development(std::size_t depth);
    std::size_t solver_calls() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace gdlsc::smt
