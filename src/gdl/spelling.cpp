// Edit distances and near misses (spelling.h).
#include "gdl/spelling.h"

#include <algorithm>

namespace gdlsc::gdl {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // d[i][j]: the distance of a[0..i) and b[0..j); three rows suffice for transpositions.
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::size_t> before(m + 1), prev(m + 1), cur(m + 1);
    for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= m; ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        before.swap(prev);
        prev.swap(cur);
    }
    return prev[m];
}

bool near_miss(std::string_view name, std::string_view intended, std::size_t max_edits) {
    if (name == intended) return false;
    if (max_edits == 0) max_edits = intended.size() <= 4 ? 1 : 2;
    return edit_distance(name, intended) <= max_edits;
}

std::optional<Signature> nearest(const Signature& name, const std::vector<Signature>& candidates,
                                 std::size_t max_edits) {
    std::optional<Signature> best;
    std::size_t best_d = 0;
    bool best_arity = false;
    for (const auto& c : candidates) {
        if (c == name || !near_miss(name.name, c.name, max_edits)) continue;
        std::size_t d = edit_distance(name.name, c.name);
        bool arity = c.arity == name.arity;
        if (!best || d < best_d || (d == best_d && arity && !best_arity)) {
            best = c;
            best_d = d;
            best_arity = arity;
        }
    }
    return best;
}

}  // namespace gdlsc::gdl
