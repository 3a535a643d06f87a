// GDL-III developments on BDDs (see developments.h).
//
//     level 0: D = true, fluents = the initial state, Eq_r = true, U_r = {}
//     per level k:
//         info pass: the network's nodes for terminal, legal, the knows inputs (each after
//             its P: one pass, hierarchical order) and a formula's nodes
//         moves: per role the candidates (legal in some live development); one candidate per
//             development everywhere -> its move is a function; else a binary code (variables)
//         D_{k+1} = D_k ∧ ¬terminal ∧ per role: some candidate legal and chosen
//         step pass: next and percepts with the moves; each agent's observation: literal
//             percepts and its own code join O_r, other functions g give Eq_r ∧= g ↔ g'
//
// Everything is a BDD over the history variables 0..V-1 (BuDDy variable 2v, its primed
// copy 2v+1); a development is one assignment, so counting and listing developments is
// counting and enumerating the assignments of D (exactly, with a big integer).
#include "symbolic/developments.h"

#include <bdd.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include "symbolic/manager.h"

namespace gdlsc::symbolic {
namespace {

using ground::kNoNode;
using ground::NodeId;
using ground::StepNetwork;

// Non-negative integers of any size: enough for counting developments (2^80 and more).
struct BigCount {
    std::vector<std::uint32_t> w;  // little endian, no leading zero words
    static BigCount one() { return BigCount{{1}}; }
    bool zero() const { return w.empty(); }
    void add(const BigCount& o) {
        std::uint64_t carry = 0;
        w.resize(std::max(w.size(), o.w.size()), 0);
        for (std::size_t i = 0; i < w.size(); ++i) {
            carry += std::uint64_t(w[i]) + (i < o.w.size() ? o.w[i] : 0);
            w[i] = static_cast<std::uint32_t>(carry);
            carry >>= 32;
        }
        if (carry) w.push_back(static_cast<std::uint32_t>(carry));
    }
    BigCount shifted(std::size_t bits) const {
        if (zero()) return *this;
        BigCount r;
        r.w.assign(bits / 32, 0);
        const unsigned s = bits % 32;
        std::uint32_t carry = 0;
        for (std::uint32_t x : w) {
            r.w.push_back(s ? (x << s) | carry : x);
            carry = s ? x >> (32 - s) : 0;
        }
        if (carry) r.w.push_back(carry);
        return r;
    }
    std::string decimal() const {
        if (zero()) return "0";
        std::vector<std::uint32_t> v = w;
        std::string out;
        while (!v.empty()) {
            std::uint64_t rem = 0;
            for (std::size_t i = v.size(); i-- > 0;) {
                std::uint64_t cur = (rem << 32) | v[i];
                v[i] = static_cast<std::uint32_t>(cur / 10);
                rem = cur % 10;
            }
            out.push_back(static_cast<char>('0' + rem));
            while (!v.empty() && v.back() == 0) v.pop_back();
        }
        std::reverse(out.begin(), out.end());
        return out;
    }
};

// The history variable of a BuDDy variable, and back.
inline int plain(int v) { return 2 * v; }
inline int primed(int v) { return 2 * v + 1; }

// One role's move at one level.
struct RoleMoves {
    std::vector<std::uint32_t> cands;  // move indices, standard order
    std::vector<int> vars;             // history variables of the code, MSB first; empty: a function
    std::vector<bdd> does;             // per candidate: the development chooses it
};

struct Observer {  // an agent's view
    std::vector<char> unseen;  // per history variable: in U_r
    bdd eq = bddtrue;
    bddPair* pair = nullptr;    // U_r -> U_r'
    bddPair* unpair = nullptr;  // U_r' -> U_r
    bdd unseen_plain = bddtrue, unseen_primed = bddtrue;  // varsets
    bdd d_primed;                                          // Eq_r ∧ D' of this level (cached)
    bool d_primed_valid = false;
    // The observed functions g (simplified with the D of their level) whose value depends on
    // unseen variables, every level so far; Eq_r is their conjunction of g ↔ g', built only
    // when a knows asks for it (obs[0..folded) are in eq).
    std::vector<bdd> obs;
    std::size_t folded = 0;
    // post() without Eq_r: an observation variable o_i per g_i (a primed slot below g_i's
    // support), rel = ∧ o_i ↔ g_i, subst o_i := g_i (see post()).
    bdd rel;
    bddPair* subst = nullptr;
    bool rel_valid = false, rel_fits = false;
};

}  // namespace

struct Developments::Impl {
    const StepNetwork& net;
    DevelopmentOptions options;
    detail::Manager manager;

    // The network, read once.
    std::vector<std::vector<std::vector<StepNetwork::Literal>>> rules;  // per node
    std::vector<std::uint32_t> comp_of;                                 // per node; UINT32_MAX: not derived
    std::vector<std::int32_t> knows_of;                                 // per node: knows input index or -1
    std::size_t C = 0;                                                  // components
    std::vector<std::uint32_t> info_order, step_order;                  // units
    std::vector<std::size_t> agents;                                    // roles but random
    std::vector<std::vector<std::uint32_t>> sorted_moves;               // per role: standard order
    std::vector<char> read;                                             // per knows input: a rule reads it

    // The current level.
    std::size_t level = 0;
    bdd D = bddtrue;
    std::vector<bdd> fluent;
    std::vector<bdd> val;         // per node
    std::vector<char> done;       // per unit
    std::vector<RoleMoves> moves;  // of the current level (after expand)
    std::vector<std::vector<RoleMoves>> history_moves;  // per earlier level
    std::size_t vars = 0;
    std::vector<Observer> observers;  // per agent
    bool info_ready = false;
    std::size_t knows_evaluated = 0;
    bdd path_cube = bddtrue;  // path(): the history's development so far

    Impl(const StepNetwork& n, const std::vector<std::uint32_t>& init, const DevelopmentOptions& o)
        : net(n), options(o), manager(o.max_nodes, o.stop) {
        manager.set_variables(2);
        read_network();
        fluent.assign(net.fluents().size(), bddfalse);
        for (std::uint32_t f : init) fluent[f] = bddtrue;
        observers.resize(agents.size());
        reset_values();
    }
    ~Impl() {
        for (auto& o : observers) {
            if (o.pair) bdd_freepair(o.pair);
            if (o.unpair) bdd_freepair(o.unpair);
            if (o.subst) bdd_freepair(o.subst);
        }
    }

    // --- The network: rules, components, evaluation orders ---

    void read_network() {
        const std::size_t N = net.nodes();
        rules.assign(N, {});
        comp_of.assign(N, UINT32_MAX);
        knows_of.assign(N, -1);
        C = net.components();
        for (std::size_t c = 0; c < C; ++c)
            for (NodeId x : net.component_nodes(c)) {
                comp_of[x] = static_cast<std::uint32_t>(c);
                for (std::size_t i = 0; i < net.rule_count(x); ++i) rules[x].push_back(net.rule(x, i));
            }
        for (std::size_t k = 0; k < net.knows().size(); ++k) knows_of[net.knows()[k].node] = static_cast<std::int32_t>(k);
        read = knows_read(net);
        for (std::size_t r = 0; r < net.roles().size(); ++r) {
            if (net.roles()[r] != "random") agents.push_back(r);
            std::vector<std::uint32_t> idx(net.moves(r).size());
            std::iota(idx.begin(), idx.end(), 0u);
            std::sort(idx.begin(), idx.end(), [&](std::uint32_t a, std::uint32_t b) {
                return gdl::standard_order_less(net.moves(r)[a], net.moves(r)[b]);
            });
            sorted_moves.push_back(std::move(idx));
        }
        std::vector<NodeId> info{net.terminal_node()}, step;
        for (std::size_t r = 0; r < net.roles().size(); ++r)
            for (std::size_t m = 0; m < net.moves(r).size(); ++m) info.push_back(net.legal_node(r, m));
        // The knows inputs some rule reads (the rewrite bounds (knows r P) by every agent and
        // every possible P: Muddy Children has 2n^2 of them, of which the rules read 2n).
        for (std::size_t k = 0; k < net.knows().size(); ++k)
            if (read[k]) info.push_back(net.knows()[k].node);
        for (NodeId x : options.extra_targets) info.push_back(x);
        for (std::size_t f = 0; f < net.fluents().size(); ++f) step.push_back(net.next_node(f));
        for (std::size_t r : agents)
            for (std::size_t q = 0; q < net.percepts(r).size(); ++q) step.push_back(net.sees_node(r, q));
        std::vector<char> state(C + net.knows().size(), 0);  // 0 new, 1 on the stack, 2 done
        info_order = order(info, state, true);
        step_order = order(step, state, false);
    }

    std::uint32_t unit_of(NodeId x) const {
        if (x == kNoNode) return UINT32_MAX;
        if (comp_of[x] != UINT32_MAX) return comp_of[x];
        if (knows_of[x] >= 0) return static_cast<std::uint32_t>(C + static_cast<std::size_t>(knows_of[x]));
        return UINT32_MAX;  // an input or a constant
    }

    std::vector<std::uint32_t> deps(std::uint32_t u) const {
        std::vector<std::uint32_t> out;
        if (u >= C) {
            std::uint32_t d = unit_of(net.knows()[u - C].inner);
            if (d != UINT32_MAX) out.push_back(d);
            return out;
        }
        for (NodeId x : net.component_nodes(u))
            for (const auto& rule : rules[x])
                for (const auto& l : rule) {
                    std::uint32_t d = unit_of(l.node);
                    if (d != UINT32_MAX && d != u) out.push_back(d);
                }
        return out;
    }

    bool reads_moves(std::uint32_t u, std::vector<char>& memo) const {  // memo: 0 ?, 1 no, 2 yes
        if (memo[u]) return memo[u] == 2;
        memo[u] = 1;
        bool yes = false;
        if (u < C)
            for (NodeId x : net.component_nodes(u))
                for (const auto& rule : rules[x])
                    for (const auto& l : rule)
                        if (does_inputs.count(l.node)) yes = true;
        for (std::uint32_t d : deps(u)) yes = yes || reads_moves(d, memo);
        memo[u] = yes ? 2 : 1;
        return yes;
    }
    std::unordered_set<NodeId> does_inputs;

    // Depth-first post-order of the units the targets need; a cycle through a knows input
    // is knowledge that is not hierarchical: not ours.
    std::vector<std::uint32_t> order(const std::vector<NodeId>& targets, std::vector<char>& state, bool info) {
        if (does_inputs.empty())
            for (std::size_t r = 0; r < net.roles().size(); ++r)
                for (std::size_t m = 0; m < net.moves(r).size(); ++m) does_inputs.insert(net.does_node(r, m));
        std::vector<std::uint32_t> out;
        std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> stack;
        for (NodeId t : targets) {
            std::uint32_t u = unit_of(t);
            if (u == UINT32_MAX || state[u]) continue;
            state[u] = 1;
            stack.push_back({u, deps(u)});
            while (!stack.empty()) {
                auto& [cur, ds] = stack.back();
                if (ds.empty()) {
                    state[cur] = 2;
                    out.push_back(cur);
                    stack.pop_back();
                    continue;
                }
                std::uint32_t d = ds.back();
                ds.pop_back();
                if (state[d] == 1) throw ground::NotApplicable("the knows literals of the rules are not hierarchical");
                if (state[d] == 0) {
                    state[d] = 1;
                    stack.push_back({d, deps(d)});
                }
            }
        }
        if (info) {
            std::vector<char> memo(C + net.knows().size(), 0);
            for (std::uint32_t u : out)
                if (reads_moves(u, memo))
                    throw ground::NotApplicable("a formula or a rule asks about the last moves where only the state is known");
        }
        return out;
    }

    // --- Evaluation of one level ---

    void reset_values() {
        val.assign(net.nodes(), bddfalse);
        done.assign(C + net.knows().size(), 0);
        for (std::size_t x = 0; x < net.nodes(); ++x)
            if (net.kind(static_cast<NodeId>(x)) == StepNetwork::Kind::True) val[x] = bddtrue;
        for (std::size_t f = 0; f < fluent.size(); ++f) val[net.true_node(f)] = fluent[f];
        for (auto& o : observers) o.d_primed_valid = false;
        negations.clear();
        info_ready = false;
    }

    // ¬f, once per level: BuDDy has no complement edges, so a negation builds a BDD as large
    // as f. A negated literal, the complement of a percept (one observation with it) and a
    // public answer's negation are the same few functions each level (Muddy Children n = 80:
    // a third of the time went to negating the same answers again).
    std::unordered_map<int, bdd> negations;
    const bdd& neg(const bdd& f) {
        auto it = negations.find(f.id());
        if (it != negations.end()) return it->second;
        bdd n = !f;
        negations.emplace(n.id(), f);
        return negations.emplace(f.id(), n).first->second;
    }

    bdd rule_value(const std::vector<StepNetwork::Literal>& rule) {
        bdd acc = bddtrue;
        for (const auto& l : rule) {
            const bdd& v = val[l.node];
            if (l.negated) {
                if (v == bddtrue) return bddfalse;
                if (v != bddfalse) acc = acc == bddtrue ? neg(v) : acc & neg(v);
            } else {
                if (v == bddfalse) return bddfalse;
                if (v != bddtrue) acc = acc == bddtrue ? v : acc & v;
            }
            if (acc == bddfalse) return bddfalse;
        }
        return acc;
    }
    bdd node_value(NodeId x) {
        bdd acc = bddfalse;
        for (const auto& rule : rules[x]) {
            bdd r = rule_value(rule);
            if (r == bddfalse) continue;
            acc = acc == bddfalse ? r : acc | r;
            if (acc == bddtrue) break;
        }
        return acc;
    }

    void run(const std::vector<std::uint32_t>& order_) {
        for (std::uint32_t u : order_) {
            if (done[u]) continue;
            manager.check();
            if (options.tick) options.tick();
            if (u >= C) {
                const auto& k = net.knows()[u - C];
                bdd p = k.inner == kNoNode ? bddfalse : val[k.inner];
                val[k.node] = k.role < 0 ? common(p) : knows(static_cast<std::size_t>(k.role), p);
            } else if (!net.component_recursive(u)) {
                for (NodeId x : net.component_nodes(u)) val[x] = node_value(x);
            } else {
                auto nodes = net.component_nodes(u);
                for (NodeId x : nodes) val[x] = bddfalse;
                for (bool changed = true; changed;) {
                    changed = false;
                    for (NodeId x : nodes) {
                        bdd v = node_value(x);
                        if (v != val[x]) val[x] = v, changed = true;
                    }
                }
            }
            done[u] = 1;
        }
    }

    void info() {
        if (!info_ready) run(info_order);
        info_ready = true;
    }

    // --- Knowledge ---

    std::size_t agent_index(std::size_t role) const {
        for (std::size_t i = 0; i < agents.size(); ++i)
            if (agents[i] == role) return i;
        return SIZE_MAX;
    }

    bdd knows(std::size_t role, const bdd& p) {
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
    const bdd& d_primed(Observer& o) {
        if (o.d_primed_valid) return o.d_primed;
        if (o.folded < o.obs.size()) {
            // Only H, H' in D matter (knows and post conjoin D' and read H in D): each
            // equality simplified with that care set (blind tic-tac-toe after three steps:
            // black's Eq 3.2 million nodes without, 0.85 million with).
            const bdd care = D & bdd_replace(D, o.pair);
            for (; o.folded < o.obs.size(); ++o.folded) {
                const bdd& g = o.obs[o.folded];
                bdd gp = bdd_replace(g, o.pair);
                if (gp != g) o.eq &= bdd_simplify(bdd_biimp(g, gp), care);
                manager.check();
            }
        }
        o.d_primed = o.eq & bdd_replace(D, o.pair);
        o.d_primed_valid = true;
        return o.d_primed;
    }

    bdd common(const bdd& p) {
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
    bdd post(std::size_t a, const bdd& x) {
        Observer& o = observers[a];
        if (o.obs.empty()) return D & bdd_exist(x, o.unseen_plain);
        if (!o.rel_valid) observation_relation(o);
        if (o.rel_fits) return D & bdd_veccompose(bdd_appex(x, o.rel, bddop_and, o.unseen_plain), o.subst);
        return bdd_replace(bdd_appex(x, d_primed(o), bddop_and, o.unseen_plain), o.unpair);
    }

    // o_i is the primed slot of a history variable at or below g_i's lowest variable (the
    // variables are in level order, so o_i sits just under what g_i reads), each slot once;
    // when the slots run out, post() uses Eq_r.
    void observation_relation(Observer& o) {
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
    bool common_at(const bdd& p, const bdd& at) {
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

    bdd formula(const NodeFormula& f) {
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

    // --- From one level to the next ---

    int new_var() {
        int v = static_cast<int>(vars++);
        if (2 * static_cast<int>(vars) > bdd_varnum()) manager.set_variables(std::max(2 * static_cast<int>(vars), 2 * bdd_varnum()));
        for (auto& o : observers) o.unseen.push_back(0);
        return v;
    }

    bdd code(const std::vector<int>& vs, std::size_t i) const {
        bdd c = bddtrue;
        for (std::size_t b = 0; b < vs.size(); ++b) {
            bool bit = (i >> (vs.size() - 1 - b)) & 1u;
            c &= bit ? bdd_ithvar(plain(vs[b])) : bdd_nithvar(plain(vs[b]));
        }
        return c;
    }

    // The moves of this level and D of the next; false when no development goes on.
    // `step`: the history's joint move of this level when only its closure is made (path()).
    void expand(const std::vector<std::int64_t>* step = nullptr) {
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
        observe(next_d, step ? &path_cube : nullptr);
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

    // Each agent's observation of this step. `path`: the history's development (its cube
    // through this step) when only its closure matters -- then a function every agent sees
    // (a public answer) is constant on the closure, so it restricts `next_d` to the path's
    // value (a public announcement as a conjunction) instead of joining each Eq_r.
    void observe(bdd& next_d, const bdd* path) {
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
        if (path)
            for (auto& cs : comps) {
                std::unordered_set<int> mine;
                for (const bdd& g : cs)
                    if (mine.insert(key(g)).second) ++seen_by[key(g)];
            }
        for (std::size_t a = 0; a < agents.size(); ++a) {
            Observer& o = observers[a];
            rebuild(o);
            std::unordered_set<int> ids;
            for (const bdd& g : comps[a]) {
                if (!ids.insert(key(g)).second) continue;
                if (path && seen_by[key(g)] == agents.size()) {
                    if (a == 0) next_d &= at(g, *path) ? g : neg(g);
                    continue;
                }
                // Only H in D_{k+1} matters: g simplified with that care set.
                bdd gs = bdd_simplify(g, next_d);
                if (bdd_replace(gs, o.pair) != gs) {
                    o.obs.push_back(gs);
                    o.rel_valid = false;
                }
                manager.check();
            }
        }
    }

    void rebuild(Observer& o) {
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

    // --- Reading one development ---

    // The cube of `history`'s first `steps` steps, or bddfalse when a move is not a candidate.
    bdd cube_of(const std::vector<std::vector<std::int64_t>>& history, std::size_t steps) const {
        bdd c = bddtrue;
        for (std::size_t t = 0; t < steps; ++t)
            for (std::size_t r = 0; r < history_moves[t].size(); ++r) {
                const RoleMoves& rm = history_moves[t][r];
                auto it = std::find(rm.cands.begin(), rm.cands.end(), static_cast<std::uint32_t>(history[t][r]));
                if (history[t][r] < 0 || it == rm.cands.end()) return bddfalse;
                if (!rm.vars.empty()) c &= code(rm.vars, static_cast<std::size_t>(it - rm.cands.begin()));
            }
        return c;
    }
    static bool at(const bdd& f, const bdd& cube) { return bdd_restrict(f, cube) == bddtrue; }

    // Enumerates assignments of `f` over history variables 0..vars-1 in order, 0 first.
    void enumerate(const bdd& f, std::size_t limit, const std::function<void(const std::vector<char>&)>& emit) {
        std::vector<char> a(vars, 0);
        std::size_t n = 0;
        std::function<void(const bdd&, std::size_t)> go = [&](const bdd& g, std::size_t v) {
            if (n >= limit || g == bddfalse) return;
            if (v == vars) {
                ++n;
                emit(a);
                return;
            }
            const bool tests = g != bddtrue && static_cast<std::size_t>(bdd_var(g) / 2) == v;
            for (int bit = 0; bit < 2; ++bit) {
                a[v] = static_cast<char>(bit);
                go(tests ? (bit ? bdd_high(g) : bdd_low(g)) : g, v + 1);
            }
        };
        go(f, 0);
    }

    BigCount count(const bdd& f) {
        std::unordered_map<int, BigCount> memo;
        auto var_of = [&](const bdd& g) -> std::size_t {
            return g == bddtrue || g == bddfalse ? vars : static_cast<std::size_t>(bdd_var(g) / 2);
        };
        std::function<BigCount(const bdd&)> go = [&](const bdd& g) -> BigCount {
            if (g == bddfalse) return {};
            if (g == bddtrue) return BigCount::one();
            auto it = memo.find(g.id());
            if (it != memo.end()) return it->second;
            const std::size_t v = var_of(g);
            bdd lo = bdd_low(g), hi = bdd_high(g);
            BigCount r = go(lo).shifted(var_of(lo) - v - 1);
            r.add(go(hi).shifted(var_of(hi) - v - 1));
            memo.emplace(g.id(), r);
            return r;
        };
        return go(f).shifted(var_of(f));
    }

    std::vector<std::vector<std::uint32_t>> moves_of(const std::vector<char>& a) const {
        bdd c = bddtrue;
        for (std::size_t v = 0; v < vars; ++v) c &= a[v] ? bdd_ithvar(plain(static_cast<int>(v))) : bdd_nithvar(plain(static_cast<int>(v)));
        std::vector<std::vector<std::uint32_t>> out;
        for (const auto& level_moves : history_moves) {
            std::vector<std::uint32_t> joint;
            for (const RoleMoves& rm : level_moves)
                for (std::size_t i = 0; i < rm.cands.size(); ++i)
                    if (at(rm.does[i], c)) {
                        joint.push_back(rm.cands[i]);
                        break;
                    }
            out.push_back(std::move(joint));
        }
        return out;
    }
};

std::vector<char> knows_read(const StepNetwork& net) {
    std::vector<char> read(net.knows().size(), 0);
    std::unordered_map<NodeId, std::size_t> index;
    for (std::size_t k = 0; k < net.knows().size(); ++k) index.emplace(net.knows()[k].node, k);
    for (std::size_t c = 0; c < net.components(); ++c)
        for (NodeId x : net.component_nodes(c))
            for (std::size_t i = 0; i < net.rule_count(x); ++i)
                for (const auto& l : net.rule(x, i))
                    if (auto it = index.find(l.node); it != index.end()) read[it->second] = 1;
    return read;
}

Developments::Developments(const StepNetwork& net, const std::vector<std::uint32_t>& init,
                           const DevelopmentOptions& options)
    : impl_(std::make_unique<Impl>(net, init, options)) {}

Developments::~Developments() = default;

ground::EpistemicPath Developments::path(const std::vector<std::vector<std::int64_t>>& history) {
    Impl& m = *impl_;
    const StepNetwork& net = m.net;
    if (m.level != 0) throw std::logic_error("Developments::path: only once, from the root");
    ground::EpistemicPath out;
    for (std::size_t t = 0;; ++t) {
        m.info();
        const bdd cube = m.cube_of(history, t);
        std::vector<std::uint32_t> known;
        for (std::size_t k = 0; k < net.knows().size(); ++k)
            if (m.read[k] && Impl::at(m.val[net.knows()[k].node], cube)) known.push_back(static_cast<std::uint32_t>(k));
        out.knows.push_back(std::move(known));
        out.level_sizes.push_back(0);
        if (t == history.size()) return out;
        if (net.terminal_node() != kNoNode && Impl::at(m.val[net.terminal_node()], cube)) {
            out.bad_step = static_cast<std::int64_t>(t);
            return out;
        }
        for (std::size_t r = 0; r < net.roles().size(); ++r) {
            const std::int64_t mv = history[t].at(r);
            auto legal = [&](std::size_t x) {
                NodeId l = net.legal_node(r, x);
                return l != kNoNode && Impl::at(m.val[l], cube);
            };
            if (mv >= 0 && legal(static_cast<std::size_t>(mv))) continue;
            out.bad_step = static_cast<std::int64_t>(t);
            out.bad_role = static_cast<std::int64_t>(r);
            for (std::uint32_t x : m.sorted_moves[r])
                if (legal(x)) out.legal.push_back(x);
            return out;
        }
        m.expand(&history[t]);
    }
}

bool Developments::holds(const NodeFormula& f, const std::vector<std::vector<std::int64_t>>& history) {
    Impl& m = *impl_;
    if (m.level != history.size()) throw std::logic_error("Developments::holds: after path(history)");
    m.info();
    const bdd cube = m.cube_of(history, history.size());
    if (f.kind == NodeFormula::Kind::Common) return m.common_at(m.formula(f.args.at(0)), cube);
    return Impl::at(m.formula(f) & m.D, cube);
}

SolveResult Developments::solve(const NodeFormula& f, std::size_t depth, std::size_t limit) {
    Impl& m = *impl_;
    if (m.level != 0) throw std::logic_error("Developments::solve: only once, from the root");
    SolveResult out;
    BigCount total;
    for (std::size_t d = 0;; ++d) {
        m.info();
        const bdd sols = m.formula(f) & m.D;
        BigCount n = m.count(sols);
        out.levels.push_back({d, m.count(m.D).decimal(), n.decimal()});
        total.add(n);
        if (out.histories.size() < limit)
            m.enumerate(sols, limit - out.histories.size(), [&](const std::vector<char>& a) {
                bdd c = bddtrue;
                for (std::size_t v = 0; v < m.vars; ++v)
                    c &= a[v] ? bdd_ithvar(plain(static_cast<int>(v))) : bdd_nithvar(plain(static_cast<int>(v)));
                std::vector<std::uint32_t> state;
                for (std::size_t x = 0; x < m.fluent.size(); ++x)
                    if (Impl::at(m.fluent[x], c)) state.push_back(static_cast<std::uint32_t>(x));
                out.histories.push_back(m.moves_of(a));
                out.states.push_back(std::move(state));
            });
        if (d >= depth) break;
        m.expand();
        if (m.D == bddfalse) break;
    }
    out.count = total.decimal();
    return out;
}

DevelopmentStats Developments::stats() const {
    DevelopmentStats s;
    s.levels = impl_->level;
    s.variables = impl_->vars;
    impl_->manager.check();
    s.peak_nodes = impl_->manager.peak_nodes();
    s.final_nodes = static_cast<std::size_t>(bdd_nodecount(impl_->D));
    s.knows_evaluated = impl_->knows_evaluated;
    return s;
}

}  // namespace gdlsc::symbolic
