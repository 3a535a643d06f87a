// What the Z3 methods of `prove` share (prove_smt.cpp, prove_chc.cpp): the built-in property
// as the two-copy system's, and the ground step program of the game, refused with the
// message the user gets when it cannot be had.
#pragma once
#include <chrono>
#include <optional>
#include <string>

#include "gdl/term.h"
#include "ground/ground_program.h"
#include "query/game_file.h"
#include "smt/two_copy.h"

namespace gdlsc::query {

/// legal_knowledge ... perfect_information (prove_property_term's terms); a formula is a
/// UserError that says `engine` decides the four built-in properties only.
smt::TwoCopyProperty two_copy_property(const gdl::Term& prop, const std::string& engine);

/// ground::ground_step's program of the game, rules indexed. Throws TooLargeError past the
/// bounds, UserError where the grounder does not apply (knows in the rules); both say that
/// `engine` does not apply.
ground::GroundProgram step_program(const Game& g, const std::string& engine);

}  // namespace gdlsc::query
