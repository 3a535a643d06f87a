// Small text helpers that every layer uses (header-only).
#pragma once
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace gdlsc {

/// The items with `sep` between them: joined({"a", "b"}, ", ") == "a, b".
inline std::string joined(const std::vector<std::string>& items, const std::string& sep = " ") {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
    return out;
}

/// The Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
/// substitutions and swaps of neighbours each cost 1), ignoring case.
inline std::size_t edit_distance(const std::string& a, const std::string& b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    auto low = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            std::size_t cost = low(a[i - 1]) == low(b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

/// The candidate nearest to `word` within `max_distance` edits ("" when none is): for "did you
/// mean" (the first of equally near ones, in the candidates' order).
inline std::string nearest(const std::string& word, const std::vector<std::string>& candidates,
                           std::size_t max_distance = 2) {
    std::string best;
    std::size_t best_d = max_distance + 1;
    for (const auto& c : candidates) {
        std::size_t d = edit_distance(word, c);
        if (d < best_d && d < std::max<std::size_t>(c.size(), 2)) best = c, best_d = d;
    }
    return best;
}

}  // namespace gdlsc
