// NetworkSpace (see network_space.h): states interned as bit sets; each state is
// evaluated once, its joint moves in one batch of network rows.
#include "network/network_space.h"

#include "ground/hash.h"

#include <algorithm>

namespace gdlsc::ground {
namespace {

std::vector<NodeId> info_targets(const StepNetwork& net) {
    std::vector<NodeId> t{net.terminal_node()};
    for (std::size_t r = 0; r < net.roles().size(); ++r) {
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) t.push_back(net.legal_node(r, m));
        for (std::size_t g = 0; g < net.goal_values(r).size(); ++g) t.push_back(net.goal_node(r, g));
    }
    return t;
}

std::vector<NodeId> step_targets(const StepNetwork& net) {
    std::vector<NodeId> t;
    for (std::size_t f = 0; f < net.fluents().size(); ++f) t.push_back(net.next_node(f));
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        for (std::size_t q = 0; q < net.percepts(r).size(); ++q) t.push_back(net.sees_node(r, q));
    return t;
}


bool node_holds(const Rows& rows, NodeId node, std::size_t row) {
    return node != kNoNode && rows.holds(node, row);
}

}  // namespace

std::size_t NetworkSpace::VecHash::operator()(const std::vector<std::uint64_t>& v) const {
    std::uint64_t h = v.size();
    for (std::uint64_t w : v) h = mix64(h ^ w) + 0x9e3779b97f4a7c15ULL;
    return static_cast<std::size_t>(h);
}

std::uint32_t NetworkSpace::IdTable::intern(const std::vector<std::uint32_t>& v) {
    std::vector<std::uint64_t> key(v.begin(), v.end());
    auto [it, fresh] = ids.emplace(std::move(key), static_cast<std::uint32_t>(items.size()));
    if (fresh) items.push_back(v);
    return it->second;
}

NetworkSpace::NetworkSpace(const StepNetwork& net, const std::vector<std::uint32_t>& init)
    : net_(net),
      words_((net.fluents().size() + 63) / 64),
      info_targets_(info_targets(net)),
      step_targets_(step_targets(net)),
      info_rows_(net, info_targets_),
      step_rows_(net, step_targets_),
      legal_sets_(net.roles().size()),
      goal_sets_(net.roles().size()),
      percept_sets_(net.roles().size()),
      obs_(net.roles().size()),
      obs_ids_(net.roles().size()) {
    std::vector<std::uint64_t> bits(words_, 0);
    for (std::uint32_t f : init) bits[f >> 6] |= std::uint64_t(1) << (f & 63);
    intern(bits);
}

StateId NetworkSpace::intern(const std::vector<std::uint64_t>& bits) {
    auto [it, fresh] = state_ids_.emplace(bits, static_cast<StateId>(infos_.size()));
    if (fresh) {
        bits_.insert(bits_.end(), bits.begin(), bits.end());
        infos_.emplace_back();
        done_.push_back(false);
        expanded_.push_back(false);
    }
    return it->second;
}

std::vector<int> NetworkSpace::goal_values(std::size_t r, std::uint32_t goals) const {
    std::vector<int> out;
    for (std::uint32_t g : goal_sets_[r].items[goals]) out.push_back(goal_number(net_.goal_values(r)[g]));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::uint32_t> NetworkSpace::fluents(StateId s) const {
    std::vector<std::uint32_t> out;
    const std::uint64_t* w = &bits_[std::size_t(s) * words_];
    for (std::size_t i = 0; i < words_; ++i)
        for (std::uint64_t b = w[i]; b; b &= b - 1) out.push_back(static_cast<std::uint32_t>(i * 64 + __builtin_ctzll(b)));
    return out;
}

void NetworkSpace::set_state(Rows& rows, std::size_t row, StateId s) const {
    const std::uint64_t* w = &bits_[std::size_t(s) * words_];
    for (std::size_t i = 0; i < words_; ++i)
        for (std::uint64_t b = w[i]; b; b &= b - 1) rows.set_fluent(row, i * 64 + __builtin_ctzll(b));
}

const StateInfo& NetworkSpace::info(StateId s) {
    if (done_[s]) return infos_[s];
    const std::size_t nroles = net_.roles().size();
    StateInfo in;
    // The state itself: terminal, legal moves, goals.
    info_rows_.reset(1);
    set_state(info_rows_, 0, s);
    info_rows_.run();
    in.terminal = node_holds(info_rows_, net_.terminal_node(), 0);
    std::vector<std::vector<std::uint32_t>> legal(nroles);
    for (std::size_t r = 0; r < nroles; ++r) {
        for (std::uint32_t m = 0; m < net_.moves(r).size(); ++m)
            if (node_holds(info_rows_, net_.legal_node(r, m), 0)) legal[r].push_back(m);
        std::vector<std::uint32_t> goals;
        for (std::uint32_t g = 0; g < net_.goal_values(r).size(); ++g)
            if (node_holds(info_rows_, net_.goal_node(r, g), 0)) goals.push_back(g);
        in.legal.push_back(legal_sets_[r].intern(legal[r]));
        in.goals.push_back(goal_sets_[r].intern(goals));
    }
    infos_[s] = std::move(in);
    done_[s] = true;
    return infos_[s];
}

const StateInfo& NetworkSpace::expand(StateId s) {
    info(s);
    if (expanded_[s]) return infos_[s];
    expanded_[s] = true;
    const std::size_t nroles = net_.roles().size();
    StateInfo& in = infos_[s];  // a deque element: interning successors keeps the reference
    std::vector<std::vector<std::uint32_t>> legal(nroles);
    for (std::size_t r = 0; r < nroles; ++r) legal[r] = legal_sets_[r].items[in.legal[r]];
    // Its joint moves (every role's legal moves, role 0 slowest), one row each.
    std::size_t njoint = in.terminal ? 0 : 1;
    for (std::size_t r = 0; r < nroles && njoint; ++r) njoint *= legal[r].size();
    if (njoint > 0) {
        step_rows_.reset(njoint);
        std::vector<std::vector<std::uint32_t>> joints(njoint, std::vector<std::uint32_t>(nroles));
        for (std::size_t row = 0; row < njoint; ++row) {
            std::size_t k = row;
            for (std::size_t r = nroles; r-- > 0;) {
                joints[row][r] = legal[r][k % legal[r].size()];
                k /= legal[r].size();
            }
            set_state(step_rows_, row, s);
            for (std::size_t r = 0; r < nroles; ++r) step_rows_.set_move(row, r, joints[row][r]);
        }
        step_rows_.run();
        std::vector<std::uint64_t> next(words_);
        for (std::size_t row = 0; row < njoint; ++row) {
            std::fill(next.begin(), next.end(), 0);
            for (std::size_t f = 0; f < net_.fluents().size(); ++f)
                if (node_holds(step_rows_, net_.next_node(f), row)) next[f >> 6] |= std::uint64_t(1) << (f & 63);
            Transition t;
            t.joint = joints_.intern(joints[row]);
            for (std::size_t r = 0; r < nroles; ++r) {
                std::vector<std::uint32_t> ps;
                for (std::uint32_t q = 0; q < net_.percepts(r).size(); ++q)
                    if (node_holds(step_rows_, net_.sees_node(r, q), row)) ps.push_back(q);
                std::uint32_t pset = percept_sets_[r].intern(ps);
                std::uint64_t key = (std::uint64_t(joints[row][r]) << 32) | pset;
                auto [it, fresh] = obs_ids_[r].emplace(key, static_cast<std::uint32_t>(obs_[r].size()));
                if (fresh) obs_[r].emplace_back(joints[row][r], pset);
                t.obs.push_back(it->second);
            }
            t.next = intern(next);  // may grow infos_ (a deque: `in` stays valid)
            in.transitions.push_back(std::move(t));
        }
    }
    return in;
}
std::vector<gdl::Term> NetworkSpace::joint_move(std::uint32_t joint) const {
    std::vector<gdl::Term> out;
    const auto& ms = joints_.items[joint];
    for (std::size_t r = 0; r < ms.size(); ++r) out.push_back(net_.moves(r)[ms[r]]);
    return out;
}

}  // namespace gdlsc::ground
