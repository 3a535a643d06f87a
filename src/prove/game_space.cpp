// The state spaces of the whole-game methods (see game_space.h).
#include "prove/game_space.h"

#include "base/environment.h"
#include "base/errors.h"

namespace gdlsc::query {

pl::State GameSpace::state(pl::Engine& e, ground::StateId s) {
    if (rules) return rules->state(s);
    std::vector<gdl::Term> fs;
    for (std::uint32_t f : network->fluents(s)) fs.push_back(net->fluents()[f]);
    return e.make_state(fs);
}

GameSpace make_game_space(const Game& g, pl::Engine& e, const std::string& which) {
    GameSpace sp;
    bool want_network = which == "network" || (which == "auto" && environment().network != "off");
    if (want_network) {
        const StepModel& m = g.step();
        if (m.network) {
            sp.net = m.network;
            sp.network = std::make_unique<ground::NetworkSpace>(*sp.net, sp.net->initial_fluents());
            sp.about = "step network (" + sp.net->size_text() + ")";
            return sp;
        }
        if (which == "network") {
            if (m.failure == StepModel::Failure::NotApplicable) throw UserError("prove: no step network: " + m.why_not);
            throw LimitError("prove: no step network: " + m.why_not);
        }
        sp.about = "the game's rules (no step network: " + m.why_not + ")";
    } else {
        sp.about = "the game's rules";
    }
    sp.rules = std::make_unique<RulesSpace>(e);
    return sp;
}

}  // namespace gdlsc::query
