// `gdlsc translate GAME --format text|prolog|tptp|smtlib [-o FILE]`: the situation calculus
// theory of a game (Schiffel & Thielscher 2011) for people, for the Prolog engine, or for
// first-order provers; smtlib: the completion and loop formulas of the ground program along
// a history (--history/--history-file, default empty), for SMT solvers. An invalid game
// prints its diagnostics and exits 2.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/validate.h"
#include "prolog/engine.h"
#include "query/engines_smt.h"
#include "query/errors.h"
#include "query/history.h"
#include "sc/emit.h"
#include "sc/emit_prolog.h"
#include "sc/theory.h"

namespace gdlsc::cli {

namespace {

struct TranslateOptions {
    std::string game;
    std::string format = "text";
    std::string output;
    std::string history, history_file;  ///< smtlib: the joint moves to ground along
};

int translate(const TranslateOptions& o) {
    gdl::Diagnostics diags;
    gdl::Program program;
    try {
        program = gdl::read_game_file(o.game, diags);
    } catch (const std::runtime_error& e) {
        throw UserError(e.what());
    }
    gdl::Analysis analysis = gdl::analyze(program);
    if (!diags.has_errors()) gdl::validate(program, analysis, diags);
    diags.print(std::cerr);
    if (diags.has_errors()) return kExitInvalidInput;

    std::ostringstream text;
    if ((!o.history.empty() || !o.history_file.empty()) && o.format != "smtlib")
        throw UserError("--history and --history-file go with --format smtlib");
    if (o.format == "smtlib") {
        query::History h = o.history_file.empty() ? query::parse_history(o.history, analysis.roles)
                                                  : query::parse_history_file(o.history_file, analysis.roles);
        auto& pl = pl::Engine::instance();
        pl.load_game(program, analysis);
        query::check_history(pl, h);  // an illegal step is an error naming step, role and move
        text << query::smtlib_text(program, analysis, h, o.game);
    } else if (o.format == "prolog") {
        text << sc::emit_prolog(program, analysis);
    } else {
        sc::Theory th = sc::translate(program, analysis);
        if (o.format == "tptp") sc::emit_tptp(th, o.game, text);
        else sc::emit_text(th, o.game, text);
    }
    if (o.output.empty()) {
        std::cout << text.str();
        return kExitOk;
    }
    std::ofstream out(o.output, std::ios::binary);
    if (!(out << text.str())) throw UserError("cannot write " + o.output);
    return kExitOk;
}

}  // namespace

void register_translate(CLI::App& app, int& exit_code) {
    auto opts = std::make_shared<TranslateOptions>();
    auto* cmd = app.add_subcommand("translate", "print the situation calculus theory of a game");
    cmd->add_option("game", opts->game, "game description (KIF or infix)")->required();
    cmd->add_option("--format,-f", opts->format,
                    "text (for people), prolog (the engine's module), tptp (FOF) or smtlib (the completion and "
                    "loop formulas of the ground program along --history, SMT-LIB 2)")
        ->check(CLI::IsMember({"text", "prolog", "tptp", "smtlib"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", opts->output, "write to FILE instead of standard output");
    auto* h = cmd->add_option("--history", opts->history, "smtlib: joint moves to ground along (default: none)");
    cmd->add_option("--history-file", opts->history_file, "smtlib: file with one joint move per line")->excludes(h);
    cmd->callback([opts, &exit_code] { exit_code = translate(*opts); });
}

}  // namespace gdlsc::cli
