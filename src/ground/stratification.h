// Stratification of a ground program: no ground atom depends on itself through `not`. A
// game whose relations are stratified only instance by instance -- pyggp_battleship's
// `set_phase(battleship) :- not set_phase(carrier)` -- has one standard model when its
// ground program is stratified (a locally stratified program has a unique perfect model;
// Przymusinski 1988), which is what validation asks here (src/session/ground_stratification.h).
#pragma once
#include <vector>

#include "ground/ground_program.h"

namespace gdlsc::ground {

/// A cycle of the ground dependency graph (head -> each body atom) through a negative
/// literal: `head, neg, ..., head` where `neg` occurs under `not` in a rule of `head` and
/// the atoms after it lead back to `head` (a shortest way); empty when `gp` is stratified.
std::vector<AtomId> negative_cycle(const GroundProgram& gp);

}  // namespace gdlsc::ground
