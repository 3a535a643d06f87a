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
#include "query/proof.h"
#include "query/session.h"
#include "query/simulation.h"
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
    } catch (const UserError& e) {
        throw Error(e.what(), e.exit_code);
    } catch (const LimitError& e) {
        throw Error(e.what(), kExitLimit);
    } catch (const std::bad_alloc&) {
        throw Error("out of memory", kExitLimit);
    } catch (const EngineError& e) {
        throw Error(e.what(), kExitInternal);
    } catch (const std::exception& e) {
        throw Error(e.what(), kExitInternal);
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
        query::Answer a = query::run_query(g.program, g.analysis, f, h, o);
        return Answer{a.holds, a.rows};
    });
}

InformationSet Game::information_set(const std::string& role, const std::string& history,
                                     double timeout_seconds) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        query::check_agent_role(g, role);
        query::History h = query::read_history(history, "", g.analysis.roles);
        query::InfosetReport r = query::compute_infoset(g, role, h, false, timeout_seconds);
        InformationSet out;
        out.developments = r.developments;
        query::for_each_infoset_state([&](const std::vector<std::string>& s) { out.states.push_back(s); });
        return out;
    });
}

Proof Game::prove(const std::string& property, std::optional<std::size_t> depth, double timeout_seconds) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        query::ProveReport r;
        if (depth) {
            r = query::compute_prove(g, property, *depth, false, timeout_seconds);
        } else {
            query::WholeGameOptions o;
            o.timeout_seconds = timeout_seconds;
            r = query::prove_whole_game(g, property, o);
        }
        Proof p;
        p.holds = r.holds;
        p.whole_game = r.whole_game;
        p.depth = r.holds ? r.depth : r.at_depth;
        p.role = r.role;
        p.actual = r.actual;
        p.alternative = r.alternative;
        p.text = query::prove_text(r);
        return p;
    });
}

Match Game::simulate(std::uint64_t seed, std::size_t max_steps) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        pl::Engine& engine = query::prepare_engine(g, query::kDefaultTimeoutSeconds);
        std::string about;
        auto fwd = query::make_forward(g, engine, query::ForwardChoice::Auto, about);
        query::SimulationOptions o;
        o.seed = seed;
        o.max_steps = max_steps;
        query::Match m = query::simulate_match(*fwd, g.analysis.roles, o);
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
        const query::Game& g = impl_->game;
        pl::Engine& engine = query::prepare_engine(g, query::kDefaultTimeoutSeconds);
        query::BuiltNetwork b = query::build_network(g, engine);
        query::PlayoutReport r = b.net ? query::run_playouts(b, n, seed, 1000, query::kDefaultTimeoutSeconds)
                                       : query::run_playouts(engine, n, seed, 1000);
        return Playouts{r.engine, r.playouts, r.states, r.seconds};
    });
}

std::string version() {
    return guarded([] { return query::version_text(); });
}

}  // namespace gdlsc
