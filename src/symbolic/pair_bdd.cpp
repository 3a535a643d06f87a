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

#include <stdexcept>

#include "symbolic/pair_bdd_impl.h"

namespace gdlsc::symbolic {

PairResult PairProver::Impl::prove(const PairOptions& o) {
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
