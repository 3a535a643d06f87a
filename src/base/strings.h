// Small text helpers that every layer uses (header-only).
#pragma once
#include <string>
#include <vector>

namespace gdlsc {

/// The items with `sep` between them: joined({"a", "b"}, ", ") == "a, b".
inline std::string joined(const std::vector<std::string>& items, const std::string& sep = " ") {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
    return out;
}

}  // namespace gdlsc
