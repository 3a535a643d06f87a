// The relevant part of a ground program (see relevant.h): a depth-first closure over the
// rules grouped by head (counting sort, linear in the program's size).
#include "ground/relevant.h"

namespace gdlsc::ground {

std::vector<bool> relevant_atoms(std::size_t n, const std::vector<GroundRule>& rules, std::vector<bool> kept) {
    std::vector<std::size_t> first(n + 1, 0), rule_of(rules.size());  // rules by head
    for (const auto& r : rules) ++first[r.head + 1];
    for (std::size_t a = 0; a < n; ++a) first[a + 1] += first[a];
    {
        std::vector<std::size_t> fill(first.begin(), first.end() - 1);
        for (std::size_t i = 0; i < rules.size(); ++i) rule_of[fill[rules[i].head]++] = i;
    }
    std::vector<AtomId> todo;
    for (AtomId a = 0; a < n; ++a)
        if (kept[a]) todo.push_back(a);
    while (!todo.empty()) {
        AtomId a = todo.back();
        todo.pop_back();
        for (std::size_t k = first[a]; k < first[a + 1]; ++k) {
            const GroundRule& r = rules[rule_of[k]];
            for (const auto* part : {&r.pos, &r.neg})
                for (AtomId b : *part)
                    if (!kept[b]) kept[b] = true, todo.push_back(b);
        }
    }
    return kept;
}

}  // namespace gdlsc::ground
