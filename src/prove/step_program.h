// What the Z3 methods of `prove` share (prove_smt.cpp, prove_chc.cpp): the built-in property
// as the two-copy system's, and the game's ground step program with its initial state (the
// one query::Game built for every engine), refused with the message the user gets when it
// cannot be had.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "gdl/term.h"
#include "ground/ground_program.h"
#include "session/game_file.h"
#include "smt/two_copy.h"

namespace gdlsc::query {

/// legal_knowledge ... perfect_information (prove_property_term's terms); a formula is a
/// UserError that says `engine` decides the four built-in properties only.
smt::TwoCopyProperty two_copy_property(const gdl::Term& prop, const std::string& engine);

/// The game's step program (Game::step(), rules indexed) and its initial state (the network's
/// init atoms). Throws TooLargeError past the bounds, UserError where the grounder does not
/// apply (knows in the rules), LimitError when memory ran out; each says that `engine` does
/// not apply.
struct StepProgram {
    const ground::GroundProgram& program;
    std::vector<gdl::Term> init;
};
StepProgram step_program(const Game& g, const std::string& engine);

/// The step program cut to the cone of influence of a two-copy property (smt::two_copy_cone:
/// the pair system's verdicts are the whole program's); its Z3 encodings lose the rest
/// (mastermind's terminal-knowledge: the board's display fluents, 5,941 of 99,099 rules
/// kept). `init` is the initial state of the kept fluents.
struct StepCone {
    std::shared_ptr<const ground::GroundProgram> program;
    std::vector<gdl::Term> init;
    std::vector<gdl::Term> whole_init;  ///< the whole initial state (to play the step network from)
    std::string about;  ///< "N of M fluents, R of S rules"
};
StepCone step_cone(const Game& g, const std::string& engine, smt::TwoCopyProperty p);

}  // namespace gdlsc::query
