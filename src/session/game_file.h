// The loaded game: read (KIF or infix), analysed and validated once, and what the engines
// derive from it built once on first use and shared by every engine (the one-step ground
// program and the step network, with the initial state). An invalid game is a UserError
// (exit 2) whose message is the sorted, located diagnostics.
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "gdl/analysis.h"
#include "gdl/diagnostics.h"
#include "gdl/program.h"
#include "ground/ground_program.h"
#include "network/step_network.h"

namespace gdlsc::query {

/// The game's one step, ground (ground::ground_step with ground::kEngineNetworkLimits) and
/// compiled to the step network; both null, with the reason, where the game has none.
struct StepModel {
    enum class Failure { None, TooLarge, NotApplicable, OutOfMemory };
    std::shared_ptr<const ground::GroundProgram> program;
    std::shared_ptr<const ground::StepNetwork> network;
    Failure failure = Failure::None;
    std::string why_not;  ///< "" when built; else e.g. "too large: ...", the grounder's words
    double build_seconds = 0;
};

struct Game {
    gdl::Program program;
    gdl::Analysis analysis;

    /// The step model, built on the first call (thread-safe) and kept. A copy of the Game
    /// starts without one (its program may be changed, e.g. a test's mutant); the program and
    /// analysis must not change after the first call.
    const StepModel& step() const;
    /// The step network, or null (step().why_not says why).
    const ground::StepNetwork* network() const { return step().network.get(); }
    /// step()'s network for the embedded engine's information sets, asked there on first use;
    /// it keeps what it needs alive (the engine may outlive this Game).
    std::function<std::shared_ptr<const ground::StepNetwork>(std::string& why)> network_source() const;

private:
    struct StepCache {
        std::once_flag once;
        StepModel model;
        const StepModel& get(const gdl::Program& program, const gdl::Analysis& analysis);
    };
    struct CacheHandle {  // moves keep the cache, copies start a new one
        std::shared_ptr<StepCache> p = std::make_shared<StepCache>();
        CacheHandle() = default;
        CacheHandle(const CacheHandle&) : p(std::make_shared<StepCache>()) {}
        CacheHandle& operator=(const CacheHandle&) {
            p = std::make_shared<StepCache>();
            return *this;
        }
        CacheHandle(CacheHandle&&) noexcept = default;
        CacheHandle& operator=(CacheHandle&&) noexcept = default;
    };
    CacheHandle step_cache_;
};

/// Reads (KIF or infix) and analyses `path`, syntax errors into `diags`. An unreadable file
/// is a UserError.
Game read_rules(const std::string& path, gdl::Diagnostics& diags);

/// Validates a game read without syntax errors (gdl/validate.h) into `diags`; where its
/// relations are not stratified, its ground program decides (ground_stratification.h).
void validate_game(const Game& g, gdl::Diagnostics& diags);

/// read_rules, then validate_game if there was no syntax error (after one, the rules are
/// incomplete and later messages would be its consequences); every diagnostic (warnings too)
/// into `diags`.
Game read_game(const std::string& path, gdl::Diagnostics& diags);

/// read_game on an in-memory text named `name` in its diagnostics (KIF or infix).
Game read_game_from_text(const std::string& name, const std::string& text, gdl::Diagnostics& diags);

/// Reads and validates `path`; errors throw UserError; the deviations from GDL that gdlsc
/// accepts are printed on stderr as located warnings (other warnings: `gdlsc check`).
/// `strict`: those deviations are errors too.
Game load_game_file(const std::string& path, bool strict = false);
/// load_game_file on an in-memory text, its locations in `name` (the C++ and Python APIs).
Game load_game_text(const std::string& name, const std::string& text, bool strict = false);

/// Throws UserError (exit 2) unless `role` is a role of the game other than random.
void check_agent_role(const Game& g, const std::string& role);

}  // namespace gdlsc::query
