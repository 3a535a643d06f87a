// `gdlsc query GAME [--history H | --history-file F] FORMULA [--json] [--engine E]`:
// what holds in the situation a history reaches (doc/usage.md, "query").
// Exit 0 with `holds`/`does not hold`; 2 for a bad game, history or formula.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "query/answer.h"
#include "query/engines.h"
#include "base/errors.h"
#include "session/formula.h"
#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc::cli {
namespace {

struct QueryArgs {
    bool strict = false;
    std::string game, formula, history, history_file;
    bool json = false;
    query::QueryOptions options;
};

int run_query_command(const QueryArgs& a) {
    query::Game g = query::load_game_file(a.game, a.strict);
    query::Formula f = query::parse_formula(a.formula, g.analysis);
    query::History h = query::read_history(a.history, a.history_file, g.analysis.roles);
    query::Answer ans = query::run_query(g, f, h, a.options);
    std::cout << (a.json ? query::answer_json(ans) : query::answer_text(ans));
    return kExitOk;
}

}  // namespace

void register_query(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("query", "What holds after a history: fluents, legal moves, goals, percepts, "
                                            "knowledge; free variables are answer variables");
    auto a = std::make_shared<QueryArgs>();
    add_game(cmd, a->game, a->strict);
    cmd->add_option("formula", a->formula, "KIF formula, e.g. '(true ?f)' or '(legal xplayer ?m)'")->required();
    add_history(cmd, a->history, a->history_file, "joint moves in role order, e.g. '(noop (mark 1 1)) ((mark 2 2) noop)'");
    add_json(cmd, a->json, "print {\"holds\": bool, \"bindings\": [...]}");
    cmd->add_option("--engine", a->options.engine,
                    "progression (default), regression, smt (Z3 on the ground program) or all (every engine that "
                    "applies; exit 3 when they disagree)")
        ->check(CLI::IsMember([] {
            std::vector<std::string> names;
            for (const auto& e : query::engines()) names.push_back(e.name);
            names.push_back("all");
            return names;
        }()));
    cmd->add_option("--max-ground-size", a->options.max_ground_size,
                    "smt: bound on the ground program's atoms (rules: twice as many); beyond it exit 4. GDL-III: "
                    "bound on the one-step program of the developments on the step network; beyond it the "
                    "Prolog runtime makes them")
        ->default_val(500000)
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                try {
                    size_t used = 0;
                    long long n = std::stoll(v, &used);
                    if (used == v.size() && n >= 1) return {};
                } catch (const std::exception&) {
                }
                return "must be a positive whole number of atoms, got '" + v + "'";
            },
            "POSITIVE"));
    add_timeout(cmd, a->options.timeout_seconds);
    cmd->callback([a, &exit_code] { exit_code = run_query_command(*a); });
}

}  // namespace gdlsc::cli
