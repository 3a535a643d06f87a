// `prove --engine bdd` (see prove_bdd.h): the game's step network, one PairProver (BuDDy's
// manager for the whole command), one search per agent, the shortest counterexample over all
// agents (the first agent among equals, as the fixpoint), its percepts replayed by
// set_counterexample.
#include "prove/prove_bdd.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "base/deadline.h"
#include "base/errors.h"
#include "base/strings.h"
#include "network/step_network.h"
#include "prove/proof.h"
#include "prove/prove_wellformed.h"

namespace gdlsc::query {
namespace {

std::optional<ground::PairProperty> pair_property(const gdl::Term& prop) {
    if (prop.name == "legal_knowledge") return ground::PairProperty::LegalKnowledge;
    if (prop.name == "terminal_knowledge") return ground::PairProperty::TerminalKnowledge;
    if (prop.name == "goal_knowledge") return ground::PairProperty::GoalKnowledge;
    if (prop.name == "perfect_information") return ground::PairProperty::PerfectInformation;
    return std::nullopt;
}

// The search's first levels before the invariant with guarded equalities: a new level only
// while the reached set has at most this many BDD nodes (Krieg-TicTacToe 3x3: terminal-knowledge
// is refuted at level 5, reached after a level of 10,000 nodes; on legal-knowledge, which
// holds, the example's encoding passes 20,000 at level 6 of 16, and its level 7 alone cost
// half a second per role).
constexpr std::size_t kProbeNodes = 20'000;

// The invariant is tried only where the compiled step is at most this many BDD nodes: its
// images run over sets far less constrained than a level of the search, and one BuDDy
// operation is not interrupted (Krieg-TicTacToe 3x3: 5,345 nodes, 1 s; 4x4: 323,370 nodes,
// no image within 60 s, where the search refutes terminal-knowledge at depth 3 in 4.5 s).
constexpr std::size_t kInvariantCircuitNodes = 50'000;

std::size_t whole(double count) { return count >= 1.8e19 ? SIZE_MAX : static_cast<std::size_t>(std::llround(count)); }

// Well-formedness on one copy of the fluents (PairProver::check_states): the report as the
// state search gives it (prove_wellformed.cpp).
template <class Seconds>
ProveReport wellformed_by_bdd(const Game& g, const ground::StepNetwork& net, symbolic::PairProver& prover,
                              const std::string& property, const BddProveOptions& o, Seconds seconds) {
    const auto& roles = g.analysis.roles;
    symbolic::StateOptions so;
    so.property = property == "playability"        ? ground::StateProperty::Playability
                  : property == "termination"      ? ground::StateProperty::Termination
                  : property == "weak-winnability" ? ground::StateProperty::WeakWinnability
                                                   : ground::StateProperty::MonotonicGoals;
    for (std::size_t r = 0; r < roles.size(); ++r)
        if (roles[r] != "random") so.agents.push_back(r);
    so.max_depth = o.max_depth.value_or(SIZE_MAX);
    if (o.progress)
        so.progress = [&](std::size_t l, std::size_t n, double states) {
            std::fprintf(stderr, "prove: bdd, %s, level %zu: %zu nodes, %.0f states (%.1f s)\n", property.c_str(), l, n,
                         states, seconds());
        };
    const symbolic::StateResult res = prover.check_states(so);
    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::Bdd;
    rep.whole_game = !o.max_depth;
    rep.over_states = true;
    rep.states = whole(res.states);
    rep.bdd_nodes = res.final_nodes;
    rep.depth = o.max_depth ? *o.max_depth : res.levels;
    if (res.holds) return rep;
    rep.holds = false;
    rep.role = roles.at(res.role);
    rep.at_depth = res.moves.size();
    for (const auto& joint : res.moves) {
        std::vector<std::string> move;
        for (std::size_t r = 0; r < joint.size(); ++r) move.push_back(net.moves(r)[joint[r]].to_kif());
        rep.actual.push_back(std::move(move));
    }
    ground::StateCheckResult why;
    why.why = res.why, why.role = res.role, why.loop_start = res.loop_start, why.best_goal = res.best_goal;
    why.terminals = whole(res.terminals), why.goals = res.goals;
    if (res.why == ground::StateCheckResult::Why::Cycle) rep.loop_start = res.loop_start, rep.role.clear();
    if (res.why == ground::StateCheckResult::Why::NoWin) rep.no_development = true;
    rep.explanation = wellformed_explanation(why, roles.at(res.role), rep.at_depth);
    return rep;
}

}  // namespace

symbolic::VariableOrder bdd_order(const std::string& name) {
    if (name.empty() || name == "structure") return symbolic::VariableOrder::Structure;
    if (name == "sorted") return symbolic::VariableOrder::Sorted;
    if (name == "network") return symbolic::VariableOrder::Network;
    throw UserError("prove: unknown --bdd-order '" + name + "' (structure, sorted, network)");
}

std::string bdd_not_applicable(const Game& g, const std::string& property) {
    if (g.analysis.epistemic)
        return "it pairs final states, but in a GDL-III game (knows in the rules) what holds depends on the whole "
               "development";
    if (is_wellformedness_property(property)) return "";
    if (!pair_property(prove_property_term(g, property)))
        return "it decides legal-knowledge, terminal-knowledge, goal-knowledge and perfect-information, not formulas";
    return "";
}

ProveReport prove_bdd(const Game& g, const std::string& property, const BddProveOptions& o) {
    if (std::string why = bdd_not_applicable(g, property); !why.empty()) throw UserError("prove: the bdd engine: " + why);
    const bool wellformedness = is_wellformedness_property(property);
    if (wellformedness && property == "termination" && o.max_depth)
        throw UserError("prove: termination is a property of the whole game (a cycle of states); use it without --depth");
    const ground::PairProperty property_kind =
        wellformedness ? ground::PairProperty::LegalKnowledge : *pair_property(prove_property_term(g, property));
    const auto t0 = std::chrono::steady_clock::now();
    auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    std::atomic<bool> stop{false};
    DeadlineStop deadline(Deadline::after(o.timeout_seconds), stop);
    const StepModel& m = g.step();
    if (!m.network) {
        if (m.failure == StepModel::Failure::NotApplicable) throw UserError("prove: no step network: " + m.why_not);
        if (m.failure == StepModel::Failure::TooLarge) throw TooLargeError("prove: no step network: " + m.why_not);
        throw LimitError("prove: no step network: " + m.why_not);
    }
    const ground::StepNetwork& net = *m.network;
    if (o.progress) std::fprintf(stderr, "prove: bdd over the step network (%s)\n", net.size_text().c_str());

    symbolic::BddOptions bo = o.engine;
    bo.stop = &stop;
    std::optional<symbolic::PairProver> prover;
    std::string role_name;  // the agent being searched, for the limit messages
    auto where = [&] {
        if (!prover) return std::string("while compiling the step network to BDDs");
        return role_name + ", level " + std::to_string(prover->level()) + ", " + std::to_string(prover->level_nodes()) +
               " nodes in the reached set";
    };
    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::Bdd;
    rep.whole_game = !o.max_depth;
    std::optional<symbolic::PairWitness> best;
    std::size_t best_role = 0;
    try {
        prover.emplace(net, bo);
        if (o.progress) {
            symbolic::BddStats st = prover->stats();
            std::fprintf(stderr, "prove: bdd: %zu variables, step relation %zu nodes (%.1f s)\n", st.variables,
                         st.circuit_nodes, seconds());
        }
        if (wellformedness) {
            role_name = "the game's states";
            rep = wellformed_by_bdd(g, net, *prover, property, o, seconds);
            if (stop.load()) throw symbolic::Stopped("stopped");
            symbolic::BddStats st = prover->stats();
            rep.peak_nodes = st.peak_nodes, rep.table_nodes = st.table_nodes, rep.variables = st.variables;
            prover.reset();
            return rep;
        }
        double states = 0;
        const std::size_t circuit_nodes = prover->stats().circuit_nodes;
        // Each agent in up to three passes, every agent through a pass before the next:
        //   1. the inductive invariant of unconditional equalities of fluents
        //      (PairProver::equal_fluents_invariant): where it proves the property, the agent's
        //      pairs are never searched;
        //   2. the search's first levels, up to kProbeNodes nodes (a short counterexample, or a
        //      small game's whole fixpoint) -- every agent's before any pass 3, so that a short
        //      counterexample of a later agent is found before an earlier agent's pass 3 runs;
        //   3. the invariant with equalities under a fluent's value, then the whole search.
        // Passes 1-2 run only where the compiled step is small (kInvariantCircuitNodes) and for
        // the whole game. Each invariant attempt has a quarter of the time at most.
        // The first agent wins ties: an agent after the best one's needs a shorter counterexample.
        struct Agent {
            std::size_t role;
            bool decided = false;
        };
        std::vector<Agent> agents;
        for (std::size_t r = 0; r < g.analysis.roles.size(); ++r)
            if (g.analysis.roles[r] != "random") agents.push_back({r, false});
        const bool invariants = !o.max_depth && !o.reachable_pairs && circuit_nodes <= kInvariantCircuitNodes;
        auto options_of = [&](std::size_t r) {
            symbolic::PairOptions po;
            po.role = r;
            po.property = property_kind;
            po.max_depth = o.max_depth.value_or(SIZE_MAX);
            if (best) po.max_depth = std::min(po.max_depth, r > best_role ? best->depth - 1 : best->depth);
            role_name = g.analysis.roles[r];
            if (o.progress)
                po.progress = [&](std::size_t l, std::size_t n, double pairs) {
                    std::fprintf(stderr, "prove: bdd, %s, level %zu: %zu nodes, %.0f pairs (%.1f s)\n", role_name.c_str(), l,
                                 n, pairs, seconds());
                };
            po.invariant_seconds = o.timeout_seconds > 0 ? o.timeout_seconds / 4 : 60;
            return po;
        };
        auto by_invariant = [&](Agent& a, bool guards) {
            symbolic::PairOptions po = options_of(a.role);
            po.invariant_guards = guards;
            auto equalities = prover->equal_fluents_invariant(po);
            if (!equalities) return false;
            rep.invariants[role_name] = equalities->size();
            if (o.progress)
                std::fprintf(stderr, "prove: bdd, %s: an inductive invariant of %zu equalities of fluents (%.1f s)\n",
                             role_name.c_str(), equalities->size(), seconds());
            return a.decided = true;
        };
        auto record = [&](Agent& a, symbolic::PairResult res) {
            a.decided = true;
            rep.searched.push_back(role_name);
            rep.pairs += whole(res.pairs);
            rep.bdd_nodes += res.final_nodes;
            states = std::max(states, res.states);
            rep.depth = std::max(rep.depth, res.levels);
            if (!res.holds && (!best || res.witness->depth < best->depth ||
                               (res.witness->depth == best->depth && a.role < best_role)))
                best = res.witness, best_role = a.role;
        };
        auto done = [&] { return best && best->depth == 0; };
        if (invariants) {
            for (Agent& a : agents)
                if (!done()) by_invariant(a, false);
            for (Agent& a : agents) {
                if (a.decided || done()) continue;
                symbolic::PairOptions probe = options_of(a.role);
                probe.max_reached_nodes = kProbeNodes;
                symbolic::PairResult res = prover->prove(probe);
                if (!res.cut) record(a, std::move(res));
            }
        }
        for (Agent& a : agents) {
            if (a.decided || done()) continue;
            if (invariants && by_invariant(a, true)) continue;
            record(a, prover->prove(options_of(a.role)));
        }
        // The manager's watcher cuts BuDDy's free list once the flag is set (symbolic/manager.h):
        // a result computed while it did is not trusted, whatever it says.
        if (stop.load()) throw symbolic::Stopped("stopped");
        rep.states = whole(states);
        symbolic::BddStats st = prover->stats();
        rep.peak_nodes = st.peak_nodes;
        rep.table_nodes = st.table_nodes;
        rep.variables = st.variables;
        prover.reset();  // BuDDy's manager is free for the next command
    } catch (const symbolic::Stopped&) {
        throw TimeLimitError("time limit of " + seconds_text(o.timeout_seconds) + " s exceeded in the bdd engine (" +
                             where() + ")");
    } catch (const symbolic::NodeLimit& ex) {
        throw LimitError(std::string("prove: the bdd engine reached its node bound: ") + ex.what() + " (--max-nodes " +
                         std::to_string(bo.max_nodes) + "; " + where() + ")");
    } catch (const std::bad_alloc&) {
        throw LimitError("prove: out of memory in the bdd engine (" + where() + "); use --max-nodes");
    } catch (const ground::NotApplicable& ex) {
        throw UserError(std::string("prove: the bdd engine does not apply: ") + ex.what());
    }
    if (o.max_depth) rep.depth = *o.max_depth;
    if (!best) return rep;
    auto terms = [&](const std::vector<std::vector<std::uint32_t>>& steps) {
        std::vector<std::vector<gdl::Term>> out;
        for (const auto& joint : steps) {
            std::vector<gdl::Term> a;
            for (std::size_t r = 0; r < joint.size(); ++r) a.push_back(net.moves(r)[joint[r]]);
            out.push_back(std::move(a));
        }
        return out;
    };
    set_counterexample(g, rep, g.analysis.roles[best_role], best->depth, terms(best->actual), terms(best->alternative));
    return rep;
}

}  // namespace gdlsc::query
