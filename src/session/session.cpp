// The session layer (session.h).
#include "session/session.h"

#include "base/errors.h"
#include "prolog/engine.h"
#include "prolog/watchdog.h"
#include "smt/solver.h"

namespace gdlsc::query {

pl::Engine& prepare_engine(const Game& g, double timeout_seconds) {
    auto& e = pl::Engine::instance();
    pl::Limits lim = e.limits();
    lim.seconds = timeout_seconds;
    e.set_limits(lim);
    e.load_game(g.program, g.analysis, g.network_source());
    return e;
}

History read_history(const std::string& text, const std::string& file, const std::vector<std::string>& roles) {
    if (!text.empty() && !file.empty()) throw UserError("give the history either with --history or with --history-file");
    if (file.empty()) return parse_history(text, roles);
    try {
        return parse_history_file(file, roles);
    } catch (const UserError&) {
        throw;
    } catch (const std::runtime_error& e) {  // an unreadable file
        throw UserError(e.what());
    }
}

Session::Session(const std::string& game_path, double timeout_seconds, bool strict)
    : Session(load_game_file(game_path, strict), timeout_seconds) {}

Session::Session(Game game, double timeout_seconds) : game_(std::move(game)), timeout_(timeout_seconds) {
    prepare_engine(game_, timeout_);
}

pl::Engine& Session::engine() const { return pl::Engine::instance(); }

gdl::Term Session::situation(const History& h) const { return check_history(engine(), h); }

std::string version_text() {
    pl::Engine& e = pl::Engine::instance();
    return std::string("gdlsc ") + GDLSC_VERSION + "\nSWI-Prolog " + e.prolog_version() + "\nZ3 " + smt::z3_version() +
           "\nruntime " + e.runtime_dir();
}

void arm_exit(int code) { pl::watchdog_arm_exit(code); }

}  // namespace gdlsc::query
