// `gdlsc prove GAME PROPERTY [--depth N] [--json]`: checks a knowledge property for the whole
// game by the lockstep pair fixpoint (no --depth), or over every development of length <= N,
// exactly (doc/knowledge.md, "Proofs"). PROPERTY is
// legal-knowledge, terminal-knowledge, goal-knowledge (Thielscher 2010, Prop. 2 and 3)
// perfect-information (every information set a single development: Theorem 4) or a
// closed KIF formula. Exit 0 holds, 1 refuted (counterexample printed), 4 on limits.
#include <unistd.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.h"
#include "cli/options.h"
#include "base/errors.h"
#include "query/knowledge_report.h"
#include "query/proof.h"
#include "query/prove_chc.h"
#include "query/witness.h"

namespace gdlsc::cli {
namespace {

struct ProveArgs {
    bool strict = false;
    std::string game, property;
    std::optional<std::size_t> depth;
    std::size_t max_pairs = 0;
    std::string engine = "explicit";
    bool induction = false;
    std::string chc_solver;  ///< --engine chc: both (default), pdr or spacer
    std::optional<std::size_t> max_k;  ///< default: SmtProveOptions::max_k
    bool json = false, progress = false, quiet = false;
    double timeout = query::kDefaultTimeoutSeconds;
    std::string witness;  ///< a counterexample to check (JSON, as --json prints it)
};

// `prove --witness FILE`: replay the witness; explicit is the progression engine, all adds the
// step network and Z3. Exit 1 when it is a counterexample, 3 when the engines replay it differently.
int run_witness(const query::Game& g, const ProveArgs& a) {
    if (a.depth || a.induction || a.max_k || a.max_pairs)
        throw UserError("prove: --witness checks the given developments; it takes no --depth, --induction, --max-k or --max-pairs");
    std::vector<std::string> engines;
    if (a.engine == "explicit") engines = {"progression"};
    else if (a.engine == "smt") engines = {"smt"};
    else if (a.engine == "all") engines = {"progression", "network", "smt"};
    else throw UserError("prove: --witness replays with --engine explicit (Prolog), smt (Z3) or all (and the step network)");
    query::Witness w = query::read_witness(a.witness, g);
    query::WitnessResult res = query::check_witness(g, a.property, w, engines, a.timeout);
    if (a.json) {
        nlohmann::json j = nlohmann::json::parse(query::prove_json(res.report));
        j["checked_by"] = nlohmann::json::array();
        for (const auto& c : res.checks) j["checked_by"].push_back(c.engine);
        j["not_applicable"] = res.not_applicable;
        j["agree"] = res.disagreement.empty();
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << query::prove_text(res.report);
        std::string by;
        for (const auto& c : res.checks) by += (by.empty() ? "" : ", ") + c.engine;
        std::cout << "the witness is a counterexample (replayed by " << by << ")\n";
        for (const auto& n : res.not_applicable) std::cout << n << "\n";
        if (!res.disagreement.empty()) std::cout << "the engines DISAGREE: " << res.disagreement << "\n";
    }
    return res.disagreement.empty() ? kExitRefuted : kExitDisagreement;
}

int run_prove(const ProveArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    if (!a.witness.empty()) return run_witness(g, a);
    bool progress = !a.quiet && (a.progress || isatty(STDERR_FILENO));
    query::WholeGameOptions wo;
    wo.progress = progress;
    wo.timeout_seconds = a.timeout;
    wo.max_pairs = a.max_pairs;
    query::SmtProveOptions so;
    so.depth = a.depth;
    so.induction = a.induction;
    if (a.max_k) {
        const bool whole_all = a.engine == "all" && !a.depth;
        if (!a.induction && !whole_all)
            throw UserError("prove: --max-k goes with --engine smt --induction, or --engine all without --depth");
        so.max_k = *a.max_k;
    }
    so.progress = progress;
    so.timeout_seconds = a.timeout;
    if (a.engine == "all") {
        if (a.induction) throw UserError("prove: --engine all runs k-induction itself when --depth is omitted");
        auto all = query::prove_all(g, a.property, a.depth, wo, so);
        std::cout << (a.json ? query::prove_all_json(all) : query::prove_all_text(all));
        if (!all.agree) return kExitDisagreement;
        const auto& ref = all.runs.front().second;
        return ref.undecided ? kExitUndecided : ref.holds ? kExitOk : kExitRefuted;
    }
    if (a.induction && a.engine != "smt") throw UserError("prove: --induction needs --engine smt");
    if (!a.chc_solver.empty() && a.engine != "chc") throw UserError("prove: --chc-solver goes with --engine chc");
    query::ProveReport r;
    if (a.engine == "smt") {
        if (a.induction && a.depth) throw UserError("prove: --induction and --depth exclude each other");
        r = query::prove_smt(g, a.property, so);
        std::cout << (a.json ? query::prove_json(r) : query::prove_text(r));
        return r.undecided ? kExitUndecided : r.holds ? kExitOk : kExitRefuted;
    }
    if (a.engine == "chc") {
        if (a.depth) throw UserError("prove: --engine chc decides the whole game; it takes no --depth");
        query::ChcProveOptions co;
        co.progress = progress;
        co.timeout_seconds = a.timeout;
        if (!a.chc_solver.empty()) co.solver = a.chc_solver;
        r = query::prove_chc(g, a.property, co);
        std::cout << (a.json ? query::prove_json(r) : query::prove_text(r));
        return r.holds ? kExitOk : kExitRefuted;
    }
    if (a.depth && a.engine != "fixpoint") {
        r = query::compute_prove(g, a.property, *a.depth, progress, a.timeout);
    } else {
        if (a.engine == "developments") throw UserError("prove: --engine developments needs --depth N");
        query::WholeGameOptions o = wo;
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
    add_game(cmd, a->game, a->strict);
    cmd->add_option("property", a->property,
                    "legal-knowledge | terminal-knowledge | goal-knowledge | perfect-information | closed KIF formula")
        ->required();
    cmd->add_option("--depth", a->depth, "check developments of length 0..N (without it: the whole game)")
        ->check(whole_number());
    cmd->add_option("--max-pairs", a->max_pairs,
                    "whole game: stop with exit 4 beyond this many pairs of states (default 40,000,000)")
        ->check(whole_number());
    cmd->add_option("--engine", a->engine,
                    "explicit (default: the fixpoint for the whole game, developments with --depth), "
                    "fixpoint (with --depth: the pair graph cut at N), developments (--depth only), "
                    "smt (Z3 on two copies of the game: --depth N or --induction), chc (Spacer on the pair "
                    "system as Horn clauses: the whole game), all (every one that "
                    "applies; exit 3 if they disagree)")
        ->check(CLI::IsMember({"explicit", "fixpoint", "developments", "smt", "chc", "all"}));
    cmd->add_flag("--induction", a->induction, "with --engine smt: k-induction, a proof for every depth");
    cmd->add_option("--chc-solver", a->chc_solver,
                    "with --engine chc: who solves the Horn clauses: both (default: gdlsc's PDR and Z3's Spacer "
                    "race, the first answer wins), pdr or spacer")
        ->check(CLI::IsMember({"both", "pdr", "spacer"}));
    cmd->add_option("--max-k", a->max_k, "with --induction: the largest k tried (default 10; exit 6 if undecided)")
        ->check(whole_number());
    add_json(cmd, a->json, "print {\"holds\", \"depth\", \"counterexample\"}");
    cmd->add_option("--witness", a->witness,
                    "check a counterexample instead of searching: FILE is the JSON --json prints "
                    "({\"role\", \"actual\", \"alternative\"}); exit 1 when it refutes the property, 2 with "
                    "the step where it does not");
    auto* p = cmd->add_flag("--progress", a->progress, "per depth: developments, classes, seconds on stderr "
                                                        "(default when stderr is a terminal)");
    cmd->add_flag("--quiet", a->quiet, "no progress on stderr")->excludes(p);
    add_timeout(cmd, a->timeout);
    cmd->callback([a, &exit_code] { exit_code = run_prove(*a); });
}

}  // namespace gdlsc::cli
