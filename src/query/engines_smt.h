// The smt engine of `gdlsc query` (DESIGN §3.3): the relevant ground program of the
// game for the history (src/ground), its completion and lazy loop formulas in Z3
// (src/smt); the answer is read from the unique stable model and every row is certified
// by refutation (completion ∧ loop formulas ∧ ¬φ[row] unsat). doc/engines.md, "SMT".
#pragma once
#include <string>

#include "query/engines.h"

namespace gdlsc::query {

/// The `smt` row of engines(). Throws LimitError when the ground program or the formula's
/// expansion passes its bound, UserError when the engine does not apply, EngineError for Z3.
Answer smt_query(const QueryContext& ctx);

/// Why the smt engine does not apply to this query ("" when it does): knowledge formulas.
std::string smt_not_applicable(const QueryContext& ctx);

/// `translate --format smtlib`: the completion and the loop formulas that make its model
/// unique, for the game grounded along `history`, as an SMT-LIB 2 script with a header.
std::string smtlib_text(const gdl::Program& program, const gdl::Analysis& analysis, const History& history,
                        const std::string& game_name);

/// `translate --format ground`: the relevant ground program along `history`, one rule per
/// line (`head :- body`, atoms with their step: `(true@1 (cell 1 1 x))`), with a header.
std::string ground_text(const gdl::Program& program, const gdl::Analysis& analysis, const History& history,
                        const std::string& game_name);

/// `translate --format network`: the step network of the game (network/step_network.h) as
/// text, with a header.
std::string network_text(const gdl::Program& program, const gdl::Analysis& analysis, const std::string& game_name);

}  // namespace gdlsc::query
