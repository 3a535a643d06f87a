// `prove --engine smt` (doc/knowledge.md, "With Z3"; doc/engines.md, "SMT for knowledge
// properties"): the game's ground step program (step_program.h), then per agent the bounded
// two-copy search (smt/two_copy.h) depth by depth -- the shortest counterexample over all
// agents -- or k-induction on the two-copy system. The "smt" and "smt-induction" rows of
// prove_methods() run it.
#pragma once
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

#include "prove/prove_report.h"
#include "session/game_file.h"

namespace gdlsc::query {

struct SmtProveOptions {
    std::optional<std::size_t> depth;  ///< bounded search to this depth (without induction)
    bool induction = false;            ///< k-induction up to max_k
    std::size_t max_k = 10;
    bool progress = false;
    double timeout_seconds = 0;        ///< the whole search (grounding, every Z3 call); past it LimitError (exit 4)
    /// Houdini starts from candidates that states of random matches do not falsify (tests turn
    /// it off: the invariants found must be the same, only found sooner).
    bool sample = true;
    /// The state invariants proved for one role are assumed for the next (tests compare with
    /// and without: the verdicts must be the same).
    bool share_invariants = true;
    /// Houdini's state candidates in one copy first (smt::TwoCopyOptions::one_copy_first), and
    /// how long its check of all candidates at once may take (houdini_cap; 0: one at a time).
    /// Tests compare: the invariants found must be the same.
    bool one_copy_first = true;
    /// Whether the view determines the joint move, before Houdini (smt::TwoCopyOptions::view_first).
    bool view_first = true;
    std::chrono::milliseconds houdini_cap{2000};
    std::chrono::milliseconds houdini_single_cap{5000};  ///< smt::TwoCopyOptions::houdini_single_cap
    std::size_t houdini_give_up_first = 0;                ///< smt::TwoCopyOptions::houdini_give_up_first (tests)
};

/// The smt engine (src/smt/two_copy.h): legal-, terminal-, goal-knowledge and perfect
/// information on the game unrolled in two copies over its ground step program. Formulas and
/// games the step program cannot be had for (knows in the rules, too large) are refused
/// with a message that says why (UserError, or LimitError for the size).
ProveReport prove_smt(const Game& g, const std::string& property, const SmtProveOptions& o);

}  // namespace gdlsc::query
