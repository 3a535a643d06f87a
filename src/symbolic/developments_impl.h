// Private to src/symbolic (included by the developments*.cpp files only; no public header names
// a BuDDy type): Developments' implementation, one struct whose members are defined by concept in
//   developments_network.cpp    reading the network (rules, components, evaluation orders) and
//                               evaluating one level's nodes
//   developments_knowledge.cpp  knowledge: knows, common, post, the observation relation, formulas
//   developments_level.cpp      from one level to the next (expand, observe, rebuild)
//   developments.cpp            reading developments (count, enumerate) and Developments' public
//                               methods (path, holds, solve)
// developments.cpp's header comment has the algorithm. The types below were local to
// developments.cpp; they are named in src/symbolic only.
#pragma once
#include <bdd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "symbolic/developments.h"
#include "symbolic/manager.h"

namespace gdlsc::symbolic {

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
    // solve() after path(): the developments that extend the history (within D), or
    // bddtrue when solve() starts at the root (see observe()).
    bdd frontier = bddtrue;
    std::vector<std::vector<std::uint32_t>> path_moves;  // path(): the history's joint moves
    bool from_history = false;

    Impl(const StepNetwork& n, const std::vector<std::uint32_t>& init, const DevelopmentOptions& o)
        : net(n), options(o), manager(o.max_nodes, o.stop, 1 << 14) {
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

    // --- The network: rules, components, evaluation orders (developments_network.cpp) ---

    void read_network();
    std::uint32_t unit_of(NodeId x) const;
    std::vector<std::uint32_t> deps(std::uint32_t u) const;
    bool reads_moves(std::uint32_t u, std::vector<char>& memo) const;
    std::unordered_set<NodeId> does_inputs;

    std::vector<std::uint32_t> order(const std::vector<NodeId>& targets, std::vector<char>& state, bool info);

    // --- Evaluation of one level (developments_network.cpp) ---

    void reset_values();

    // ¬f, once per level: BuDDy has no complement edges, so a negation builds a BDD as large
    // as f. A negated literal, the complement of a percept (one observation with it) and a
    // public answer's negation are the same few functions each level (Muddy Children n = 80:
    // a third of the time went to negating the same answers again).
    std::unordered_map<int, bdd> negations;
    const bdd& neg(const bdd& f);
    bdd rule_value(const std::vector<StepNetwork::Literal>& rule);
    bdd node_value(NodeId x);
    void run(const std::vector<std::uint32_t>& order_);
    void info();

    // --- Knowledge (developments_knowledge.cpp) ---

    std::size_t agent_index(std::size_t role) const;
    bdd knows(std::size_t role, const bdd& p);
    const bdd& d_primed(Observer& o);
    bdd common(const bdd& p);
    bdd post(std::size_t a, const bdd& x);
    void observation_relation(Observer& o);
    bool common_at(const bdd& p, const bdd& at);
    bdd formula(const NodeFormula& f);

    // --- From one level to the next (developments_level.cpp) ---

    int new_var();
    bdd code(const std::vector<int>& vs, std::size_t i) const;
    void expand(const std::vector<std::int64_t>* step = nullptr);
    void observe(bdd& next_d, const bdd* front);
    void rebuild(Observer& o);
    std::vector<int> history_vars(const bdd& f) const;

    // --- Reading one development (developments.cpp) ---

    bdd cube_of(const std::vector<std::vector<std::int64_t>>& history, std::size_t steps) const;
    static bool at(const bdd& f, const bdd& cube);
    void enumerate(const bdd& f, std::size_t limit, const std::function<void(const std::vector<char>&)>& emit);
    BigCount count(const bdd& f);
    std::vector<std::vector<std::uint32_t>> moves_of(const std::vector<char>& a) const;
};

}  // namespace gdlsc::symbolic
