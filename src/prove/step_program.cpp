// The ground step program and the property for the Z3 methods of `prove` (see step_program.h).
#include "prove/step_program.h"

#include "base/errors.h"
#include "network/step_network.h"

namespace gdlsc::query {

smt::TwoCopyProperty two_copy_property(const gdl::Term& prop, const std::string& engine) {
    if (prop.name == "legal_knowledge") return smt::TwoCopyProperty::Legal;
    if (prop.name == "terminal_knowledge") return smt::TwoCopyProperty::Terminal;
    if (prop.name == "goal_knowledge") return smt::TwoCopyProperty::Goal;
    if (prop.name == "perfect_information") return smt::TwoCopyProperty::PerfectInformation;
    if (prop.is_constant())
        throw UserError("prove: the " + engine + " engine does not decide well-formedness (" + prop.name +
                        "): use --engine fixpoint");
    throw UserError("prove: the " + engine + " engine decides legal-knowledge, terminal-knowledge, goal-knowledge and "
                    "perfect-information, not formulas: use --engine explicit");
}

StepProgram step_program(const Game& g, const std::string& engine) {
    const StepModel& model = g.step();
    const std::string not_applies = "prove: the " + engine + " engine does not apply: ";
    switch (model.failure) {
        case StepModel::Failure::None: break;
        case StepModel::Failure::TooLarge: throw TooLargeError(not_applies + "the step program is " + model.why_not);
        case StepModel::Failure::NotApplicable: throw UserError(not_applies + model.why_not);
        case StepModel::Failure::OutOfMemory: throw LimitError(not_applies + model.why_not);
    }
    StepProgram s{*model.program, {}};
    for (std::uint32_t f : model.network->initial_fluents()) s.init.push_back(model.network->fluents()[f]);
    return s;
}

}  // namespace gdlsc::query
