// Knowledge properties for every development by IC3/PDR on constrained Horn clauses (issue
// 25): the pair system of a role r — the pairs of states of two developments r
// cannot tell apart, as the lockstep fixpoint defines it (ground/lockstep.h) — stated as
// clauses over one relation Pair(x, y) of two copies of the fluents, over the ground step
// program that the two-copy unrolling uses (two_copy.h):
//
//     Pair(s0, s0)
//     Pair(x, y) ∧ step(x, m1, x') ∧ step(y, m2, y') ∧ r's move and percepts equal → Pair(x', y')
//     Pair(x, y) ∧ violates(x, y) → false
//
// The solver (gdlsc's PDR, pdr.h, or Z3's Spacer) either finds an inductive invariant of Pair
// that excludes every violation (Proved: no guess, no bound on the depth) or a derivation of
// false (Refuted: a counterexample exists; TwoCopy::counterexample(d) for d = 0, 1, ... then
// gives the shortest, as for the other methods).
//
//   ChcResult r = prove_by_chc(step_program, init_fluents, role, TwoCopyProperty::Legal, {deadline});
//
// This header exposes no Z3 type; src/smt is the only code that includes z3++.h.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gdl/term.h"
#include "ground/ground_program.h"
#include "smt/two_copy.h"

namespace gdlsc::smt {

/// Who solves the clauses: Z3's Spacer (the fixedpoint engine), the PDR of pdr.h — the same
/// algorithm on Z3's SAT solver, with cubes over the fluents and the pair system's symmetry
/// (every lemma's mirror image (x, y) ↔ (y, x) is a lemma too) — or both at once, each in a
/// thread and a Z3 context of its own, the first answer stopping the other (each is much
/// faster than the other on some games: doc/knowledge.md).
enum class ChcEngine { Both, Pdr, Spacer };

struct ChcOptions {
    ChcEngine engine = ChcEngine::Both;
    /// The solver stops by this time (none: no limit); SmtTimeout is thrown past it.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    /// For tests only: drop the constraint that r's moves are equal (a mutation the tests catch).
    bool drop_same_move = false;
    /// Told how PDR goes (e.g. "frame 5: 212 lemmas, 3011 SAT calls"), for a progress line.
    std::function<void(const std::string&)> progress;
};

struct ChcResult {
    enum Verdict { Proved, Refuted } verdict = Proved;
    /// Proved: the lemmas (clauses, conjuncts) of the inductive invariant of Pair.
    std::size_t lemmas = 0;
    /// PDR: its frames, and the depth of the counterexample it found (not always the
    /// shortest; as TwoCopy counts it: perfect information's includes the step that differs).
    std::size_t frames = 0, depth = 0;
    /// Spacer queries or SAT calls.
    std::size_t solver_calls = 0;
    /// Who answered: Pdr or Spacer.
    ChcEngine solver = ChcEngine::Pdr;
    /// The fluents per copy (Pair's arity is twice this).
    std::size_t fluents = 0;
};

/// The pair system of `role` for `property` (as in two_copy.h: `step` is ground::ground_step's
/// program, `init` the initial fluents), solved by Spacer. Perfect information is violated by
/// a pair Pair(x, x) with two different joint moves that `role` sees alike. Throws SmtTimeout
/// past the deadline, SmtError when Spacer gives no answer otherwise.
ChcResult prove_by_chc(const ground::GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                       TwoCopyProperty property, const ChcOptions& options = {});

/// The same clauses in Z3's fixedpoint syntax (SMT-LIB with rules and a query), for reading.
std::string pair_chc_text(const ground::GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                          TwoCopyProperty property);

}  // namespace gdlsc::smt
