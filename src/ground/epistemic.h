// GDL-III for the ground engines: a `knows` literal in a rule body becomes a literal of a
// relation of its own, so that the grounder can ground it like any other and the step
// network can make each of its ground atoms an input (network_developments.h sets it per
// development from the information sets).
//
//     (knows ?r (p ?x))   becomes   (|gdlsc knows| ?r (p ?x))
//     (knows (p ?x))      becomes   (|gdlsc common| (p ?x))
//
// and for each relation p that is known of, one rule says which instances are possible at
// all (knowledge is veridical: K is reflexive, so R knows P only where P holds):
//
//     (<= (|gdlsc knows| ?r (p ?x1 ... ?xk)) (|gdlsc agent| ?r) (p ?x1 ... ?xk))
//     (<= (|gdlsc common| (p ?x1 ... ?xk)) (p ?x1 ... ?xk))
//     (|gdlsc agent| r)   for every role r but random
//
// The grounder keeps these rules (they bound the atoms); the step network drops them and
// reads the atoms as inputs. The names contain a space: no game symbol can be one of them.
// Where P is static the knows relation is static too, and its rule is exact (a static fact
// holds in every development).
#pragma once
#include <string>
#include <vector>

#include "gdl/program.h"

namespace gdlsc::ground {

inline const char* const kKnowsRelation = "gdlsc knows";    ///< (K R P), arity 2
inline const char* const kCommonRelation = "gdlsc common";  ///< (C P), arity 1
inline const char* const kAgentRelation = "gdlsc agent";    ///< (A R), arity 1

/// The program with every knows literal replaced as above. Throws NotApplicable when a
/// knows literal's P is not a relational atom (the validation of GDL-III has checked it).
gdl::Program knows_as_relations(const gdl::Program& program, const std::vector<std::string>& roles);

}  // namespace gdlsc::ground
