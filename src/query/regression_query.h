// The regression engine (prolog/gdlsc_regression.pl): a query about the situation a
// history reaches is rewritten through the successor state axioms and the knowledge
// axiom into a formula about s0 (the proof), which is printed and evaluated at s0.
// Used by `gdlsc regress` and as the `regression` engine of `gdlsc query`.
#pragma once
#include <cstddef>
#include <string>

#include "query/engines.h"

namespace gdlsc::query {

/// Default bound on the regressed formula's size (nodes); beyond it: LimitError (exit 4).
inline constexpr std::size_t kDefaultRegressionLimit = 100000;

struct Regression {
    std::string text;    ///< the regressed formula about s0, readable, one connective per line when long
    std::size_t size = 0;  ///< nodes (atoms and connectives) of the regressed formula
    Answer answer;       ///< its value at s0 and the answer bindings; explanation = text
};

/// Regresses ctx.formula from ctx.situation to s0 and evaluates it there. The game must be
/// loaded and the history checked (run_query does both). Throws LimitError when the
/// formula grows beyond `max_nodes`, UserError for a formula regression cannot handle
/// (common knowledge, knowledge of random).
Regression regress_formula(const QueryContext& ctx, std::size_t max_nodes = kDefaultRegressionLimit);

/// Why the regression engine does not apply to this query ("" when it does): common knowledge
/// in the formula or in the game's rules, or knows/kwhether whose role is a variable.
/// `--engine all` skips it with this note; `--engine regression` says it as an error (exit 2).
std::string regression_not_applicable(const QueryContext& ctx);
/// The `regression` row of engines(): regress_formula with the default limit.
Answer regression_query(const QueryContext& ctx);

}  // namespace gdlsc::query
