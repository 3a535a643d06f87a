// PairProver::Impl (pair_bdd_impl.h): one role's relation on pairs of states in two phases of
// clusters, its image, and the pairs that violate a property.

#include "symbolic/pair_bdd_impl.h"

namespace gdlsc::symbolic {

// The variables `b` reads (detail::support).
std::vector<int> PairProver::Impl::support_vars(const bdd& b) const {
    const std::vector<char> in = detail::support(b, nvars);
    std::vector<int> out;
    for (int v = 0; v < nvars; ++v)
        if (in[static_cast<std::size_t>(v)]) out.push_back(v);
    return out;
}

PairProver::Impl::Phase PairProver::Impl::phase(const std::vector<bdd>& parts, const std::vector<int>& quantify_vars) {
    Phase ph;
    bdd acc = bddtrue;
    std::size_t acc_nodes = 0;
    for (const bdd& p : parts) {
        // Two operands already past the bound together are not conjoined at all: their
        // product can be far larger than both (Blind Breakthrough's legal moves and next
        // functions: minutes, never returned).
        const auto p_nodes = static_cast<std::size_t>(bdd_nodecount(p));
        if (acc != bddtrue && acc_nodes + p_nodes > opt.cluster_nodes) {
            ph.clusters.push_back(acc);
            acc = p, acc_nodes = p_nodes;
            continue;
        }
        bdd c = acc & p;
        const auto c_nodes = static_cast<std::size_t>(bdd_nodecount(c));
        if (acc != bddtrue && c_nodes > opt.cluster_nodes) {
            ph.clusters.push_back(acc);
            acc = p, acc_nodes = p_nodes;
        } else {
            acc = c, acc_nodes = c_nodes;
        }
        manager.check();
    }
    ph.clusters.push_back(acc);
    std::vector<int> last(static_cast<std::size_t>(nvars), 0);
    for (std::size_t i = 0; i < ph.clusters.size(); ++i)
        for (int v : support_vars(ph.clusters[i])) last[static_cast<std::size_t>(v)] = static_cast<int>(i);
    std::vector<std::vector<int>> q(ph.clusters.size());
    for (int v : quantify_vars) q[static_cast<std::size_t>(last[static_cast<std::size_t>(v)])].push_back(v);
    for (auto& vs : q) ph.quantify.push_back(bdd_makeset(vs.data(), static_cast<int>(vs.size())));
    manager.rethrow_pending();
    return ph;
}

// The step of a pair in two phases, one per copy: copy 1 moves (x, m1 -> x') and writes the
// role's percepts into variables both copies share; copy 2 moves (y, m2 -> y') with the same
// percepts and the same move of the role. Copy 1's state and the other roles' moves are
// gone after phase 1, so the moves of both copies are never in one product.
PairProver::Impl::Relation PairProver::Impl::relation(std::size_t role, const std::vector<char>* keep) {
    Relation rel;
    bdd same_move = bddtrue;
    std::vector<bdd> same_percepts;  // per percept, for the guard (never conjoined: two copies' percepts)
    for (std::size_t k = 0; k < m1[role].size(); ++k) same_move &= bdd_biimp(bdd_ithvar(m1[role][k]), bdd_ithvar(m2[role][k]));
    std::vector<NodeId> sees;
    for (std::size_t p = 0; p < net.percepts(role).size(); ++p) sees.push_back(net.sees_node(role, p));
    evaluate(sees);
    std::vector<bdd> parts1{!t1}, parts2{!t2, same_move};
    parts1.insert(parts1.end(), l1.begin(), l1.end());
    parts2.insert(parts2.end(), l2.begin(), l2.end());
    for (const bdd& d : cut_def) parts1.push_back(d), parts2.push_back(copy2(d));
    for (std::size_t p = 0; p < sees.size(); ++p) {
        bdd s1 = node(sees[p]), s2 = copy2(s1), v = bdd_ithvar(pv[role][p]);
        same_percepts.push_back(bdd_biimp(s1, s2));
        parts1.push_back(bdd_biimp(v, s1));
        parts2.push_back(bdd_biimp(v, s2));
        manager.check();
    }
    rel.guard = {!t1, !t2, same_move};
    rel.guard.insert(rel.guard.end(), l1.begin(), l1.end());
    rel.guard.insert(rel.guard.end(), l2.begin(), l2.end());
    for (const bdd& d : cut_def) rel.guard.push_back(d), rel.guard.push_back(copy2(d));
    rel.guard.insert(rel.guard.end(), same_percepts.begin(), same_percepts.end());
    rel.diff_moves = bddfalse;
    for (std::size_t r = 0; r < m1.size(); ++r)
        if (r != role)
            for (std::size_t k = 0; k < m1[r].size(); ++k) rel.diff_moves |= bdd_xor(bdd_ithvar(m1[r][k]), bdd_ithvar(m2[r][k]));
    for (std::size_t i = 0; i < order.size(); ++i)
        if (!keep || (*keep)[order[i]]) parts1.push_back(next_x[i]), parts2.push_back(next_y[i]);
    std::vector<int> q1(x.begin(), x.end()), q2(y.begin(), y.end());
    for (std::size_t r = 0; r < m1.size(); ++r) {
        (r == role ? q2 : q1).insert(r == role ? q2.end() : q1.end(), m1[r].begin(), m1[r].end());
        q2.insert(q2.end(), m2[r].begin(), m2[r].end());
    }
    q2.insert(q2.end(), pv[role].begin(), pv[role].end());
    q1.insert(q1.end(), cut1.begin(), cut1.end());
    q2.insert(q2.end(), cut2.begin(), cut2.end());
    rel.phases.push_back(phase(parts1, q1));
    rel.phases.push_back(phase(parts2, q2));
    return rel;
}

const PairProver::Impl::Relation& PairProver::Impl::relation_of(std::size_t role) {
    auto it = relations.find(role);
    if (it == relations.end()) it = relations.emplace(role, relation(role)).first;
    return it->second;
}

bdd PairProver::Impl::image(const bdd& from, const Relation& rel) {
    bdd acc = from;
    for (const Phase& ph : rel.phases)
        for (std::size_t i = 0; i < ph.clusters.size() && acc != bddfalse; ++i) {
            acc = bdd_appex(acc, ph.clusters[i], bddop_and, ph.quantify[i]);
            manager.check();
        }
    return bdd_replace(acc, unprime);
}

std::vector<PairProver::Impl::Violation> PairProver::Impl::violations(std::size_t role, PairProperty p) {
    auto differ = [&](const std::vector<NodeId>& nodes) {
        evaluate(nodes);
        std::vector<Difference> out;
        for (NodeId v : nodes) {
            bdd a = node(v);
            if (a == bddtrue || a == bddfalse) continue;  // the same in both copies
            bdd a2 = copy2(a);
            if (bdd_nodecount(a) <= kXorNodes) out.push_back({a, bddfalse, a2, bddfalse, bdd_xor(a, a2)});
            else out.push_back({a, !a, a2, !a2, bddfalse});
        }
        return out;
    };
    switch (p) {
        case PairProperty::LegalKnowledge: {
            std::vector<NodeId> legal;
            for (std::size_t m = 0; m < net.moves(role).size(); ++m) legal.push_back(net.legal_node(role, m));
            std::vector<Difference> any = differ(legal);
            if (any.empty()) return {};
            return {{{!t1, !t2}, any}};
        }
        case PairProperty::TerminalKnowledge: return {{{t1, !t2}, {}}, {{!t1, t2}, {}}};
        case PairProperty::GoalKnowledge: {
            std::vector<NodeId> goals;
            for (std::size_t g = 0; g < net.goal_values(role).size(); ++g) goals.push_back(net.goal_node(role, g));
            std::vector<Difference> any = differ(goals);
            if (any.empty()) return {};
            return {{{t1, t2}, any}};
        }
        default: return {};
    }
}

// Whether a AND b is satisfiable, without building the conjunction: the product with every
// variable quantified is a constant (on Krieg-TicTacToe the per-move checks of
// legal-knowledge took a third of the search as conjunctions).
bool PairProver::Impl::intersects(const bdd& a, const bdd& b) {
    if (all_vars == bddtrue) {
        std::vector<int> vs(static_cast<std::size_t>(nvars));
        for (int i = 0; i < nvars; ++i) vs[static_cast<std::size_t>(i)] = i;
        all_vars = bdd_makeset(vs.data(), nvars);
    }
    return bdd_appex(a, b, bddop_and, all_vars) != bddfalse;
}

// The violating pairs of `level` (false when none).
bdd PairProver::Impl::violating(const bdd& level, const std::vector<Violation>& vs) {
    for (const Violation& v : vs) {
        bdd g = level;
        for (const bdd& a : v.all) {
            if (g == bddfalse) break;
            g &= a;
        }
        manager.check();
        if (g == bddfalse) continue;
        if (v.differ.empty()) return g;
        for (const Difference& d : v.differ) {
            if (d.x != bddfalse) {
                if (intersects(g, d.x)) return g & d.x;
                continue;
            }
            // g AND a1 AND NOT a2, then g AND NOT a1 AND a2: each product restricted by g first
            for (const auto& [one, two] : {std::pair{&d.a1, &d.not_a2}, std::pair{&d.not_a1, &d.a2}}) {
                const bdd h = g & *one;
                if (h != bddfalse && intersects(h, *two)) return h & *two;
            }
            manager.check();
        }
    }
    return bddfalse;
}

}  // namespace gdlsc::symbolic
