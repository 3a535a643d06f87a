// The ground step program and the property for the Z3 methods of `prove` (see step_program.h).
#include "prove/step_program.h"

#include <set>

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

StepCone step_cone(const Game& g, const std::string& engine, smt::TwoCopyProperty p) {
    const StepProgram whole = step_program(g, engine);
    auto cone = std::make_shared<const ground::GroundProgram>(smt::two_copy_cone(whole.program, p));
    auto fluents = [](const ground::GroundProgram& gp) {
        std::size_t n = 0;
        for (const auto& a : gp.atoms) n += a.step >= 0 && a.atom.name == "true" && a.atom.args.size() == 1;
        return n;
    };
    std::set<std::string> kept;
    for (const auto& a : cone->atoms)
        if (a.step >= 0 && a.atom.name == "true" && a.atom.args.size() == 1) kept.insert(a.atom.args[0].to_kif());
    StepCone c{cone, {}, whole.init, ""};
    for (const auto& f : whole.init)
        if (kept.count(f.to_kif())) c.init.push_back(f);
    c.about = std::to_string(fluents(*cone)) + " of " + std::to_string(fluents(whole.program)) + " fluents, " +
              std::to_string(cone->rules.size()) + " of " + std::to_string(whole.program.rules.size()) + " rules";
    return c;
}

}  // namespace gdlsc::query
