// A one-step program's move disjunctions by their complement. A frame rule such as
// blindbreakthrough's
//
//     (<= (next (cellholds ?x3 ?y3 ?s)) (true (cellholds ?x3 ?y3 ?s)) validmove
//         (does ?p (move ?x1 ?y1 ?x2 ?y2)) (distinctcell ?x1 ?y1 ?x3 ?y3) (distinctcell ?x2 ?y2 ?x3 ?y3))
//
// grounds to one rule per cell and per move that does not touch the cell (38,856 of the
// game's 69,420 ground rules). The rules of one head that differ only in one positive
// does@0(r, m) say "body, and r does one of the moves S"; in every joint move a role does
// exactly one of its moves -- the does@0(r, ·) atoms of the program, U_r, which include every
// move that can be legal (ground_step adds does@0 for each possible legal@0) -- so that is
// "body, and r does none of U_r \ S": one rule with |U_r \ S| negative literals instead of
// |S| rules. It is applied where U_r \ S is smaller than S (blindbreakthrough: 69,420 ->
// 2,946 rules).
//
// Exactness: the program's models agree with the original's on every interpretation of the
// inputs in which each role does exactly one of U_r -- which every user of a one-step
// program asserts or enumerates (the smt unrolling: exactly one does per role, and it is
// legal; the pair BDDs conjoin exactly one move per role; the explicit engines and the
// developments set one move per role). A consumer that evaluated the step with no move, or
// two, would see other values. Only ground_step applies it (a history's program fixes its
// moves and keeps its rules as grounded, `translate --format ground`).
#pragma once
#include <cstddef>

#include "ground/ground_program.h"

namespace gdlsc::ground {

/// Rewrites `gp`'s step-0 rule groups as above, in place; the number of rules removed.
std::size_t complement_move_groups(GroundProgram& gp);

}  // namespace gdlsc::ground
