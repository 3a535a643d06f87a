// `gdlsc replay GAME MATCH [--role R] [--json] [--engine E]`: a recorded match (the Dresden
// controller's trace XML or ggp-base's match JSON) checked step by step against the game
// (src/simulate/replay.h); exit 0 when every step agrees, 1 at the first deviation (printed with
// its step, role, move and place in the record), 2 for a record that does not read or fit.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "simulate/replay.h"
#include "simulate/simulate.h"

namespace gdlsc::cli {
namespace {

struct ReplayArgs {
    bool strict = false;
    std::string game, record, role, engine = "auto";
    bool json = false;
    double timeout = query::kDefaultTimeoutSeconds;
};

int run_replay(const ReplayArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::ReplayRequest r;
    r.record_path = a.record;
    r.role = a.role;
    r.engine = a.engine;
    r.timeout_seconds = a.timeout;
    query::ReplayOutcome o = query::replay(g, r);
    std::cout << (a.json ? o.json() : o.text());
    return o.exit_code();
}

}  // namespace

void register_replay(CLI::App& app, int& exit_code) {
    auto a = std::make_shared<ReplayArgs>();
    auto* cmd = app.add_subcommand("replay",
                                   "check a recorded match (Dresden trace XML or ggp-base match JSON) step by step "
                                   "against the game: exit 1 at the first deviation");
    add_game(cmd, a->game, a->strict);
    cmd->add_option("match", a->record,
                    "the recorded match: a Dresden game controller trace (<gametrace> XML) or a ggp-base match (JSON)")
        ->required();
    cmd->add_option("--role", a->role, "also print what this role knew after each joint move (its information set's size)");
    std::vector<std::string> names;
    for (const auto& f : query::forward_engines()) names.push_back(f.name);
    names.push_back("auto");
    cmd->add_option("--engine", a->engine, "the forward engine that replays the match (as in simulate; default auto)")
        ->check(CLI::IsMember(names));
    add_timeout(cmd, a->timeout);
    add_json(cmd, a->json, "print {\"clean\", \"checked\", \"deviation\": {\"step\", \"role\", \"move\", ...}, ...}");
    cmd->callback([a, &exit_code] { exit_code = run_replay(*a); });
}

}  // namespace gdlsc::cli
