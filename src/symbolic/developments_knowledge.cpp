// Developments::Impl (developments_impl.h): knowledge by quantification over each agent's
// observation (knows, common, post, the observation relation, d_primed) and formulas.
#include <algorithm>

#include "symbolic/developments_impl.h"

namespace gdlsc::symbolic {

std::size_t Developments::Impl::agent_index(std::size_t role) const {
    for (std::size_t i = 0; i < agents.size(); ++i)
        if (agents[i] == role) return i;
    return SIZE_MAX;
}

bdd Developments::Impl::knows(std::size_t role, const bdd& p) {
    ++knows_evaluated;
    std::size_t a = agent_index(role);
    if (a == SIZE_MAX) return bddfalse;  // random knows nothing
    if (p == bddtrue) return bddtrue;
    Observer& o = observers[a];
    // Only its value inside D matters: simplified with D as the care set (outside D the
    // quantification makes it true, and the BDD of that can be far larger).
    // ¬∃U. D ∧ ¬P written as ∀U. D → P: no negation of D-sized BDDs.
    if (o.obs.empty()) return bdd_appall(D, p, bddop_imp, o.unseen_plain);
    return bdd_simplify(bdd_appall(d_primed(o), bdd_replace(p, o.pair), bddop_imp, o.unseen_primed), D);
}

// Eq_r ∧ D' of this level, once per level; Eq_r gets the observations added since.
const bdd& Developments::Impl::d_primed(Observer& o) {
    if (o.d_primed_valid) return o.d_primed;
    const bdd d_renamed = bdd_replace(D, o.pair);
    if (o.folded < o.obs.size()) {
        // Only H, H' in D matter (knows and post conjoin D' and read H in D): each
        // equality simplified with that care set (blind tic-tac-toe after three steps:
        // black's Eq 3.2 million nodes without, 0.85 million with).
        const bdd care = D & d_renamed;
        for (; o.folded < o.obs.size(); ++o.folded) {
            const bdd& g = o.obs[o.folded];
            bdd gp = bdd_replace(g, o.pair);
            if (gp != g) o.eq &= bdd_simplify(bdd_biimp(g, gp), care);
            manager.check();
        }
    }
    o.d_primed = o.eq & d_renamed;
    o.d_primed_valid = true;
    return o.d_primed;
}

bdd Developments::Impl::common(const bdd& p) {
    bdd x = p & D;
    for (;;) {
        manager.check();
        bdd y = x;
        for (std::size_t r : agents) y &= knows(r, x);
        if (y == x) return x;
        x = y;
    }
}

// The developments agent a cannot tell from some development of X.
//
// Without Eq_r where it fits: H' is such a development iff H' agrees with some H of X
// on the seen variables and g_i(H') = g_i(H) for every observed g_i. With a fresh
// variable o_i per g_i, Obs(seen, o) = ∃U. X ∧ ∧_i (o_i ↔ g_i) is what the agent can
// observe of X, and post = D ∧ Obs[o := g(H')] (one vector composition). Eq_r relates
// two copies of every unseen variable and grows with the product of the g's sizes
// (blind tic-tac-toe: 0.85 million nodes for three observations); Obs has a few
// variables more than X.
bdd Developments::Impl::post(std::size_t a, const bdd& x) {
    Observer& o = observers[a];
    if (o.obs.empty()) return D & bdd_exist(x, o.unseen_plain);
    if (!o.rel_valid) observation_relation(o);
    if (o.rel_fits) return D & bdd_veccompose(bdd_appex(x, o.rel, bddop_and, o.unseen_plain), o.subst);
    return bdd_replace(bdd_appex(x, d_primed(o), bddop_and, o.unseen_plain), o.unpair);
}

// o_i is the primed slot of a history variable at or below g_i's lowest variable (the
// variables are in level order, so o_i sits just under what g_i reads), each slot once;
// when the slots run out, post() uses Eq_r.
void Developments::Impl::observation_relation(Observer& o) {
    o.rel_valid = true;
    o.rel_fits = false;
    if (o.subst) bdd_freepair(o.subst);
    o.subst = bdd_newpair();
    o.rel = bddtrue;
    std::size_t next_slot = 0;
    for (const bdd& g : o.obs) {
        std::size_t bottom = 0;
        for (bdd s = bdd_support(g); s != bddtrue; s = bdd_high(s))
            bottom = std::max(bottom, static_cast<std::size_t>(bdd_var(s) / 2));
        const std::size_t slot = std::max(bottom, next_slot);
        if (slot >= vars) return;
        next_slot = slot + 1;
        const int ov = primed(static_cast<int>(slot));
        o.rel &= bdd_biimp(bdd_ithvar(ov), g);
        bdd_setbddpair(o.subst, ov, g);
        manager.check();
    }
    manager.rethrow_pending();
    o.rel_fits = true;
}

// Common knowledge of P at the developments of `at` (a cube): P throughout their
// component under the union of the agents' relations, reached breadth first -- as many
// relational products as the component's diameter, where the greatest fixpoint of
// common() decides every development at once.
bool Developments::Impl::common_at(const bdd& p, const bdd& at) {
    bdd reached = at & D;
    for (;;) {
        manager.check();
        if ((reached & !p) != bddfalse) return false;
        bdd next = reached;
        for (std::size_t a = 0; a < agents.size(); ++a) next |= post(a, reached);
        if (next == reached) return true;
        reached = next;
    }
}

bdd Developments::Impl::formula(const NodeFormula& f) {
    switch (f.kind) {
    case NodeFormula::Kind::False: return bddfalse;
    case NodeFormula::Kind::True: return bddtrue;
    case NodeFormula::Kind::Node: return f.node == kNoNode ? bddfalse : val[f.node];
    case NodeFormula::Kind::Not: return !formula(f.args.at(0));
    case NodeFormula::Kind::And: {
        bdd acc = bddtrue;
        for (const auto& a : f.args) acc &= formula(a);
        return acc;
    }
    case NodeFormula::Kind::Or: {
        bdd acc = bddfalse;
        for (const auto& a : f.args) acc |= formula(a);
        return acc;
    }
    case NodeFormula::Kind::Knows: return knows(f.role, formula(f.args.at(0)));
    case NodeFormula::Kind::Common: return common(formula(f.args.at(0)));
    }
    return bddfalse;
}

}  // namespace gdlsc::symbolic
