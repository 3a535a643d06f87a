// One place that dispatches a query to the engines (`--engine progression|regression|
// smt|all`). The game is loaded and the history checked once, here; each engine gets
// the situation term and returns an Answer; `all` runs every available engine and fails
// loudly (exit 3) when they disagree. To add an engine, add one row to engines().
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "session/formula.h"
#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc::query {

/// One row of answer bindings: (name without '?', value in KIF), in answer-variable order.
using Row = std::vector<std::pair<std::string, std::string>>;

struct Answer {
    std::string engine;
    bool holds = false;
    std::vector<Row> rows;    ///< sorted, duplicate-free; empty when the formula has no answer variables
    std::string explanation;  ///< e.g. the regressed formula (engine-specific, may be empty)
};

struct QueryContext {
    const gdl::Program& program;
    const gdl::Analysis& analysis;
    const Formula& formula;
    const History& history;
    gdl::Term situation;  ///< do(a(...), ... s0), checked against the game
    std::size_t max_ground_size = 500'000;  ///< smt: bound on ground atoms (rules: twice as many)
    double timeout_seconds = 0;             ///< smt: bound on the Z3 calls of the query (0: none)
};

using EngineFn = std::function<Answer(const QueryContext&)>;

struct EngineEntry {
    std::string name;
    EngineFn run;  ///< empty: the engine is not available in this build
    /// Why the engine does not apply to a query ("" or empty function: it applies). `all`
    /// skips such an engine and says so in the answer's explanation.
    std::function<std::string(const QueryContext&)> not_applicable;
};

/// The engines, in the order `all` runs them.
const std::vector<EngineEntry>& engines();

struct QueryOptions {
    std::string engine = "progression";  ///< a name from engines() or "all"
    double timeout_seconds = 0;          ///< per Prolog call, and the Z3 calls of smt together (0: none)
    std::size_t max_ground_size = 500'000;  ///< smt: bound on ground atoms (rules: twice as many)
};

/// Loads the game, checks the history, runs the chosen engine(s). Throws UserError for
/// a bad engine name, history or disagreement (kExitDisagreement).
Answer run_query(const Game& game, const Formula& formula, const History& history, const QueryOptions& options);

/// The progression engine (embedded SWI-Prolog, gdlsc_formula:eval/2).
Answer progression_query(const QueryContext& ctx);

}  // namespace gdlsc::query
