// Developments::Impl (developments_impl.h): from one level to the next: the moves (expand),
// each agent's observation (observe) and its pairs of variables (rebuild).
#include <algorithm>
#include <stdexcept>

#include "symbolic/developments_impl.h"

namespace gdlsc::symbolic {

int Developments::Impl::new_var() {
    int v = static_cast<int>(vars++);
    if (2 * static_cast<int>(vars) > bdd_varnum()) manager.set_variables(std::max(2 * static_cast<int>(vars), 2 * bdd_varnum()));
    for (auto& o : observers) o.unseen.push_back(0);
    return v;
}

bdd Developments::Impl::code(const std::vector<int>& vs, std::size_t i) const {
    bdd c = bddtrue;
    for (std::size_t b = 0; b < vs.size(); ++b) {
        bool bit = (i >> (vs.size() - 1 - b)) & 1u;
        c &= bit ? bdd_ithvar(plain(vs[b])) : bdd_nithvar(plain(vs[b]));
    }
    return c;
}

// The moves of this level and D of the next; false when no development goes on.
// `step`: the history's joint move of this level when only its closure is made (path()).
void Developments::Impl::expand(const std::vector<std::int64_t>* step) {
    info();
    const bdd term = net.terminal_node() == kNoNode ? bddfalse : val[net.terminal_node()];
    const bdd live = D & neg(term);
    bdd next_d = live;
    moves.assign(net.roles().size(), {});
    for (std::size_t r = 0; r < net.roles().size(); ++r) {
        RoleMoves& rm = moves[r];
        // Two moves legal in one live development? (`one`, `two`: in some development at
        // least one / two of the moves so far; live is conjoined once, at the end.)
        std::vector<bdd> legal;
        bdd one = bddfalse, two = bddfalse;
        for (std::uint32_t m : sorted_moves[r]) {
            NodeId l = net.legal_node(r, m);
            if (l == kNoNode || val[l] == bddfalse) continue;
            const bdd& lm = val[l];
            if (lm != bddtrue && (lm & live) == bddfalse) continue;
            rm.cands.push_back(m);
            legal.push_back(lm);
            if (one != bddfalse) two |= one & lm;
            one = one == bddfalse ? lm : one | lm;
        }
        two &= live;
        if (two == bddfalse) {
            rm.does = legal;
            next_d &= one;  // live already in next_d
        } else {
            std::size_t bits = 1;
            while ((std::size_t(1) << bits) < rm.cands.size()) ++bits;
            for (std::size_t b = 0; b < bits; ++b) rm.vars.push_back(new_var());
            bdd any = bddfalse;
            for (std::size_t i = 0; i < rm.cands.size(); ++i) {
                rm.does.push_back(code(rm.vars, i));
                any |= rm.does.back() & legal[i];
            }
            next_d &= any;
        }
        manager.check();
    }
    // The step: next state and percepts with the moves.
    for (std::size_t r = 0; r < net.roles().size(); ++r) {
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) val[net.does_node(r, m)] = bddfalse;
        for (std::size_t i = 0; i < moves[r].cands.size(); ++i)
            val[net.does_node(r, moves[r].cands[i])] = moves[r].does[i];
    }
    run(step_order);
    if (step) {
        for (std::size_t r = 0; r < step->size(); ++r) {
            const RoleMoves& rm = moves[r];
            auto it = std::find(rm.cands.begin(), rm.cands.end(), static_cast<std::uint32_t>((*step)[r]));
            if (it == rm.cands.end()) throw std::logic_error("Developments: the path's move is not a candidate");
            if (!rm.vars.empty()) path_cube &= code(rm.vars, static_cast<std::size_t>(it - rm.cands.begin()));
        }
    }
    // The developments the caller asks about: the history's (path()) or those that extend
    // it (solve() after path()); observe() may then keep only their public answers.
    bdd front = bddfalse;
    if (step) front = path_cube & next_d;
    else if (from_history) front = frontier & next_d;
    observe(next_d, step || from_history ? &front : nullptr);
    if (from_history && !step) frontier = front;
    std::vector<bdd> next(fluent.size(), bddfalse);
    for (std::size_t f = 0; f < fluent.size(); ++f)
        if (net.next_node(f) != kNoNode) next[f] = val[net.next_node(f)];
    fluent = std::move(next);
    D = next_d;
    if (step)  // path() reads the codes only: the move functions would keep their nodes alive
        for (auto& rm : moves) rm.does.clear();
    history_moves.push_back(std::move(moves));
    moves.clear();
    ++level;
    reset_values();
}

// Each agent's observation of this step. `front`: the developments the caller asks about
// (within next_d: the history's one for path(), those that extend the history for solve()
// after path()) when only they and what the agents cannot tell from them matter. A function
// every agent sees (a public answer) that is constant on `front` then restricts `next_d` to
// that value (a public announcement as a conjunction) instead of joining each Eq_r: a
// development with another value is told apart from every development of `front` by every
// agent, and so is every development that one of them cannot tell from it, so the rest of
// D stays closed under each agent's indistinguishability and what the agents know there is
// unchanged. On one development (path()) every public function is constant; where `front`
// has developments with both values, the function joins each Eq_r as without `front`.
void Developments::Impl::observe(bdd& next_d, const bdd* front) {
    std::vector<std::vector<bdd>> comps(agents.size());
    for (std::size_t a = 0; a < agents.size(); ++a) {
        const std::size_t r = agents[a];
        Observer& o = observers[a];
        std::vector<int> seen;
        // Every new variable is unseen unless it is the agent's own or a percept shows it.
        for (std::size_t q = 0; q < net.roles().size(); ++q)
            for (int v : moves[q].vars) o.unseen[static_cast<std::size_t>(v)] = q != r;
        if (moves[r].vars.empty() && moves[r].cands.size() > 1)
            for (const bdd& d : moves[r].does) comps[a].push_back(d);
        for (std::size_t q = 0; q < net.percepts(r).size(); ++q) {
            NodeId s = net.sees_node(r, q);
            if (s == kNoNode) continue;
            const bdd& g = val[s];
            if (g == bddtrue || g == bddfalse) continue;
            bdd lo = bdd_low(g), hi = bdd_high(g);
            if ((lo == bddfalse && hi == bddtrue) || (lo == bddtrue && hi == bddfalse))
                seen.push_back(bdd_var(g) / 2);
            else
                comps[a].push_back(g);
        }
        for (int v : seen) {
            if (!o.unseen[static_cast<std::size_t>(v)]) continue;
            o.unseen[static_cast<std::size_t>(v)] = 0;
            if (o.eq != bddtrue) o.eq = bdd_compose(o.eq, bdd_ithvar(plain(v)), primed(v));
            o.rel_valid = false;
        }
    }
    // A function and its negation are one observation; the key of each distinct function
    // is computed once (the agents share the public ones).
    std::unordered_map<int, int> keys;
    auto key = [&](const bdd& g) {
        auto it = keys.find(g.id());
        if (it != keys.end()) return it->second;
        const int k = std::min(g.id(), neg(g).id());
        keys.emplace(g.id(), k);
        return k;
    };
    // An agent that sees which move a role with variables made (a percept per move, e.g.
    // every announcement heard, or its own hand dealt) sees that move's code: its
    // variables join O_r, the percepts leave the comparisons (1,290 announcements would
    // otherwise be 1,290 conjuncts of each Eq_r).
    for (std::size_t a = 0; a < agents.size(); ++a) {
        std::unordered_set<int> mine;
        for (const bdd& g : comps[a]) mine.insert(key(g));
        std::unordered_set<int> drop;
        for (std::size_t q = 0; q < net.roles().size(); ++q) {
            const RoleMoves& rm = moves[q];
            if (rm.vars.empty() || q == agents[a]) continue;
            std::size_t shown = 0;
            for (const bdd& d : rm.does) shown += mine.count(key(d));
            if (shown + 1 < rm.does.size()) continue;
            for (const bdd& d : rm.does) drop.insert(key(d));
            for (int v : rm.vars) observers[a].unseen[static_cast<std::size_t>(v)] = 0;
        }
        if (!drop.empty())
            comps[a].erase(std::remove_if(comps[a].begin(), comps[a].end(), [&](const bdd& g) { return drop.count(key(g)) > 0; }),
                           comps[a].end());
    }
    std::unordered_map<int, std::size_t> seen_by;  // canonical id -> agents that see it
    if (front)
        for (auto& cs : comps) {
            std::unordered_set<int> mine;
            for (const bdd& g : cs)
                if (mine.insert(key(g)).second) ++seen_by[key(g)];
        }
    // Only H in D_{k+1} matters: each observed function simplified with that care set, once
    // (the agents share the public ones), with the history variables it reads; an agent
    // compares it across its cell only if it reads a variable the agent does not see.
    struct Simplified {
        bdd g;
        std::vector<int> vars;
    };
    std::unordered_map<int, Simplified> simplified;
    auto simplify = [&](const bdd& g) -> const Simplified& {
        auto it = simplified.find(g.id());
        if (it == simplified.end()) {
            Simplified s{bdd_simplify(g, next_d), {}};
            s.vars = history_vars(s.g);
            it = simplified.emplace(g.id(), std::move(s)).first;
        }
        return it->second;
    };
    // Per public function (canonical id): 1 / 0 its value on all of `front`, -1 both values.
    std::unordered_map<int, int> public_value;
    auto value_on_front = [&](const bdd& g) {
        auto [it, fresh] = public_value.emplace(key(g), -1);
        if (fresh) {
            if ((*front & neg(g)) == bddfalse) it->second = 1;
            else if ((*front & g) == bddfalse) it->second = 0;
            if (it->second >= 0) next_d &= it->second ? g : neg(g);
        }
        return it->second;
    };
    for (std::size_t a = 0; a < agents.size(); ++a) {
        Observer& o = observers[a];
        rebuild(o);
        std::unordered_set<int> ids;
        for (const bdd& g : comps[a]) {
            if (!ids.insert(key(g)).second) continue;
            if (front && seen_by[key(g)] == agents.size() && value_on_front(g) >= 0) continue;
            const Simplified& gs = simplify(g);
            if (std::any_of(gs.vars.begin(), gs.vars.end(), [&](int v) { return o.unseen[static_cast<std::size_t>(v)] != 0; })) {
                o.obs.push_back(gs.g);
                o.rel_valid = false;
            }
            manager.check();
        }
    }
}

// The history variables `f` reads (detail::support; a primed slot counts as its history variable).
std::vector<int> Developments::Impl::history_vars(const bdd& f) const {
    const std::vector<char> in = detail::support(f, static_cast<int>(2 * vars));
    std::vector<int> out;
    for (std::size_t v = 0; v < vars; ++v)
        if (in[plain(static_cast<int>(v))] || in[primed(static_cast<int>(v))]) out.push_back(static_cast<int>(v));
    return out;
}

void Developments::Impl::rebuild(Observer& o) {
    if (o.pair) bdd_freepair(o.pair);
    if (o.unpair) bdd_freepair(o.unpair);
    o.pair = bdd_newpair();
    o.unpair = bdd_newpair();
    std::vector<int> p, q;
    for (std::size_t v = 0; v < o.unseen.size(); ++v)
        if (o.unseen[v]) {
            bdd_setpair(o.pair, plain(static_cast<int>(v)), primed(static_cast<int>(v)));
            bdd_setpair(o.unpair, primed(static_cast<int>(v)), plain(static_cast<int>(v)));
            p.push_back(plain(static_cast<int>(v)));
            q.push_back(primed(static_cast<int>(v)));
        }
    o.unseen_plain = bdd_makesetpp(p.data(), static_cast<int>(p.size()));
    o.unseen_primed = bdd_makesetpp(q.data(), static_cast<int>(q.size()));
    o.d_primed_valid = false;
    manager.rethrow_pending();
}

}  // namespace gdlsc::symbolic
