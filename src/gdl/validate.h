// Validity of GDL-II/III game descriptions (DESIGN §1): safety, stratification, the
// recursion restriction, arity consistency, the keyword restrictions of Thielscher 2010
// and the three GDL-III restrictions on `knows`. Every violation becomes a located
// diagnostic; the checks never stop at the first one. doc/validation.md lists them.
#pragma once
#include <functional>
#include <string>

#include "gdl/analysis.h"
#include "gdl/diagnostics.h"
#include "gdl/program.h"

namespace gdlsc::gdl {

/// What the ground program says of a game whose relations are not stratified: whether no
/// ground atom depends on itself through `not` (src/gdl cannot ground; src/session supplies
/// the check, src/session/ground_stratification.h).
struct GroundStratification {
    enum class Verdict { Stratified, NotStratified, Unknown };
    Verdict verdict = Verdict::Unknown;
    std::string why;  ///< NotStratified: a ground cycle through not; Unknown: why it was not decided
};
using GroundStratificationCheck = std::function<GroundStratification(const Program&, const Analysis&)>;

/// Runs every check below and reports each violation to `diags` (errors), plus
/// warnings for things the specification allows but that are probably mistakes.
/// `a` must be analyze(p). `ground`: see check_recursion.
void validate(const Program& p, const Analysis& a, Diagnostics& diags, const GroundStratificationCheck& ground = {});

// The individual checks (one file each: validate_<group>.cpp). Exposed for unit tests.

/// Unsafe rules and facts: every variable of the head, of a negative literal and of a
/// distinct must occur in a positive relational body literal; `or` binds a variable only
/// if every disjunct does. Variables in facts. Prolog-style variables in KIF (warning).
void check_safety(const Program& p, Diagnostics& diags);

/// Keyword placement and arity (role only in ground facts; init/next/sees only in heads;
/// true/does/knows only in bodies; true/1, does/2, ...), keyword facts that look like a
/// misplaced parenthesis, and missing role/legal/terminal/goal.
void check_keywords(const Program& p, Diagnostics& diags);

/// Keyword dependencies: init independent of true/does/legal/next/sees/terminal/goal/knows;
/// legal/terminal/goal independent of does; base/input/percept independent of true/does;
/// GDL-III: a total order on the relations under knows, none of which depends on does.
void check_dependencies(const Program& p, const Analysis& a, Diagnostics& diags);

/// Stratification (no cycle through negation) and the recursion restriction. A cycle
/// through negation is an error, unless `ground` is given, the game has no other error and
/// `ground` finds its ground program stratified: then a deviation (doc/validation.md).
void check_recursion(const Program& p, const Analysis& a, Diagnostics& diags,
                     const GroundStratificationCheck& ground = {});

/// Each relation and each function symbol is used with one arity.
void check_arities(const Program& p, Diagnostics& diags);

}  // namespace gdlsc::gdl
