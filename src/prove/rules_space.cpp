// RulesSpace (see rules_space.h): every question is a call into gdlsc_game.
#include "prove/rules_space.h"

#include <algorithm>

namespace gdlsc::query {
namespace {

std::string text(const std::vector<gdl::Term>& ts) {
    std::string out;
    for (const auto& t : ts) out += t.to_kif() + " ";
    return out;
}

}  // namespace

RulesSpace::RulesSpace(pl::Engine& engine)
    : e_(engine), roles_(engine.roles()), moves_(roles_.size()), sets_(roles_.size()),
      legal_sizes_(roles_.size()), goal_values_(roles_.size()), obs_(roles_.size()), obs_ids_(roles_.size()) {
    intern(e_.initial_state());
}

ground::StateId RulesSpace::intern(const pl::State& s) {
    auto [it, fresh] = state_ids_.emplace(text(e_.fluents(s)), static_cast<ground::StateId>(states_.size()));
    if (fresh) {
        states_.push_back(s);
        infos_.emplace_back();
        done_.push_back(false);
        expanded_.push_back(false);
    }
    return it->second;
}

const ground::StateInfo& RulesSpace::info(ground::StateId id) {
    if (done_[id]) return infos_[id];
    const pl::State s = states_[id];
    ground::StateInfo in;
    in.terminal = e_.terminal(s);
    auto goals = e_.goals(s);
    for (std::size_t r = 0; r < roles_.size(); ++r) {
        const auto legal = e_.legal_moves(roles_[r], s);
        in.legal.push_back(sets_[r].intern("legal " + text(legal)));
        legal_sizes_[r][in.legal.back()] = legal.size();
        std::vector<gdl::Term> mine;
        std::vector<int> values;
        for (const auto& [role, v] : goals)
            if (role == roles_[r]) mine.push_back(v), values.push_back(ground::goal_number(v));
        std::sort(values.begin(), values.end());
        in.goals.push_back(sets_[r].intern("goals " + text(mine)));
        goal_values_[r][in.goals.back()] = std::move(values);
    }
    infos_[id] = std::move(in);
    done_[id] = true;
    return infos_[id];
}

const ground::StateInfo& RulesSpace::expand(ground::StateId id) {
    info(id);
    if (expanded_[id]) return infos_[id];
    expanded_[id] = true;
    const pl::State s = states_[id];
    ground::StateInfo& in = infos_[id];  // a deque element: interning successors keeps the reference
    if (!in.terminal) {
        for (const pl::JointMove& a : e_.joint_moves(s)) {
            ground::Transition t;
            std::uint32_t j = joint_ids_.intern(text(a));
            if (j == joints_.size()) joints_.push_back(a);
            t.joint = j;
            for (std::size_t r = 0; r < roles_.size(); ++r) {
                std::uint32_t m = moves_[r].intern(a[r].to_kif());
                std::uint32_t p = sets_[r].intern("percepts " + text(e_.percepts(roles_[r], a, s)));
                auto [it, fresh] = obs_ids_[r].emplace(std::make_pair(m, p), static_cast<std::uint32_t>(obs_[r].size()));
                if (fresh) obs_[r].emplace_back(m, p);
                t.obs.push_back(it->second);
            }
            t.next = intern(e_.next_state(s, a));
            in.transitions.push_back(std::move(t));
        }
    }
    return in;
}

}  // namespace gdlsc::query
