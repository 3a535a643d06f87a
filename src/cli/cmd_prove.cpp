// `gdlsc prove GAME PROPERTY [--depth N] [--json]`: checks a knowledge property for the whole
// game by the lockstep pair fixpoint (no --depth), or over every development of length <= N,
// exactly (doc/knowledge.md, "Proofs"). PROPERTY is
// legal-knowledge, terminal-knowledge, goal-knowledge (Thielscher 2010, Prop. 2 and 3)
// perfect-information (every information set a single development: Theorem 4) or a
// closed KIF formula. Exit 0 holds, 1 refuted (counterexample printed), 4 on limits.
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "prove/prove.h"
#include "session/session.h"

namespace gdlsc::cli {
namespace {

struct ProveArgs {
    bool strict = false;
    std::string game;
    bool json = false, quiet = false;
    query::ProveRequest request;
};

int run_prove(const ProveArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::ProveRequest r = a.request;
    r.progress = !a.quiet && (r.progress || isatty(STDERR_FILENO));
    query::ProveOutcome o = query::prove(g, r);
    std::cout << (a.json ? o.json() : o.text());
    return o.exit_code();
}

std::vector<std::string> engine_names() {
    std::vector<std::string> names{"explicit"};
    for (const auto& m : query::prove_methods()) names.push_back(m.name);
    names.push_back("all");
    names.push_back("auto");
    return names;
}

std::string engine_help() {
    std::string h = "explicit (default: fixpoint for the whole game, developments with --depth); ";
    for (const auto& m : query::prove_methods()) h += m.name + ": " + m.summary + "; ";
    return h + "all: every method that applies (exit 3 if they disagree); auto: the whole game, the methods in turn "
               "(fixpoint, induction, bdd, chc, walks) with growing time slices (1 s, 4 s, 16 s, ...), the first "
               "verdict wins; smt --induction is induction";
}

}  // namespace

void register_prove(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("prove", "Check a knowledge property for the whole game (lockstep fixpoint) or "
                                            "over every development up to a depth: legal-knowledge, "
                                            "terminal-knowledge, goal-knowledge, perfect-information or a formula");
    auto a = std::make_shared<ProveArgs>();
    query::ProveRequest& r = a->request;
    r.timeout_seconds = query::kDefaultTimeoutSeconds;
    add_game(cmd, a->game, a->strict);
    cmd->add_option("property", r.property,
                    "legal-knowledge | terminal-knowledge | goal-knowledge | perfect-information | closed KIF formula")
        ->required();
    cmd->add_option("--depth", r.depth, "check developments of length 0..N (without it: the whole game)")
        ->check(whole_number());
    cmd->add_option("--max-pairs", r.max_pairs,
                    "whole game: stop with exit 4 beyond this many pairs of states (default 40,000,000)")
        ->check(whole_number());
    cmd->add_option("--max-nodes", r.max_nodes,
                    "bdd: stop with exit 4 when the BDD node table passes this many nodes (default 100,000,000: "
                    "about 4 GB with the caches)")
        ->check(whole_number());
    cmd->add_option("--bdd-order", r.bdd_order, "bdd: the fluents' variable order: structure (default), sorted, network")
        ->check(CLI::IsMember({"structure", "sorted", "network"}));
    cmd->add_flag("--bdd-reorder", r.bdd_reorder, "bdd: dynamic variable reordering (sifting; each fluent's variables one block)");
    cmd->add_flag("--bdd-pairs", r.bdd_pairs,
                  "bdd: search every agent's reachable pairs (their count and depth) even where an inductive invariant "
                  "of equal fluents proves the property first");
    cmd->add_option("--engine", r.engine, engine_help())
        ->check(CLI::IsMember(engine_names()));
    cmd->add_flag("--induction", r.induction, "with --engine smt: k-induction, a proof for every depth");
    cmd->add_option("--chc-solver", r.chc_solver,
                    "with --engine chc: both (IC3/PDR and Z3's Spacer race, the first answer wins; default), pdr or spacer")
        ->check(CLI::IsMember({"both", "pdr", "spacer"}));
    cmd->add_option("--walks", r.walks, "with --engine walks: random lockstep walks per role (default 1,000)")
        ->check(positive_whole_number());
    cmd->add_option("--seed", r.seed, "with --engine walks: the walks' random seed (default 1; the same seed, the same walks)")
        ->check(whole_number());
    cmd->add_option("--max-k", r.max_k, "with --induction: the largest k tried (default 10; exit 6 if undecided)")
        ->check(whole_number());
    add_json(cmd, a->json, "print {\"holds\", \"depth\", \"counterexample\"}");
    cmd->add_option("--witness", r.witness,
                    "check a counterexample instead of searching: FILE is the JSON --json prints "
                    "({\"role\", \"actual\", \"alternative\"}); exit 1 when it refutes the property, 2 with "
                    "the step where it does not");
    auto* p = cmd->add_flag("--progress", r.progress, "per depth: developments, classes, seconds on stderr "
                                                        "(default when stderr is a terminal)");
    cmd->add_flag("--quiet", a->quiet, "no progress on stderr")->excludes(p);
    add_timeout(cmd, r.timeout_seconds);
    cmd->callback([a, &exit_code] { exit_code = run_prove(*a); });
}

}  // namespace gdlsc::cli
