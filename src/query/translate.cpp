// `gdlsc translate` (translate.h).
#include "query/translate.h"

#include <sstream>

#include "base/errors.h"
#include "query/game_file.h"
#include "query/engines_smt.h"
#include "query/session.h"
#include "sc/emit.h"
#include "sc/emit_prolog.h"
#include "sc/theory.h"

namespace gdlsc::query {

Translation translate_game_file(const std::string& path, const TranslateOptions& o) {
    if ((!o.history.empty() || !o.history_file.empty()) && o.format != "smtlib" && o.format != "ground")
        throw UserError("--history and --history-file go with --format smtlib or ground");
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
    } else if (o.format == "network") {
        text << network_text(g.program, g.analysis, path);
    } else if (o.format == "prolog") {
        text << sc::emit_prolog(g.program, g.analysis);
    } else if (o.format == "tptp" || o.format == "text") {
        sc::Theory th = sc::translate(g.program, g.analysis);
        if (o.format == "tptp") sc::emit_tptp(th, path, text);
        else sc::emit_text(th, path, text);
    } else {
        throw UserError("unknown format '" + o.format + "' (text, prolog, tptp, smtlib, ground, network)");
    }
    t.text = text.str();
    return t;
}

}  // namespace gdlsc::query
