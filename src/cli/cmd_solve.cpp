// `gdlsc solve GAME --depth N FORMULA [--history H | --history-file F] [--limit K] [--json]`:
// every development of at most N joint moves (that starts with H; the search stops at terminal
// states) at whose last situation FORMULA holds -- the dual of `prove` (doc/usage.md, "solve"). Exit 0 (also with no solution: the count is the
// answer), 2 for a bad game or formula, 4 past --timeout.
#include <unistd.h>

#include <iostream>

#include "base/errors.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "session/formula.h"
#include "session/game_file.h"
#include "session/history.h"
#include "session/session.h"
#include "query/solve.h"

namespace gdlsc::cli {
namespace {

struct SolveArgs {
    bool strict = false;
    std::string game, formula, history, history_file;
    query::SolveOptions options;
    bool json = false, quiet = false;
    double timeout = query::kDefaultTimeoutSeconds;
};

int run_solve_command(const SolveArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::Formula f = query::parse_formula(a.formula, g.analysis);
    query::SolveOptions o = a.options;
    o.history = query::read_history(a.history, a.history_file, g.analysis.roles);
    o.progress = !a.quiet && isatty(STDERR_FILENO);
    o.timeout_seconds = a.timeout;
    std::optional<query::SolveReport> fast = query::solve_without_engine(g, f, o);
    query::SolveReport r = fast ? *fast : query::run_solve(query::Session(std::move(g), a.timeout), f, o);
    std::cout << (a.json ? query::solve_json(r) : query::solve_text(r));
    return kExitOk;
}

}  // namespace

void register_solve(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("solve", "Every development of at most --depth joint moves at whose last "
                                            "situation a formula holds (the dual of prove; puzzles)");
    auto a = std::make_shared<SolveArgs>();
    add_game(cmd, a->game, a->strict);
    cmd->add_option("formula", a->formula, "KIF formula about the last situation, e.g. 'terminal'")->required();
    cmd->add_option("--depth", a->options.depth, "the longest development, in joint moves")
        ->required()
        ->check(whole_number());
    cmd->add_option("--limit", a->options.limit, "solutions listed (the count is always exact)")
        ->check(whole_number())
        ->default_val(100);
    add_history(cmd, a->history, a->history_file,
                "only the developments that start with these joint moves (the depth counts them), e.g. "
                "'(noop (mark 1 1))'");
    add_json(cmd, a->json, "print {\"depth\", \"count\", \"solutions\": [{\"history\", \"state\"}], \"levels\"}");
    cmd->add_flag("--quiet", a->quiet, "no progress lines on stderr");
    add_timeout(cmd, a->timeout);
    cmd->callback([a, &exit_code] { exit_code = run_solve_command(*a); });
}

}  // namespace gdlsc::cli
