// The lint of `gdlsc check`: probable mistakes in a game that GDL allows. A misspelt name is
// an ordinary relation to the validator -- a head `legl` defines a relation nothing uses, a
// body `tru` or `nto` asks for one nobody defines (always false) -- so a game with a typo is
// valid and plays wrongly. The lint reports both kinds, each with the keyword or relation the
// name likely misspells ("did you mean legal?"). doc/validation.md, "Lint".
#pragma once
#include "gdl/analysis.h"
#include "gdl/diagnostics.h"
#include "gdl/program.h"

namespace gdlsc::gdl {

/// Reports to `diags` (Diagnostics::lint: warnings, errors in strict mode), for a game `p`
/// read without syntax errors and validated, with `a` = analyze(p) (a typo often makes the
/// game invalid elsewhere: a misspelt role fact, and `(knows a P)` names no role):
///
/// * every body occurrence of a relation that no rule defines (keywords aside: true, does,
///   distinct, knows, and the declarations base, input, percept may have no rules), at the
///   occurrence;
/// * every relation that has rules but that nothing the keywords depend on uses -- no rule of
///   role, init, legal, next, terminal, goal, sees, base, input or percept, nor of a relation
///   they use, transitively -- at its first rule, unless validation reported an error there
///   (a missing keyword at its misspelling); one warning for the relations it alone uses;
///
/// each with "did you mean X?" when X is a near miss (spelling.h): for an undefined relation,
/// a keyword that may appear in a body or a defined relation; for an unused one, a keyword
/// that may head a rule or a relation some body uses (with the keyword's arity when it
/// differs, `legal takes 2 arguments`).
void lint(const Program& p, const Analysis& a, Diagnostics& diags);

}  // namespace gdlsc::gdl
