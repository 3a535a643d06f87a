// Information sets for `gdlsc infoset` (doc/knowledge.md): the developments a role cannot
// tell from the actual one after a history, computed by prolog/gdlsc_infoset.pl in the
// embedded engine (on the step network where it can be built); this layer checks the role
// and the history, calls it, and prints text, JSON or Graphviz.
#pragma once
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc::query {

/// One update of an information set (`infoset --steps`).
struct InfosetStep {
    std::size_t step = 0;
    std::string developments;  ///< decimal (may exceed 64 bits)
    std::size_t states = 0;
    double wall_ms = 0, cpu_ms = 0;  ///< the update's elapsed time and CPU time (all threads)
    std::string update;              ///< network, rules or check (GDLSC_NETWORK, doc/knowledge.md)
    /// The step network was built during this update (its time is part of the update's):
    /// "network" (built) or "no_network" (it cannot be had), else empty.
    std::string network;
    double network_ms = 0, network_cpu_ms = 0;  ///< the build's elapsed and CPU time
    std::string network_about;  ///< its size, or why there is none
};

struct InfosetReport {
    std::string role;
    std::size_t steps = 0;
    std::string developments;             ///< decimal (may exceed 64 bits)
    std::size_t state_count = 0;          ///< distinct final states (for_each_infoset_state reads them)
    std::string dot;                      ///< Graphviz text (only when asked)
    std::vector<InfosetStep> step_stats;  ///< per step (only when asked)
};

/// What `infoset --dot` draws: nothing, the nodes' differences from the actual state, or
/// every fluent (--dot-full). At most kMaxDotDevelopments developments (LimitError past it).
enum class InfosetDot { None, Differences, Full };
inline constexpr std::size_t kMaxDotDevelopments = 300;
InfosetReport compute_infoset(const Game& g, const std::string& role, const History& h, InfosetDot dot,
                              double timeout_seconds, bool step_stats = false);
/// Calls `each` with every distinct final state of the set compute_infoset computed last
/// (sorted; fluents in KIF), reading them from the engine a page at a time, so that a set of
/// any size is printed without being held whole.
void for_each_infoset_state(const std::function<void(const std::vector<std::string>&)>& each);
/// The report with its states, as text or as JSON (`{"developments", "role", "state_list",
/// "states"[, "steps"]}`), written as the states are read.
void write_infoset_text(std::ostream& out, const InfosetReport& r);
void write_infoset_json(std::ostream& out, const InfosetReport& r);
}  // namespace gdlsc::query
