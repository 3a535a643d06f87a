// Splitting rule bodies before grounding (variable elimination, as in lpopt): a rule whose
// body joins literals over many variables is instantiated once per combination of all of
// them, where the parts that share few variables can be instantiated apart. vacuumcleaner_
// random_big's score rule
//
//     (<= (next (points ?y)) (true (points ?x)) (does agent suck)
//         (true (at agent ?m ?n)) (true (at dirt ?m ?n)) (plus ?x 15 ?y))
//
// grounds to one rule per score and cell (20,100); with ?m and ?n eliminated it is
//
//     (<= (next (points ?y)) (true (points ?x)) (does agent suck) (gdlsc split 1) (plus ?x 15 ?y))
//     (<= (gdlsc split 1) (true (at agent ?m ?n)) (true (at dirt ?m ?n)))
//
// 201 + 100 rules. The meaning is the same: the auxiliary relation is the projection of the
// literals it replaces onto the variables the rest of the rule shares with them.
#pragma once
#include "gdl/program.h"

namespace gdlsc::gdl {

/// The program with each rule's body split where a variable can be eliminated: the literals
/// that mention it (with the positive literals that bind their negated and distinct
/// literals' other variables) become an auxiliary relation named "gdlsc split N" (no game
/// symbol has a space) over the variables they share with the rest of the rule, when they
/// are not the whole body. The variable that leaves the fewest shared variables goes first;
/// the auxiliary rules are split in turn. Not split: facts, bodies with or/and, and rules whose
/// head is recursive with a relation of their body (the auxiliary relation would join the
/// recursion). The program itself when nothing is split.
Program split_bodies(const Program& p);

}  // namespace gdlsc::gdl
