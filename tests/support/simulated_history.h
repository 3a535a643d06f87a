// Histories for the tests that query games at real positions: the joint moves of the match
// `gdlsc simulate GAME --seed SEED` plays (run through run_gdlsc.h), as KIF steps, and a
// history made of the first steps. Shared by the tests that cross-check engines on them.
#pragma once
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "run_gdlsc.h"

namespace gdlsc::test {

/// The joint moves of `gdlsc simulate GAME --seed SEED --max-steps MAX_STEPS`, one KIF step
/// "(m1 m2 ...)" each: the whole match (exit 0) or its first MAX_STEPS joint moves (exit 4,
/// the step bound). Throws on any other exit.
inline std::vector<std::string> simulated_steps(const std::string& game, int seed, int max_steps) {
    std::vector<std::string> args = {"simulate", game, "--seed", std::to_string(seed), "--json", "--max-steps",
                                     std::to_string(max_steps)};
    auto r = run_gdlsc(args);
    if (r.exit_code != 0 && r.exit_code != 4)
        throw std::runtime_error(command_line(args) + ": exit " + std::to_string(r.exit_code) + ": " + r.err);
    auto j = nlohmann::json::parse(r.out);
    std::vector<std::string> steps;
    for (const auto& s : j["steps"]) {
        if (!s.contains("joint_move")) continue;
        std::string step = "(";
        for (const auto& m : s["joint_move"]) step += (step.size() > 1 ? " " : "") + m.get<std::string>();
        steps.push_back(step + ")");
    }
    return steps;
}

/// The history of the first `n` of `steps` (all of them if there are fewer), steps separated by spaces.
inline std::string history_prefix(const std::vector<std::string>& steps, size_t n) {
    std::string h;
    for (size_t i = 0; i < n && i < steps.size(); ++i) h += (h.empty() ? "" : " ") + steps[i];
    return h;
}

}  // namespace gdlsc::test
