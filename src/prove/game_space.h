// The reachable states of a loaded game as the whole-game methods over states explore them
// (the lockstep fixpoint, proof.cpp; well-formedness, wellformed.cpp): the step network's
// space where the network can be built, else the game's rules in the embedded engine
// (doc/knowledge.md, "State spaces"), with a way to hand a state to the engine.
#pragma once
#include <memory>
#include <string>

#include "ground/lockstep.h"
#include "network/network_space.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "session/game_file.h"
#include "prove/rules_space.h"

namespace gdlsc::query {

struct GameSpace {
    std::shared_ptr<const ground::StepNetwork> net;
    std::unique_ptr<ground::NetworkSpace> network;
    std::unique_ptr<RulesSpace> rules;
    std::string about;  ///< which, and why
    ground::StateSpace& get() { return network ? static_cast<ground::StateSpace&>(*network) : *rules; }
    /// State s as the engine's state (to evaluate a formula there).
    pl::State state(pl::Engine& e, ground::StateId s);
};

/// `which`: "auto" (the step network if it can be built and GDLSC_NETWORK is not off, else the
/// rules), "network" (UserError / LimitError without one) or "rules". The engine must have
/// the game loaded (prepare_engine).
GameSpace make_game_space(const Game& g, pl::Engine& e, const std::string& which);

}  // namespace gdlsc::query
