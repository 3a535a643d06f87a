// The BDD engine (see pair_bdd.h): the step network compiled to BDDs, then breadth-first
// images of the pair set. doc/knowledge.md, "The BDD engine", has the measurements behind
// each choice below.
//
//   variables   per fluent f, in the order of variable_order.h: x_f y_f x'_f y'_f (now and
//               next, copy 1 and copy 2), so that renaming a copy or priming keeps the order;
//               a move is one variable per copy (one-hot, exactly one per role), placed after
//               the fluents of its coordinates ((mark 1 2) after (cell 1 2 x)), or first if
//               it has none (binary codes: always first); a variable defined by a function
//               (a percept of the role, a cut point) just below the last fluent it reads
//   circuit     per derived node, in component order: OR over its rules of the AND of their
//               literals' BDDs; a recursive component from all-false to its least fixpoint;
//               inputs: true(f) = x_f, does(r, m) = r's move variable(s) in copy 1; a cut
//               point (a node that reads the moves and that many rules read) is read as its
//               own variable, defined by a part of the relation (cut <-> its function)
//   copy 2      every copy-1 function renamed x -> y, m1 -> m2, cut1 -> cut2
//   relation    Pair(x, y) -> Pair(x', y') iff  not terminal(x), not terminal(y), the joint moves
//               m1 legal in x and m2 in y (every role, random too), r's move equal in m1 and m2,
//               each percept of r the same after (x, m1) and (y, m2), and x'_f = next_f(x, m1),
//               y'_f = next_f(y, m2) for every fluent (false without a next rule)
//   image       two phases, one per copy: copy 1 steps (x, m1 -> x') and writes r's percepts
//               into variables both copies share; copy 2 steps (y, m2 -> y') with the same
//               percepts and the same move of r. Each phase is a list of parts (terminal,
//               legal, cut and percept definitions, then the next functions in variable
//               order) conjoined into clusters of at most BddOptions::cluster_nodes nodes; a
//               variable is quantified with the last cluster that reads it (bdd_appex), and
//               the result renamed x' -> x, y' -> y. The moves of the two copies are never in
//               one product.
//
//     reached := F_0 := {(s0, s0)}
//     for d = 0, 1, ...:                                   -- F_d: the pairs first reached at d
//         if a pair of F_d violates the property: walk back from it (below); stop
//         F_d+1 := image(F_d) \ reached;  if empty: the property holds;  reached |= F_d+1
//
// Every pair of F_d comes from a pair of F_d-1 by one step, so the first violating level is
// the depth of a shortest counterexample (the explicit fixpoint's, ground/lockstep.cpp). Walking
// back: given (a, b) in F_d, a pair of F_d-1 and joint moves leading to it is one satisfying
// assignment of F_d-1 and the relation's clusters restricted to x' = a, y' = b; repeated down to
// (s0, s0). Perfect information is violated by a pair (x, x) of F_d with two different joint
// moves that r cannot tell apart (depth d + 1).
#include "symbolic/pair_bdd.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "ground/grounder.h"
#include "symbolic/manager.h"
#include "symbolic/variable_order.h"

namespace gdlsc::symbolic {
namespace {

using ground::NodeId;
using ground::PairProperty;
using Kind = ground::StepNetwork::Kind;

int bits_for(std::size_t n) {
    int b = 0;
    while ((std::size_t(1) << b) < n) ++b;
    return b;
}

// One satisfying assignment (a cube from bdd_fullsatone) as a value per variable.
std::vector<char> assignment(const bdd& cube, int vars) {
    std::vector<char> val(static_cast<std::size_t>(vars), 0);
    BDD n = cube.id();
    while (n > 1) {
        int v = bdd_var(n);
        if (bdd_low(n) == 0) val[static_cast<std::size_t>(v)] = 1, n = bdd_high(n);
        else n = bdd_low(n);
    }
    return val;
}

}  // namespace

struct PairProver::Impl {
    detail::Manager manager;  // the first member: destroyed last, after every bdd below
    const ground::StepNetwork& net;
    BddOptions opt;
    BddMutation mutation;  // tests only (none in the product)
    std::string spent;  // why the prover is spent ("" while it is not)
    std::vector<std::uint32_t> order;
    int nvars = 0;
    std::vector<int> x, y, xp, yp;                    // per fluent
    std::vector<std::vector<int>> m1, m2;             // per role: its move's variables per copy
    std::vector<char> move_cube;                      // per role: does(r, m) is m's full one-hot code (see move_code)
    std::vector<std::vector<int>> pv;                 // per role, per percept: the value both copies share
    std::vector<NodeId> cuts;                         // derived nodes given a variable of their own (per copy)
    std::vector<int> cut1, cut2;                      // per cut: its variable in copy 1 and copy 2
    std::vector<std::int64_t> cut_of;                 // per node: its index in cuts, or -1
    std::vector<bdd> cut_def;                         // per cut: copy 1's cut variable <-> its function
    bdd xy_set, quantified;                           // x and y; everything the image removes
    bdd all_vars = bddtrue;                           // every variable (intersects), made on first use
    bddPair* to_copy2 = nullptr;                      // x -> y, m1 -> m2
    bddPair* unprime = nullptr;                       // x' -> x, y' -> y
    std::vector<std::int64_t> fluent_of, role_of, move_of;  // per node: an input's fluent or move
    std::vector<std::uint32_t> component_of;
    std::vector<bdd> value;                           // per node, copy 1
    std::vector<char> done;                           // per node: value computed
    bdd t1, t2, diagonal, init, init1;  // init1: the initial state in copy 1 alone
    std::vector<bdd> l1, l2;                          // per role: its move is legal (copy 1, copy 2)
    std::vector<bdd> next_x, next_y;                  // per fluent in variable order: x'_f <-> next_f(x, m1), the same for y
    double compile_seconds = 0;

    std::size_t level = 0, level_nodes = 0;            // where the search is (for limit messages)

    Impl(const ground::StepNetwork& n, const BddOptions& o, const BddMutation& m)
        : manager(o.max_nodes, o.stop), net(n), opt(o), mutation(m) {}
    ~Impl() {
        if (to_copy2) bdd_freepair(to_copy2);
        if (unprime) bdd_freepair(unprime);
    }

    // The move m of role r as a full code: one-hot, its variable set and every other one of
    // the role's clear (not the variable alone: a function that reads the moves, such as
    // OR_m (does(r, m) AND C_m(x)), would then depend on every subset of the variables set,
    // exponential when the moves sit above the fluents; with the cube it is linear, and the
    // relation conjoins exactly one move per role anyway). hanoi's step did not compile in
    // 8 s with the variable alone. A role whose moves sit with their coordinates' fluents
    // (Krieg-TicTacToe's marks) keeps the variable alone: there the functions are local, and
    // the cube made the search 4 times slower.
    bdd move_code(std::size_t r, std::size_t m, const std::vector<std::vector<int>>& vars) const {
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
    bdd full_code(std::size_t r, std::size_t m, const std::vector<std::vector<int>>& vars) const {
        if (opt.moves != MoveEncoding::OneHot || move_cube[r]) return move_code(r, m, vars);
        const auto& v = vars[r];
        bdd c = bddtrue;
        for (std::size_t k = v.size(); k-- > 0;) c &= k == m ? bdd_ithvar(v[k]) : bdd_nithvar(v[k]);
        return c;
    }
    std::uint32_t move_index(std::size_t r, const std::vector<char>& val, const std::vector<std::vector<int>>& vars) const {
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

    void layout() {
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

    // --- The circuit, copy 1 -------------------------------------------------------------

    void index_nodes() {
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

    const bdd& literal_base(NodeId v) {
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

    bdd rules_of(NodeId v) {
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
    void evaluate(const std::vector<NodeId>& targets) {
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

    bdd node(NodeId v) {
        if (v == ground::kNoNode) return bddfalse;
        if (!done[v] && net.kind(v) == Kind::Derived) evaluate({v});
        return literal_base(v);
    }
    bdd copy2(const bdd& b) const { return bdd_replace(b, to_copy2); }

    void compile() {
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
    void choose_cuts() {
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

    static bdd exactly_one(const std::vector<int>& vars) {
        bdd none = bddtrue, one = bddfalse;  // no variable set so far; exactly one set so far
        for (int v : vars) {
            one = (one & bdd_nithvar(v)) | (none & bdd_ithvar(v));
            none &= bdd_nithvar(v);
        }
        return one;
    }

    // --- One role's relation --------------------------------------------------------------

    // A conjunction of parts, conjoined into clusters; each variable of the phase's set is
    // quantified with the last cluster that reads it (the first if none does).
    struct Phase {
        std::vector<bdd> clusters, quantify;
    };
    struct Relation {
        std::vector<bdd> guard;  // conjuncts: not terminal, legal, same move, cut definitions, same percepts (both copies)
        bdd diff_moves;          // PerfectInformation: m1 and m2 differ (for some role but r)
        std::vector<Phase> phases;
    };

    // The variables `b` reads. Not bdd_support: BuDDy 2.4 keeps its buffer's size in a
    // function-local static across bdd_done and bdd_init, and reads a freed buffer in the
    // next manager.
    std::vector<int> support_vars(const bdd& b) const {
        std::vector<char> in(static_cast<std::size_t>(nvars), 0);
        std::unordered_set<BDD> seen;
        std::vector<BDD> stack{b.id()};
        while (!stack.empty()) {
            BDD n = stack.back();
            stack.pop_back();
            if (n < 2 || !seen.insert(n).second) continue;
            in[static_cast<std::size_t>(bdd_var(n))] = 1;
            stack.push_back(bdd_low(n));
            stack.push_back(bdd_high(n));
        }
        std::vector<int> out;
        for (int v = 0; v < nvars; ++v)
            if (in[static_cast<std::size_t>(v)]) out.push_back(v);
        return out;
    }

    Phase phase(const std::vector<bdd>& parts, const std::vector<int>& quantify_vars) {
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
    Relation relation(std::size_t role) {
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
        parts1.insert(parts1.end(), next_x.begin(), next_x.end());
        parts2.insert(parts2.end(), next_y.begin(), next_y.end());
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

    // Each role's relation, built once per prover (the invariant and the search share it).
    std::unordered_map<std::size_t, Relation> relations;
    const Relation& relation_of(std::size_t role) {
        auto it = relations.find(role);
        if (it == relations.end()) it = relations.emplace(role, relation(role)).first;
        return it->second;
    }

    bdd image(const bdd& from, const Relation& rel) {
        bdd acc = from;
        for (const Phase& ph : rel.phases)
            for (std::size_t i = 0; i < ph.clusters.size() && acc != bddfalse; ++i) {
                acc = bdd_appex(acc, ph.clusters[i], bddop_and, ph.quantify[i]);
                manager.check();
            }
        return bdd_replace(acc, unprime);
    }

    // The violating pairs as conjunctions to apply to a level one by one: a pair violates when
    // it satisfies every BDD of `all` and one of `any` (or `any` is empty). Built whole, the
    // violation of two interleaved copies (terminal in neither, some legal move in one only)
    // is far larger than any level it is intersected with.
    struct Violation {
        std::vector<bdd> all, any;
    };

    std::vector<Violation> violations(std::size_t role, PairProperty p) {
        auto differ = [&](const std::vector<NodeId>& nodes) {
            evaluate(nodes);
            std::vector<bdd> out;
            for (NodeId v : nodes) {
                bdd a = node(v);
                bdd d = bdd_xor(a, copy2(a));
                if (d != bddfalse) out.push_back(d);
            }
            return out;
        };
        switch (p) {
            case PairProperty::LegalKnowledge: {
                std::vector<NodeId> legal;
                for (std::size_t m = 0; m < net.moves(role).size(); ++m) legal.push_back(net.legal_node(role, m));
                std::vector<bdd> any = differ(legal);
                if (any.empty()) return {};
                return {{{!t1, !t2}, any}};
            }
            case PairProperty::TerminalKnowledge: return {{{t1, !t2}, {}}, {{!t1, t2}, {}}};
            case PairProperty::GoalKnowledge: {
                std::vector<NodeId> goals;
                for (std::size_t g = 0; g < net.goal_values(role).size(); ++g) goals.push_back(net.goal_node(role, g));
                std::vector<bdd> any = differ(goals);
                if (any.empty()) return {};
                return {{{t1, t2}, any}};
            }
            default: return {};
        }
    }

    // Whether a AND b is satisfiable, without building the conjunction: the product with every
    // variable quantified is a constant (on Krieg-TicTacToe the per-move checks of
    // legal-knowledge took a third of the search as conjunctions).
    bool intersects(const bdd& a, const bdd& b) {
        if (all_vars == bddtrue) {
            std::vector<int> vs(static_cast<std::size_t>(nvars));
            for (int i = 0; i < nvars; ++i) vs[static_cast<std::size_t>(i)] = i;
            all_vars = bdd_makeset(vs.data(), nvars);
        }
        return bdd_appex(a, b, bddop_and, all_vars) != bddfalse;
    }

    // The violating pairs of `level` (false when none).
    bdd violating(const bdd& level, const std::vector<Violation>& vs) {
        for (const Violation& v : vs) {
            bdd g = level;
            for (const bdd& a : v.all) {
                if (g == bddfalse) break;
                g &= a;
            }
            manager.check();
            if (g == bddfalse) continue;
            if (v.any.empty()) return g;
            for (const bdd& d : v.any)
                if (intersects(g, d)) return g & d;
        }
        return bddfalse;
    }

    // --- Counting and witnesses ------------------------------------------------------------

    // Assignments of the x and y variables that satisfy `f` (whose support they contain).
    double count(const bdd& f, bool both_copies = true) {
        std::vector<int> levels;
        for (std::size_t i = 0; i < x.size(); ++i) {
            levels.push_back(bdd_var2level(x[i]));
            if (both_copies) levels.push_back(bdd_var2level(y[i]));
        }
        std::sort(levels.begin(), levels.end());
        const int nset = static_cast<int>(levels.size());
        auto index = [&](BDD n) {  // set variables above n's level
            if (n < 2) return nset;
            return static_cast<int>(std::lower_bound(levels.begin(), levels.end(), bdd_var2level(bdd_var(n))) - levels.begin());
        };
        std::unordered_map<BDD, double> memo;
        auto rec = [&](auto&& self, BDD n) -> double {
            if (n == 0) return 0;
            if (n == 1) return 1;
            auto it = memo.find(n);
            if (it != memo.end()) return it->second;
            const int i = index(n);
            BDD lo = bdd_low(n), hi = bdd_high(n);
            double c = std::ldexp(self(self, lo), index(lo) - i - 1) + std::ldexp(self(self, hi), index(hi) - i - 1);
            memo.emplace(n, c);
            return c;
        };
        return std::ldexp(rec(rec, f.id()), index(f.id()));
    }

    // A shortest path from (s0, s0) to the pair `val` (its x and y read) in level `level`:
    // per step, the assignment of the step's source pair and moves.
    std::vector<std::vector<char>> walk_back(const std::vector<bdd>& levels, std::size_t level, std::vector<char> val,
                                             const Relation& rel) {
        std::vector<std::vector<char>> steps;
        for (std::size_t k = level; k > 0; --k) {
            bdd cube = bddtrue;
            for (auto it = order.rbegin(); it != order.rend(); ++it) {
                const std::uint32_t f = *it;
                cube &= val[static_cast<std::size_t>(x[f])] ? bdd_ithvar(xp[f]) : bdd_nithvar(xp[f]);
                cube &= val[static_cast<std::size_t>(y[f])] ? bdd_ithvar(yp[f]) : bdd_nithvar(yp[f]);
            }
            bdd pre = levels[k - 1];
            for (const Phase& ph : rel.phases)
                for (const bdd& c : ph.clusters) {
                    pre &= bdd_restrict(c, cube);
                    manager.check();
                }
            if (pre == bddfalse) throw std::logic_error("the BDD engine lost a predecessor while walking back a counterexample");
            val = assignment(bdd_fullsatone(pre), nvars);
            steps.push_back(val);
        }
        std::reverse(steps.begin(), steps.end());
        return steps;
    }

    std::vector<std::uint32_t> joint(const std::vector<char>& val, const std::vector<std::vector<int>>& vars) const {
        std::vector<std::uint32_t> j;
        for (std::size_t r = 0; r < net.roles().size(); ++r) j.push_back(move_index(r, val, vars));
        return j;
    }

    PairWitness witness(const std::vector<std::vector<char>>& steps) const {
        PairWitness w;
        for (const auto& s : steps) {
            w.actual.push_back(joint(s, m1));
            w.alternative.push_back(joint(s, m2));
        }
        w.depth = steps.size();
        return w;
    }

    // --- One copy: the reachable states (well-formedness) ----------------------------------

    // The step of one state: copy 1 alone (x, m1 -> x'), as a phase for images (x, the moves
    // and the cuts quantified) and one for preimages (x', the moves and the cuts quantified).
    struct StateRelation {
        Relation forward;
        Phase backward;
        bddPair* prime = nullptr;  // x -> x'
        ~StateRelation() {
            if (prime) bdd_freepair(prime);
        }
    };

    std::unique_ptr<StateRelation> state_relation() {
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
    bdd preimage(const bdd& to, const StateRelation& rel) {
        bdd acc = bdd_replace(to, rel.prime);
        for (std::size_t i = 0; i < rel.backward.clusters.size() && acc != bddfalse; ++i) {
            acc = bdd_appex(acc, rel.backward.clusters[i], bddop_and, rel.backward.quantify[i]);
            manager.check();
        }
        return acc;
    }

    // The state `val` (its x read) as a cube over x, or over x' (primed).
    bdd state_cube(const std::vector<char>& val, bool primed) const {
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
    std::pair<std::vector<std::uint32_t>, std::vector<char>> step_into(const std::vector<char>& val, const bdd& to,
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

    bool holds_in(const bdd& f, const std::vector<char>& val) const { return bdd_restrict(f, state_cube(val, false)) == bddtrue; }

    StateResult check_states(const StateOptions& o) {
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
    void termination(StateResult& res, const std::vector<bdd>& levels, const bdd& reached, const StateRelation& rel) {
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

    // --- An inductive invariant of equal fluents ------------------------------------------

    // The reachable states (one copy, breadth first) in copy 1 and copy 2, once per prover.
    bdd reach_x, reach_y;
    bool reach_ready = false;

    // Houdini's fixpoint (Flanagan and Leino 2001) on BDDs over candidates "fluent f is equal in
    // both copies" (x_f <-> y_f), unconditionally or when a fluent g has a value in copy 1
    // (g(x) -> x_f <-> y_f). I(C) = R(x) AND R(y) AND the candidates of C, with R the reachable
    // states or a superset of them (state_invariant); a candidate leaves C when some pair of image(I(C)) breaks it. At the fixpoint
    // image(I) lies inside I and I holds the initial pair (s0, s0), so every reachable pair is in
    // I: if no pair of I violates the property, it holds. Far cheaper than the reachable pairs
    // where what the role knows is a few fluents it always sees (Krieg-TicTacToe: whose turn it
    // is, which cells it tried, its own marks -- 31 million pairs against a few images of
    // 10^4-10^5 nodes). The conditional candidates are for knowledge that holds only in some
    // states (an encoding whose "tried" cells are the player's own only while it is to move):
    // their guards are the fluents the unconditional fixpoint kept and the property reads, both
    // values.
    // R is conjoined after the equalities: R(x) AND R(y) alone is the product of two copies
    // (2.7 million nodes on Krieg-TicTacToe), tied by the equalities it stays small.
    struct Candidate {
        std::size_t fluent;
        std::int64_t guard = -1;  // a fluent, or -1: none
        bool guard_value = true;
    };

    std::map<std::pair<std::size_t, int>, std::vector<Candidate>> unconditional;  // per role and property

    // A superset of the reachable states, cheap to compute: Houdini on one copy over the
    // candidates of smt/two_copy.cpp's k-induction -- f never holds, f always holds, at most
    // one / at least one of a group of fluents equal but in one argument ((cell 1 1 x),
    // (cell 1 1 o), (cell 1 1 b): a cell has one content). The exact reachable states are
    // used instead when their breadth-first search is done within a few images of 20,000
    // nodes (Krieg-TicTacToe 3x3); on 4x4 that search does not end within minutes.
    template <class Over>
    std::optional<bdd> state_invariant(const Over& over) {
        const std::unique_ptr<StateRelation> srel = state_relation();
        {
            bdd reached = init1, frontier = init1;
            bool exact = true;
            while (frontier != bddfalse) {
                if (over()) return std::nullopt;
                if (bdd_nodecount(reached) > kExactReachNodes) {
                    exact = false;
                    break;
                }
                frontier = image(frontier, srel->forward) & !reached;
                reached |= frontier;
                manager.check();
            }
            if (exact) return reached;
        }
        std::vector<bdd> cands;
        for (std::size_t f = 0; f < x.size(); ++f) cands.push_back(bdd_nithvar(x[f])), cands.push_back(bdd_ithvar(x[f]));
        std::map<std::string, std::vector<std::size_t>> groups;
        for (std::size_t f = 0; f < x.size(); ++f) {
            const gdl::Term& t = net.fluents()[f];
            for (std::size_t k = 0; k < t.args.size(); ++k) {
                std::string key = t.name + "/" + std::to_string(t.args.size()) + "@" + std::to_string(k);
                for (std::size_t j = 0; j < t.args.size(); ++j)
                    if (j != k) key += " " + t.args[j].to_kif();
                groups[key].push_back(f);
            }
        }
        for (const auto& [key, members] : groups) {
            if (members.size() < 2) continue;
            bdd none = bddtrue, most_one = bddfalse, some = bddfalse;  // most_one: exactly one so far
            for (std::size_t f : members) {
                const bdd v = bdd_ithvar(x[f]);
                most_one = (most_one & !v) | (none & v);
                none &= !v;
                some |= v;
            }
            cands.push_back(most_one | none);
            cands.push_back(some);
        }
        std::vector<bdd> kept;
        for (const bdd& c : cands)
            if (!intersects(init1, !c)) kept.push_back(c);
        for (bool changed = true; changed;) {
            if (over()) return std::nullopt;
            bdd inv = bddtrue;
            for (const bdd& c : kept) inv &= c;
            const bdd img = image(inv, srel->forward);
            std::vector<bdd> next;
            for (const bdd& c : kept)
                if (!intersects(img, !c)) next.push_back(c);
            changed = next.size() != kept.size();
            kept = std::move(next);
            manager.check();
        }
        bdd inv = bddtrue;
        for (const bdd& c : kept) inv &= c;
        return inv;
    }
    static constexpr int kExactReachNodes = 20'000;

    static std::vector<FluentEquality> equalities(const std::vector<Candidate>& cs) {
        std::vector<FluentEquality> out;
        for (const Candidate& c : cs) {
            FluentEquality e;
            e.fluent = c.fluent;
            if (c.guard >= 0) e.guard = static_cast<std::size_t>(c.guard), e.guard_value = c.guard_value;
            out.push_back(e);
        }
        return out;
    }

    std::optional<std::vector<FluentEquality>> equal_fluents(const PairOptions& o) {
        if (o.property == PairProperty::PerfectInformation || o.property == PairProperty::Custom) return std::nullopt;
        const auto t0 = std::chrono::steady_clock::now();
        auto over = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > o.invariant_seconds;
        };
        if (!reach_ready) {
            auto r = state_invariant(over);
            if (!r) return std::nullopt;
            reach_x = *r, reach_y = bdd_replace(*r, to_copy2);
            reach_ready = true;
        }
        const std::vector<Violation> bad = violations(o.role, o.property);
        const Relation& rel = relation_of(o.role);
        std::vector<bdd> eq(x.size());
        for (std::size_t f = 0; f < x.size(); ++f) eq[f] = bdd_biimp(bdd_ithvar(x[f]), bdd_ithvar(y[f]));
        auto guard = [&](const Candidate& c) {
            return c.guard < 0 ? bddtrue : c.guard_value ? bdd_ithvar(x[c.guard]) : bdd_nithvar(x[c.guard]);
        };
        auto invariant = [&](const std::vector<Candidate>& cs) {
            bdd inv = bddtrue;
            for (auto it = cs.rbegin(); it != cs.rend(); ++it)  // in variable order, bottom up: small steps
                inv &= it->guard < 0 ? eq[it->fluent] : bdd_imp(guard(*it), eq[it->fluent]);
            return (inv & reach_x) & reach_y;
        };
        // The fixpoint: candidates kept, or nullopt past the time.
        auto houdini = [&](std::vector<Candidate> cs) -> std::optional<std::vector<Candidate>> {
            for (bool changed = true; changed;) {
                if (over()) return std::nullopt;
                const bdd img = image(invariant(cs), rel);
                std::vector<Candidate> kept;
                bdd img_g = img;
                for (std::size_t i = 0; i < cs.size(); ++i) {
                    if (i == 0 || cs[i].guard != cs[i - 1].guard || cs[i].guard_value != cs[i - 1].guard_value)
                        img_g = img & guard(cs[i]);
                    if (!intersects(img_g, !eq[cs[i].fluent])) kept.push_back(cs[i]);
                }
                manager.check();
                changed = kept.size() != cs.size();
                cs = std::move(kept);
            }
            return cs;
        };
        std::vector<Candidate> plain;
        for (auto it = order.begin(); it != order.end(); ++it) plain.push_back({*it});
        const auto key = std::make_pair(o.role, static_cast<int>(o.property));
        auto known = unconditional.find(key);
        if (known == unconditional.end()) {
            auto c = houdini(plain);
            if (!c) return std::nullopt;
            known = unconditional.emplace(key, std::move(*c)).first;
        }
        const std::vector<Candidate>* c1 = &known->second;
        if (violating(invariant(*c1), bad) == bddfalse) return equalities(*c1);
        if (c1->empty() || !o.invariant_guards) return std::nullopt;
        // The guards: kept fluents that the property reads (what it compares is known in the
        // states where those have a value).
        std::vector<char> read(static_cast<std::size_t>(nvars), 0);
        for (const Violation& v : bad)
            for (const auto* list : {&v.all, &v.any})
                for (const bdd& b : *list)
                    for (int var : support_vars(b)) read[static_cast<std::size_t>(var)] = 1;
        std::vector<Candidate> both = plain;
        for (const Candidate& g : *c1)
            for (bool value : {true, false})
                if (read[static_cast<std::size_t>(x[g.fluent])])
                for (std::uint32_t f : order) {
                    bool known = false;
                    for (const Candidate& k : *c1) known = known || k.fluent == f;
                    if (!known) both.push_back({f, static_cast<std::int64_t>(g.fluent), value});
                }
        auto c2 = houdini(both);
        if (!c2 || violating(invariant(*c2), bad) != bddfalse) return std::nullopt;
        return equalities(*c2);
    }

    PairResult prove(const PairOptions& o) {
        if (o.role >= net.roles().size()) throw std::invalid_argument("prove_pairs: no role " + std::to_string(o.role));
        if (o.property == PairProperty::Custom) throw std::invalid_argument("prove_pairs: a Custom property is not supported");
        level = 0, level_nodes = 0;
        const Relation& rel = relation_of(o.role);
        const bool pi = o.property == PairProperty::PerfectInformation;
        std::vector<Violation> bad = violations(o.role, o.property);
        // Perfect information: a pair (x, x) with two different joint moves the role cannot tell apart.
        std::vector<Violation> pi_bad;
        if (pi) {
            pi_bad.push_back({{diagonal}, {}});
            for (const bdd& g : rel.guard) pi_bad.back().all.push_back(g);
            pi_bad.back().all.push_back(rel.diff_moves);
        }
        manager.check();
        PairResult res;
        std::vector<bdd> levels{init};
        bdd reached = init;
        auto finish = [&](std::size_t depth_of_pair, const bdd& at, bool extra_step) {
            std::vector<char> val = assignment(bdd_fullsatone(at), nvars);
            std::vector<std::vector<char>> steps = walk_back(levels, depth_of_pair, val, rel);
            if (extra_step) steps.push_back(val);  // the pair (x, x) and its two joint moves
            res.holds = false;
            res.witness = witness(steps);
            res.levels = res.witness->depth;
        };
        for (std::size_t d = 0;; ++d) {
            const bdd& frontier = levels[d];
            if (!pi) {
                bdd v = violating(frontier, bad);
                if (v != bddfalse) {
                    finish(d, v, false);
                    break;
                }
            }
            res.levels = d;
            if (d >= o.max_depth) break;
            if (pi) {
                bdd v = violating(frontier, pi_bad);
                if (v != bddfalse) {
                    finish(d, v, true);
                    break;
                }
            }
            if (o.max_reached_nodes && level_nodes > o.max_reached_nodes) {
                res.cut = true;
                break;
            }
            bdd next = image(frontier, rel) & !reached;
            manager.check();
            if (next == bddfalse) break;
            reached |= next;
            levels.push_back(next);
            level = d + 1, level_nodes = static_cast<std::size_t>(bdd_nodecount(reached));
            if (o.progress) o.progress(level, level_nodes, (count(reached) + count(reached & diagonal)) / 2);
        }
        const double diag = count(reached & diagonal);
        res.pairs = (count(reached) + diag) / 2;
        res.states = diag;
        res.final_nodes = static_cast<std::size_t>(bdd_nodecount(reached));
        manager.check();
        return res;
    }
};

PairProver::PairProver(const ground::StepNetwork& net, const BddOptions& options)
    : PairProver(net, options, BddMutation{}) {}

PairProver::PairProver(const ground::StepNetwork& net, const BddOptions& options, const BddMutation& mutation)
    : impl_(std::make_unique<Impl>(net, options, mutation)) {
    impl_->compile();
}

PairProver::~PairProver() = default;

PairResult PairProver::prove(const PairOptions& options) {
    if (!impl_->spent.empty()) throw std::logic_error("the BDD prover is spent: " + impl_->spent);
    try {
        return impl_->prove(options);
    } catch (const std::exception& ex) {
        impl_->spent = ex.what();
        throw;
    }
}

BddStats PairProver::stats() const {
    BddStats s;
    s.variables = static_cast<std::size_t>(impl_->nvars);
    if (impl_->spent.empty()) {
        std::vector<bdd> roots{impl_->t1, impl_->t2};
        roots.insert(roots.end(), impl_->l1.begin(), impl_->l1.end());
        roots.insert(roots.end(), impl_->next_x.begin(), impl_->next_x.end());
        s.circuit_nodes = static_cast<std::size_t>(bdd_anodecount(roots.data(), static_cast<int>(roots.size())));
    }
    s.peak_nodes = impl_->manager.peak_nodes();
    s.table_nodes = impl_->manager.table_nodes();
    s.reorderings = impl_->manager.reorderings();
    s.compile_seconds = impl_->compile_seconds;
    return s;
}

StateResult PairProver::check_states(const StateOptions& options) {
    if (!impl_->spent.empty()) throw std::logic_error("the BDD prover is spent: " + impl_->spent);
    try {
        return impl_->check_states(options);
    } catch (const std::exception& ex) {
        impl_->spent = ex.what();
        throw;
    }
}

std::optional<std::vector<FluentEquality>> PairProver::equal_fluents_invariant(const PairOptions& options) {
    if (!impl_->spent.empty()) throw std::logic_error("the BDD prover is spent: " + impl_->spent);
    try {
        return impl_->equal_fluents(options);
    } catch (const std::exception& ex) {
        impl_->spent = ex.what();
        throw;
    }
}

std::size_t PairProver::level() const { return impl_->level; }
std::size_t PairProver::level_nodes() const { return impl_->level_nodes; }

PairResult prove_pairs(const ground::StepNetwork& net, const BddOptions& bdd_options, const PairOptions& pair) {
    PairProver prover(net, bdd_options);
    return prover.prove(pair);
}

}  // namespace gdlsc::symbolic
