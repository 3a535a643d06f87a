// The grounder (see grounder.h for the algorithm). Rules are first normalised: bodies
// in disjunctive normal form (or/and/not pushed down to literals), variables numbered,
// so that an instance is a vector of bound terms. Ground terms are hash-consed (TermTable),
// so atoms, index fields and instances are integers. Matching is a nested loop join over
// the possible atoms of each relation and step, choosing next the literal with the fewest
// candidates; distinct is tested as soon as both sides are bound. Every step of the join
// is charged to the work bound (GroundLimits::work_bound), so that grounding always ends.
#include "ground/grounder.h"

#include "gdl/existential_negation.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "ground/grounder_class.h"
#include "ground/move_complement.h"

namespace gdlsc::ground {

using gdl::Literal;
using gdl::Term;

StepKind step_kind(const gdl::Analysis& analysis, const gdl::Signature& sig) {
    const std::string& n = sig.name;
    if (n == "true" || n == "legal" || n == "terminal" || n == "goal") return StepKind::Fluent;
    if (n == "does" || n == "next" || n == "sees") return StepKind::Action;
    if (n == "init" || n == "role" || n == "base" || n == "input" || n == "percept") return StepKind::Static;
    switch (gdl::engine_class(analysis, sig)) {
        case gdl::PredicateClass::Static: return StepKind::Static;
        case gdl::PredicateClass::DerivedFluent: return StepKind::Fluent;
        case gdl::PredicateClass::ActionPredicate: return StepKind::Action;
    }
    return StepKind::Static;
}

using grounding::Grounder;

// Grounding needs every variable bound: a negation over an anonymous variable (an accepted
// deviation, doc/validation.md) is first rewritten through an auxiliary relation.
GroundProgram ground_program(const gdl::Program& program, const gdl::Analysis& analysis,
                             const std::vector<JointMove>& moves, const GroundLimits& limits,
                             const std::set<gdl::Signature>& keep) {
    gdl::Program safe = gdl::existential_negations(program);
    if (safe.rules.size() == program.rules.size()) return Grounder(program, analysis, moves, limits, keep).run();
    const gdl::Analysis a = gdl::analyze(safe);
    return Grounder(safe, a, moves, limits, keep).run();
}

namespace {

GroundProgram one_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits) {
    static const std::vector<JointMove> none;
    // init is kept so that the step network knows the initial state (StepNetwork::initial_fluents).
    static const std::set<gdl::Signature> keep{{"init", 1}};
    Grounder relaxed(program, analysis, none, limits, keep, Grounder::OneStep);
    try {
        return relaxed.run_one_step();
    } catch (const TooLarge& e) {
        if (relaxed.in_statics()) throw;  // the static relations alone pass the bounds
        // The relaxed step forgets what bounds a game's length (a step counter): feed the
        // steps from the initial state instead, until the game is certainly over, on a
        // quarter of the work bound (a game that needs more is seldom small enough after).
        GroundLimits steps_limits = limits;
        steps_limits.max_work = limits.work_bound() / 4;
        try {
            const Grounder::Inputs in =
                Grounder(program, analysis, none, steps_limits, keep, Grounder::Steps).possible_inputs();
            return Grounder(program, analysis, none, limits, keep, Grounder::OneStepOver).run_one_step_over(in);
        } catch (const TooLarge& steps) {
            throw TooLarge(std::string(e.what()) + "; step by step from the initial state: " + steps.what());
        }
    }
}

}  // namespace

GroundProgram ground_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits) {
    gdl::Program safe = gdl::existential_negations(program);
    GroundProgram gp = safe.rules.size() == program.rules.size() ? one_step(program, analysis, limits)
                                                                  : one_step(safe, gdl::analyze(safe), limits);
    complement_move_groups(gp);
    return gp;
}

}  // namespace gdlsc::ground
