// NetworkPlayer and network_playouts (see network_play.h).
#include "network/network_play.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <random>

namespace gdlsc::ground {
namespace {

// Indices 0..n-1 of `terms` in the standard order of the terms.
std::vector<std::uint32_t> standard_order(const std::vector<gdl::Term>& terms) {
    std::vector<std::uint32_t> idx(terms.size());
    std::iota(idx.begin(), idx.end(), 0u);
    std::stable_sort(idx.begin(), idx.end(), [&](std::uint32_t a, std::uint32_t b) {
        return gdl::standard_order_less(terms[a], terms[b]);
    });
    return idx;
}

bool holds(const Rows& rows, NodeId node, std::size_t row) { return node != kNoNode && rows.holds(node, row); }

std::vector<NodeId> info_targets(const StepNetwork& net, bool goals) {
    std::vector<NodeId> t{net.terminal_node()};
    for (std::size_t r = 0; r < net.roles().size(); ++r) {
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) t.push_back(net.legal_node(r, m));
        if (goals)
            for (std::size_t g = 0; g < net.goal_values(r).size(); ++g) t.push_back(net.goal_node(r, g));
    }
    return t;
}

std::vector<NodeId> step_targets(const StepNetwork& net, bool percepts) {
    std::vector<NodeId> t;
    for (std::size_t f = 0; f < net.fluents().size(); ++f) t.push_back(net.next_node(f));
    if (percepts)
        for (std::size_t r = 0; r < net.roles().size(); ++r)
            for (std::size_t q = 0; q < net.percepts(r).size(); ++q) t.push_back(net.sees_node(r, q));
    return t;
}

}  // namespace

// --- NetworkPlayer ---------------------------------------------------------------------

NetworkPlayer::NetworkPlayer(const StepNetwork& net, std::vector<std::uint32_t> init)
    : net_(net),
      init_(std::move(init)),
      info_targets_(info_targets(net, true)),
      step_targets_(step_targets(net, true)),
      info_(net, info_targets_),
      step_(net, step_targets_),
      fluent_order_(standard_order(net.fluents())) {
    info_.reset(1);
    step_.reset(1);
    for (std::size_t r = 0; r < net.roles().size(); ++r) {
        move_order_.push_back(standard_order(net.moves(r)));
        percept_order_.push_back(standard_order(net.percepts(r)));
        goal_order_.push_back(standard_order(net.goal_values(r)));
    }
    restart();
}

void NetworkPlayer::restart() { set_state(init_); }

void NetworkPlayer::set_state(const std::vector<std::uint32_t>& fluents) {
    state_.assign(net_.fluents().size(), 0);
    for (std::uint32_t f : fluents) state_.at(f) = 1;
    info_done_ = false;
    stepped_.clear();
}

void NetworkPlayer::run_info() {
    if (info_done_) return;
    info_.clear_inputs();
    for (std::size_t f = 0; f < state_.size(); ++f)
        if (state_[f]) info_.set_fluent(0, f);
    info_.run();
    info_done_ = true;
}

void NetworkPlayer::run_step(const std::vector<std::uint32_t>& joint) {
    if (!stepped_.empty() && stepped_ == joint) return;
    step_.clear_inputs();
    for (std::size_t f = 0; f < state_.size(); ++f)
        if (state_[f]) step_.set_fluent(0, f);
    for (std::size_t r = 0; r < joint.size(); ++r) step_.set_move(0, r, joint[r]);
    step_.run();
    stepped_ = joint;
}

bool NetworkPlayer::terminal() {
    run_info();
    return holds(info_, net_.terminal_node(), 0);
}

std::vector<std::uint32_t> NetworkPlayer::fluents() const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t f : fluent_order_)
        if (state_[f]) out.push_back(f);
    return out;
}

std::vector<std::uint32_t> NetworkPlayer::legal(std::size_t r) {
    run_info();
    std::vector<std::uint32_t> out;
    for (std::uint32_t m : move_order_[r])
        if (holds(info_, net_.legal_node(r, m), 0)) out.push_back(m);
    return out;
}

std::vector<std::uint32_t> NetworkPlayer::goals(std::size_t r) {
    run_info();
    std::vector<std::uint32_t> out;
    for (std::uint32_t g : goal_order_[r])
        if (holds(info_, net_.goal_node(r, g), 0)) out.push_back(g);
    return out;
}

std::vector<std::uint32_t> NetworkPlayer::percepts(std::size_t r, const std::vector<std::uint32_t>& joint) {
    run_step(joint);
    std::vector<std::uint32_t> out;
    for (std::uint32_t q : percept_order_[r])
        if (holds(step_, net_.sees_node(r, q), 0)) out.push_back(q);
    return out;
}

void NetworkPlayer::play(const std::vector<std::uint32_t>& joint) {
    run_step(joint);
    for (std::size_t f = 0; f < state_.size(); ++f) state_[f] = holds(step_, net_.next_node(f), 0);
    info_done_ = false;
    stepped_.clear();
}

std::int64_t NetworkPlayer::move_index(std::size_t r, const gdl::Term& move) const {
    const auto& ms = net_.moves(r);
    for (std::size_t i = 0; i < ms.size(); ++i)
        if (ms[i] == move) return static_cast<std::int64_t>(i);
    return -1;
}

std::int64_t NetworkPlayer::fluent_index(const gdl::Term& fluent) const {
    const auto& fs = net_.fluents();
    for (std::size_t i = 0; i < fs.size(); ++i)
        if (fs[i] == fluent) return static_cast<std::int64_t>(i);
    return -1;
}

// --- network_playouts ------------------------------------------------------------------

PlayoutCounts network_playouts(const StepNetwork& net, const std::vector<std::uint32_t>& init, std::int64_t n,
                               std::uint64_t seed, std::size_t max_steps, const std::function<bool()>& keep_going) {
    PlayoutCounts out;
    if (n <= 0) return out;
    const std::size_t nf = net.fluents().size(), nroles = net.roles().size();
    // 256 matches at once (4 words a column) amortise the walk over the network; fewer when
    // fewer are asked for.
    const std::size_t words = std::min<std::size_t>(4, (static_cast<std::size_t>(n) + 63) / 64);
    const std::size_t rows = words * 64;
    std::vector<NodeId> it = info_targets(net, false), st = step_targets(net, false);
    Rows info(net, it), step(net, st);
    info.reset(rows);
    step.reset(rows);

    std::vector<char> initial(nf, 0);
    for (std::uint32_t f : init) initial.at(f) = 1;
    std::vector<std::uint64_t> state(nf * words, 0), active(words, 0), ended(words, 0), moving(words, 0),
        fresh(words, 0);
    std::vector<std::size_t> steps(rows, 0);
    std::int64_t started = 0;
    auto start_rows = [&](const std::vector<std::uint64_t>& free_rows) {  // sets `fresh`
        std::fill(fresh.begin(), fresh.end(), 0);
        for (std::size_t w = 0; w < words && started < n; ++w)
            for (std::uint64_t b = free_rows[w]; b && started < n; b &= b - 1) {
                fresh[w] |= b & -b;
                steps[w * 64 + std::countr_zero(b)] = 0;
                ++started;
            }
        for (std::size_t f = 0; f < nf; ++f)
            for (std::size_t w = 0; w < words; ++w) {
                std::uint64_t& col = state[f * words + w];
                col = initial[f] ? (col | fresh[w]) : (col & ~fresh[w]);
            }
        for (std::size_t w = 0; w < words; ++w) active[w] |= fresh[w];
    };
    std::vector<std::uint64_t> all(words, ~std::uint64_t(0));
    start_rows(all);

    std::mt19937_64 rng(seed);
    const NodeId term = net.terminal_node();
    // Per role and row: the legal moves (indices), in standard order; capacity kept between steps.
    std::vector<std::vector<std::vector<std::uint32_t>>> legal(nroles, std::vector<std::vector<std::uint32_t>>(rows));
    std::vector<std::vector<std::uint32_t>> order(nroles);
    for (std::size_t r = 0; r < nroles; ++r) order[r] = standard_order(net.moves(r));
    std::vector<std::uint32_t> choice(rows * nroles);
    std::int64_t since_check = 0;

    auto any = [&](const std::vector<std::uint64_t>& v) {
        return std::any_of(v.begin(), v.end(), [](std::uint64_t x) { return x != 0; });
    };
    while (any(active)) {
        since_check += static_cast<std::int64_t>(rows);
        if (since_check >= 4096) {
            since_check = 0;
            if (keep_going && !keep_going()) {
                out.stopped = true;
                return out;
            }
        }
        // Terminal and legal moves of every active match's state.
        info.clear_inputs();
        for (std::size_t f = 0; f < nf; ++f)
            if (std::uint64_t* c = info.fluent_column(f)) std::copy_n(&state[f * words], words, c);
        info.run();
        for (std::size_t w = 0; w < words; ++w) {
            out.states += std::popcount(active[w]);
            std::uint64_t t = term == kNoNode ? 0 : info.column(term)[w] & active[w];
            out.terminals += std::popcount(t);
            ended[w] = t;
            std::uint64_t bound = 0;
            for (std::uint64_t b = active[w] & ~t; b; b &= b - 1)
                if (steps[w * 64 + std::countr_zero(b)] >= max_steps) bound |= b & -b;
            ended[w] |= bound;
            moving[w] = active[w] & ~ended[w];
        }
        for (std::size_t r = 0; r < nroles; ++r) {
            for (std::size_t w = 0; w < words; ++w)
                for (std::uint64_t b = moving[w]; b; b &= b - 1) legal[r][w * 64 + std::countr_zero(b)].clear();
            for (std::uint32_t m : order[r]) {
                NodeId node = net.legal_node(r, m);
                if (node == kNoNode) continue;
                const std::uint64_t* col = info.column(node);
                for (std::size_t w = 0; w < words; ++w)
                    for (std::uint64_t b = col[w] & moving[w]; b; b &= b - 1)
                        legal[r][w * 64 + std::countr_zero(b)].push_back(m);
            }
        }
        // Draw the joint moves, match by match in row order, role by role.
        for (std::size_t w = 0; w < words; ++w)
            for (std::uint64_t b = moving[w]; b; b &= b - 1) {
                const std::size_t row = w * 64 + std::countr_zero(b);
                for (std::size_t r = 0; r < nroles; ++r) {
                    const auto& ms = legal[r][row];
                    if (ms.empty()) {  // a role without legal move: the match is stuck
                        ended[w] |= b & -b;
                        moving[w] &= ~(b & -b);
                        break;
                    }
                    choice[row * nroles + r] = ms[rng() % ms.size()];
                }
            }
        // The successor of every moving match.
        step.clear_inputs();
        for (std::size_t f = 0; f < nf; ++f)
            if (std::uint64_t* c = step.fluent_column(f)) std::copy_n(&state[f * words], words, c);
        for (std::size_t w = 0; w < words; ++w)
            for (std::uint64_t b = moving[w]; b; b &= b - 1) {
                const std::size_t row = w * 64 + std::countr_zero(b);
                for (std::size_t r = 0; r < nroles; ++r)
                    if (std::uint64_t* c = step.move_column(r, choice[row * nroles + r])) c[w] |= b & -b;
                ++steps[row];
                ++out.moves;
            }
        step.run();
        for (std::size_t f = 0; f < nf; ++f) {
            NodeId nx = net.next_node(f);
            const std::uint64_t* c = nx == kNoNode ? nullptr : step.column(nx);
            for (std::size_t w = 0; w < words; ++w) state[f * words + w] = c ? c[w] & moving[w] : 0;
        }
        for (std::size_t w = 0; w < words; ++w) {
            out.playouts += std::popcount(ended[w]);
            active[w] = moving[w];
        }
        start_rows(ended);
    }
    return out;
}

}  // namespace gdlsc::ground
