// The reachable states of a game as the game's rules compute them in the embedded
// Prolog engine (a ground::StateSpace for the lockstep fixpoint): the reference and the
// fallback where the step network cannot be built (too large to ground, knows in the
// rules). A state is interned by its fluents; each is asked for once.
#pragma once
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "ground/lockstep.h"
#include "prolog/engine.h"

namespace gdlsc::query {

class RulesSpace : public ground::StateSpace {
public:
    /// The engine must have the game loaded; interns its initial state (id 0).
    explicit RulesSpace(pl::Engine& engine);

    std::size_t roles() const override { return roles_.size(); }
    const ground::StateInfo& info(ground::StateId s) override;
    const ground::StateInfo& expand(ground::StateId s) override;
    std::size_t size() const override { return states_.size(); }
    std::vector<gdl::Term> joint_move(std::uint32_t joint) const override { return joints_[joint]; }
    std::uint32_t obs_move(std::size_t r, std::uint32_t obs) const override { return obs_[r][obs].first; }
    std::size_t legal_size(std::size_t r, std::uint32_t legal) const override { return legal_sizes_[r].at(legal); }
    std::vector<int> goal_values(std::size_t r, std::uint32_t goals) const override { return goal_values_[r].at(goals); }

    const pl::State& state(ground::StateId s) const { return states_[s]; }

private:
    struct Ids {  // interns texts
        std::unordered_map<std::string, std::uint32_t> ids;
        std::uint32_t intern(const std::string& key) {
            return ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
        }
    };
    pl::Engine& e_;
    std::vector<std::string> roles_;
    std::deque<pl::State> states_;
    std::deque<ground::StateInfo> infos_;
    std::deque<bool> done_, expanded_;
    std::unordered_map<std::string, ground::StateId> state_ids_;
    std::vector<std::vector<gdl::Term>> joints_;
    Ids joint_ids_;
    std::vector<Ids> moves_, sets_;  // per role: move ids; ids of legal/goal/percept sets
    std::vector<std::unordered_map<std::uint32_t, std::size_t>> legal_sizes_;       // per role, per legal-set id
    std::vector<std::unordered_map<std::uint32_t, std::vector<int>>> goal_values_;  // per role, per goal-set id
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> obs_;  // per role: (move, percepts)
    std::vector<std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t>> obs_ids_;

    ground::StateId intern(const pl::State& s);
};

}  // namespace gdlsc::query
