// `gdlsc regress GAME --history H FORMULA [--json] [--max-size N]`: the formula about the
// situation H reaches, regressed to s0 (the proof), and its value there (doc/engines.md,
// "Regression"). Exit 0; 2 for a bad game, history or formula; 4 when the formula grows
// beyond --max-size nodes.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "prolog/engine.h"
#include "query/errors.h"
#include "query/formula.h"
#include "query/game_file.h"
#include "query/history.h"
#include "query/regression_query.h"

namespace gdlsc::cli {
namespace {

struct RegressArgs {
    std::string game, formula, history, history_file;
    bool json = false;
    std::size_t max_size = query::kDefaultRegressionLimit;
    double timeout = 60;
};

int run_regress(const RegressArgs& a) {
    query::Game g = query::load_game_file(a.game);
    query::Formula f = query::parse_formula(a.formula, g.analysis);
    query::History h = a.history_file.empty() ? query::parse_history(a.history, g.analysis.roles)
                                              : query::parse_history_file(a.history_file, g.analysis.roles);
    auto& pl = pl::Engine::instance();
    pl::Limits lim = pl.limits();
    lim.seconds = a.timeout;
    pl.set_limits(lim);
    pl.load_game(g.program, g.analysis);
    gdl::Term sit = query::check_history(pl, h);
    query::QueryContext ctx{g.program, g.analysis, f, h, sit};
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
    cmd->add_option("game", a->game, "game file (KIF or infix)")->required();
    cmd->add_option("formula", a->formula, "KIF formula, e.g. '(knows jane (true (hasCard jane king)))'")->required();
    auto* h = cmd->add_option("--history", a->history, "joint moves in role order, e.g. '(noop noop (deal king 7))'");
    cmd->add_option("--history-file", a->history_file, "file with one joint move per line")->excludes(h);
    cmd->add_flag("--json", a->json, "print {\"regressed\", \"size\", \"holds\", \"bindings\"}");
    cmd->add_option("--max-size", a->max_size, "largest regressed formula, in nodes (exit 4 beyond)")
        ->default_val(query::kDefaultRegressionLimit);
    cmd->add_option("--timeout", a->timeout, "time limit in seconds per Prolog call (0: none)")->default_val(60);
    cmd->callback([a, &exit_code] { exit_code = run_regress(*a); });
}

}  // namespace gdlsc::cli
