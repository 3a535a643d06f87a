// Forward engines: a game played one state at a time, for simulate and for objective queries
// after long histories. Two implementations answer the same questions in the same order:
// progression (the game's rules in the embedded Prolog engine, the reference) and network (the
// step network, src/network/network_play.h, wherever the game grounds within
// ground::kEngineNetworkLimits). Every list comes sorted in Prolog's standard order, so a
// seeded match draws the same moves under both (doc/engines.md, "Forward engines").
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gdl/term.h"
#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc::pl {
class Engine;
}
namespace gdlsc::ground {
class StepNetwork;
}

namespace gdlsc::query {

class Forward {
public:
    virtual ~Forward() = default;
    /// "progression" or "network".
    virtual const char* name() const = 0;
    /// Back to the initial state.
    virtual void restart() = 0;
    virtual bool terminal() = 0;
    virtual std::vector<gdl::Term> fluents() = 0;
    /// Role r's legal moves (r in role order).
    virtual std::vector<gdl::Term> legal(std::size_t r) = 0;
    /// What role r sees when `joint` (a move per role) is done in the current state.
    virtual std::vector<gdl::Term> percepts(std::size_t r, const std::vector<gdl::Term>& joint) = 0;
    /// Does `joint`, whose moves the caller has checked to be legal.
    virtual void play(const std::vector<gdl::Term>& joint) = 0;
    /// Goal values (role, value), sorted by role name, then value.
    virtual std::vector<std::pair<std::string, gdl::Term>> goals() = 0;
};

/// Which forward engine: `auto` is the network where it can be built, else progression.
enum class ForwardChoice { Auto, Network, Progression };

/// The step network of the game (Game::step(), built once) with the indices of its initial
/// fluents, or the reason there is none (TooLarge, NotApplicable, out of memory) in `why`.
struct BuiltNetwork {
    std::shared_ptr<const ground::StepNetwork> net;
    std::vector<std::uint32_t> init;
    std::string why;  ///< empty when built
    StepModel::Failure failure = StepModel::Failure::None;
    double build_seconds = 0;  ///< grounding and compiling (wall clock)
};
BuiltNetwork build_network(const Game& g);

/// The forward engine for `choice` over the loaded game. `about` says which one and, for
/// progression under `auto`, why not the network. ForwardChoice::Network on a game without a
/// network: LimitError (too large, exit 4) or UserError (not applicable, exit 2).
std::unique_ptr<Forward> make_forward(const Game& g, pl::Engine& engine, ForwardChoice choice, std::string& about);

/// Histories at least this long are checked on the step network (network_situation) when
/// GDLSC_NETWORK is not off: below it, building the network costs more than it saves.
inline constexpr std::size_t kLongHistory = 64;

/// The situation of `h` with its steps checked and its states computed on the step network
/// (the same errors as check_history, history.h); the runtime is given the states of the last
/// two situations (gdlsc_situation:known_state/2), so a query there does not progress the
/// history in Prolog. Nothing when the game has no step network (the caller checks in Prolog).
std::optional<gdl::Term> network_situation(const Game& g, pl::Engine& engine, const History& h);

/// The progression forward engine over the loaded game.
std::unique_ptr<Forward> progression_forward(pl::Engine& engine);
/// The network forward engine over an already built network (shared).
std::unique_ptr<Forward> network_forward(const BuiltNetwork& built);

}  // namespace gdlsc::query
