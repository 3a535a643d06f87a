// The C++ API's States (gdlsc.h): the matches of `simulate`, with the history as the prefix,
// stepped by the forward engine `simulate` chooses.
#include <mutex>

#include "api/api_impl.h"
#include "session/session.h"
#include "simulate/simulate.h"

namespace gdlsc {

using impl::guarded;
using impl::kif;

namespace {

// Plays `h` from the initial state with the forward engine `simulate` chooses (checking every
// step as `simulate --history` does) and returns the State it reaches.
std::shared_ptr<const State::Node> play(const std::shared_ptr<const Game::Impl>& impl, query::History h) {
    Game::Impl::Cursor& c = *impl->cursor;
    std::lock_guard<std::mutex> lock(c.m);
    const query::Game& g = impl->game;
    if (!c.kept) {
        pl::Engine& e = query::prepare_engine(g, query::kDefaultTimeoutSeconds);
        std::string fallback;
        const query::ForwardEngineEntry& f = query::choose_forward_engine(g, "auto", fallback);
        c.forward = f.make(g, e);
        c.kept = f.name == "network";
    }
    query::SimulationOptions o;
    o.prefix = std::move(h);
    o.max_steps = o.prefix.size();
    query::Match m = query::simulate_match(*c.forward, g.analysis.roles, o);
    query::Forward& fwd = *c.forward;  // now in the last state
    auto n = std::make_shared<State::Node>();
    n->game = impl;
    n->history = std::move(o.prefix);
    for (const auto& st : m.steps) {
        std::vector<std::vector<std::string>> per_role;
        for (const auto& p : st.percepts) per_role.push_back(kif(p));
        n->percepts.push_back(std::move(per_role));
    }
    n->fluents = kif(fwd.fluents());
    n->terminal = fwd.terminal();
    const auto& roles = g.analysis.roles;
    n->legal.resize(roles.size());
    n->goals.resize(roles.size());
    for (std::size_t r = 0; r < roles.size(); ++r)
        if (!n->terminal) n->legal[r] = kif(fwd.legal(r));
    for (const auto& [role, v] : m.goals)
        for (std::size_t r = 0; r < roles.size(); ++r)
            if (roles[r] == role) n->goals[r].push_back(v.to_kif());
    return n;
}

std::size_t role_index(const State::Node& n, const std::string& role) {
    const auto& roles = n.game->game.analysis.roles;
    for (std::size_t r = 0; r < roles.size(); ++r)
        if (roles[r] == role) return r;
    std::string all;
    for (const auto& r : roles) all += (all.empty() ? "" : ", ") + r;
    throw Error("unknown role '" + role + "' (roles: " + all + ")", kExitInvalidInput);
}

}  // namespace

State::State(std::shared_ptr<const Node> node) : node_(std::move(node)) {}

std::vector<std::vector<std::string>> State::history() const {
    std::vector<std::vector<std::string>> out;
    for (const auto& st : node_->history) out.push_back(kif(st.moves));
    return out;
}

std::string State::history_text() const {
    std::string out;
    for (const auto& st : node_->history) {
        std::string joint;
        for (const auto& m : st.moves) joint += (joint.empty() ? "" : " ") + m.to_kif();
        out += (out.empty() ? "(" : " (") + joint + ")";
    }
    return out;
}

const std::vector<std::string>& State::fluents() const { return node_->fluents; }
bool State::terminal() const { return node_->terminal; }
const std::vector<std::string>& State::legal(const std::string& role) const {
    return node_->legal[role_index(*node_, role)];
}

const std::vector<std::string>& State::percepts(const std::string& role) const {
    static const std::vector<std::string> none;
    std::size_t r = role_index(*node_, role);
    return node_->percepts.empty() ? none : node_->percepts.back()[r];
}

std::vector<std::vector<std::string>> State::percept_history(const std::string& role) const {
    std::size_t r = role_index(*node_, role);
    std::vector<std::vector<std::string>> out;
    for (const auto& step : node_->percepts) out.push_back(step[r]);
    return out;
}

std::vector<std::string> State::goals(const std::string& role) const { return node_->goals[role_index(*node_, role)]; }

State State::step(const std::vector<std::string>& joint) const {
    return guarded([&] {
        const auto& roles = node_->game->game.analysis.roles;
        if (joint.size() != roles.size())
            throw Error("step: " + std::to_string(joint.size()) + " moves for " + std::to_string(roles.size()) +
                            " roles (one move per role, in role order)",
                        kExitInvalidInput);
        std::string text = "(";
        for (std::size_t i = 0; i < joint.size(); ++i) text += (i ? " " : "") + joint[i];
        query::History h = node_->history;
        query::History next = query::parse_history(text + ")", roles, "<joint move>");
        h.insert(h.end(), next.begin(), next.end());
        return State(play(node_->game, std::move(h)));
    });
}

State Game::initial() const {
    return guarded([&] { return State(play(impl_, {})); });
}

State Game::after(const std::string& history) const {
    return guarded([&] { return State(play(impl_, query::read_history(history, "", impl_->game.analysis.roles))); });
}

State Game::random_playout(std::uint64_t seed, std::size_t max_steps) const {
    return guarded([&] {
        Match m = simulate(seed, max_steps);
        State s = initial();
        for (const auto& joint : m.joint_moves) s = s.step(joint);
        return s;
    });
}

}  // namespace gdlsc
