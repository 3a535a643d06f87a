// The reachable states of a game as the step network computes them (a StateSpace for the
// lockstep fixpoint, lockstep.h): a state is a bit set over the network's fluents; its
// legal moves, goals and terminal flag come from one row of the network, its transitions
// from one row per legal joint move (all roles, random included), evaluated together.
#pragma once
#include <deque>
#include <unordered_map>
#include <vector>

#include "ground/lockstep.h"
#include "network/step_network.h"

namespace gdlsc::ground {

class NetworkSpace : public StateSpace {
public:
    /// The network must outlive the space. Interns the initial state (id 0) from `init`:
    /// the indices of the init fluents in net.fluents().
    NetworkSpace(const StepNetwork& net, const std::vector<std::uint32_t>& init);

    std::size_t roles() const override { return net_.roles().size(); }
    const StateInfo& info(StateId s) override;
    const StateInfo& expand(StateId s) override;
    std::size_t size() const override { return infos_.size(); }
    std::vector<gdl::Term> joint_move(std::uint32_t joint) const override;
    std::uint32_t obs_move(std::size_t r, std::uint32_t obs) const override { return obs_[r][obs].first; }
    std::size_t legal_size(std::size_t r, std::uint32_t legal) const override { return legal_sets_[r].items[legal].size(); }
    std::vector<int> goal_values(std::size_t r, std::uint32_t goals) const override;

    /// The fluents of state s (indices into net.fluents(), ascending).
    std::vector<std::uint32_t> fluents(StateId s) const;

private:
    struct VecHash {
        std::size_t operator()(const std::vector<std::uint64_t>& v) const;
    };
    struct IdTable {  // interns small vectors of indices
        std::unordered_map<std::vector<std::uint64_t>, std::uint32_t, VecHash> ids;
        std::vector<std::vector<std::uint32_t>> items;
        std::uint32_t intern(const std::vector<std::uint32_t>& v);
    };
    const StepNetwork& net_;
    std::size_t words_;  // 64-bit words per state
    std::unordered_map<std::vector<std::uint64_t>, StateId, VecHash> state_ids_;
    std::vector<std::uint64_t> bits_;  // state s: words_ words from s * words_
    std::deque<StateInfo> infos_;
    std::deque<bool> done_, expanded_;
    std::vector<NodeId> info_targets_, step_targets_;
    Rows info_rows_, step_rows_;
    IdTable joints_;
    std::vector<IdTable> legal_sets_, goal_sets_, percept_sets_;  // per role
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> obs_;  // per role: (move, percept set)
    std::vector<std::unordered_map<std::uint64_t, std::uint32_t>> obs_ids_;

    StateId intern(const std::vector<std::uint64_t>& bits);
    void set_state(Rows& rows, std::size_t row, StateId s) const;
};

}  // namespace gdlsc::ground
