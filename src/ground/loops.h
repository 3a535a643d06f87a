// Positive loops of a ground program and the unfounded-set check that the smt engine's
// lazy loop formulas (ASSAT, Lin & Zhao 2004) need. A model of the Clark completion is a
// stable model iff it has no unfounded atom; if it has some, a sink component of the
// unfounded atoms' positive dependency graph is a loop whose loop formula it violates.
#pragma once
#include <vector>

#include "ground/ground_program.h"

namespace gdlsc::ground {

/// The least model of the reduct P^M: the atoms with a well-founded derivation when the
/// negative literals are read in `model` (true = `not a` fails).
std::vector<bool> supported_closure(const GroundProgram& gp, const std::vector<bool>& model);

/// Atoms true in `model` without a well-founded derivation (model \ least model of P^M).
std::vector<AtomId> unfounded_atoms(const GroundProgram& gp, const std::vector<bool>& model);

/// Loops whose loop formula `model` violates, given its unfounded atoms U:
///
///     G := positive edges h -> b, for rules h :- body with h, b in U and body true in model
///     return the strongly connected components of G with no edge to another component
///
/// Each such component L is a loop (its atoms are supported in model only through L) and
/// model makes L true while no external support of L holds, so LF(L) is violated.
std::vector<std::vector<AtomId>> violated_loops(const GroundProgram& gp, const std::vector<bool>& model,
                                                const std::vector<AtomId>& unfounded);

/// The rules supporting loop L from outside: head in L, no positive body atom in L.
std::vector<std::size_t> external_support(const GroundProgram& gp, const std::vector<AtomId>& loop);

/// The non-trivial strongly connected components of the positive dependency graph (size > 1
/// or a self-loop): where completion alone may admit unsupported models.
std::vector<std::vector<AtomId>> positive_loops(const GroundProgram& gp);

}  // namespace gdlsc::ground
