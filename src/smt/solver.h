// The smt engine's solver: the Clark completion of a ground program in Z3 (one Bool per
// ground atom, atom ↔ ∨ of its rule bodies, an atom without rules false) and Lin & Zhao
// loop formulas added lazily (ASSAT). For the stratified programs of valid games the
// completion plus enough loop formulas has exactly one model, the standard model; the
// solver finds it, proves it unique, and proves entailments by refutation. This header
// exposes no Z3 type; src/smt is the only code that includes z3++.h.
#pragma once
#include <chrono>
#include <optional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ground/ground_program.h"
#include "ground/query_formula.h"

namespace gdlsc::smt {

/// An error inside Z3 (or an "unknown" answer), with context; the engines rethrow it as EngineError.
struct SmtError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A solver call reached its deadline (Solver::set_deadline).
struct SmtTimeout : SmtError {
    using SmtError::SmtError;
};

struct Stats {
    std::size_t solver_calls = 0;
    std::size_t loop_formulas = 0;  ///< loop formulas added (lazily)
    std::size_t unfounded_models = 0;  ///< models of the completion rejected by the unfounded-set check
};

class Solver {
public:
    /// Asserts the completion of `gp` (which must outlive the solver).
    explicit Solver(const ground::GroundProgram& gp);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    /// A stable model (ASSAT):
    ///
    ///     loop
    ///         M := a model of completion ∧ loop formulas (none: the program has no stable model)
    ///         U := M \ least model of the reduct P^M          -- ground/loops.h
    ///         if U = ∅ then return M
    ///         for each sink component L of U's positive graph: add LF(L) =
    ///             (∨_{a∈L} a) → ∨ {body(r) | head(r) ∈ L, pos(r) ∩ L = ∅}
    ///
    /// Throws SmtError when there is none (cannot happen for a valid game).
    std::vector<bool> stable_model();
    /// completion ∧ loop formulas has no stable model other than `m` (refutation of "some
    /// atom differs from m", with loop formulas added lazily as above).
    bool unique(const std::vector<bool>& m);
    /// f is entailed: completion ∧ loop formulas ∧ ¬f has no stable model.
    bool entails(const ground::GFormula& f);
    /// Every later solver call ends by `deadline` (none: no limit): Z3 gets the time left, and
    /// SmtTimeout is thrown past it.
    void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline);
    /// The completion and every loop formula added so far, as an SMT-LIB 2 script.
    std::string to_smtlib();
    const Stats& stats() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Parses an SMT-LIB 2 script with Z3 and checks its assertions: "sat", "unsat" or "unknown".
std::string check_smtlib(const std::string& text);

/// The version of the Z3 library gdlsc runs with, e.g. "4.8.12".
std::string z3_version();

}  // namespace gdlsc::smt
