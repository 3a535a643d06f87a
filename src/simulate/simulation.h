// The GDL-II execution model (Thielscher 2010; Genesereth & Thielscher ch. 17): a match
// from the initial state where random moves uniformly among its legal moves and the other
// roles by a seeded uniform choice unless a history fixes the first joint moves; after each
// joint move every non-random role receives its percepts as a `(play id turn move percepts)`
// message, and `(stop ...)` at the end. Also timed random playouts (one call into Prolog).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gdl/term.h"
#include "session/forward.h"
#include "session/history.h"

namespace gdlsc::pl {
class Engine;
}

namespace gdlsc::query {

struct SimulationOptions {
    std::uint64_t seed = 1;
    History prefix;                ///< joint moves fixed by --history (checked for legality)
    std::size_t max_steps = 1000;  ///< joint moves at most; reaching it ends the match unfinished
    bool record_states = false;    ///< keep every state's fluents and legal moves (--verbose)
};

/// A state of the match as seen from outside (only with record_states).
struct StateRecord {
    std::vector<gdl::Term> fluents;             ///< sorted
    std::vector<std::vector<gdl::Term>> legal;  ///< per role (role order), sorted; empty when terminal
    bool terminal = false;
};

struct MatchStep {
    std::vector<gdl::Term> joint;                  ///< one move per role, role order
    std::vector<std::vector<gdl::Term>> percepts;  ///< per role (role order), sorted
    bool from_history = false;
};

enum class MatchEnd {
    Terminal,     ///< a terminal state was reached (the normal end)
    StepBound,    ///< max_steps joint moves were made before a terminal state
    NoLegalMove,  ///< a non-terminal state where some role has no legal move (ill-formed game)
};

struct Match {
    std::string id;                   ///< match identifier in the messages ("sim" + seed)
    std::string engine;               ///< the forward engine that played it (Forward::name)
    std::uint64_t seed = 0;
    std::vector<std::string> roles;   ///< role order, random included
    std::vector<MatchStep> steps;
    std::vector<StateRecord> states;  ///< states[0] initial ... (record_states only)
    MatchEnd end = MatchEnd::Terminal;
    std::string stuck_role;           ///< the role without legal move (NoLegalMove)
    /// Goal values in the last state (role, value), sorted; every value a role has.
    std::vector<std::pair<std::string, gdl::Term>> goals;
};

/// Plays one match with the forward engine `fwd` (from its initial state). Throws UserError
/// (exit 2) naming the step, role and move when the history prefix is not legal or continues
/// after a terminal state.
Match simulate_match(Forward& fwd, const std::vector<std::string>& roles, const SimulationOptions& options);
/// The same on the loaded game's rules (progression).
Match simulate_match(pl::Engine& engine, const SimulationOptions& options);

/// The GDL-II message role `role_index` receives after `turn` joint moves (turn 0: the
/// initial `(play id 0 nil nil)`); `stop` for the last message of a finished match.
std::string play_message(const Match& m, std::size_t role_index, std::size_t turn, bool stop);

/// The match as text (doc/usage.md, "simulate") and as JSON.
std::string format_match_text(const Match& m, bool verbose);
std::string format_match_json(const Match& m, bool verbose);

struct PlayoutReport {
    std::string engine;          ///< "network" or "progression"
    std::string engine_note;     ///< why not the network, when it was not asked for but is missing
    std::string network;         ///< the network's size (StepNetwork::size_text), network only
    /// progression only: "slot states" (prolog/gdlsc_slots.pl) or "sorted lists (why)".
    std::string states_as;
    double build_seconds = 0;    ///< grounding and compiling the network (not in `seconds`)
    std::int64_t playouts = 0;
    std::int64_t states = 0;     ///< states visited, each playout's initial state included
    std::int64_t moves = 0;      ///< joint moves made
    std::int64_t terminals = 0;  ///< playouts that ended in a terminal state
    double seconds = 0;          ///< wall-clock time of the Prolog call alone
    double cpu_seconds = 0;      ///< CPU time of the process during that call (less sensitive to load)
    double states_per_second() const { return seconds > 0 ? static_cast<double>(states) / seconds : 0; }
    double states_per_cpu_second() const { return cpu_seconds > 0 ? static_cast<double>(states) / cpu_seconds : 0; }
};

/// Runs `n` random playouts inside Prolog (gdlsc_game:playouts/4), each from the initial
/// state to a terminal state, a state without legal joint move, or `max_steps` moves.
PlayoutReport run_playouts(pl::Engine& engine, std::int64_t n, std::uint64_t seed, std::size_t max_steps);
/// The same on the step network, 256 matches at a time (ground::network_playouts): the same
/// counts, other draws than Prolog's generator. Past `timeout_seconds` (0: none) LimitError.
PlayoutReport run_playouts(const BuiltNetwork& built, std::int64_t n, std::uint64_t seed, std::size_t max_steps,
                           double timeout_seconds);

std::string format_playouts_text(const PlayoutReport& r);
std::string format_playouts_json(const PlayoutReport& r);

}  // namespace gdlsc::query
