// Emitters of a situation calculus theory: readable text (the formulas of the paper, one
// axiom per predicate, grouped by class) and TPTP FOF (for first-order provers such as E).
// The Prolog emitter is separate (sc/emit_prolog.h).
#pragma once
#include <iosfwd>
#include <string>

#include "sc/theory.h"

namespace gdlsc::sc {

/// One formula in the notation of the paper: `Holds(F, s0) ≡ F = control(xplayer) ∨ ...`.
std::string format_formula(const Formula& f);

/// The whole theory for people; `source_name` names the game in the header line.
void emit_text(const Theory& th, const std::string& source_name, std::ostream& out);

/// The whole theory as TPTP FOF (`fof(name, axiom, ...)`), including unique-names axioms,
/// the compound-action axioms and the axioms of K. See doc/translation.md for the naming.
void emit_tptp(const Theory& th, const std::string& source_name, std::ostream& out);

}  // namespace gdlsc::sc
