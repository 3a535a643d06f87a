// Well-formedness over the reachable states (see prove_wellformed.h): the space the fixpoint
// uses, ground::check_states, and the counterexample in words.
#include "prove/prove_wellformed.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "base/deadline.h"
#include "base/memory.h"
#include "base/errors.h"
#include "ground/wellformed.h"
#include "prove/game_space.h"
#include "session/session.h"
#include "prove/step_program.h"
#include "smt/one_copy.h"
#include "smt/solver.h"

namespace gdlsc::query {
namespace {

using Why = ground::StateCheckResult::Why;

std::string values_text(const std::vector<int>& v) {
    if (v.empty()) return "none";
    std::string out;
    for (int x : v) out += (out.empty() ? "" : ", ") + (x < 0 ? std::string("a value that is no number 0..100") : std::to_string(x));
    return out;
}

}  // namespace

std::string wellformed_explanation(const ground::StateCheckResult& r, const std::string& role, std::size_t length) {
    switch (r.why) {
        case Why::None: return "";
        case Why::NoLegalMove:
            return role + " has no legal move after step " + std::to_string(length) + ", and the game is not over";
        case Why::Cycle:
            return "a development that never ends: its state after step " + std::to_string(r.loop_start) +
                   " recurs after step " + std::to_string(length) + ", and no state on the way is terminal";
        case Why::NoWin:
            if (r.terminals == 0) return "no terminal state is reachable, so " + role + " cannot win";
            return "no reachable terminal state gives " + role + " the goal value 100 (its best: " +
                   (r.best_goal < 0 ? std::string("no goal value at all") : std::to_string(r.best_goal)) + ")";
        case Why::GoalCount:
            return role + " has " + (r.goals.empty() ? std::string("no goal value") : "the goal values " + values_text(r.goals)) +
                   " after step " + std::to_string(length) + " (monotonic goals need exactly one, 0..100, in every state)";
        case Why::GoalDecreases:
            return role + "'s goal value drops from " + std::to_string(r.goals.at(0)) + " to " +
                   std::to_string(r.goals.at(1)) + " at step " + std::to_string(length);
    }
    return "";
}

const std::vector<std::string>& wellformedness_properties() {
    static const std::vector<std::string> names{"playability", "termination", "weak-winnability", "monotonic-goals"};
    return names;
}

bool is_wellformedness_property(const std::string& property) {
    for (const auto& n : wellformedness_properties())
        if (n == property) return true;
    return false;
}

ProveReport prove_wellformed(const Game& g, const std::string& property, const WholeGameOptions& o) {
    if (g.analysis.epistemic)
        throw UserError(property + ": well-formedness is decided over the reachable states, but in a GDL-III game "
                        "(knows in the rules) what holds depends on the whole development: not decided for GDL-III "
                        "games");
    ground::StateCheckOptions so;
    if (property == "playability") so.property = ground::StateProperty::Playability;
    else if (property == "termination") so.property = ground::StateProperty::Termination;
    else if (property == "weak-winnability") so.property = ground::StateProperty::WeakWinnability;
    else if (property == "monotonic-goals") so.property = ground::StateProperty::MonotonicGoals;
    else throw UserError("prove: '" + property + "' is not a well-formedness property");
    if (so.property == ground::StateProperty::Termination && o.max_depth)
        throw UserError("prove: termination is a property of the whole game (a cycle of states); use it without --depth");
    const auto& roles = g.analysis.roles;
    for (std::size_t r = 0; r < roles.size(); ++r)
        if (roles[r] != "random") so.agents.push_back(r);
    so.max_depth = o.max_depth.value_or(SIZE_MAX);

    auto& e = prepare_engine(g, o.timeout_seconds);
    const auto t0 = std::chrono::steady_clock::now();
    GameSpace sp = make_game_space(g, e, o.space);
    ground::StateSpace& space = sp.get();
    if (o.progress) std::fprintf(stderr, "prove: %s over %s\n", property.c_str(), sp.about.c_str());
    std::atomic<bool> stop{false};
    DeadlineStop deadline(Deadline::after(o.timeout_seconds), stop);
    so.stop = &stop;
    if (o.progress)
        so.progress = [&](std::size_t depth, std::size_t states) {
            const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::fprintf(stderr, "prove: %s, depth %zu: %zu states, %zu MB (%.1f s)\n", property.c_str(), depth, states,
                         resident_megabytes(), secs);
        };
    ground::StateCheckResult res;
    try {
        res = ground::check_states(space, so);
    } catch (const ground::LockstepStopped&) {
        throw TimeLimitError("time limit of " + seconds_text(o.timeout_seconds) + " s exceeded while checking " + property +
                         " (" + std::to_string(space.size()) + " states so far)");
    } catch (const std::bad_alloc&) {
        throw LimitError("prove: out of memory while checking " + property + " (" + std::to_string(space.size()) +
                         " states); use --depth N");
    }

    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::Fixpoint;
    rep.whole_game = !o.max_depth;
    rep.over_states = true;
    rep.states = res.explored;
    rep.space = sp.network ? "network" : "rules";
    rep.depth = o.max_depth ? *o.max_depth : res.depth;
    if (res.holds) return rep;
    rep.holds = false;
    rep.role = roles.at(res.role);
    rep.at_depth = res.joints.size();
    for (std::uint32_t j : res.joints) {
        std::vector<std::string> move;
        for (const gdl::Term& m : space.joint_move(j)) move.push_back(m.to_kif());
        rep.actual.push_back(std::move(move));
    }
    if (res.why == Why::Cycle) rep.loop_start = res.loop_start, rep.role.clear();
    if (res.why == Why::NoWin) rep.no_development = true;
    rep.explanation = wellformed_explanation(res, roles.at(res.role), rep.at_depth);
    return rep;
}

namespace {

// A violation of one copy's bounded search as prove's report: the development, the role, the
// sentence (and a lasso's start).
void set_one_copy_violation(ProveReport& rep, const std::vector<std::string>& roles, smt::OneCopyProperty p,
                            const smt::OneCopyWitness& w, std::size_t d) {
    const std::string role = roles.at(w.role);
    rep.holds = false;
    rep.at_depth = w.moves.size();
    rep.role = role;
    for (const auto& joint : w.moves) {
        std::vector<std::string> m;
        for (const auto& t : joint) m.push_back(t.to_kif());
        rep.actual.push_back(std::move(m));
    }
    if (p == smt::OneCopyProperty::Playability) {
        rep.explanation = role + " has no legal move after step " + std::to_string(d) + ", and the game is not over";
    } else if (p == smt::OneCopyProperty::Termination) {
        rep.explanation = "a development that never ends: its state after step " + std::to_string(w.loop_start) +
                          " recurs after step " + std::to_string(d) + ", and no state on the way is terminal";
        rep.loop_start = w.loop_start;
        rep.role.clear();
    } else {
        rep.explanation = role + " has not exactly one goal value 0..100 after step " + std::to_string(d) +
                          ", or a lower one than after the step before";
    }
}

}  // namespace

ProveReport prove_wellformed_smt(const Game& g, const std::string& property, std::size_t depth, double timeout_seconds) {
    if (!is_wellformedness_property(property)) throw UserError("prove: '" + property + "' is not a well-formedness property");
    const StepProgram sp = step_program(g, "smt");
    const Deadline deadline = Deadline::after(timeout_seconds);
    const auto& roles = g.analysis.roles;
    smt::OneCopyOptions oo;
    oo.deadline = deadline.when();
    for (std::size_t r = 0; r < roles.size(); ++r)
        if (roles[r] != "random") oo.agents.push_back(r);
    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::SmtBounded;
    rep.over_states = true;
    rep.depth = depth;
    try {
        smt::OneCopy oc(sp.program, sp.init, oo);
        if (property == "weak-winnability") {
            for (std::size_t r : oo.agents) {
                bool won = false;
                for (std::size_t d = 0; d <= depth && !won; ++d) won = oc.win(r, d).has_value();
                if (won) continue;
                rep.holds = false;
                rep.role = roles[r];
                rep.no_development = true;
                rep.explanation = "no terminal state within " + std::to_string(depth) + " joint moves gives " + roles[r] +
                                  " the goal value 100";
                break;
            }
        } else {
            const smt::OneCopyProperty p = property == "playability"   ? smt::OneCopyProperty::Playability
                                           : property == "termination" ? smt::OneCopyProperty::Termination
                                                                       : smt::OneCopyProperty::MonotonicGoals;
            for (std::size_t d = 0; d <= depth && rep.holds; ++d) {
                const auto w = oc.violation(p, d);
                if (!w) continue;
                set_one_copy_violation(rep, roles, p, *w, d);
            }
        }
        rep.pairs = oc.solver_calls();
    } catch (const smt::SmtTimeout& ex) {
        throw TimeLimitError("prove: time limit of " + seconds_text(timeout_seconds) + " s exceeded in Z3 (" + ex.what() + ")");
    } catch (const smt::SmtError& ex) {
        throw EngineError(std::string("prove: ") + ex.what());
    }
    return rep;
}

// termination by the bounded search: the deepest development length it tries before PDR.
constexpr std::size_t kMaxTerminationBound = 300;

ProveReport prove_wellformed_chc(const Game& g, const std::string& property, const ChcProveOptions& o) {
    if (!is_wellformedness_property(property)) throw UserError("prove: '" + property + "' is not a well-formedness property");
    if (g.analysis.epistemic)
        throw UserError(property + ": well-formedness is decided over the reachable states, but in a GDL-III game "
                        "(knows in the rules) what holds depends on the whole development: not decided for GDL-III "
                        "games");
    if (o.solver == "spacer")
        throw UserError("prove: well-formedness by --engine chc is solved by gdlsc's IC3/PDR on one copy of the game, "
                        "not by Spacer: use --chc-solver pdr (or both)");
    const auto t0 = std::chrono::steady_clock::now();
    auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const Deadline deadline = Deadline::after(o.timeout_seconds);
    const StepProgram sp = step_program(g, "chc");
    const auto& roles = g.analysis.roles;
    smt::OneCopyOptions oo;
    oo.deadline = deadline.when();
    for (std::size_t r = 0; r < roles.size(); ++r)
        if (roles[r] != "random") oo.agents.push_back(r);
    double last = 0;
    if (o.progress) {
        std::fprintf(stderr, "prove: %s by IC3/PDR over the step program (%s)\n", property.c_str(), sp.program.size_text().c_str());
        oo.progress = [&](const std::string& what) {
            if (seconds() - last < 2.0) return;  // a line every 2 s at most
            last = seconds();
            std::fprintf(stderr, "prove: %s: %s (%.1f s)\n", property.c_str(), what.c_str(), last);
        };
    }
    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::Chc;
    rep.whole_game = true;
    rep.over_states = true;
    rep.solver = "pdr";
    try {
        if (property == "weak-winnability") {
            for (std::size_t r : oo.agents) {
                const smt::OneCopyProof p = smt::prove_no_win(sp.program, sp.init, r, oo);
                rep.pairs += p.solver_calls;
                rep.solved_by[roles[r]] = "pdr";
                if (!p.holds) continue;  // a terminal state with 100 is reachable: r can win
                rep.holds = false;
                rep.role = roles[r];
                rep.no_development = true;
                rep.invariants[roles[r]] = p.lemmas;
                rep.explanation = "no reachable terminal state gives " + roles[r] +
                                  " the goal value 100 (IC3/PDR: an inductive invariant of " + std::to_string(p.lemmas) +
                                  " lemmas excludes one)";
                return rep;
            }
            return rep;
        }
        if (property == "termination") {
            // First the bounded search, with half the time: a lasso at depth d refutes; no
            // development of d joint moves at all proves (every development ends before d).
            // Short games end here; then PDR on the lasso reduction gets the rest.
            smt::OneCopyOptions bo = oo;
            bo.deadline = deadline.share(0.5).when();
            try {
                smt::OneCopy oc(sp.program, sp.init, bo);
                for (std::size_t d = 0; d <= kMaxTerminationBound; ++d) {
                    if (auto w = oc.violation(smt::OneCopyProperty::Termination, d)) {  // the shortest lasso
                        set_one_copy_violation(rep, roles, smt::OneCopyProperty::Termination, *w, d);
                        rep.solver = "bounded", rep.depth = d, rep.pairs = oc.solver_calls();
                        return rep;
                    }
                    if (!oc.has_development(d + 1)) {
                        rep.depth = d;  // the longest development
                        rep.solver = "bounded";
                        rep.pairs = oc.solver_calls();
                        if (o.progress)
                            std::fprintf(stderr, "prove: termination: no development of %zu joint moves (%.1f s)\n", d + 1,
                                         seconds());
                        return rep;
                    }
                    if (o.progress) std::fprintf(stderr, "prove: termination: developments of %zu joint moves, no cycle yet (%.1f s)\n", d + 1, seconds());
                }
            } catch (const smt::SmtError&) {
                if (deadline.passed()) throw;  // else the bounded search's half is over: PDR
            }
        }
        const smt::OneCopyProperty prop = property == "playability"   ? smt::OneCopyProperty::Playability
                                          : property == "termination" ? smt::OneCopyProperty::Termination
                                                                      : smt::OneCopyProperty::MonotonicGoals;
        const smt::OneCopyProof p = smt::prove_one_copy(sp.program, sp.init, prop, oo);
        rep.pairs = p.solver_calls;
        if (o.progress)
            std::fprintf(stderr, "prove: %s %s by IC3/PDR (%zu frames, %.1f s)\n", property.c_str(),
                         p.holds ? "proved" : "refuted", p.frames, seconds());
        if (p.holds) {
            rep.invariants["states"] = p.lemmas;
            return rep;
        }
        // A violation is reachable: the bounded search finds a shortest one (PDR's is no longer).
        const double left = deadline.limited() ? std::max(deadline.seconds_left(), 0.001) : 0;
        ProveReport b = prove_wellformed_smt(g, property, p.depth, left);
        if (b.holds)
            throw EngineError("prove: IC3/PDR refuted " + property + " at depth " + std::to_string(p.depth) +
                              " but the bounded search found no violation that long");
        b.method = ProveMethod::Chc;
        b.whole_game = true;
        b.solver = "pdr";
        b.depth = b.at_depth;
        b.pairs += rep.pairs;
        return b;
    } catch (const smt::SmtTimeout& ex) {
        throw TimeLimitError("prove: time limit of " + seconds_text(o.timeout_seconds) + " s exceeded in Z3 (" + ex.what() + ")");
    } catch (const smt::SmtError& ex) {
        throw EngineError(std::string("prove: ") + ex.what());
    }
}

namespace {

bool required(const std::string& property) { return property != "monotonic-goals"; }

// The counterexample's joint moves on one line ("" without a development).
std::string moves_text(const ProveReport& r) {
    if (r.no_development || r.actual.empty()) return "";
    std::string out = "; development:";
    for (const auto& joint : r.actual) {
        std::string j;
        for (const auto& m : joint) j += (j.empty() ? "" : " ") + m;
        out += " (" + j + ")";
    }
    return out;
}

}  // namespace

bool WellFormedSummary::well_formed() const {
    std::size_t held = 0;
    for (const auto& [name, rep] : decided)
        if (required(name) && rep.holds) ++held;
    return held == 3;
}

bool WellFormedSummary::refuted() const {
    for (const auto& [name, rep] : decided)
        if (required(name) && !rep.holds) return true;
    return false;
}

std::string WellFormedSummary::text() const {
    std::string out = "well-formedness (the GDL specification's conditions, over the reachable states):\n";
    auto pad = [](std::string s) { return s + std::string(s.size() < 18 ? 18 - s.size() : 1, ' '); };
    for (const auto& name : wellformedness_properties()) {
        for (const auto& [n, rep] : decided)
            if (n == name)
                out += "  " + pad(name) +
                       (rep.holds ? "holds (" + std::to_string(rep.states) + " states)"
                                  : "does not hold: " + rep.explanation + moves_text(rep)) +
                       "\n";
        for (const auto& [n, why] : limits)
            if (n == name) out += "  " + pad(name) + "not decided: " + why + "\n";
    }
    out += well_formed() ? "the game is well-formed: playable, terminating and weakly winnable\n"
           : refuted()   ? "the game is not well-formed\n"
                         : "well-formedness not decided within the limits\n";
    return out;
}

std::string WellFormedSummary::json() const {
    nlohmann::json j;
    j["well_formed"] = well_formed();
    j["properties"] = nlohmann::json::object();
    for (const auto& [name, rep] : decided) j["properties"][name] = nlohmann::json::parse(prove_json(rep));
    for (const auto& [name, why] : limits) j["properties"][name] = {{"limit", why}};
    return j.dump(2) + "\n";
}

WellFormedSummary check_well_formed(const Game& g, double timeout_seconds, bool progress) {
    WellFormedSummary s;
    const Deadline deadline = Deadline::after(timeout_seconds);  // all four together, each a share
    const auto& names = wellformedness_properties();
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string& name = names[i];
        WholeGameOptions o;
        o.progress = progress;
        if (deadline.limited()) {
            // an equal share of the time left (as prove --engine all), in tenths of a second
            o.timeout_seconds = std::ceil(deadline.seconds_left() / static_cast<double>(names.size() - i) * 10) / 10;
            if (o.timeout_seconds < 0.001) {
                s.limits.emplace_back(name, "the time limit of " + seconds_text(timeout_seconds) + " s was used up");
                continue;
            }
        }
        try {
            s.decided.emplace_back(name, prove_wellformed(g, name, o));
        } catch (const LimitError& ex) {
            s.limits.emplace_back(name, ex.what());
        }
    }
    return s;
}

}  // namespace gdlsc::query
