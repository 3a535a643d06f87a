// Counts that come from Prolog as decimal text (development counts outgrow 64 bits): as a JSON
// number when they fit, else as the text itself.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace gdlsc::query {

inline nlohmann::json decimal_json(const std::string& decimal) {
    try {
        size_t used = 0;
        unsigned long long v = std::stoull(decimal, &used);
        if (used == decimal.size() && decimal.find('-') == std::string::npos) return v;
    } catch (const std::exception&) {
    }
    return decimal;
}

}  // namespace gdlsc::query
