// `gdlsc translate GAME --format text|prolog|tptp|smtlib|ground|network|asp [-o FILE]`: the situation calculus
// theory of a game (Schiffel & Thielscher 2011) for people, for the Prolog engine, or for
// first-order provers; smtlib: the completion and loop formulas of the ground program along
// a history (--history/--history-file, default empty), for SMT solvers; asp: the game as a clingo
// program with time arguments (or the time in the names, or GDL-III sequence arguments), --horizon
// and an optional history (src/query/translate.h).
// An invalid game prints its diagnostics and exits 2.
#include <fstream>
#include <iostream>

#include "base/errors.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "query/translate.h"

namespace gdlsc::cli {

void register_translate(CLI::App& app, int& exit_code) {
    struct Args {
        std::string game, output;
        query::TranslateOptions o;
    };
    auto a = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "translate", "print the situation calculus theory of a game, its ground program or step network, or the game as a clingo program");
    add_game(cmd, a->game, a->o.strict);
    cmd->add_option("--format,-f", a->o.format,
                    "text (for people), prolog (the engine's module), tptp (FOF), smtlib (the completion and "
                    "loop formulas of the ground program along --history, SMT-LIB 2), ground (that ground program, "
                    "one rule per line), network (the step network: inputs, components, outputs) or asp (the "
                    "game as a clingo program: time arguments, GDL-III sequence arguments)")
        ->check(CLI::IsMember({"text", "prolog", "tptp", "smtlib", "ground", "network", "asp"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", a->output, "write to FILE instead of standard output");
    auto* h = cmd->add_option("--history", a->o.history,
                              "smtlib, ground: joint moves to ground along; asp: joint moves fixed (default: none)");
    cmd->add_option("--history-file", a->o.history_file, "smtlib, ground, asp: file with one joint move per line")
        ->excludes(h);
    cmd->add_option("--horizon", a->o.horizon,
                    "asp: the last time point, at most N joint moves (default: the history's length, or 10 without one)");
    cmd->add_option("--encoding", a->o.encoding,
                    "asp: time (true(F,T), one copy of the rules), staged (true_3(F), one copy per time point, "
                    "stratified step by step: gringo computes a fixed match while grounding) or sequences (every "
                    "development, knowledge relations); default: sequences for a game with knows, staged when the "
                    "history fixes every joint move up to the horizon, else time")
        ->check(CLI::IsMember({"time", "staged", "sequences"}));
    cmd->add_flag("--sequences", a->o.sequences, "asp: the same as --encoding sequences");
    cmd->callback([a, &exit_code] {
        query::Translation t = query::translate_game_file(a->game, a->o);
        std::cerr << t.diagnostics;
        if (!t.valid) {
            exit_code = kExitInvalidInput;
            return;
        }
        exit_code = kExitOk;
        if (a->output.empty()) {
            std::cout << t.text;
            return;
        }
        std::ofstream out(a->output, std::ios::binary);
        if (!(out << t.text)) throw UserError("cannot write " + a->output);
    });
}

}  // namespace gdlsc::cli
