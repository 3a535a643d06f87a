// What the files of the C++ API share (gdlsc.cpp: errors, Game and its calls; state.cpp:
// States): a Game's data, a State's data, and the mapping of every error of the layers below to
// gdlsc::Error. Internal to src/api (not installed).
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "api/gdlsc.h"
#include "base/errors.h"
#include "session/forward.h"
#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc {

struct Game::Impl {
    std::string path;  ///< empty for a game given as text (Game::parse)
    std::string name;  ///< the file's or the text's name (the game a record names)
    bool strict = false;
    query::Game game;
    /// The forward engine the States step with, as `simulate` chooses it. The network's is
    /// kept; the Prolog rules' is made anew per call (another Game may have been loaded).
    struct Cursor {
        std::mutex m;
        std::unique_ptr<query::Forward> forward;
        bool kept = false;
    };
    std::shared_ptr<Cursor> cursor = std::make_shared<Cursor>();
};

/// A State's data: the joint moves from the initial state (checked), every role's percepts
/// per step, and the last state's fluents, legal moves and goals, per role in role order.
struct State::Node {
    std::shared_ptr<const Game::Impl> game;
    query::History history;
    std::vector<std::vector<std::vector<std::string>>> percepts;  ///< per step, per role
    std::vector<std::string> fluents;
    bool terminal = false;
    std::vector<std::vector<std::string>> legal, goals;  ///< per role
};

namespace impl {

inline std::vector<std::string> kif(const std::vector<gdl::Term>& ts) {
    std::vector<std::string> out;
    for (const auto& t : ts) out.push_back(t.to_kif());
    return out;
}

// Runs `f`, mapping every error of the layers below to gdlsc::Error with the CLI's exit code.
template <class F>
inline auto guarded(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const Error&) {
        throw;
    } catch (...) {
        ErrorSummary e = summarize_current_exception();
        throw Error(e.message, e.exit_code);
    }
}

}  // namespace impl
}  // namespace gdlsc
