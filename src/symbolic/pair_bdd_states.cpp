// PairProver::Impl (pair_bdd_impl.h): one copy, the reachable states by breadth-first images
// and the well-formedness properties on them (check_states, termination).
#include <algorithm>
#include <stdexcept>

#include "ground/grounder.h"
#include "symbolic/pair_bdd_impl.h"

namespace gdlsc::symbolic {

std::unique_ptr<PairProver::Impl::StateRelation> PairProver::Impl::state_relation() {
    auto rel = std::make_unique<StateRelation>();
    std::vector<bdd> parts{!t1};
    parts.insert(parts.end(), l1.begin(), l1.end());
    for (const bdd& d : cut_def) parts.push_back(d);
    parts.insert(parts.end(), next_x.begin(), next_x.end());
    std::vector<int> inputs;
    for (const auto& mv : m1) inputs.insert(inputs.end(), mv.begin(), mv.end());
    inputs.insert(inputs.end(), cut1.begin(), cut1.end());
    std::vector<int> q(x.begin(), x.end()), qp(xp.begin(), xp.end());
    q.insert(q.end(), inputs.begin(), inputs.end());
    qp.insert(qp.end(), inputs.begin(), inputs.end());
    rel->forward.phases.push_back(phase(parts, q));
    rel->backward = phase(parts, qp);
    rel->prime = bdd_newpair();
    for (std::size_t f = 0; f < x.size(); ++f) bdd_setpair(rel->prime, x[f], xp[f]);
    return rel;
}

// The states with a step into `to`.
bdd PairProver::Impl::preimage(const bdd& to, const StateRelation& rel) {
    bdd acc = bdd_replace(to, rel.prime);
    for (std::size_t i = 0; i < rel.backward.clusters.size() && acc != bddfalse; ++i) {
        acc = bdd_appex(acc, rel.backward.clusters[i], bddop_and, rel.backward.quantify[i]);
        manager.check();
    }
    return acc;
}

// The state `val` (its x read) as a cube over x, or over x' (primed).
bdd PairProver::Impl::state_cube(const std::vector<char>& val, bool primed) const {
    bdd cube = bddtrue;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const std::uint32_t f = *it;
        const int v = primed ? xp[f] : x[f];
        cube &= val[static_cast<std::size_t>(x[f])] ? bdd_ithvar(v) : bdd_nithvar(v);
    }
    return cube;
}

// One step from the state `val` into the set `to`: the joint move, and the next state's
// assignment (as x).
std::pair<std::vector<std::uint32_t>, std::vector<char>> PairProver::Impl::step_into(const std::vector<char>& val,
                                                                                     const bdd& to,
                                                                                     const StateRelation& rel) {
    const bdd from = state_cube(val, false);
    bdd acc = bdd_replace(to, rel.prime);
    for (const bdd& c : rel.forward.phases[0].clusters) {
        acc &= bdd_restrict(c, from);
        manager.check();
    }
    if (acc == bddfalse) throw std::logic_error("the BDD engine lost a successor while building a counterexample");
    std::vector<char> a = assignment(bdd_fullsatone(acc), nvars), next(static_cast<std::size_t>(nvars), 0);
    for (std::size_t f = 0; f < x.size(); ++f) next[static_cast<std::size_t>(x[f])] = a[static_cast<std::size_t>(xp[f])];
    return {joint(a, m1), next};
}

bool PairProver::Impl::holds_in(const bdd& f, const std::vector<char>& val) const {
    return bdd_restrict(f, state_cube(val, false)) == bddtrue;
}

StateResult PairProver::Impl::check_states(const StateOptions& o) {
    using Why = ground::StateCheckResult::Why;
    using ground::StateProperty;
    if (o.property == StateProperty::Termination && o.max_depth != SIZE_MAX)
        throw std::invalid_argument("termination is a property of the whole game");
    level = 0, level_nodes = 0;
    const std::unique_ptr<StateRelation> rel = state_relation();
    StateResult res;
    std::vector<bdd> levels{init1};
    bdd reached = init1;
    auto path = [&](std::size_t d, const std::vector<char>& val) {
        std::vector<std::vector<std::uint32_t>> moves;
        for (const auto& st : walk_back(levels, d, val, rel->forward)) moves.push_back(joint(st, m1));
        return moves;
    };
    auto one_state = [&](const bdd& set) { return assignment(bdd_fullsatone(set), nvars); };
    // Per agent: its goal atoms' BDDs and numbers (-1: not a number 0..100).
    struct Goals {
        std::vector<bdd> atoms;
        std::vector<int> values;
        bdd one_number = bddfalse;  // exactly one goal, a number
        bdd exactly_one = bddfalse;  // exactly one goal atom, whatever its value
    };
    std::vector<Goals> goals;
    if (o.property == StateProperty::WeakWinnability || o.property == StateProperty::MonotonicGoals) {
        for (std::size_t r : o.agents) {
            Goals g;
            std::vector<NodeId> nodes;
            for (std::size_t k = 0; k < net.goal_values(r).size(); ++k) nodes.push_back(net.goal_node(r, k));
            evaluate(nodes);
            bdd none = bddtrue, one = bddfalse, none_num = bddtrue, one_num = bddfalse, other = bddfalse;
            for (std::size_t k = 0; k < nodes.size(); ++k) {
                const bdd a = node(nodes[k]);
                const int v = ground::goal_number(net.goal_values(r)[k]);
                g.atoms.push_back(a), g.values.push_back(v);
                one = (one & !a) | (none & a), none &= !a;
                if (v >= 0) one_num = (one_num & !a) | (none_num & a), none_num &= !a;
                else other |= a;
                manager.check();
            }
            g.exactly_one = one;
            g.one_number = one_num & !other;
            goals.push_back(std::move(g));
        }
    }
    std::vector<bdd> stuck;  // per role: not terminal, and no legal move
    if (o.property == StateProperty::Playability)
        for (std::size_t r = 0; r < m1.size(); ++r)
            stuck.push_back((!t1) & (!bdd_exist(l1[r], bdd_makeset(m1[r].data(), static_cast<int>(m1[r].size())))));
    // The violations that a level shows: true when the search is over.
    auto violated_at = [&](std::size_t d) -> bool {
        const bdd& frontier = levels[d];
        if (o.property == StateProperty::Playability) {
            for (std::size_t r = 0; r < stuck.size(); ++r) {
                const bdd v = frontier & stuck[r];
                if (v == bddfalse) continue;
                res.holds = false, res.why = Why::NoLegalMove, res.role = r;
                res.moves = path(d, one_state(v));
                return true;
            }
        } else if (o.property == StateProperty::MonotonicGoals) {
            // A drop at the step into level d comes first (the state search finds it while
            // expanding level d - 1), then a state of level d without exactly one goal.
            if (d > 0)
                for (std::size_t i = 0; i < goals.size(); ++i) {
                    const Goals& g = goals[i];
                    for (std::size_t a = 0; a < g.atoms.size(); ++a) {
                        if (g.values[a] < 0) continue;
                        bdd below = bddfalse;
                        for (std::size_t b = 0; b < g.atoms.size(); ++b)
                            if (g.values[b] < g.values[a]) below |= g.atoms[b];
                        const bdd after = g.exactly_one & below;
                        const bdd v = levels[d - 1] & g.one_number & g.atoms[a] & preimage(after, *rel);
                        if (v == bddfalse) continue;
                        std::vector<char> s = one_state(v);
                        res.holds = false, res.why = Why::GoalDecreases, res.role = o.agents[i];
                        res.moves = path(d - 1, s);
                        auto [joint_move, next] = step_into(s, after, *rel);
                        res.moves.push_back(joint_move);
                        int to = -1;
                        for (std::size_t b = 0; b < g.atoms.size(); ++b)
                            if (holds_in(g.atoms[b], next)) to = g.values[b];
                        res.goals = {g.values[a], to};
                        return true;
                    }
                }
            for (std::size_t i = 0; i < goals.size(); ++i) {
                const bdd v = frontier & !goals[i].one_number;
                if (v == bddfalse) continue;
                std::vector<char> s = one_state(v);
                res.holds = false, res.why = Why::GoalCount, res.role = o.agents[i];
                res.moves = path(d, s);
                for (std::size_t b = 0; b < goals[i].atoms.size(); ++b)
                    if (holds_in(goals[i].atoms[b], s)) res.goals.push_back(goals[i].values[b]);
                return true;
            }
        }
        return false;
    };
    for (std::size_t d = 0;; ++d) {
        if (violated_at(d)) {
            res.levels = d;
            break;
        }
        res.levels = d;
        if (d >= o.max_depth) break;
        bdd next = image(levels[d], rel->forward) & !reached;
        manager.check();
        if (next == bddfalse) break;
        reached |= next;
        levels.push_back(next);
        level = d + 1, level_nodes = static_cast<std::size_t>(bdd_nodecount(reached));
        if (o.progress) o.progress(level, level_nodes, count(reached, false));
    }
    res.states = count(reached, false);
    res.final_nodes = static_cast<std::size_t>(bdd_nodecount(reached));
    if (!res.holds) return res;
    if (o.property == StateProperty::WeakWinnability) {
        const bdd terminal = reached & t1;
        res.terminals = count(terminal, false);
        for (std::size_t i = 0; i < goals.size(); ++i) {
            const Goals& g = goals[i];
            int best = -1;
            for (std::size_t k = 0; k < g.atoms.size(); ++k)
                if (g.values[k] > best && intersects(terminal, g.atoms[k])) best = g.values[k];
            if (best == 100) continue;
            res.holds = false, res.why = Why::NoWin, res.role = o.agents[i], res.best_goal = best;
            break;
        }
    } else if (o.property == StateProperty::Termination) {
        termination(res, levels, reached, *rel);
    }
    manager.check();
    return res;
}

// Termination: the states with a path that never ends, the greatest fixpoint
// Z = reached & !terminal & pre(Z); none: every development ends. Else a lasso: a shallowest
// state on a cycle inside Z (the state search's; tried one by one, up to a bound per
// level), the development to it, then a shortest cycle back.
void PairProver::Impl::termination(StateResult& res, const std::vector<bdd>& levels, const bdd& reached,
                                   const StateRelation& rel) {
    using Why = ground::StateCheckResult::Why;
    // First forward: the states at the end of developments of exactly k joint moves. None
    // for some k: every development ends (no cycle). A game whose developments are about
    // as long as its breadth-first depth ends here, in images only (preimages over a large
    // Z are far slower: latenttictactoe 0.3 s against more than 30 s).
    const std::size_t forward_bound = 4 * levels.size() + 16;
    bdd exactly = init1;
    for (std::size_t k = 0; k <= forward_bound; ++k) {
        exactly = image(exactly, rel.forward);
        manager.check();
        if (exactly == bddfalse) return;
    }
    bdd z = reached & !t1;
    for (;;) {
        const bdd z2 = z & preimage(z, rel);
        manager.check();
        if (z2 == z) break;
        z = z2;
    }
    if (z == bddfalse) return;
    // From the state `val`, the levels of states first reached in 1, 2, ... steps inside Z,
    // until `val` itself is among them (a cycle) or nothing is new.
    auto cycle_from = [&](const std::vector<char>& val, std::vector<bdd>& rings) -> bool {
        const bdd self = state_cube(val, false);
        rings.assign(1, self);
        bdd seen = bddfalse;
        for (;;) {
            const bdd next = image(rings.back(), rel.forward) & z;
            manager.check();
            if ((next & self) != bddfalse) return true;
            const bdd fresh = next & !seen;
            if (fresh == bddfalse) return false;
            seen |= fresh;
            rings.push_back(fresh);
        }
    };
    constexpr std::size_t kTriesPerLevel = 64;
    const std::size_t tries_per_level = mutation.cycle_tries.value_or(kTriesPerLevel);
    for (std::size_t d = 0; d < levels.size(); ++d) {
        bdd candidates = levels[d] & z;
        for (std::size_t tries = 0; candidates != bddfalse && tries < tries_per_level; ++tries) {
            std::vector<char> s = assignment(bdd_fullsatone(candidates), nvars);
            candidates &= !state_cube(s, false);
            std::vector<bdd> rings;
            if (!cycle_from(s, rings)) continue;
            res.holds = false, res.why = Why::Cycle;
            for (const auto& st : walk_back(levels, d, s, rel.forward)) res.moves.push_back(joint(st, m1));
            res.loop_start = d;
            // Back from s through the rings: a predecessor of s in the last ring, of that
            // one in the ring before, ..., then forward again.
            std::vector<std::vector<char>> states{s};
            bdd target = state_cube(s, false);
            for (std::size_t k = rings.size(); k-- > 1;) {
                const bdd pre = rings[k] & preimage(target, rel);
                std::vector<char> p = assignment(bdd_fullsatone(pre), nvars);
                states.push_back(p);
                target = state_cube(p, false);
            }
            std::reverse(states.begin() + 1, states.end());  // s, then the cycle's states in order
            std::vector<char> at = s;
            for (std::size_t k = 1; k <= states.size(); ++k) {
                const std::vector<char>& to = k < states.size() ? states[k] : s;
                auto [joint_move, next] = step_into(at, state_cube(to, false), rel);
                res.moves.push_back(joint_move);
                at = next;
            }
            return;
        }
    }
    // Every level's tries missed (many states of Z lead to a cycle without lying on one):
    // from a shallowest state of Z, steps inside Z until a state recurs -- a lasso, not
    // always from the shallowest state on a cycle.
    for (std::size_t d = 0; d < levels.size(); ++d) {
        const bdd start = levels[d] & z;
        if (start == bddfalse) continue;
        std::vector<char> at = assignment(bdd_fullsatone(start), nvars);
        for (const auto& st : walk_back(levels, d, at, rel.forward)) res.moves.push_back(joint(st, m1));
        std::vector<std::vector<char>> walk{at};
        auto same = [&](const std::vector<char>& a, const std::vector<char>& b) {
            for (int v : x)
                if (a[static_cast<std::size_t>(v)] != b[static_cast<std::size_t>(v)]) return false;
            return true;
        };
        for (;;) {
            auto [joint_move, next] = step_into(at, z, rel);
            res.moves.push_back(joint_move);
            for (std::size_t k = 0; k < walk.size(); ++k)
                if (same(walk[k], next)) {
                    res.holds = false, res.why = Why::Cycle, res.loop_start = d + k;
                    return;
                }
            walk.push_back(next);
            at = next;
        }
    }
    throw std::logic_error("the BDD engine found a development that never ends but no state of it");
}

}  // namespace gdlsc::symbolic
