// `gdlsc translate` (translate.h).
#include "query/translate.h"

#include <sstream>

#include "base/errors.h"
#include "gdl/existential_negation.h"
#include "session/diagnostic_error.h"
#include "session/game_file.h"
#include "query/engines_smt.h"
#include "session/session.h"
#include "sc/emit.h"
#include "sc/emit_asp.h"
#include "sc/emit_prolog.h"
#include "sc/theory.h"

namespace gdlsc::query {

Translation translate_game_file(const std::string& path, const TranslateOptions& o) {
    const bool asp = o.format == "asp";
    if ((!o.history.empty() || !o.history_file.empty()) && o.format != "smtlib" && o.format != "ground" && !asp)
        throw UserError("--history and --history-file go with --format smtlib, ground or asp");
    if ((o.horizon != -1 || o.sequences || !o.encoding.empty()) && !asp)
        throw UserError("--horizon, --encoding and --sequences go with --format asp");
    if (!o.encoding.empty() && o.encoding != "time" && o.encoding != "staged" && o.encoding != "sequences")
        throw UserError("unknown --encoding '" + o.encoding + "' (time, staged, sequences)");
    if (o.sequences && !o.encoding.empty() && o.encoding != "sequences")
        throw UserError("--sequences and --encoding " + o.encoding + " contradict each other");
    if (o.horizon < -1) throw UserError("--horizon must be at least 0");
    gdl::Diagnostics diags;
    diags.set_strict(o.strict);
    Game g = read_game(path, diags);
    Translation t;
    std::ostringstream d;
    diags.print(d);
    t.diagnostics = d.str();
    t.valid = !diags.has_errors();
    if (!t.valid) return t;

    std::ostringstream text;
    if (o.format == "smtlib" || o.format == "ground") {
        Session s(std::move(g), 0);
        History h = s.history(o.history, o.history_file);
        s.situation(h);  // an illegal step is an error naming step, role and move
        text << (o.format == "smtlib" ? smtlib_text(s.game().program, s.game().analysis, h, path)
                                      : ground_text(s.game().program, s.game().analysis, h, path));
    } else if (asp) {
        sc::AspOptions ao;
        ao.source_name = path;
        const std::string e = o.sequences ? "sequences" : o.encoding;
        ao.encoding = e == "time"        ? sc::AspEncoding::Time
                      : e == "staged"    ? sc::AspEncoding::Staged
                      : e == "sequences" ? sc::AspEncoding::Sequences
                                         : sc::AspEncoding::Automatic;
        if ((e == "time" || e == "staged") && g.analysis.epistemic)
            throw UserError(path + ": --encoding " + e + ": the game has knows, and knowledge needs the sequence "
                                   "encoding (--encoding sequences, the default for it)");
        if (!o.history.empty() || !o.history_file.empty()) {
            Session s(g, 0);  // a copy: the program below is the one read
            History h = s.history(o.history, o.history_file);
            s.situation(h);  // an illegal step is an error naming step, role and move
            for (const auto& step : h) ao.history.push_back(step.moves);
        }
        const int k = static_cast<int>(ao.history.size());
        ao.horizon = o.horizon == -1 ? (k > 0 ? k : 10) : o.horizon;
        if (ao.horizon < k)
            throw UserError("--horizon " + std::to_string(ao.horizon) + " is shorter than the history (" +
                            std::to_string(k) + " joint moves)");
        // (not (p ?_x ?y)) with ?_x nowhere else, an accepted deviation, is unsafe in ASP: the
        // rewriting the grounder uses names it with an auxiliary relation.
        gdl::Program safe = gdl::existential_negations(g.program);
        gdl::Analysis analysis = gdl::analyze(safe);
        gdl::Diagnostics refused;
        text << sc::emit_asp(safe, analysis, ao, refused);
        throw_if_errors(refused, path + ": no ASP translation:");
    } else if (o.format == "network") {
        text << network_text(g.program, g.analysis, path);
    } else if (o.format == "prolog") {
        text << sc::emit_prolog(g.program, g.analysis);
    } else if (o.format == "tptp" || o.format == "text") {
        sc::Theory th = sc::translate(g.program, g.analysis);
        if (o.format == "tptp") sc::emit_tptp(th, path, text);
        else sc::emit_text(th, path, text);
    } else {
        throw UserError("unknown format '" + o.format + "' (text, prolog, tptp, smtlib, ground, network, asp)");
    }
    t.text = text.str();
    return t;
}

}  // namespace gdlsc::query
