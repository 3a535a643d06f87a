// `gdlsc simulate GAME [--seed N] [--history H | --history-file F] [--max-steps N]
// [--verbose] [--json]`: one match under the GDL-II execution model with every role's
// play/stop messages and the goals (src/query/simulation.h); `--playouts N` instead runs
// N random matches and reports states per second (doc/usage.md, "simulate"). `--engine`
// chooses the forward engine: the step network where the game grounds, else the Prolog rules.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "query/session.h"
#include "query/simulation.h"

namespace gdlsc::cli {
namespace {

struct SimulateArgs {
    bool strict = false;
    std::string game;
    std::uint64_t seed = 1;
    std::string history, history_file;
    std::int64_t playouts = 0;
    std::size_t max_steps = 1000;
    double timeout = query::kDefaultTimeoutSeconds;
    bool verbose = false;
    bool json = false;
    std::string engine = "auto";
};

int run_simulate(const SimulateArgs& a) {
    query::Session session(a.game, a.timeout, a.strict);
    auto& engine = session.engine();
    const query::ForwardChoice choice = query::forward_choice(a.engine);
    if (a.playouts > 0) {
        query::PlayoutReport report;
        query::BuiltNetwork built;
        if (choice != query::ForwardChoice::Progression) built = query::build_network(session.game(), engine);
        if (built.net) {
            report = query::run_playouts(built, a.playouts, a.seed, a.max_steps, a.timeout);
        } else {
            if (choice == query::ForwardChoice::Network) {
                std::string about;
                query::make_forward(session.game(), engine, choice, about);  // throws, saying why
            }
            if (choice == query::ForwardChoice::Auto)
                report.engine_note = "no step network: " + built.why;
            auto note = report.engine_note;
            report = query::run_playouts(engine, a.playouts, a.seed, a.max_steps);
            report.engine_note = note;
        }
        std::cout << (a.json ? query::format_playouts_json(report) : query::format_playouts_text(report));
        return kExitOk;
    }
    std::string about;
    auto fwd = query::make_forward(session.game(), engine, choice, about);
    // Only a fallback is news: the network is the default wherever the game grounds.
    if (a.verbose && choice == query::ForwardChoice::Auto && std::string(fwd->name()) == "progression")
        std::cerr << "gdlsc: simulate: engine " << about << "\n";
    query::SimulationOptions opt;
    opt.seed = a.seed;
    opt.max_steps = a.max_steps;
    opt.record_states = a.verbose;
    opt.prefix = session.history(a.history, a.history_file);
    query::Match m = query::simulate_match(*fwd, session.roles(), opt);
    std::cout << (a.json ? query::format_match_json(m, a.verbose) : query::format_match_text(m, a.verbose));
    std::cout.flush();
    switch (m.end) {
        case query::MatchEnd::Terminal: return kExitOk;
        case query::MatchEnd::StepBound:
            throw LimitError("step bound reached: no terminal state after " + std::to_string(m.steps.size()) +
                             " joint moves (raise --max-steps)");
        case query::MatchEnd::NoLegalMove:
            throw UserError(a.game + ": role " + m.stuck_role + " has no legal move in the non-terminal state after step " +
                            std::to_string(m.steps.size()) + " (the game is not well-formed)");
    }
    return kExitOk;
}

}  // namespace

void register_simulate(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<SimulateArgs>();
    auto* cmd = app.add_subcommand("simulate", "play a match under the GDL-II execution model, or time random playouts");
    add_game(cmd, args->game, args->strict);
    cmd->add_option("--seed", args->seed, "seed of the random choices (default 1); equal seeds give equal matches")
        ->check(whole_number());
    auto* h = add_history(cmd, args->history, args->history_file,
                          "joint moves that fix the first steps, e.g. '(noop noop (deal king 7))'");
    auto* p = cmd->add_option("--playouts", args->playouts,
                              "run N random matches and report states per second")
                  ->check(CLI::PositiveNumber);
    p->excludes(h)->excludes(cmd->get_option("--history-file"));
    cmd->add_option("--max-steps", args->max_steps,
                    "joint moves per match at most (default 1000); a match that reaches it is unfinished (exit 4)")
        ->check(CLI::PositiveNumber);
    auto* v = cmd->add_flag("--verbose", args->verbose, "also print every state's fluents and every role's legal moves");
    v->excludes(p);
    cmd->add_option("--engine", args->engine,
                    "network (the step network: native, 256 playouts at a time), progression (the rules in Prolog), "
                    "or auto (default): network where the game grounds, else progression (--verbose says why)")
        ->check(CLI::IsMember({"auto", "network", "progression"}));
    add_timeout(cmd, args->timeout);  // with --playouts the whole run is one call
    add_json(cmd, args->json);
    cmd->callback([args, &exit_code] { exit_code = run_simulate(*args); });
}

}  // namespace gdlsc::cli
