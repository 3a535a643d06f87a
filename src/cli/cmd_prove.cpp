// `gdlsc prove GAME PROPERTY [--depth N] [--json]`: checks a knowledge property for the whole
// game by the lockstep pair fixpoint (no --depth), or over every development of length <= N,
// exactly (doc/knowledge.md, "Proofs"). PROPERTY is
// legal-knowledge, terminal-knowledge, goal-knowledge (Thielscher 2010, Prop. 2 and 3)
// perfect-information (every information set a single development: Theorem 4) or a
// closed KIF formula. Exit 0 holds, 1 refuted (counterexample printed), 4 on limits.
#include <unistd.h>

#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "query/errors.h"
#include "query/knowledge_report.h"
#include "query/proof.h"

namespace gdlsc::cli {
namespace {

struct ProveArgs {
    std::string game, property;
    std::optional<std::size_t> depth;
    std::size_t max_pairs = 0;
    std::string engine = "explicit";
    bool json = false, progress = false, quiet = false;
    double timeout = 0;
};

int run_prove(const ProveArgs& a) {
    query::Game g = query::load_game_file(a.game);
    bool progress = !a.quiet && (a.progress || isatty(STDERR_FILENO));
    query::ProveReport r;
    if (a.depth && a.engine != "fixpoint") {
        r = query::compute_prove(g, a.property, *a.depth, progress, a.timeout);
    } else {
        if (a.engine == "developments") throw UserError("prove: --engine developments needs --depth N");
        query::WholeGameOptions o;
        o.progress = progress;
        o.timeout_seconds = a.timeout;
        o.max_pairs = a.max_pairs;
        o.max_depth = a.depth;
        r = query::prove_whole_game(g, a.property, o);
    }
    std::cout << (a.json ? query::prove_json(r) : query::prove_text(r));
    return r.holds ? kExitOk : kExitRefuted;
}

}  // namespace

void register_prove(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("prove", "Check a knowledge property for the whole game (lockstep fixpoint) or "
                                            "over every development up to a depth: legal-knowledge, "
                                            "terminal-knowledge, goal-knowledge, perfect-information or a formula");
    auto a = std::make_shared<ProveArgs>();
    cmd->add_option("game", a->game, "game file (KIF or infix)")->required();
    cmd->add_option("property", a->property,
                    "legal-knowledge | terminal-knowledge | goal-knowledge | perfect-information | closed KIF formula")
        ->required();
    cmd->add_option("--depth", a->depth, "check developments of length 0..N (without it: the whole game)");
    cmd->add_option("--max-pairs", a->max_pairs,
                    "whole game: stop with exit 4 beyond this many pairs of states (default 40,000,000)");
    cmd->add_option("--engine", a->engine,
                    "explicit (default: the fixpoint for the whole game, developments with --depth), "
                    "fixpoint (with --depth: the pair graph cut at N), developments (--depth only)")
        ->check(CLI::IsMember({"explicit", "fixpoint", "developments"}));
    cmd->add_flag("--json", a->json, "print {\"holds\", \"depth\", \"counterexample\"}");
    auto* p = cmd->add_flag("--progress", a->progress, "per depth: developments, classes, seconds on stderr "
                                                        "(default when stderr is a terminal)");
    cmd->add_flag("--quiet", a->quiet, "no progress on stderr")->excludes(p);
    cmd->add_option("--timeout", a->timeout, "time limit in seconds (0: none)")->default_val(0);
    cmd->callback([a, &exit_code] { exit_code = run_prove(*a); });
}

}  // namespace gdlsc::cli
