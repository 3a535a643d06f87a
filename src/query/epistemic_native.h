// GDL-III queries with the developments on the step network (ground/network_developments.h):
// the knowledge that the rules ask about along a history is computed natively, for every
// development of the closure at once, and handed to the Prolog runtime for the path's nodes
// only (gdlsc_developments:native_path/3); the query formula is then answered in Prolog as
// usual. Used for `query` with the progression engine when the formula itself does not
// mention knowledge (that needs the information sets in Prolog) and GDLSC_NATIVE is not off;
// GDLSC_NATIVE=check answers both ways and compares (doc/knowledge.md).
#pragma once
#include <optional>
#include <string>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "gdl/term.h"
#include "query/history.h"

namespace gdlsc::pl {
class Engine;
}

namespace gdlsc::query {

/// The situation of `h`, its steps checked (the errors of check_history) with the knowledge
/// computed natively; nothing when the network does not apply to the game (why in `why`),
/// e.g. when its one-step ground program passes `max_ground_atoms` atoms or twice as many
/// rules (query's --max-ground-size). Throws LimitError when `timeout_seconds` (> 0) pass.
std::optional<gdl::Term> epistemic_situation(const gdl::Program& program, const gdl::Analysis& analysis,
                                             pl::Engine& engine, const History& h, double timeout_seconds,
                                             std::size_t max_ground_atoms, std::string& why);

}  // namespace gdlsc::query
