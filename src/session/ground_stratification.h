// The ground side of stratification for validation (gdl::GroundStratificationCheck): a game
// whose relations are not stratified is grounded for one step from any reachable state
// (ground::ground_step) and its ground dependency graph searched for a cycle through `not`
// (ground::negative_cycle). src/gdl cannot ground, so every command's validation gets this
// check from here (session/game_file.cpp).
#pragma once
#include "gdl/validate.h"

namespace gdlsc::query {

/// Stratified, NotStratified (why: the ground cycle, `(p a) -> not (q a) -> (p a)`) or
/// Unknown (why: too large to ground, or knows in the rules).
gdl::GroundStratification ground_stratification(const gdl::Program& p, const gdl::Analysis& a);

}  // namespace gdlsc::query
