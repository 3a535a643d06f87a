// The grounder (see grounder.h for the algorithm). Rules are first normalised: bodies
// in disjunctive normal form (or/and/not pushed down to literals), variables numbered,
// so that an instance is a vector of bound terms. Ground terms are hash-consed (TermTable),
// so atoms, index fields and instances are integers. Matching is a nested loop join over
// the possible atoms of each relation and step, choosing next the literal with the fewest
// candidates; distinct is tested as soon as both sides are bound. Every step of the join
// is charged to the work bound (GroundLimits::work_bound), so that grounding always ends.
#include "ground/grounder.h"

#include "gdl/body_split.h"
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

namespace {

std::size_t fluent_count(const GroundProgram& gp) {
    return static_cast<std::size_t>(std::count_if(gp.atoms.begin(), gp.atoms.end(), [](const Atom& a) {
        return a.step == 0 && a.atom.name == "true" && a.atom.args.size() == 1;
    }));
}

}  // namespace

// A step program of at least this many rules is ground a second time with its rule bodies
// split (gdl/body_split.h), and the split one kept when it has at most half the rules and no
// more fluents. Not always: splitting can make a program larger (an auxiliary relation over
// more combinations than the rules it serves: Blind Breakthrough 69,420 -> 93,428 rules), and
// a looser relaxed grounding (vacuumcleaner_random_big: 707 -> 8,347 fluents); and a small
// program is not worth grounding twice.
constexpr std::size_t kSplitFromRules = 10000;

GroundProgram ground_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits) {
    gdl::Program safe = gdl::existential_negations(program);
    const bool rewritten = safe.rules.size() != program.rules.size();
    GroundProgram gp = rewritten ? one_step(safe, gdl::analyze(safe), limits) : one_step(program, analysis, limits);
    // The sizes compared are after the move complement: Blind Breakthrough's 69,420 rules are
    // 2,226 with it, not worth a second grounding.
    complement_move_groups(gp);
    if (gp.rules.size() >= kSplitFromRules) {
        gdl::Program split = gdl::split_bodies(safe);
        if (split.rules.size() != safe.rules.size()) {
            try {
                GroundProgram alt = one_step(split, gdl::analyze(split), limits);
                complement_move_groups(alt);
                if (2 * alt.rules.size() <= gp.rules.size() && fluent_count(alt) <= fluent_count(gp)) gp = std::move(alt);
            } catch (const TooLarge&) {  // the original fits: keep it
            }
        }
    }
    return gp;
}

}  // namespace gdlsc::ground
