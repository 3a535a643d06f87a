// Cycles through negation in a ground program (stratification.h): the components of the
// ground dependency graph (base/sccs.h), then a negative edge inside one of them.
#include "ground/stratification.h"

#include "base/sccs.h"

#include <algorithm>
#include <map>

namespace gdlsc::ground {

std::vector<AtomId> negative_cycle(const GroundProgram& gp) {
    const std::size_t n = gp.atoms.size();
    std::vector<std::vector<AtomId>> out(n);  // head -> every body atom
    for (const auto& r : gp.rules) {
        out[r.head].insert(out[r.head].end(), r.pos.begin(), r.pos.end());
        out[r.head].insert(out[r.head].end(), r.neg.begin(), r.neg.end());
    }
    std::vector<AtomId> all(n);
    for (AtomId a = 0; a < n; ++a) all[a] = a;
    std::vector<int> comp(n, -1);
    int c = 0;
    for (const auto& members : base::sccs(all, [&](AtomId v) { return out[v]; }, n)) {
        for (AtomId a : members) comp[a] = c;
        ++c;
    }
    for (const auto& r : gp.rules)
        for (AtomId neg : r.neg) {
            if (comp[neg] != comp[r.head]) continue;
            // A shortest way neg -> ... -> head inside the component (breadth first).
            std::map<AtomId, AtomId> parent{{neg, neg}};
            std::vector<AtomId> todo{neg};
            for (std::size_t i = 0; i < todo.size() && !parent.count(r.head); ++i)
                for (AtomId b : out[todo[i]])
                    if (comp[b] == comp[r.head] && parent.emplace(b, todo[i]).second) todo.push_back(b);
            std::vector<AtomId> way{r.head};
            for (AtomId a = r.head; a != neg; a = parent.at(a)) way.push_back(parent.at(a));
            // way = head, ..., neg backwards: the cycle is head, neg, ..., head.
            std::vector<AtomId> cycle{r.head};
            cycle.insert(cycle.end(), way.rbegin(), way.rend());
            return cycle;
        }
    return {};
}

}  // namespace gdlsc::ground
