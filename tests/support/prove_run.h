// `gdlsc prove GAME PROPERTY --json --quiet ...` run by the binary under test: its exit status,
// its JSON report (null when it printed none) and its standard error -- what the tests of
// prove's methods compare.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_gdlsc.h"

namespace gdlsc::test {

struct ProveRun {
    int exit_code;
    nlohmann::json j;
    std::string err;
};

inline ProveRun prove_json(const std::string& game, const std::string& property, const std::vector<std::string>& extra,
                           int seconds = 300, const std::vector<std::string>& env = {}) {
    std::vector<std::string> args{"prove", game, property, "--json", "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    RunOptions opt;
    opt.seconds = seconds;
    opt.env = env;
    RunResult r = run_gdlsc(args, opt);
    ProveRun out{r.exit_code, nlohmann::json(), r.err};
    if (!r.out.empty()) out.j = nlohmann::json::parse(r.out);
    return out;
}

}  // namespace gdlsc::test
