// `gdlsc solve`: every development of at most N joint moves at whose last situation a
// formula holds -- the dual of `prove`, for puzzles whose answer is a history (Cheryl's
// Birthday: the dates for which the three statements are legal). The search runs in
// prolog/gdlsc_solve.pl over the developments of gdlsc_developments, so GDL-III rules
// see what the players know at every step (doc/usage.md, "solve").
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "session/formula.h"
#include "session/history.h"
#include "session/session.h"

namespace gdlsc::query {

struct SolveOptions {
    std::size_t depth = 0;        ///< longest development, in joint moves
    std::size_t limit = 100;      ///< solutions listed (never the count)
    bool progress = false;        ///< one line per depth on stderr
    double timeout_seconds = 0;   ///< the BDD developments' time limit (0: none; Prolog has the session's)
    /// Only the developments that start with these joint moves (its steps checked as query
    /// checks a history); `depth` counts them too and must not be less than their number.
    History history;
};

struct Solution {
    std::vector<std::vector<std::string>> history;  ///< joint moves in KIF, role order
    std::vector<std::string> state;                 ///< the last state's fluents in KIF (sorted)
};

struct SolveLevel {
    std::size_t depth = 0;
    std::string developments, solutions;  ///< decimal (may exceed 64 bits)
};

struct SolveReport {
    std::size_t depth = 0;
    std::size_t history_length = 0;  ///< SolveOptions::history's joint moves (levels start there)
    std::string count;  ///< decimal: every solution, listed or not
    std::vector<Solution> solutions;
    std::vector<SolveLevel> levels;
};

/// The BDD developments alone (no Prolog engine is started), where they apply and
/// GDLSC_NETWORK is on; nothing otherwise (then run_solve).
std::optional<SolveReport> solve_without_engine(const Game& g, const Formula& f, const SolveOptions& o);
/// The search in Prolog; under GDLSC_NETWORK=check also on the BDD developments, compared
/// (exit 3 on a difference).
SolveReport run_solve(const Session& s, const Formula& f, const SolveOptions& o);
std::string solve_text(const SolveReport& r);
/// {"depth": N, "count": n, "solutions": [{"history": [[...], ...], "state": [...]}, ...],
///  "levels": [{"depth": d, "developments": n, "solutions": k}, ...]}
std::string solve_json(const SolveReport& r);

}  // namespace gdlsc::query
