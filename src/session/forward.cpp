// The two forward engines (see forward.h).
#include "session/forward.h"

#include <algorithm>
#include <chrono>
#include <new>
#include <unordered_map>

#include "base/errors.h"
#include "network/network_play.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"

namespace gdlsc::query {
namespace {

class Progression : public Forward {
public:
    explicit Progression(pl::Engine& e) : e_(e), roles_(e.roles()), s_(e.initial_state()) {}
    const char* name() const override { return "progression"; }
    void restart() override { s_ = e_.initial_state(), e_.reset_tables(); }
    bool terminal() override { return e_.terminal(s_); }
    std::vector<gdl::Term> fluents() override { return e_.fluents(s_); }
    std::vector<gdl::Term> legal(std::size_t r) override { return e_.legal_moves(roles_.at(r), s_); }
    std::vector<gdl::Term> percepts(std::size_t r, const std::vector<gdl::Term>& joint) override {
        return e_.percepts(roles_.at(r), joint, s_);
    }
    void play(const std::vector<gdl::Term>& joint) override {
        s_ = e_.next_state(s_, joint);
        // Tables of recursive game predicates are keyed by state: drop the old state's.
        e_.reset_tables();
    }
    std::vector<std::pair<std::string, gdl::Term>> goals() override { return e_.goals(s_); }

private:
    pl::Engine& e_;
    std::vector<std::string> roles_;
    pl::State s_;
};

class Network : public Forward {
public:
    explicit Network(const BuiltNetwork& b) : net_(b.net), player_(*b.net, b.init), index_(b.net->roles().size()) {
        for (std::size_t r = 0; r < net_->roles().size(); ++r)
            for (std::uint32_t m = 0; m < net_->moves(r).size(); ++m) index_[r].emplace(net_->moves(r)[m].to_kif(), m);
    }
    const char* name() const override { return "network"; }
    void restart() override { player_.restart(); }
    bool terminal() override { return player_.terminal(); }
    std::vector<gdl::Term> fluents() override { return terms(net_->fluents(), player_.fluents()); }
    std::vector<gdl::Term> legal(std::size_t r) override { return terms(net_->moves(r), player_.legal(r)); }
    std::vector<gdl::Term> percepts(std::size_t r, const std::vector<gdl::Term>& joint) override {
        return terms(net_->percepts(r), player_.percepts(r, indices(joint)));
    }
    void play(const std::vector<gdl::Term>& joint) override { player_.play(indices(joint)); }
    std::vector<std::pair<std::string, gdl::Term>> goals() override {
        std::vector<std::pair<std::string, gdl::Term>> out;
        for (std::size_t r = 0; r < net_->roles().size(); ++r)
            for (std::uint32_t g : player_.goals(r)) out.emplace_back(net_->roles()[r], net_->goal_values(r)[g]);
        std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
            return x.first != y.first ? x.first < y.first : x.second < y.second;
        });
        return out;
    }

private:
    std::shared_ptr<const ground::StepNetwork> net_;
    ground::NetworkPlayer player_;
    std::vector<std::unordered_map<std::string, std::uint32_t>> index_;  // per role: move text -> index

    static std::vector<gdl::Term> terms(const std::vector<gdl::Term>& all, const std::vector<std::uint32_t>& idx) {
        std::vector<gdl::Term> out;
        out.reserve(idx.size());
        for (std::uint32_t i : idx) out.push_back(all[i]);
        return out;
    }
    std::vector<std::uint32_t> indices(const std::vector<gdl::Term>& joint) const {
        std::vector<std::uint32_t> out;
        for (std::size_t r = 0; r < joint.size() && r < index_.size(); ++r) {
            auto it = index_[r].find(joint[r].to_kif());
            // The network lists every move that can be legal; the caller checked legality.
            if (it == index_[r].end())
                throw UserError("move " + joint[r].to_kif() + " of role " + net_->roles()[r] + " is never legal");
            out.push_back(it->second);
        }
        return out;
    }
};

}  // namespace

BuiltNetwork build_network(const Game& g) {
    const StepModel& m = g.step();
    BuiltNetwork b;
    b.net = m.network;
    b.build_seconds = m.build_seconds;
    if (b.net) {
        b.init = b.net->initial_fluents();
        return b;
    }
    b.why = m.why_not;
    b.failure = m.failure;
    // The grounder's advice names options of the commands that ground histories; not this one.
    if (auto cut = b.why.find("; use a shorter history"); cut != std::string::npos) b.why.erase(cut);
    return b;
}

std::optional<gdl::Term> network_situation(const Game& g, pl::Engine& engine, const History& h) {
    BuiltNetwork b = build_network(g);
    if (!b.net) return std::nullopt;
    Network fwd(b);
    const auto& roles = g.analysis.roles;
    gdl::Term sit = gdl::Term::constant("s0"), previous = sit;
    std::vector<gdl::Term> before;  // the fluents of `previous`
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (fwd.terminal()) fail_terminal(h, i);
        const Step& st = h[i];
        // Wrong arity: the Prolog check words it (it cannot happen for a parsed history).
        if (st.moves.size() != roles.size()) return std::nullopt;
        for (std::size_t r = 0; r < roles.size(); ++r) {
            auto legal = fwd.legal(r);
            if (std::find(legal.begin(), legal.end(), st.moves[r]) != legal.end()) continue;
            std::vector<std::string> ms;
            for (const auto& m : legal) ms.push_back(m.to_kif());
            fail_illegal(h, i, r, roles[r], ms);
        }
        if (i + 1 == h.size()) before = fwd.fluents();
        fwd.play(st.moves);
        previous = sit;
        sit = gdl::Term::compound("do", {gdl::Term::compound("a", st.moves), sit});
    }
    if (!h.empty()) pl::runtime::known_state(engine, previous, before);
    pl::runtime::known_state(engine, sit, fwd.fluents());
    return sit;
}

std::unique_ptr<Forward> network_forward(const BuiltNetwork& built) { return std::make_unique<Network>(built); }
std::unique_ptr<Forward> progression_forward(pl::Engine& engine) { return std::make_unique<Progression>(engine); }

std::unique_ptr<Forward> make_forward(const Game& g, pl::Engine& engine, ForwardChoice choice, std::string& about) {
    if (choice == ForwardChoice::Progression) {
        about = "progression (the game's rules in Prolog)";
        return std::make_unique<Progression>(engine);
    }
    BuiltNetwork b = build_network(g);
    if (b.net) {
        about = "network (" + b.net->size_text() + ")";
        return network_forward(b);
    }
    if (choice == ForwardChoice::Network) {
        if (b.failure == StepModel::Failure::TooLarge || b.failure == StepModel::Failure::OutOfMemory)
            throw LimitError("no step network for this game: " + b.why);
        throw UserError("no step network for this game: " + b.why);
    }
    about = "progression (no step network: " + b.why + ")";
    return std::make_unique<Progression>(engine);
}

}  // namespace gdlsc::query
