// `gdlsc infoset GAME --role R [--history H | --history-file F] [--json] [--dot] [--steps]`:
// the developments R cannot tell from the actual one after the history, counted,
// with their distinct final states (doc/knowledge.md). Exit 2 for a bad role or history.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "infoset/infoset.h"

namespace gdlsc::cli {
namespace {

struct InfosetArgs {
    bool strict = false;
    std::string game, role, history, history_file;
    bool json = false, dot = false, dot_full = false, steps = false;
    double timeout = query::kDefaultTimeoutSeconds;
};

int run_infoset(const InfosetArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::History h = query::read_history(a.history, a.history_file, g.analysis.roles);
    const query::InfosetDot dot = a.dot_full ? query::InfosetDot::Full
                                  : a.dot    ? query::InfosetDot::Differences
                                             : query::InfosetDot::None;
    auto r = query::compute_infoset(g, a.role, h, dot, a.timeout, a.steps);
    if (dot != query::InfosetDot::None) std::cout << r.dot;
    else if (a.json) query::write_infoset_json(std::cout, r);
    else query::write_infoset_text(std::cout, r);
    return kExitOk;
}

}  // namespace

void register_infoset(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("infoset", "The information set of a role after a history: developments, "
                                              "distinct states (--json), or a Graphviz picture (--dot)");
    auto a = std::make_shared<InfosetArgs>();
    add_game(cmd, a->game, a->strict);
    cmd->add_option("--role", a->role, "a role other than random")->required();
    add_history(cmd, a->history, a->history_file);
    auto* j = add_json(cmd, a->json, "print {\"role\", \"developments\", \"states\", \"state_list\"}");
    auto* d = cmd->add_flag("--dot", a->dot,
                            "print the developments as a Graphviz graph, one node per distinct state and depth, "
                            "each listing the fluents that differ from the actual state (at most 300 developments; "
                            "exit 4 beyond)")
                  ->excludes(j);
    cmd->add_flag("--dot-full", a->dot_full, "as --dot, every fluent in every node")->excludes(j)->excludes(d);
    cmd->add_flag("--steps", a->steps,
                  "also print every step's update: the set's size, its time, and whether the step network "
                  "or the game's rules made it (doc/knowledge.md)");
    add_timeout(cmd, a->timeout);
    cmd->callback([a, &exit_code] { exit_code = run_infoset(*a); });
}

}  // namespace gdlsc::cli
