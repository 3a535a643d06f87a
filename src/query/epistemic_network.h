// GDL-III queries with the developments on the step network -- one BDD per level
// (symbolic/developments.h, the default) or one row per development
// (network/network_developments.h, GDLSC_GDL3=rows; GDLSC_NETWORK=check runs both and compares):
// the knowledge that the rules ask about along a history is computed outside Prolog, for every
// development of the closure at once, and handed to the Prolog runtime for the path's nodes
// only (gdlsc_developments:network_path/3); the query formula is then answered in Prolog as
// usual. Used for `query` with the progression engine when the formula itself does not
// mention knowledge (that needs the information sets in Prolog) and GDLSC_NETWORK is not off;
// GDLSC_NETWORK=check answers both ways and compares (doc/knowledge.md).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "gdl/term.h"
#include "ground/ground_program.h"
#include "network/step_network.h"
#include "session/formula.h"
#include "session/history.h"
#include "query/solve.h"

namespace gdlsc::pl {
class Engine;
}

namespace gdlsc::query {

/// The one-step ground program of a game with its knows literals as inputs
/// (ground/epistemic.h), its step network and initial state.
struct EpistemicNetwork {
    std::shared_ptr<const ground::GroundProgram> one_step;
    std::shared_ptr<const ground::StepNetwork> net;
    std::vector<std::uint32_t> init;
};
/// query's default --max-ground-size, for the commands that have no such option (solve).
inline constexpr std::size_t kDefaultMaxGroundAtoms = 500'000;

/// The network, or nothing (why in `why`) when the game does not ground within
/// `max_ground_atoms` atoms and twice as many rules.
std::optional<EpistemicNetwork> epistemic_network(const gdl::Program& program, const gdl::Analysis& analysis,
                                                  std::size_t max_ground_atoms, std::string& why);

/// The situation of `h`, its steps checked (the errors of check_history) with the knowledge
/// computed on the step network; nothing when the network does not apply to the game (why in `why`),
/// e.g. when its one-step ground program passes `max_ground_atoms` atoms or twice as many
/// rules (query's --max-ground-size). Throws LimitError when `timeout_seconds` (> 0) pass.
std::optional<gdl::Term> epistemic_situation(const gdl::Program& program, const gdl::Analysis& analysis,
                                             pl::Engine& engine, const History& h, double timeout_seconds,
                                             std::size_t max_ground_atoms, std::string& why);

/// A formula's answer on the BDD developments: holds, and a row of (variable, value) per
/// binding of its answer variables (sorted, as the query engines give them).
struct BddAnswer {
    bool holds = false;
    std::vector<std::vector<std::pair<std::string, std::string>>> rows;
};

/// A formula -- knowledge, common knowledge and kwhether included -- at the end of `h`,
/// decided on the BDD developments (src/symbolic/developments.h): a ground one, or one whose
/// answer variables are those of one atom under a chain of knows (`(legal ?c know)`,
/// `(knows cath (true (has anne ?x)))`: de re, each instance of the atom that the one-step
/// program has, decided). Nothing when it does not apply (why in `why`: other free
/// variables, sees/does/quantifiers, GDLSC_GDL3=rows, the game does not ground, the node
/// bound). An impossible history throws as check_history does.
std::optional<BddAnswer> bdd_answer(const gdl::Program& program, const gdl::Analysis& analysis, const Formula& formula,
                                    const History& h, double timeout_seconds, std::size_t max_ground_atoms,
                                    std::string& why);

/// `gdlsc solve` on the BDD developments, for a ground formula as bdd_answer takes; nothing
/// when it does not apply (why in `why`).
std::optional<SolveReport> bdd_solve(const gdl::Program& program, const gdl::Analysis& analysis, const Formula& formula,
                                     const SolveOptions& o, double timeout_seconds, std::string& why);

}  // namespace gdlsc::query
