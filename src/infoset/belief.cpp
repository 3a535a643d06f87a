// Degrees of belief through prolog/gdlsc_belief.pl (see belief.h).
#include "infoset/belief.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "base/errors.h"
#include "base/strings.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "session/decimal.h"
#include "session/session.h"

namespace gdlsc::query {

using gdl::Term;

BeliefReport compute_belief(const Game& g, const std::string& role, const History& h, const Formula& f,
                            double timeout_seconds) {
    check_agent_role(g, role);
    if (!f.answer_vars.empty())
        throw UserError("belief: the formula has free variables (?" + joined(f.answer_vars, ", ?") +
                        "); a probability needs a closed formula: quantify them with exists or forall");
    // belief/5 evaluates the formula at one representative development per final state, so
    // the formula must be about the state.
    if (const auto bad = not_about_state(f.term, g.analysis, Quantifiers::LookThrough))
        throw UserError((bad->loc.valid() ? bad->loc.str() + ": " : std::string()) +
                        "belief: the formula must be about the state; it cannot mention " +
                        (bad->name == "rel" ? "the action predicate " + bad->args[0].name : bad->name) +
                        " (a degree of belief weighs the final states of the information set)");
    auto& pl = prepare_engine(g, timeout_seconds);
    Term sit = check_history(pl, h);
    pl::runtime::Belief b = pl::runtime::belief_report(pl, role, sit, f.term);
    return {role, b.numerator, b.denominator, b.decimal, b.developments};
}

std::string belief_text(const BeliefReport& r) {
    std::ostringstream o;
    o << r.numerator << "/" << r.denominator << " = " << r.decimal << " (over " << r.developments
      << " development(s) of " << r.role << "'s information set)\n";
    return o.str();
}

std::string belief_json(const BeliefReport& r) {
    nlohmann::json j;
    j["probability"] = std::stod(r.decimal);
    j["fraction"] = r.numerator + "/" + r.denominator;
    j["developments"] = decimal_json(r.developments);
    return j.dump(2) + "\n";
}

}  // namespace gdlsc::query
