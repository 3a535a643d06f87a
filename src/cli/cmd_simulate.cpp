// `gdlsc simulate GAME [--seed N] [--history H | --history-file F] [--max-steps N]
// [--verbose] [--json]`: one match under the GDL-II execution model with every role's
// play/stop messages and the goals (src/simulate/simulation.h); `--playouts N` instead runs
// N random matches and reports states per second (doc/usage.md, "simulate"). `--engine`
// chooses the forward engine: the step network where the game grounds, else the Prolog rules.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "simulate/match_record.h"
#include "session/session.h"
#include "simulate/simulate.h"

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
    std::string record, record_format;
};

int run_simulate(const SimulateArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::SimulateRequest r;
    r.seed = a.seed;
    r.playouts = a.playouts;
    r.max_steps = a.max_steps;
    r.engine = a.engine;
    r.timeout_seconds = a.timeout;
    r.record_states = a.verbose || !a.record.empty();
    r.prefix = query::read_history(a.history, a.history_file, g.analysis.roles);
    query::SimulateOutcome o = query::simulate(g, r);
    if (o.playouts) {
        std::cout << (a.json ? query::format_playouts_json(*o.playouts) : query::format_playouts_text(*o.playouts));
        return kExitOk;
    }
    // Only a fallback is news: the network is the default wherever the game grounds.
    if (a.verbose && !o.fallback.empty()) std::cerr << "gdlsc: simulate: engine " << o.engine << " (" << o.fallback << ")\n";
    const query::Match& m = *o.match;
    if (!a.record.empty()) {
        query::RecordFormat f = a.record_format.empty() ? query::record_format_of(a.record)
                                : a.record_format == "json" ? query::RecordFormat::Json
                                                            : query::RecordFormat::Xml;
        std::ofstream out(a.record, std::ios::binary);
        out << query::write_match_record(m, f, std::filesystem::path(a.game).stem().string());
        out.close();
        if (!out) throw UserError("simulate --record: cannot write " + a.record);
    }
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
                  ->check(positive_whole_number());
    p->excludes(h)->excludes(cmd->get_option("--history-file"));
    cmd->add_option("--max-steps", args->max_steps,
                    "joint moves per match at most (default 1000); a match that reaches it is unfinished (exit 4)")
        ->check(positive_whole_number());
    auto* v = cmd->add_flag("--verbose", args->verbose, "also print every state's fluents and every role's legal moves");
    v->excludes(p);
    std::string help;
    std::vector<std::string> names;
    for (const auto& f : query::forward_engines()) help += f.name + " (" + f.summary + "), ", names.push_back(f.name);
    names.push_back("auto");
    cmd->add_option("--engine", args->engine,
                    help + "or auto (default): the first that applies, in this order (--verbose says why not one)")
        ->check(CLI::IsMember(names));
    auto* rec = cmd->add_option("--record", args->record,
                                "also write the match to FILE as a recorded match that `gdlsc replay` reads: the Dresden "
                                "trace XML with gdlsc's <percepts>, or ggp-base match JSON (doc/usage.md, \"replay\")")
                    ->excludes(p);
    cmd->add_option("--record-format", args->record_format,
                    "xml or json (default: json for a FILE ending in .json, else xml)")
        ->check(CLI::IsMember({"xml", "json"}))
        ->needs(rec);
    add_timeout(cmd, args->timeout);  // with --playouts the whole run is one call
    add_json(cmd, args->json);
    cmd->callback([args, &exit_code] { exit_code = run_simulate(*args); });
}

}  // namespace gdlsc::cli
