// The public API (gdlsc.h) over the session layer (src/query): each call does what the command
// of the same name does, and turns the layer's errors into gdlsc::Error with the same exit code.
#include "api/gdlsc.h"

#include <new>

#include "base/errors.h"
#include "query/check.h"
#include "query/engines.h"
#include "query/formula.h"
#include "query/forward.h"
#include "query/game_file.h"
#include "query/history.h"
#include "query/knowledge_report.h"
#include "query/prove.h"
#include "query/session.h"
#include "query/simulate.h"
#include "query/translate.h"

namespace gdlsc {

struct Game::Impl {
    std::string path;
    bool strict = false;
    query::Game game;
};

namespace {

// Runs `f`, mapping every error of the layers below to gdlsc::Error with the CLI's exit code.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const Error&) {
        throw;
    } catch (...) {
        ErrorSummary e = summarize_current_exception();
        throw Error(e.message, e.exit_code);
    }
}

}  // namespace

Game::Game(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
Game::Game(const Game&) = default;
Game& Game::operator=(const Game&) = default;
Game::Game(Game&&) noexcept = default;
Game& Game::operator=(Game&&) noexcept = default;
Game::~Game() = default;

Game Game::read(const std::string& path, bool strict) {
    return guarded([&] {
        auto impl = std::make_shared<Impl>();
        impl->path = path;
        impl->strict = strict;
        impl->game = query::load_game_file(path, strict);
        return Game(std::move(impl));
    });
}

std::vector<Diagnostic> Game::check(const std::string& path, bool strict) {
    return guarded([&] {
        query::CheckReport r = query::check_game_file(path, strict);
        std::vector<Diagnostic> out;
        for (const auto& d : r.diagnostics.sorted())
            out.push_back({d.loc.file(), d.loc.line, d.loc.col, gdl::severity_name(d.severity), d.message});
        return out;
    });
}

const std::string& Game::path() const { return impl_->path; }
std::vector<std::string> Game::roles() const { return impl_->game.analysis.roles; }
bool Game::epistemic() const { return impl_->game.analysis.epistemic; }

std::string Game::translate(const std::string& format) const {
    return guarded([&] {
        query::TranslateOptions o;
        o.format = format;
        o.strict = impl_->strict;
        query::Translation t = query::translate_game_file(impl_->path, o);
        if (!t.valid) throw Error(t.diagnostics, kExitInvalidInput);
        return t.text;
    });
}

Answer Game::query(const std::string& formula, const std::string& history, const std::string& engine,
                   double timeout_seconds) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        query::Formula f = query::parse_formula(formula, g.analysis);
        query::History h = query::read_history(history, "", g.analysis.roles);
        query::QueryOptions o;
        o.engine = engine;
        o.timeout_seconds = timeout_seconds;
        query::Answer a = query::run_query(g, f, h, o);
        return Answer{a.holds, a.rows};
    });
}

InformationSet Game::information_set(const std::string& role, const std::string& history,
                                     double timeout_seconds) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        query::check_agent_role(g, role);
        query::History h = query::read_history(history, "", g.analysis.roles);
        query::InfosetReport r = query::compute_infoset(g, role, h, query::InfosetDot::None, timeout_seconds);
        InformationSet out;
        out.developments = r.developments;
        query::for_each_infoset_state([&](const std::vector<std::string>& s) { out.states.push_back(s); });
        return out;
    });
}

Proof Game::prove(const std::string& property, std::optional<std::size_t> depth, double timeout_seconds,
                  const std::string& engine) const {
    return guarded([&] {
        query::ProveRequest req;
        req.property = property;
        req.depth = depth;
        req.timeout_seconds = timeout_seconds;
        req.engine = engine;
        query::ProveOutcome o = query::prove(impl_->game, req);
        if (o.exit_code() == kExitDisagreement) throw UserError(o.text(), kExitDisagreement);
        const query::ProveReport& r = o.report();
        Proof p;
        p.holds = r.holds;
        p.whole_game = r.whole_game;
        p.depth = r.holds ? r.depth : r.at_depth;
        p.role = r.role;
        p.actual = r.actual;
        p.alternative = r.alternative;
        p.text = o.text();
        return p;
    });
}

Match Game::simulate(std::uint64_t seed, std::size_t max_steps) const {
    return guarded([&] {
        query::SimulateRequest r;
        r.seed = seed;
        r.max_steps = max_steps;
        r.timeout_seconds = query::kDefaultTimeoutSeconds;
        const query::Match m = *query::simulate(impl_->game, r).match;
        Match out;
        for (const auto& st : m.steps) {
            std::vector<std::string> joint;
            for (const auto& mv : st.joint) joint.push_back(mv.to_kif());
            out.joint_moves.push_back(std::move(joint));
        }
        out.terminal = m.end == query::MatchEnd::Terminal;
        for (const auto& [role, v] : m.goals) out.goals.emplace_back(role, v.to_kif());
        return out;
    });
}

Playouts Game::playouts(std::int64_t n, std::uint64_t seed) const {
    return guarded([&] {
        query::SimulateRequest r;
        r.seed = seed;
        r.playouts = n;
        r.timeout_seconds = query::kDefaultTimeoutSeconds;
        const query::PlayoutReport p = *query::simulate(impl_->game, r).playouts;
        return Playouts{p.engine, p.playouts, p.states, p.seconds};
    });
}

std::string version() {
    return guarded([] { return query::version_text(); });
}

}  // namespace gdlsc
