// The front door of `simulate` (doc/usage.md, "simulate"), shared by the command and the C++
// API: one request, a table of forward engines — each with its name, how it plays one match,
// how it runs playouts, and why it does not apply to a game — and one function that picks the
// engine (`auto`: the first that applies) and runs the match or the playouts.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/forward.h"
#include "session/game_file.h"
#include "session/history.h"
#include "simulate/simulation.h"

namespace gdlsc::query {

struct SimulateRequest {
    std::uint64_t seed = 1;
    std::int64_t playouts = 0;     ///< > 0: that many random matches, timed; 0: one match
    std::size_t max_steps = 1000;  ///< joint moves per match at most
    std::string engine = "auto";   ///< a name of forward_engines(), or "auto"
    double timeout_seconds = 0;    ///< the engine's limits (0: none)
    bool record_states = false;    ///< one match: every state's fluents and legal moves
    History prefix;                ///< one match: the joint moves that fix its first steps
};

/// One forward engine of `simulate`.
struct ForwardEngineEntry {
    std::string name;
    std::string summary;  ///< for --help
    /// Why the engine cannot play `g` ("": it can), with whether that is a size limit (exit 4
    /// when it is asked for by name) rather than a game it does not handle (exit 2).
    std::function<std::string(const Game& g, bool& limit)> not_applicable;
    std::function<std::unique_ptr<Forward>(const Game& g, pl::Engine& e)> make;
    std::function<PlayoutReport(const Game& g, pl::Engine& e, const SimulateRequest& r)> playouts;
};

/// The forward engines, in the order `auto` tries them.
const std::vector<ForwardEngineEntry>& forward_engines();

/// The engine `simulate` runs for `engine` (a name of the table or "auto": the first that
/// applies); under `auto`, why an earlier one did not, in `fallback`. UserError for an unknown
/// name; LimitError / UserError when the engine asked for by name cannot play the game.
const ForwardEngineEntry& choose_forward_engine(const Game& g, const std::string& engine, std::string& fallback);

struct SimulateOutcome {
    std::optional<Match> match;            ///< one match
    std::optional<PlayoutReport> playouts;  ///< --playouts
    std::string engine;  ///< the engine that ran
    /// Under `auto`, why an earlier engine of the table did not apply ("" when the first did).
    std::string fallback;
};

/// Loads `g` into the embedded engine (its limits from the request) and runs the request.
/// UserError for an unknown engine or an illegal prefix; LimitError / UserError when the engine
/// asked for by name cannot play the game.
SimulateOutcome simulate(const Game& g, const SimulateRequest& r);

}  // namespace gdlsc::query
