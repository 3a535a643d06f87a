// The ground step program and the property for the Z3 methods of `prove` (see step_program.h).
#include "query/step_program.h"

#include "base/errors.h"
#include "ground/grounder.h"
#include "ground/step_network.h"

namespace gdlsc::query {

smt::TwoCopyProperty two_copy_property(const gdl::Term& prop, const std::string& engine) {
    if (prop.name == "legal_knowledge") return smt::TwoCopyProperty::Legal;
    if (prop.name == "terminal_knowledge") return smt::TwoCopyProperty::Terminal;
    if (prop.name == "goal_knowledge") return smt::TwoCopyProperty::Goal;
    if (prop.name == "perfect_information") return smt::TwoCopyProperty::PerfectInformation;
    throw UserError("prove: the " + engine + " engine decides legal-knowledge, terminal-knowledge, goal-knowledge and "
                    "perfect-information, not formulas: use --engine explicit");
}

ground::GroundProgram step_program(const Game& g, const std::string& engine) {
    try {
        ground::GroundProgram step = ground::ground_step(g.program, g.analysis, ground::kEngineNetworkLimits);
        step.index_rules();
        return step;
    } catch (const ground::TooLarge& ex) {
        throw TooLargeError("prove: the " + engine + " engine does not apply: the step program is too large: " + ex.what());
    } catch (const ground::NotApplicable& ex) {
        throw UserError("prove: the " + engine + " engine does not apply: " + ex.what());
    }
}

}  // namespace gdlsc::query
