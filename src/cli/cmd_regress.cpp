// `gdlsc regress GAME --history H FORMULA [--json] [--max-size N]`: the formula about the
// situation H reaches, regressed to s0 (the proof), and its value there (doc/engines.md,
// "Regression"). Exit 0; 2 for a bad game, history or formula; 4 when the formula grows
// beyond --max-size nodes.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "session/formula.h"
#include "query/regression_query.h"
#include "session/session.h"

namespace gdlsc::cli {
namespace {

struct RegressArgs {
    bool strict = false;
    std::string game, formula, history, history_file;
    bool json = false;
    std::size_t max_size = query::kDefaultRegressionLimit;
    double timeout = query::kDefaultTimeoutSeconds;
};

int run_regress(const RegressArgs& a) {
    query::Session s(a.game, a.timeout, a.strict);
    query::Formula f = query::parse_formula(a.formula, s.game().analysis);
    query::History h = s.history(a.history, a.history_file);
    query::QueryContext ctx{s.game().program, s.game().analysis, f, h, s.situation(h)};
    query::Regression r = query::regress_formula(ctx, a.max_size);

    if (a.json) {
        nlohmann::ordered_json j;
        j["regressed"] = r.text;
        j["size"] = r.size;
        j["holds"] = r.answer.holds;
        j["bindings"] = nlohmann::ordered_json::array();
        for (const auto& row : r.answer.rows) {
            nlohmann::ordered_json o = nlohmann::ordered_json::object();
            for (const auto& [name, value] : row) o["?" + name] = value;
            j["bindings"].push_back(o);
        }
        std::cout << j.dump() << "\n";
        return kExitOk;
    }
    std::cout << "regressed to s0 (" << r.size << " nodes):\n" << r.text << "\n";
    std::cout << "at s0: " << (r.answer.holds ? "holds" : "does not hold") << "\n";
    for (const auto& row : r.answer.rows) {
        std::string line;
        for (const auto& [name, value] : row) line += (line.empty() ? "" : ", ") + ("?" + name) + " = " + value;
        std::cout << line << "\n";
    }
    return kExitOk;
}

}  // namespace

void register_regress(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("regress", "Regress a formula about the situation a history reaches to s0 "
                                              "(successor state axioms, knowledge axiom), print it and its value");
    auto a = std::make_shared<RegressArgs>();
    add_game(cmd, a->game, a->strict);
    cmd->add_option("formula", a->formula, "KIF formula, e.g. '(knows jane (true (hasCard jane king)))'")->required();
    add_history(cmd, a->history, a->history_file);
    add_json(cmd, a->json, "print {\"regressed\", \"size\", \"holds\", \"bindings\"}");
    cmd->add_option("--max-size", a->max_size, "largest regressed formula, in nodes (exit 4 beyond)")
        ->default_val(query::kDefaultRegressionLimit)
        ->check(whole_number());
    add_timeout(cmd, a->timeout);
    cmd->callback([a, &exit_code] { exit_code = run_regress(*a); });
}

}  // namespace gdlsc::cli
