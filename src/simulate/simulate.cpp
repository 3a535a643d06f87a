// The front door of `simulate` (see simulate.h): the forward engine table and the choice.
#include "simulate/simulate.h"

#include "base/errors.h"
#include "prolog/engine.h"
#include "session/session.h"

namespace gdlsc::query {

const std::vector<ForwardEngineEntry>& forward_engines() {
    static const std::vector<ForwardEngineEntry> table = {
        {"network", "the step network in C++, 256 playouts at a time",
         [](const Game& g, bool& limit) {
             const StepModel& m = g.step();
             limit = m.failure == StepModel::Failure::TooLarge || m.failure == StepModel::Failure::OutOfMemory;
             BuiltNetwork b = build_network(g);  // the reason without the grounder's advice
             return b.net ? std::string() : b.why;
         },
         [](const Game& g, pl::Engine&) { return network_forward(build_network(g)); },
         [](const Game& g, pl::Engine&, const SimulateRequest& r) {
             return run_playouts(build_network(g), r.playouts, r.seed, r.max_steps, r.timeout_seconds);
         }},
        {"progression", "the rules in Prolog", [](const Game&, bool&) { return std::string(); },
         [](const Game&, pl::Engine& e) { return progression_forward(e); },
         [](const Game&, pl::Engine& e, const SimulateRequest& r) {
             return run_playouts(e, r.playouts, r.seed, r.max_steps);
         }},
    };
    return table;
}

const ForwardEngineEntry& choose_forward_engine(const Game& g, const std::string& engine, std::string& fallback) {
    std::string names;
    for (const auto& f : forward_engines()) {
        names += f.name + ", ";
        if (engine != "auto" && f.name != engine) continue;
        bool limit = false;
        std::string why = f.not_applicable(g, limit);
        if (why.empty()) return f;
        if (engine != "auto") {
            if (limit) throw LimitError("no step network for this game: " + why);
            throw UserError("no step network for this game: " + why);
        }
        if (fallback.empty()) fallback = "no step network: " + why;
    }
    throw UserError("simulate: unknown engine '" + engine + "' (engines: " + names + "auto)");
}

SimulateOutcome simulate(const Game& g, const SimulateRequest& r) {
    // The engine first: its start-up checks the memory limit before anything is grounded.
    pl::Engine& e = prepare_engine(g, r.timeout_seconds);
    SimulateOutcome out;
    const ForwardEngineEntry* chosen = &choose_forward_engine(g, r.engine, out.fallback);
    out.engine = chosen->name;
    if (r.playouts > 0) {
        out.playouts = chosen->playouts(g, e, r);
        if (!out.fallback.empty()) out.playouts->engine_note = out.fallback;
        return out;
    }
    auto fwd = chosen->make(g, e);
    SimulationOptions o;
    o.seed = r.seed;
    o.max_steps = r.max_steps;
    o.record_states = r.record_states;
    o.prefix = r.prefix;
    out.match = simulate_match(*fwd, g.analysis.roles, o);
    return out;
}

}  // namespace gdlsc::query
