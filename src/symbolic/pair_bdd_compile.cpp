// PairProver::Impl (pair_bdd_impl.h): the variables (their order, the move codes) and the step
// network compiled to BDDs in copy 1 (the circuit, its cut points, terminal, legal, next).
#include <algorithm>
#include <chrono>

#include "ground/grounder.h"
#include "symbolic/pair_bdd_impl.h"
#include "symbolic/variable_order.h"

namespace gdlsc::symbolic {

namespace {

int bits_for(std::size_t n) {
    int b = 0;
    while ((std::size_t(1) << b) < n) ++b;
    return b;
}

}  // namespace

// The move m of role r as a full code: one-hot, its variable set and every other one of
// the role's clear (not the variable alone: a function that reads the moves, such as
// OR_m (does(r, m) AND C_m(x)), would then depend on every subset of the variables set,
// exponential when the moves sit above the fluents; with the cube it is linear, and the
// relation conjoins exactly one move per role anyway). hanoi's step did not compile in
// 8 s with the variable alone. A role whose moves sit with their coordinates' fluents
// (Krieg-TicTacToe's marks) keeps the variable alone: there the functions are local, and
// the cube made the search 4 times slower.
bdd PairProver::Impl::move_code(std::size_t r, std::size_t m, const std::vector<std::vector<int>>& vars) const {
    const auto& v = vars[r];
    if (opt.moves == MoveEncoding::OneHot) {
        if (!move_cube[r]) return bdd_ithvar(v[m]);
        bdd c = bddtrue;
        for (std::size_t k = v.size(); k-- > 0;) c &= k == m ? bdd_ithvar(v[k]) : bdd_nithvar(v[k]);
        return c;
    }
    bdd c = bddtrue;
    for (std::size_t k = 0; k < v.size(); ++k) c &= (m >> k) & 1 ? bdd_ithvar(v[k]) : bdd_nithvar(v[k]);
    return c;
}

// The move m as a full code whatever the encoding (one-hot: its variable set, the rest of
// the role's clear).
bdd PairProver::Impl::full_code(std::size_t r, std::size_t m, const std::vector<std::vector<int>>& vars) const {
    if (opt.moves != MoveEncoding::OneHot || move_cube[r]) return move_code(r, m, vars);
    const auto& v = vars[r];
    bdd c = bddtrue;
    for (std::size_t k = v.size(); k-- > 0;) c &= k == m ? bdd_ithvar(v[k]) : bdd_nithvar(v[k]);
    return c;
}

std::uint32_t PairProver::Impl::move_index(std::size_t r, const std::vector<char>& val,
                                           const std::vector<std::vector<int>>& vars) const {
    const auto& v = vars[r];
    if (opt.moves == MoveEncoding::OneHot) {
        for (std::size_t m = 0; m < v.size(); ++m)
            if (val[static_cast<std::size_t>(v[m])]) return static_cast<std::uint32_t>(m);
        return 0;
    }
    std::uint32_t m = 0;
    for (std::size_t k = 0; k < v.size(); ++k)
        if (val[static_cast<std::size_t>(v[k])]) m |= 1u << k;
    return m;
}

void PairProver::Impl::layout() {
    const std::size_t nf = net.fluents().size(), nr = net.roles().size();
    switch (opt.order) {
        case VariableOrder::Network:
            order.resize(nf);
            for (std::uint32_t f = 0; f < nf; ++f) order[f] = f;
            break;
        case VariableOrder::Sorted: order = sorted_fluents(net); break;
        case VariableOrder::Structure: order = coordinate_fluents(net); break;
    }
    // A variable defined by a function of the state (a percept, a cut) just below the last
    // fluent its function reads.
    std::vector<NodeId> roots;
    for (std::size_t r = 0; r < nr; ++r)
        for (std::size_t p = 0; p < net.percepts(r).size(); ++p) roots.push_back(net.sees_node(r, p));
    roots.insert(roots.end(), cuts.begin(), cuts.end());
    const std::vector<std::int64_t> anchor = last_fluent_positions(net, order, roots);
    std::vector<std::vector<std::size_t>> after(nf + 1);  // per position + 1: the roots placed there
    for (std::size_t i = 0; i < roots.size(); ++i) after[static_cast<std::size_t>(anchor[i] + 1)].push_back(i);
    std::vector<int> root_var(roots.size()), root_var2(roots.size());
    int v = 0;
    m1.assign(nr, {}), m2.assign(nr, {});
    // One-hot moves sit with the fluents of their coordinates (a move's variable is read
    // where its cell is); binary codes and moves without coordinates come first.
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> moves_after(nf + 1);
    if (opt.moves == MoveEncoding::OneHot) {
        const std::vector<std::int64_t> mpos = move_positions(net, order);
        std::size_t k = 0;
        move_cube.assign(nr, 1);
        for (std::size_t r = 0; r < nr; ++r) {
            for (std::size_t m = 0; m < net.moves(r).size(); ++m)
                if (mpos[k + m] >= 0) move_cube[r] = 0;
            m1[r].assign(net.moves(r).size(), 0), m2[r].assign(net.moves(r).size(), 0);
            for (std::size_t m = 0; m < net.moves(r).size(); ++m, ++k)
                moves_after[static_cast<std::size_t>(mpos[k] + 1)].push_back({r, m});
        }
    } else {
        for (std::size_t r = 0; r < nr; ++r)
            for (int i = 0; i < bits_for(net.moves(r).size()); ++i) m1[r].push_back(v++), m2[r].push_back(v++);
    }
    x.assign(nf, 0), y.assign(nf, 0), xp.assign(nf, 0), yp.assign(nf, 0);
    for (std::size_t pos = 0; pos <= nf; ++pos) {
        if (pos > 0) {
            const std::uint32_t f = order[pos - 1];
            x[f] = v++, y[f] = v++, xp[f] = v++, yp[f] = v++;
        }
        for (auto [r, m] : moves_after[pos]) m1[r][m] = v++, m2[r][m] = v++;
        for (std::size_t i : after[pos]) root_var[i] = v++, root_var2[i] = v++;
    }
    pv.assign(nr, {});
    std::size_t i = 0;
    for (std::size_t r = 0; r < nr; ++r)
        for (std::size_t p = 0; p < net.percepts(r).size(); ++p) pv[r].push_back(root_var[i++]);
    cut1.clear(), cut2.clear();
    for (std::size_t c = 0; c < cuts.size(); ++c, ++i) cut1.push_back(root_var[i]), cut2.push_back(root_var2[i]);
    nvars = v;
    manager.set_variables(nvars);
    if (opt.reorder) {
        for (std::size_t r = 0; r < nr; ++r)
            for (std::size_t k = 0; k < m1[r].size(); ++k) bdd_intaddvarblock(m1[r][k], m2[r][k], BDD_REORDER_FIXED);
        for (std::size_t k = 0; k < roots.size(); ++k) bdd_intaddvarblock(root_var[k], root_var2[k], BDD_REORDER_FIXED);
        for (std::uint32_t f : order) bdd_intaddvarblock(x[f], yp[f], BDD_REORDER_FIXED);
        bdd_autoreorder(BDD_REORDER_SIFT);
    }
    to_copy2 = bdd_newpair();
    unprime = bdd_newpair();
    std::vector<int> xs, q;
    for (std::size_t f = 0; f < nf; ++f) {
        bdd_setpair(to_copy2, x[f], y[f]);
        bdd_setpair(unprime, xp[f], x[f]);
        bdd_setpair(unprime, yp[f], y[f]);
        xs.push_back(x[f]), xs.push_back(y[f]);
    }
    q = xs;
    for (std::size_t r = 0; r < nr; ++r)
        for (std::size_t k = 0; k < m1[r].size(); ++k) {
            bdd_setpair(to_copy2, m1[r][k], m2[r][k]);
            q.push_back(m1[r][k]), q.push_back(m2[r][k]);
        }
    for (std::size_t c = 0; c < cuts.size(); ++c) bdd_setpair(to_copy2, cut1[c], cut2[c]);
    xy_set = bdd_makeset(xs.data(), static_cast<int>(xs.size()));
    quantified = bdd_makeset(q.data(), static_cast<int>(q.size()));
    manager.rethrow_pending();
}

void PairProver::Impl::index_nodes() {
    const std::size_t n = net.nodes();
    fluent_of.assign(n, -1), role_of.assign(n, -1), move_of.assign(n, -1);
    for (std::size_t f = 0; f < net.fluents().size(); ++f) fluent_of[net.true_node(f)] = static_cast<std::int64_t>(f);
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) {
            role_of[net.does_node(r, m)] = static_cast<std::int64_t>(r);
            move_of[net.does_node(r, m)] = static_cast<std::int64_t>(m);
        }
    component_of.assign(n, UINT32_MAX);
    for (std::size_t c = 0; c < net.components(); ++c)
        for (NodeId v : net.component_nodes(c)) component_of[v] = static_cast<std::uint32_t>(c);
    value.assign(n, bddfalse);
    done.assign(n, 0);
}

const bdd& PairProver::Impl::literal_base(NodeId v) {
    if (done[v]) return value[v];
    switch (net.kind(v)) {
        case Kind::True: value[v] = bddtrue; break;
        case Kind::False: value[v] = bddfalse; break;
        case Kind::Input:
            if (fluent_of[v] >= 0) value[v] = bdd_ithvar(x[static_cast<std::size_t>(fluent_of[v])]);
            else if (role_of[v] >= 0)
                value[v] = move_code(static_cast<std::size_t>(role_of[v]), static_cast<std::size_t>(move_of[v]), m1);
            else throw ground::NotApplicable("the BDD engine does not take knows in the rules (GDL-III)");
            break;
        case Kind::Derived: return value[v];  // being computed (its component's iteration)
    }
    done[v] = 1;
    return value[v];
}

bdd PairProver::Impl::rules_of(NodeId v) {
    bdd any = bddfalse;
    for (std::size_t i = 0; i < net.rule_count(v); ++i) {
        bdd all = bddtrue;
        for (const auto& lit : net.rule(v, i)) {
            const bdd& b = literal_base(lit.node);
            all &= lit.negated ? !b : b;
            if (all == bddfalse) break;
        }
        any |= all;
        if (any == bddtrue) break;
    }
    return any;
}

// Computes the value of every node the targets need (each component whole, in order).
void PairProver::Impl::evaluate(const std::vector<NodeId>& targets) {
    std::vector<char> needed(net.components(), 0);
    std::vector<NodeId> stack;
    for (NodeId t : targets)
        if (t != ground::kNoNode && !done[t]) stack.push_back(t);
    std::vector<char> seen(net.nodes(), 0);
    while (!stack.empty()) {
        NodeId v = stack.back();
        stack.pop_back();
        if (seen[v] || done[v] || net.kind(v) != Kind::Derived) continue;
        seen[v] = 1;
        const std::uint32_t c = component_of[v];
        needed[c] = 1;
        for (NodeId w : net.component_nodes(c)) {
            seen[w] = 1;
            for (std::size_t i = 0; i < net.rule_count(w); ++i)
                for (const auto& lit : net.rule(w, i))
                    if (!seen[lit.node] && !done[lit.node]) stack.push_back(lit.node);
        }
    }
    for (std::size_t c = 0; c < net.components(); ++c) {
        if (!needed[c]) continue;
        const std::vector<NodeId> nodes = net.component_nodes(c);
        if (!net.component_recursive(c)) {
            for (NodeId v : nodes) {
                manager.check();
                value[v] = rules_of(v), done[v] = 1;
                if (cut_of[v] >= 0) {  // readers see the cut's variable; the part says what it is
                    const auto k = static_cast<std::size_t>(cut_of[v]);
                    cut_def[k] = bdd_biimp(bdd_ithvar(cut1[k]), value[v]);
                    value[v] = bdd_ithvar(cut1[k]);
                }
            }
        } else {  // least fixpoint from all-false (positive loops only: stratified)
            for (NodeId v : nodes) value[v] = bddfalse;
            for (bool changed = true; changed;) {
                changed = false;
                for (NodeId v : nodes) {
                    bdd nv = rules_of(v);
                    if (nv != value[v]) value[v] = nv, changed = true;
                }
                manager.check();
            }
            for (NodeId v : nodes) done[v] = 1;
        }
        manager.check();
    }
}

bdd PairProver::Impl::node(NodeId v) {
    if (v == ground::kNoNode) return bddfalse;
    if (!done[v] && net.kind(v) == Kind::Derived) evaluate({v});
    return literal_base(v);
}

bdd PairProver::Impl::copy2(const bdd& b) const { return bdd_replace(b, to_copy2); }

void PairProver::Impl::compile() {
    const auto t0 = std::chrono::steady_clock::now();
    if (!net.knows().empty()) throw ground::NotApplicable("the BDD engine does not take knows in the rules (GDL-III)");
    choose_cuts();
    layout();
    index_nodes();
    cut_of.assign(net.nodes(), -1);
    for (std::size_t k = 0; k < cuts.size(); ++k) cut_of[cuts[k]] = static_cast<std::int64_t>(k);
    cut_def.assign(cuts.size(), bddtrue);
    std::vector<NodeId> targets{net.terminal_node()};
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) targets.push_back(net.legal_node(r, m));
    for (std::size_t f = 0; f < net.fluents().size(); ++f) targets.push_back(net.next_node(f));
    evaluate(targets);
    t1 = node(net.terminal_node());
    t2 = copy2(t1);
    l1.clear(), l2.clear();
    for (std::size_t r = 0; r < net.roles().size(); ++r) {
        // OR_m (m's full code AND legal_m(x)): with the move's variable alone and exactly
        // one conjoined after, the disjunction depends on every subset of the variables set
        // (Blind Breakthrough's legal moves did not compile in 40 s).
        bdd any = bddfalse;
        for (std::size_t m = 0; m < net.moves(r).size(); ++m)
            any |= full_code(r, m, m1) & node(net.legal_node(r, m));
        l1.push_back(any);
        l2.push_back(copy2(any));
        manager.check();
    }
    diagonal = bddtrue;
    init = bddtrue;
    init1 = bddtrue;
    std::vector<char> in_init(net.fluents().size(), 0);
    for (std::uint32_t f : net.initial_fluents()) in_init[f] = 1;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const std::uint32_t f = *it;
        diagonal &= bdd_biimp(bdd_ithvar(x[f]), bdd_ithvar(y[f]));
        init &= in_init[f] ? bdd_ithvar(x[f]) & bdd_ithvar(y[f]) : bdd_nithvar(x[f]) & bdd_nithvar(y[f]);
        init1 &= in_init[f] ? bdd_ithvar(x[f]) : bdd_nithvar(x[f]);
    }
    next_x.clear(), next_y.clear();
    for (std::uint32_t f : order) {
        bdd n1 = mutation.drop_next_fluent && *mutation.drop_next_fluent == f ? bddfalse : node(net.next_node(f));
        next_x.push_back(bdd_biimp(bdd_ithvar(xp[f]), n1));
        next_y.push_back(bdd_biimp(bdd_ithvar(yp[f]), copy2(n1)));
        manager.check();
    }
    compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Cut points: a derived node that depends on the moves and that the rules of many other
// nodes read (Krieg-TicTacToe's validmove: every next and sees function) gets a variable
// per copy, so that each reader's function is local and the fluents it reads can be
// quantified as soon as their own next functions are in the product.
void PairProver::Impl::choose_cuts() {
    cuts.clear();
    if (opt.cut_readers == 0) return;
    const std::size_t n = net.nodes();
    std::vector<char> on_moves(n, 0);  // its function reads a does input
    std::vector<std::size_t> readers(n, 0);
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) on_moves[net.does_node(r, m)] = 1;
    for (std::size_t c = 0; c < net.components(); ++c)
        for (NodeId v : net.component_nodes(c)) {
            std::vector<NodeId> read;
            for (std::size_t i = 0; i < net.rule_count(v); ++i)
                for (const auto& lit : net.rule(v, i)) read.push_back(lit.node);
            std::sort(read.begin(), read.end());
            read.erase(std::unique(read.begin(), read.end()), read.end());
            for (NodeId w : read) {
                on_moves[v] |= on_moves[w];
                ++readers[w];
            }
        }
    for (std::size_t c = 0; c < net.components(); ++c) {
        if (net.component_recursive(c)) continue;
        for (NodeId v : net.component_nodes(c))
            if (on_moves[v] && readers[v] >= opt.cut_readers) cuts.push_back(v);
    }
}

bdd PairProver::Impl::exactly_one(const std::vector<int>& vars) {
    bdd none = bddtrue, one = bddfalse;  // no variable set so far; exactly one set so far
    for (int v : vars) {
        one = (one & bdd_nithvar(v)) | (none & bdd_ithvar(v));
        none &= bdd_nithvar(v);
    }
    return one;
}

}  // namespace gdlsc::symbolic
