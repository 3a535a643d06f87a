// Stratification of the one-step ground program (ground_stratification.h). Cycles through
// negation stay inside one step (rules lead from a step to itself or the next), so the one
// step from every reachable state covers every situation of the game.
#include "session/ground_stratification.h"

#include "ground/grounder.h"
#include "network/step_network.h"
#include "ground/stratification.h"

namespace gdlsc::query {

gdl::GroundStratification ground_stratification(const gdl::Program& p, const gdl::Analysis& a) {
    using Verdict = gdl::GroundStratification::Verdict;
    try {
        ground::GroundProgram gp = ground::ground_step(p, a, ground::kEngineNetworkLimits);
        std::vector<ground::AtomId> cycle = ground::negative_cycle(gp);
        if (cycle.empty()) return {Verdict::Stratified, ""};
        std::string why;
        for (std::size_t i = 0; i < cycle.size(); ++i)
            why += (i == 0 ? "" : i == 1 ? " -> not " : " -> ") + gp.atoms[cycle[i]].name();
        return {Verdict::NotStratified, why};
    } catch (const ground::TooLarge& e) {
        return {Verdict::Unknown, std::string("the ground program is too large: ") + e.what()};
    } catch (const ground::NotApplicable& e) {
        return {Verdict::Unknown, e.what()};
    }
}

}  // namespace gdlsc::query
