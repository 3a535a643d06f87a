// `gdlsc belief GAME --role R --history H FORMULA [--json]`: the probability of FORMULA
// over R's information set, random (and every other role) choosing uniformly among its
// legal moves (doc/knowledge.md, "Beliefs"). Printed as an exact fraction and a decimal.
#include <iostream>

#include "cli/commands.h"
#include "query/errors.h"
#include "query/knowledge_report.h"

namespace gdlsc::cli {
namespace {

struct BeliefArgs {
    std::string game, role, history, history_file, formula;
    bool json = false;
    double timeout = 0;
};

int run_belief(const BeliefArgs& a) {
    query::Game g = query::load_game_file(a.game);
    query::Formula f = query::parse_formula(a.formula, g.analysis);
    query::History h = a.history_file.empty() ? query::parse_history(a.history, g.analysis.roles)
                                              : query::parse_history_file(a.history_file, g.analysis.roles);
    auto r = query::compute_belief(g, a.role, h, f, a.timeout);
    std::cout << (a.json ? query::belief_json(r) : query::belief_text(r));
    return kExitOk;
}

}  // namespace

void register_belief(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("belief", "The probability of a formula over a role's information set "
                                             "(random uniform; other roles uniform)");
    auto a = std::make_shared<BeliefArgs>();
    cmd->add_option("game", a->game, "game file (KIF or infix)")->required();
    cmd->add_option("formula", a->formula, "closed KIF formula about the state, e.g. '(true (car 2))'")->required();
    cmd->add_option("--role", a->role, "a role other than random")->required();
    auto* h = cmd->add_option("--history", a->history, "joint moves in role order");
    cmd->add_option("--history-file", a->history_file, "file with one joint move per line")->excludes(h);
    cmd->add_flag("--json", a->json, "print {\"probability\", \"fraction\", \"developments\"}");
    cmd->add_option("--timeout", a->timeout, "time limit in seconds per Prolog call (0: none)")->default_val(0);
    cmd->callback([a, &exit_code] { exit_code = run_belief(*a); });
}

}  // namespace gdlsc::cli
