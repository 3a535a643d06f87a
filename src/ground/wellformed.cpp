// Well-formedness over the reachable state graph (see wellformed.h): one breadth-first search
// with parent links; termination then looks for a cycle among the non-terminal states
// (Tarjan's strongly connected components, iteratively).
#include "ground/wellformed.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <stdexcept>
#include <string>

namespace gdlsc::ground {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

class Search {
public:
    Search(StateSpace& space, const StateCheckOptions& o) : space_(space), o_(o) {}

    StateCheckResult run() {
        switch (o_.property) {
            case StateProperty::Playability: return playability();
            case StateProperty::Termination: return termination();
            case StateProperty::WeakWinnability: return weak_winnability();
            case StateProperty::MonotonicGoals: return monotonic_goals();
        }
        return {};
    }

private:
    StateSpace& space_;
    const StateCheckOptions& o_;
    std::vector<StateId> parent_;
    std::vector<std::uint32_t> joint_, depth_;
    std::vector<StateId> order_;  // breadth-first order
    std::size_t deepest_ = 0;

    void check_limits() {
        if (o_.stop && o_.stop->load()) throw LockstepStopped("stopped");
        if (o_.max_states && space_.size() > o_.max_states)
            throw LockstepLimit("more than " + std::to_string(o_.max_states) + " states");
    }

    void note(StateId s, StateId parent, std::uint32_t joint, std::uint32_t depth) {
        if (parent_.size() <= s) parent_.resize(s + 1, kNone), joint_.resize(s + 1, kNone), depth_.resize(s + 1, kNone);
        parent_[s] = parent;
        joint_[s] = joint;
        depth_[s] = depth;
        order_.push_back(s);
    }
    bool seen(StateId s) const { return s < depth_.size() && depth_[s] != kNone; }

    // Breadth first from the initial state; `visit(s)` is called once per state in that order
    // (before its successors are noted) and returns false to stop the search.
    template <class Visit>
    void bfs(Visit visit) {
        note(0, kNone, kNone, 0);
        std::size_t last_depth = 0;
        for (std::size_t i = 0; i < order_.size(); ++i) {
            const StateId s = order_[i];
            if (depth_[s] != last_depth) {
                if (o_.progress) o_.progress(last_depth, space_.size());
                last_depth = depth_[s];
            }
            check_limits();
            if (!visit(s)) return;
            deepest_ = std::max<std::size_t>(deepest_, depth_[s]);
            if (depth_[s] >= o_.max_depth) continue;
            const StateInfo& in = space_.expand(s);
            for (const Transition& t : in.transitions)
                if (!seen(t.next)) note(t.next, s, t.joint, depth_[s] + 1);
        }
        if (o_.progress) o_.progress(last_depth, space_.size());
    }

    // The development from the initial state to s.
    void path_to(StateId s, StateCheckResult& r) const {
        std::vector<std::uint32_t> joints;
        std::vector<StateId> states{s};
        for (StateId x = s; parent_[x] != kNone; x = parent_[x]) {
            joints.push_back(joint_[x]);
            states.push_back(parent_[x]);
        }
        r.joints.assign(joints.rbegin(), joints.rend());
        r.states.assign(states.rbegin(), states.rend());
    }

    StateCheckResult finish(StateCheckResult r) const {
        r.explored = space_.size();
        r.depth = deepest_;
        return r;
    }

    StateCheckResult playability() {
        StateCheckResult r;
        bfs([&](StateId s) {
            const StateInfo& in = space_.expand(s);
            if (in.terminal || !in.transitions.empty()) return true;
            for (std::size_t role = 0; role < space_.roles(); ++role)
                if (space_.legal_size(role, in.legal[role]) == 0) {
                    r.holds = false;
                    r.why = StateCheckResult::Why::NoLegalMove;
                    r.role = role;
                    path_to(s, r);
                    return false;
                }
            return true;
        });
        return finish(r);
    }

    StateCheckResult weak_winnability() {
        StateCheckResult r;
        const std::size_t n = o_.agents.size();
        std::vector<int> best(n, -1);
        std::vector<StateId> win(n, kNone);
        std::size_t open = n;
        bfs([&](StateId s) {
            const StateInfo& in = space_.info(s);
            if (!in.terminal) return true;
            ++r.terminals;
            for (std::size_t a = 0; a < n; ++a) {
                for (int v : space_.goal_values(o_.agents[a], in.goals[o_.agents[a]])) best[a] = std::max(best[a], v);
                if (win[a] == kNone && best[a] == 100) win[a] = s, --open;
            }
            return open > 0;
        });
        for (std::size_t a = 0; a < n; ++a) {
            if (win[a] != kNone) {
                StateCheckResult p;
                path_to(win[a], p);
                r.wins.push_back(p.joints);
                continue;
            }
            if (!r.holds) continue;  // the first agent that cannot win is reported
            r.holds = false;
            r.why = StateCheckResult::Why::NoWin;
            r.role = o_.agents[a];
            r.best_goal = best[a];
            r.states = {0};
        }
        if (!r.holds) r.wins.clear();
        return finish(r);
    }

    StateCheckResult monotonic_goals() {
        StateCheckResult r;
        std::size_t best_depth = SIZE_MAX;
        auto single = [&](StateId s, std::size_t role) {
            const StateInfo& in = space_.info(s);
            return space_.goal_values(role, in.goals[role]);
        };
        bfs([&](StateId s) {
            if (depth_[s] > best_depth) return false;  // a shorter violation is already known
            for (std::size_t role : o_.agents) {
                const std::vector<int> v = single(s, role);
                if (v.size() == 1 && v[0] >= 0) continue;
                if (depth_[s] < best_depth) {
                    r = StateCheckResult{};
                    r.holds = false;
                    r.why = StateCheckResult::Why::GoalCount;
                    r.role = role;
                    r.goals = v;
                    path_to(s, r);
                    best_depth = depth_[s];
                }
                return true;
            }
            if (depth_[s] + 1 >= best_depth || depth_[s] >= o_.max_depth) return true;
            const StateInfo& in = space_.expand(s);
            for (const Transition& t : in.transitions)
                for (std::size_t role : o_.agents) {
                    const std::vector<int> before = single(s, role), after = single(t.next, role);
                    if (after.size() != 1 || after[0] >= before[0]) continue;
                    r = StateCheckResult{};
                    r.holds = false;
                    r.why = StateCheckResult::Why::GoalDecreases;
                    r.role = role;
                    r.goals = {before[0], after[0]};
                    path_to(s, r);
                    r.joints.push_back(t.joint);
                    r.states.push_back(t.next);
                    best_depth = depth_[s] + 1;
                    return true;
                }
            return true;
        });
        return finish(r);
    }

    // Every development ends iff no cycle runs through the reachable non-terminal states (the
    // graph is finite). The counterexample: a shortest path to the shallowest state on a cycle,
    // then a shortest cycle back to it.
    StateCheckResult termination() {
        if (o_.max_depth != SIZE_MAX) throw std::invalid_argument("termination is a property of the whole game");
        bfs([&](StateId) { return true; });
        const std::size_t n = space_.size();  // every state reached is noted: nothing is cut
        // Tarjan's SCCs over the reached graph (successors from the expanded transitions).
        std::vector<std::uint32_t> index(n, kNone), low(n, 0), comp(n, kNone);
        std::vector<bool> on_stack(n, false);
        std::vector<StateId> stack;
        std::uint32_t counter = 0, ncomp = 0;
        std::vector<std::size_t> comp_size;
        struct Frame {
            StateId s;
            std::size_t next;
        };
        auto succ = [&](StateId s) -> const std::vector<Transition>& { return space_.expand(s).transitions; };
        for (StateId root : order_) {
            if (index[root] != kNone) continue;
            std::vector<Frame> frames{{root, 0}};
            index[root] = low[root] = counter++;
            stack.push_back(root), on_stack[root] = true;
            while (!frames.empty()) {
                check_limits();
                Frame& f = frames.back();
                const auto& ts = succ(f.s);
                if (f.next < ts.size()) {
                    const StateId t = ts[f.next++].next;
                    if (index[t] == kNone) {
                        index[t] = low[t] = counter++;
                        stack.push_back(t), on_stack[t] = true;
                        frames.push_back({t, 0});
                    } else if (on_stack[t]) {
                        low[f.s] = std::min(low[f.s], index[t]);
                    }
                    continue;
                }
                const StateId s = f.s;
                frames.pop_back();
                if (!frames.empty()) low[frames.back().s] = std::min(low[frames.back().s], low[s]);
                if (low[s] != index[s]) continue;
                std::size_t size = 0;
                StateId x;
                do {
                    x = stack.back();
                    stack.pop_back();
                    on_stack[x] = false;
                    comp[x] = ncomp;
                    ++size;
                } while (x != s);
                comp_size.push_back(size);
                ++ncomp;
            }
        }
        // The shallowest state on a cycle (order_ is breadth first).
        StateId start = kNone;
        for (StateId s : order_) {
            if (comp_size[comp[s]] > 1) {
                start = s;
                break;
            }
            for (const Transition& t : succ(s))
                if (t.next == s) start = s;
            if (start != kNone) break;
        }
        StateCheckResult r;
        if (start == kNone) return finish(r);
        r.holds = false;
        r.why = StateCheckResult::Why::Cycle;
        path_to(start, r);
        r.loop_start = r.joints.size();
        // A shortest cycle back to start, inside its component.
        std::vector<StateId> from(n, kNone);
        std::vector<std::uint32_t> via(n, kNone);
        std::deque<StateId> queue{start};
        bool closed = false;
        StateId last = kNone;
        std::uint32_t last_joint = kNone;
        while (!queue.empty() && !closed) {
            const StateId s = queue.front();
            queue.pop_front();
            for (const Transition& t : succ(s)) {
                if (t.next == start) {
                    closed = true, last = s, last_joint = t.joint;
                    break;
                }
                if (comp[t.next] != comp[start] || from[t.next] != kNone) continue;
                from[t.next] = s, via[t.next] = t.joint;
                queue.push_back(t.next);
            }
        }
        std::vector<std::uint32_t> cycle{last_joint};
        std::vector<StateId> cycle_states{start};
        for (StateId x = last; x != start; x = from[x]) {
            cycle.push_back(via[x]);
            cycle_states.push_back(x);
        }
        r.joints.insert(r.joints.end(), cycle.rbegin(), cycle.rend());
        r.states.insert(r.states.end(), cycle_states.rbegin(), cycle_states.rend());
        return finish(r);
    }
};

}  // namespace

StateCheckResult check_states(StateSpace& space, const StateCheckOptions& options) {
    return Search(space, options).run();
}

}  // namespace gdlsc::ground
