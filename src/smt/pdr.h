// Private to src/smt (Z3 types): property-directed reachability (IC3/PDR: Bradley 2011; Een,
// Mishchenko & Brayton 2011) for a finite transition system over Boolean state variables
// with one initial state — the algorithm of Spacer, specialised to Booleans: the queries go
// to Z3's SAT solver (logic QF_FD, incremental under assumptions) instead of the SMT solver
// Spacer runs, and cubes are literals of state variables. pair_chc.cpp gives it the pair
// system of a role (pair_chc.h).
#pragma once
#include <z3++.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "smt/solver.h"

namespace gdlsc::smt {

/// Init(s) = s0; T(s, s') = constraints(s, inputs) ∧ s' = next(s, inputs); Bad(s) = bad(s, inputs).
struct BooleanSystem {
    std::vector<z3::expr> state;  ///< Bool constants
    std::vector<z3::expr> next;   ///< per state variable: its value after a step (an expression)
    std::vector<bool> init;       ///< the initial state
    z3::expr_vector always;       ///< hold in every state (definitions of auxiliary variables)
    z3::expr_vector constraints;  ///< a step is possible (legal moves, ...)
    z3::expr bad;
    /// Groups of state variables of which at most one is true in most states (one-hot
    /// fluents: a counter, a cell's contents): generalization tries, in place of a variable
    /// that is true, the others of its groups false. A heuristic: any grouping is sound.
    std::vector<std::vector<std::size_t>> groups;
    /// A symmetry of the system (empty: none): renaming state variable i to mirror[i] maps
    /// Init, T and Bad to themselves, so every lemma's mirror image is a lemma too.
    std::vector<std::size_t> mirror;
};

struct PdrOptions {
    std::optional<std::chrono::steady_clock::time_point> deadline;  ///< past it SmtTimeout
    std::function<void(const std::string&)> progress;                ///< "frame 5: 212 lemmas"
    /// Set by another thread to stop the search (SmtStopped before the next SAT call).
    const std::atomic<bool>* stop = nullptr;
};

/// PDR was stopped through PdrOptions::stop.
struct SmtStopped : SmtError {
    using SmtError::SmtError;
};

struct PdrResult {
    bool safe = true;
    std::size_t lemmas = 0;  ///< safe: the clauses of the inductive invariant (checked once more at the end)
    std::size_t depth = 0;   ///< unsafe: the length of the counterexample found (not always the shortest)
    std::size_t frames = 0, solver_calls = 0;
};

PdrResult pdr(z3::context& ctx, const BooleanSystem& sys, const PdrOptions& options = {});

}  // namespace gdlsc::smt
