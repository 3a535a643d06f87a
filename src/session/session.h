// The session layer: what every command does before it asks its question, written once.
// A Session reads and validates the game, sets the engine's limits and loads the game into
// the embedded engine; it reads a history (from the command line or a file) and checks it
// step by step. Commands (src/cli) use the session and the capabilities only; this is their way to the engine.
#pragma once
#include <string>

#include "gdl/term.h"
#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc::pl {
class Engine;
}

namespace gdlsc::query {

/// `--timeout` when it is not given, for every command: a limit in seconds on each call into
/// the embedded engine and each Z3 check, and on a whole-game search (doc/usage.md).
inline constexpr double kDefaultTimeoutSeconds = 600;

/// The engine with `g` loaded (its module replaced) and its time limit set (0: none); its
/// information-set updates use the game's own step network (Game::step()).
pl::Engine& prepare_engine(const Game& g, double timeout_seconds);

/// A history given as text (`--history`) or in a file (`--history-file`; one of them, or
/// neither: the empty history). Malformed steps and unreadable files are UserErrors.
History read_history(const std::string& text, const std::string& file, const std::vector<std::string>& roles);

class Session {
public:
    /// Reads and validates `game_path` (UserError with the located diagnostics if invalid)
    /// and loads it with the time limit `timeout_seconds`.
    Session(const std::string& game_path, double timeout_seconds, bool strict = false);
    Session(Game game, double timeout_seconds);

    const Game& game() const { return game_; }
    const std::vector<std::string>& roles() const { return game_.analysis.roles; }
    /// The engine, with this session's game loaded (by the constructor; one session at a time).
    pl::Engine& engine() const;
    History history(const std::string& text, const std::string& file = "") const {
        return read_history(text, file, roles());
    }
    /// The situation `h` reaches, checked step by step (UserError naming step, role and move).
    gdl::Term situation(const History& h) const;

private:
    Game game_;
    double timeout_;
};

/// `gdlsc --version`: gdlsc's version and those of the SWI-Prolog and Z3 it runs with (starts
/// the embedded engine).
std::string version_text();

/// After the answer is printed: exiting gets a bounded time (static destructors of the
/// embedded engine among them), after which the process ends with `code`.
void arm_exit(int code);

}  // namespace gdlsc::query
