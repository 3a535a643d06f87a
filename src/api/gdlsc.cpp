// The public API (gdlsc.h) over the session and the capabilities (src/session, src/query,
// src/prove, src/simulate, src/infoset; States in state.cpp): each call does what the command
// of the same name does, and turns the layer's errors into gdlsc::Error with the same exit code.
#include "api/gdlsc.h"

#include <filesystem>
#include <fstream>
#include <mutex>
#include <new>
#include <regex>

#include "base/deadline.h"
#include "api/api_impl.h"
#include "base/errors.h"
#include "query/check.h"
#include "query/engines.h"
#include "session/formula.h"
#include "session/forward.h"
#include "session/game_file.h"
#include "session/history.h"
#include "infoset/belief.h"
#include "infoset/infoset.h"
#include "simulate/match_record.h"
#include "prove/prove.h"
#include "session/session.h"
#include "query/regression_query.h"
#include "simulate/replay.h"
#include "simulate/simulate.h"
#include "query/solve.h"
#include "query/translate.h"

namespace gdlsc {

using impl::guarded;
using impl::kif;

Error::Error(const std::string& message, int exit_code) : std::runtime_error(message), exit_code_(exit_code) {
    // The first located line: `file:line:col: ...` (diagnostics, histories, formulas).
    static const std::regex located(R"((?:^|\n)([^\n]+?):(\d+):(\d+): )");
    std::smatch m;
    if (std::regex_search(message, m, located)) {
        file_ = m[1].str();
        line_ = std::stoi(m[2].str());
        column_ = std::stoi(m[3].str());
    }
}

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
        impl->name = path;
        impl->strict = strict;
        impl->game = query::load_game_file(path, strict);
        return Game(std::move(impl));
    });
}

Game Game::parse(const std::string& text, const std::string& name, bool strict) {
    return guarded([&] {
        auto impl = std::make_shared<Impl>();
        impl->name = name;
        impl->strict = strict;
        impl->game = query::load_game_text(name, text, strict);
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

std::vector<std::pair<std::string, std::string>> Game::predicate_classes() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [sig, info] : impl_->game.analysis.predicates)
        out.emplace_back(sig.name + "/" + std::to_string(sig.arity), gdl::class_name(info.engine_cls));
    return out;
}

std::vector<std::string> Game::fluent_signatures() const {
    std::vector<std::string> out;
    for (const auto& sig : impl_->game.analysis.fluents) out.push_back(sig.name + "/" + std::to_string(sig.arity));
    return out;
}

std::string Game::translate(const std::string& format, const std::string& history, int horizon,
                            const std::string& encoding) const {
    return guarded([&] {
        query::TranslateOptions o;
        o.format = format;
        o.history = history;
        o.horizon = horizon;
        o.encoding = encoding;
        o.strict = impl_->strict;
        query::Translation t = query::translate_game_file(impl_->path, o);
        if (impl_->path.empty()) throw Error("translate: the game was given as text; read it from a file", kExitInvalidInput);
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

namespace {

Proof proof_of(const query::ProveOutcome& o) {
    if (o.exit_code() == kExitDisagreement) throw UserError(o.text(), kExitDisagreement);
    const query::ProveReport& r = o.report();
    Proof p;
    p.holds = r.holds;
    p.whole_game = r.whole_game;
    p.undecided = r.undecided;
    p.method = query::prove_method_name(r.method);
    p.depth = r.holds ? r.depth : r.at_depth;
    p.role = r.role;
    p.actual = r.actual;
    p.alternative = r.alternative;
    p.actual_percepts = r.actual_percepts;
    p.alternative_percepts = r.alternative_percepts;
    p.explanation = r.explanation;
    p.text = o.text();
    p.json = o.json();
    return p;
}

// `gdlsc prove PROPERTY [--depth N | --witness FILE] --engine E --timeout T` on `g`.
Proof run_prove(const query::Game& g, const std::string& property, std::optional<std::size_t> depth,
                const std::string& witness_file, double timeout_seconds, const std::string& engine) {
    return guarded([&] {
        query::ProveRequest req;
        req.property = property;
        req.depth = depth;
        req.witness = witness_file;
        req.timeout_seconds = timeout_seconds;
        req.engine = engine;
        return proof_of(query::prove(g, req));
    });
}

}  // namespace

Proof Game::prove(const std::string& property, std::optional<std::size_t> depth, double timeout_seconds,
                  const std::string& engine) const {
    return run_prove(impl_->game, property, depth, "", timeout_seconds, engine);
}

Proof Game::check_witness(const std::string& property, const std::string& witness_file, double timeout_seconds,
                          const std::string& engine) const {
    return run_prove(impl_->game, property, std::nullopt, witness_file, timeout_seconds, engine);
}

Belief Game::belief(const std::string& role, const std::string& formula, const std::string& history,
                    double timeout_seconds) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        query::Formula f = query::parse_formula(formula, g.analysis);
        query::History h = query::read_history(history, "", g.analysis.roles);
        query::BeliefReport r = query::compute_belief(g, role, h, f, timeout_seconds);
        return Belief{r.numerator, r.denominator, r.developments};
    });
}

Solutions Game::solve(const std::string& formula, std::size_t depth, std::size_t limit, double timeout_seconds,
                       const std::string& history) const {
    return guarded([&] {
        const query::Game& g = impl_->game;
        query::Formula f = query::parse_formula(formula, g.analysis);
        query::SolveOptions o;
        o.depth = depth;
        o.limit = limit;
        o.history = query::read_history(history, "", g.analysis.roles);
        o.timeout_seconds = timeout_seconds;
        // The BDD developments first, as `gdlsc solve` does: no game loaded into Prolog then.
        std::optional<query::SolveReport> fast = query::solve_without_engine(g, f, o);
        query::SolveReport r = fast ? *fast : query::run_solve(query::Session(g, timeout_seconds), f, o);
        Solutions out;
        out.count = r.count;
        for (const auto& sol : r.solutions) out.histories.push_back(sol.history), out.states.push_back(sol.state);
        out.text = query::solve_text(r);
        return out;
    });
}

Regression Game::regress(const std::string& formula, const std::string& history, std::size_t max_size,
                         double timeout_seconds) const {
    return guarded([&] {
        query::Session s(impl_->game, timeout_seconds);
        query::Formula f = query::parse_formula(formula, s.game().analysis);
        query::History h = s.history(history);
        query::QueryContext ctx{s.game().program, s.game().analysis, f, h, s.situation(h)};
        query::Regression r = query::regress_formula(ctx, max_size);
        return Regression{r.text, r.size, Answer{r.answer.holds, r.answer.rows}};
    });
}

namespace {

// `gdlsc simulate --seed SEED --max-steps N` on `g` (with every state and legal move when the
// match is to be recorded).
query::Match play_match(const query::Game& g, std::uint64_t seed, std::size_t max_steps, bool record_states) {
    query::SimulateRequest r;
    r.seed = seed;
    r.max_steps = max_steps;
    r.timeout_seconds = query::kDefaultTimeoutSeconds;
    r.record_states = record_states;
    return *query::simulate(g, r).match;
}

query::RecordFormat record_format(const std::string& format, const std::string& path) {
    if (format.empty()) return query::record_format_of(path);
    if (format == "xml") return query::RecordFormat::Xml;
    if (format == "json") return query::RecordFormat::Json;
    throw Error("record format '" + format + "': xml or json", kExitInvalidInput);
}

// The game's name in a record: the file name without its extension, as `simulate --record`.
std::string record_game_name(const Game::Impl& impl) {
    return std::filesystem::path(impl.name).stem().string();
}

Replay replay_of(const query::ReplayOutcome& o) {
    Replay out;
    out.clean = !o.deviation;
    out.record = o.record;
    out.format = o.format;
    out.game = o.game;
    out.engine = o.engine;
    out.roles = o.roles;
    out.steps = o.steps;
    out.joint_moves = o.joint_moves;
    out.states_checked = o.states_checked;
    out.legal_checked = o.legal_checked;
    out.moves_checked = o.moves_checked;
    out.percepts_checked = o.percepts_checked;
    out.terminal_checked = o.terminal_checked;
    out.goals_checked = o.goals_checked;
    out.finished = o.finished;
    if (o.deviation) {
        const query::ReplayDeviation& d = *o.deviation;
        out.deviation = ReplayDeviation{d.step, d.role, d.move, d.what, d.recorded, d.game, d.location, d.message};
    }
    out.knowledge_role = o.knowledge_role;
    for (const auto& k : o.knowledge) out.knowledge.push_back({k.after, k.developments, k.states});
    out.exit_code = o.exit_code();
    out.text = o.text();
    out.json = o.json();
    return out;
}

query::ReplayRequest replay_request(const std::string& path, const std::string& role, const std::string& engine,
                                    double timeout_seconds) {
    query::ReplayRequest r;
    r.record_path = path;
    r.role = role;
    r.engine = engine;
    r.timeout_seconds = timeout_seconds;
    return r;
}

}  // namespace

Match Game::simulate(std::uint64_t seed, std::size_t max_steps, const std::string& record_path,
                     const std::string& record_format) const {
    return guarded([&] {
        std::optional<query::RecordFormat> format;
        if (!record_path.empty()) format = gdlsc::record_format(record_format, record_path);
        const query::Match m = play_match(impl_->game, seed, max_steps, format.has_value());
        if (format) {
            std::ofstream out(record_path, std::ios::binary);
            out << query::write_match_record(m, *format, record_game_name(*impl_));
            out.close();
            if (!out) throw Error("simulate --record: cannot write " + record_path, kExitInvalidInput);
        }
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

std::string Game::record(std::uint64_t seed, std::size_t max_steps, const std::string& format) const {
    return guarded([&] {
        query::RecordFormat f = gdlsc::record_format(format.empty() ? "xml" : format, "");
        return query::write_match_record(play_match(impl_->game, seed, max_steps, true), f, record_game_name(*impl_));
    });
}

Replay Game::replay(const std::string& record_path, const std::string& role, const std::string& engine,
                    double timeout_seconds) const {
    return guarded([&] {
        return replay_of(query::replay(impl_->game, replay_request(record_path, role, engine, timeout_seconds)));
    });
}

Replay Game::replay_text(const std::string& record_text, const std::string& name, const std::string& role,
                         const std::string& engine, double timeout_seconds) const {
    return guarded([&] {
        query::MatchRecord rec = query::parse_match_record(name, record_text);
        return replay_of(query::replay(impl_->game, rec, replay_request(name, role, engine, timeout_seconds)));
    });
}

Playouts Game::playouts(std::int64_t n, std::uint64_t seed) const {
    return guarded([&] {
        query::SimulateRequest r;
        r.seed = seed;
        r.playouts = n;
        r.timeout_seconds = query::kDefaultTimeoutSeconds;
        const query::PlayoutReport p = *query::simulate(impl_->game, r).playouts;
        return Playouts{p.engine, p.playouts, p.states, p.seconds, p.moves, p.terminals, p.cpu_seconds};
    });
}

void interrupt() noexcept { g_interrupted.store(true); }
bool interrupted() noexcept { return g_interrupted.load(); }
void clear_interrupt() noexcept { g_interrupted.store(false); }

std::string version() {
    return guarded([] { return query::version_text(); });
}

}  // namespace gdlsc
