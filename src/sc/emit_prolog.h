// The game as a Prolog module (doc/architecture.md, "The generated Prolog program"):
// every relation p becomes 'g:p' with extra state/joint-move arguments by class, body
// literals are reordered for safe left-to-right evaluation, recursive predicates are
// tabled, and every game symbol is written as a quoted atom so it is data, never code.
#pragma once
#include <string>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "sc/prolog_atom.h"  // prolog_atom, part of this interface

namespace gdlsc::sc {

/// The functor of the development marker 'gdlsc world'(Id) in the states of a GDL-III game
/// (prolog/gdlsc_developments.pl): a name with a space, which no game symbol can have.
inline constexpr const char* kWorldMarkerName = "gdlsc world";

/// The text of the module `game` for `program` (classes from `analysis`).
/// The text holds only our own directives and clauses; game symbols appear only
/// as quoted atoms in argument positions or behind the `g:` prefix.
std::string emit_prolog(const gdl::Program& program, const gdl::Analysis& analysis);

}  // namespace gdlsc::sc
