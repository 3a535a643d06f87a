// `gdlsc belief GAME --role R --history H FORMULA [--json]`: the probability of FORMULA
// over R's information set, random (and every other role) choosing uniformly among its
// legal moves (doc/knowledge.md, "Beliefs"). Printed as an exact fraction and a decimal.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "infoset/belief.h"

namespace gdlsc::cli {
namespace {

struct BeliefArgs {
    bool strict = false;
    std::string game, role, history, history_file, formula;
    bool json = false;
    double timeout = query::kDefaultTimeoutSeconds;
};

int run_belief(const BeliefArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::Formula f = query::parse_formula(a.formula, g.analysis);
    query::History h = query::read_history(a.history, a.history_file, g.analysis.roles);
    auto r = query::compute_belief(g, a.role, h, f, a.timeout);
    std::cout << (a.json ? query::belief_json(r) : query::belief_text(r));
    return kExitOk;
}

}  // namespace

void register_belief(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("belief", "The probability of a formula over a role's information set "
                                             "(random uniform; other roles uniform)");
    auto a = std::make_shared<BeliefArgs>();
    add_game(cmd, a->game, a->strict);
    cmd->add_option("formula", a->formula, "closed KIF formula about the state, e.g. '(true (car 2))'")->required();
    cmd->add_option("--role", a->role, "a role other than random")->required();
    add_history(cmd, a->history, a->history_file, "joint moves in role order");
    add_json(cmd, a->json, "print {\"probability\", \"fraction\", \"developments\"}");
    add_timeout(cmd, a->timeout);
    cmd->callback([a, &exit_code] { exit_code = run_belief(*a); });
}

}  // namespace gdlsc::cli
