// The front door of `replay` (doc/usage.md, "replay"), shared by the command and the C++ API:
// a recorded match (match_record.h) played again on the game's forward engine (forward.h:
// the step network where the game grounds, else the rules in Prolog), step by step. At each
// step the recorded state, the recorded legal moves, every move of the joint move, the
// recorded percepts, and at the end the terminal state and the goal values are compared with
// what the game says; the first difference is the outcome (exit 1). Optionally what one role
// knew along the match: its information set after every joint move (infoset/infoset.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "session/game_file.h"
#include "simulate/match_record.h"

namespace gdlsc::query {

struct ReplayRequest {
    std::string record_path;
    std::string engine = "auto";  ///< a forward engine of simulate (simulate.h), or "auto"
    std::string role;             ///< non-empty: the information set of this role along the match
    double timeout_seconds = 0;   ///< the engine's limits (0: none)
};

/// The first place where the record and the game disagree.
struct ReplayDeviation {
    std::size_t step = 0;  ///< the record's step (1-based: step k holds the k-th joint move)
    std::string role;      ///< the role concerned ("" for a state or the end)
    std::string move;      ///< its move at this step (KIF), or ""
    /// What differs: "move" (not legal), "state", "legal", "percepts", "terminal", "goals".
    std::string what;
    std::string recorded, game;  ///< what the record says and what the game says instead
    std::string location;        ///< file:line:col in the record
    std::string message;         ///< all of it in one sentence
};

/// The information set of the role after a number of joint moves.
struct ReplayKnowledge {
    std::size_t after = 0;     ///< joint moves made
    std::string developments;  ///< decimal (may exceed 64 bits)
    std::size_t states = 0;    ///< distinct states among them
};

struct ReplayOutcome {
    std::string record;  ///< the record's path
    std::string format;  ///< "xml" or "json"
    std::string game;    ///< the record's game name, if it gives one
    std::string engine;  ///< the forward engine that replayed it
    std::vector<std::string> roles;
    std::size_t steps = 0;        ///< steps of the record
    std::size_t joint_moves = 0;  ///< joint moves replayed (up to the deviation)
    /// What was compared (items the record holds and that agreed, up to the deviation).
    std::size_t states_checked = 0, legal_checked = 0, moves_checked = 0, percepts_checked = 0;
    bool terminal_checked = false, goals_checked = false;
    bool finished = false;  ///< the replay reached a terminal state at the record's end
    std::optional<ReplayDeviation> deviation;
    std::string knowledge_role;
    std::vector<ReplayKnowledge> knowledge;  ///< --role: after 0, 1, ... joint moves

    std::string text() const;
    std::string json() const;
    /// 0 the record agrees with the game, 1 a deviation.
    int exit_code() const;
};

/// Replays `rec` on `g`. UserError (exit 2, located in the record) when the record does not
/// fit the game: a role the game does not have, a joint move without a move for some role, a
/// step without moves before the record's end.
ReplayOutcome replay(const Game& g, const MatchRecord& rec, const ReplayRequest& r);
/// Reads r.record_path (read_match_record) and replays it.
ReplayOutcome replay(const Game& g, const ReplayRequest& r);

}  // namespace gdlsc::query
