// Text and JSON renderings of a query answer.
#include "query/answer.h"

#include <nlohmann/json.hpp>

namespace gdlsc::query {

std::string answer_text(const Answer& a) {
    std::string out = a.holds ? "holds\n" : "does not hold\n";
    for (const auto& row : a.rows) {
        std::string line;
        for (const auto& [name, value] : row) line += (line.empty() ? "" : ", ") + ("?" + name) + " = " + value;
        out += line + "\n";
    }
    if (!a.explanation.empty()) out += a.explanation + (a.explanation.back() == '\n' ? "" : "\n");
    return out;
}

std::string answer_json(const Answer& a) {
    nlohmann::ordered_json j;
    j["holds"] = a.holds;
    j["bindings"] = nlohmann::ordered_json::array();
    for (const auto& row : a.rows) {
        nlohmann::ordered_json r = nlohmann::ordered_json::object();
        for (const auto& [name, value] : row) r["?" + name] = value;
        j["bindings"].push_back(r);
    }
    j["engine"] = a.engine;
    if (!a.explanation.empty()) j["explanation"] = a.explanation;
    return j.dump() + "\n";
}

}  // namespace gdlsc::query
