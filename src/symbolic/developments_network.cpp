// Developments::Impl (developments_impl.h): the network read once (rules, components, the
// evaluation orders of the info and step passes) and one level's nodes evaluated as BDDs.
#include <algorithm>
#include <numeric>

#include "symbolic/developments_impl.h"

namespace gdlsc::symbolic {

void Developments::Impl::read_network() {
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

std::uint32_t Developments::Impl::unit_of(NodeId x) const {
    if (x == kNoNode) return UINT32_MAX;
    if (comp_of[x] != UINT32_MAX) return comp_of[x];
    if (knows_of[x] >= 0) return static_cast<std::uint32_t>(C + static_cast<std::size_t>(knows_of[x]));
    return UINT32_MAX;  // an input or a constant
}

std::vector<std::uint32_t> Developments::Impl::deps(std::uint32_t u) const {
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

bool Developments::Impl::reads_moves(std::uint32_t u, std::vector<char>& memo) const {  // memo: 0 ?, 1 no, 2 yes
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

// Depth-first post-order of the units the targets need; a cycle through a knows input
// is knowledge that is not hierarchical: not ours.
std::vector<std::uint32_t> Developments::Impl::order(const std::vector<NodeId>& targets, std::vector<char>& state,
                                                     bool info) {
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

void Developments::Impl::reset_values() {
    val.assign(net.nodes(), bddfalse);
    done.assign(C + net.knows().size(), 0);
    for (std::size_t x = 0; x < net.nodes(); ++x)
        if (net.kind(static_cast<NodeId>(x)) == StepNetwork::Kind::True) val[x] = bddtrue;
    for (std::size_t f = 0; f < fluent.size(); ++f) val[net.true_node(f)] = fluent[f];
    for (auto& o : observers) o.d_primed_valid = false;
    negations.clear();
    info_ready = false;
}

const bdd& Developments::Impl::neg(const bdd& f) {
    auto it = negations.find(f.id());
    if (it != negations.end()) return it->second;
    bdd n = !f;
    negations.emplace(n.id(), f);
    return negations.emplace(f.id(), n).first->second;
}

bdd Developments::Impl::rule_value(const std::vector<StepNetwork::Literal>& rule) {
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

bdd Developments::Impl::node_value(NodeId x) {
    bdd acc = bddfalse;
    for (const auto& rule : rules[x]) {
        bdd r = rule_value(rule);
        if (r == bddfalse) continue;
        acc = acc == bddfalse ? r : acc | r;
        if (acc == bddtrue) break;
    }
    return acc;
}

void Developments::Impl::run(const std::vector<std::uint32_t>& order_) {
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

void Developments::Impl::info() {
    if (!info_ready) run(info_order);
    info_ready = true;
}

}  // namespace gdlsc::symbolic
