// PairProver::Impl (pair_bdd_impl.h): counting pairs, walking back from a violating pair to
// (s0, s0), and the witness of the joint moves.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "symbolic/pair_bdd_impl.h"

namespace gdlsc::symbolic {

// Assignments of the x and y variables that satisfy `f` (whose support they contain).
double PairProver::Impl::count(const bdd& f, bool both_copies) {
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
std::vector<std::vector<char>> PairProver::Impl::walk_back(const std::vector<bdd>& levels, std::size_t level,
                                                           std::vector<char> val, const Relation& rel) {
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

std::vector<std::uint32_t> PairProver::Impl::joint(const std::vector<char>& val,
                                                   const std::vector<std::vector<int>>& vars) const {
    std::vector<std::uint32_t> j;
    for (std::size_t r = 0; r < net.roles().size(); ++r) j.push_back(move_index(r, val, vars));
    return j;
}

PairWitness PairProver::Impl::witness(const std::vector<std::vector<char>>& steps) const {
    PairWitness w;
    for (const auto& s : steps) {
        w.actual.push_back(joint(s, m1));
        w.alternative.push_back(joint(s, m2));
    }
    w.depth = steps.size();
    return w;
}

}  // namespace gdlsc::symbolic
