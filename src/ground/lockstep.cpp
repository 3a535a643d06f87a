// The lockstep pair fixpoint (see lockstep.h):
//
//     pairs := [(s0, s0)];  check (s0, s0)
//     for p = (x, y) in pairs, in order (breadth first: depth by depth)
//         if x or y is terminal: continue                      -- developments end there
//         for each obs o of role r in both x and y             -- same move, same percepts
//             for each transition a of x with o, b of y with o
//                 q := {next(a), next(b)}                       -- unordered
//                 if q is new: append q (parent p, via a and b); if q violates: stop
//
// Stopping at the first violating pair found gives a shortest counterexample, because
// pairs are appended depth by depth. Perfect information is violated as soon as two
// different joint moves with the same observation leave a pair of identical developments
// (a diagonal pair: before the first violation every pair is one).
#include "ground/lockstep.h"

#include "ground/hash.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace gdlsc::ground {

int goal_number(const gdl::Term& value) {
    const std::string t = value.to_kif();
    if (t.empty() || t.size() > 3 || t.find_first_not_of("0123456789") != std::string::npos) return -1;
    const int n = std::stoi(t);
    return n <= 100 ? n : -1;
}
namespace {

struct Pair {
    StateId x, y;           // x <= y
    std::uint32_t parent;   // index in pairs (the root: itself)
    std::uint32_t tx, ty;   // transitions that made x and y
    std::uint32_t depth;
    bool swapped;           // x came from the parent's y (via tx), y from its x (via ty)
};

// The pairs' index: open addressing with linear probing over 64-bit keys (x << 32 | y), at
// most half full. A node-based std::unordered_map spent two thirds of the time of a
// whole-game proof in its inserts (cache misses on tens of millions of nodes).
class PairIndex {
public:
    PairIndex() { grow(1u << 16); }
    // The pair's index, inserting `value` if the key is new (`fresh` says which).
    std::uint32_t find_or_insert(std::uint64_t key, std::uint32_t value, bool& fresh) {
        if (2 * (size_ + 1) > keys_.size()) grow(keys_.size() * 2);
        std::size_t mask = keys_.size() - 1;
        for (std::size_t i = mix64(key) & mask;; i = (i + 1) & mask) {
            if (keys_[i] == kEmpty) {
                keys_[i] = key, vals_[i] = value, ++size_, fresh = true;
                return value;
            }
            if (keys_[i] == key) {
                fresh = false;
                return vals_[i];
            }
        }
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);  // no pair has x = y = 2^32 - 1
    std::vector<std::uint64_t> keys_;
    std::vector<std::uint32_t> vals_;
    std::size_t size_ = 0;
    void grow(std::size_t slots) {
        std::vector<std::uint64_t> keys(slots, kEmpty);
        std::vector<std::uint32_t> vals(slots);
        std::size_t mask = slots - 1;
        for (std::size_t j = 0; j < keys_.size(); ++j) {
            if (keys_[j] == kEmpty) continue;
            std::size_t i = mix64(keys_[j]) & mask;
            while (keys[i] != kEmpty) i = (i + 1) & mask;
            keys[i] = keys_[j], vals[i] = vals_[j];
        }
        keys_.swap(keys), vals_.swap(vals);
    }
};

class Search {
public:
    Search(StateSpace& space, const LockstepOptions& o) : space_(space), o_(o) {}

    LockstepResult run() {
        LockstepResult res;
        const StateId s0 = 0;
        add(s0, s0, 0, 0, 0, 0, false);
        if (violates(s0, s0)) return finish(res, 0, violation_swapped_);
        std::size_t expanded = 0, last_depth = 0;
        for (std::size_t p = 0; p < pairs_.size(); ++p) {
            if (o_.stop && o_.stop->load(std::memory_order_relaxed)) throw LockstepStopped("stopped");
            const Pair cur = pairs_[p];
            if (cur.depth != last_depth) {
                if (o_.progress) o_.progress(last_depth, pairs_.size(), space_.size());
                last_depth = cur.depth;
            }
            res.max_depth = cur.depth;
            if (cur.depth >= o_.max_depth) continue;  // its successors are too deep
            if (++expanded % o_.progress_every == 0 && o_.progress) o_.progress(cur.depth, pairs_.size(), space_.size());
            std::optional<std::uint32_t> found = expand(static_cast<std::uint32_t>(p));
            if (found) return finish(res, *found, violation_swapped_);
        }
        if (o_.progress) o_.progress(last_depth, pairs_.size(), space_.size());
        res.pairs = pairs_.size();
        return res;
    }

private:
    StateSpace& space_;
    const LockstepOptions& o_;
    std::vector<Pair> pairs_;
    PairIndex index_;
    // Per state: transitions sorted by the role's key. Deques: growing them keeps references.
    std::deque<std::vector<std::uint32_t>> by_obs_;
    std::deque<bool> sorted_;
    bool violation_swapped_ = false;
    // For perfect information: the violation is two different transitions of a diagonal pair.
    std::uint32_t pi_parent_ = 0, pi_a_ = 0, pi_b_ = 0;
    bool pi_found_ = false;

    std::uint64_t key_of(const Transition& t) const {
        std::uint32_t obs = t.obs[o_.role];
        return o_.ignore_percepts ? space_.obs_move(o_.role, obs) : obs;
    }

    const std::vector<std::uint32_t>& grouped(StateId s) {
        if (s >= sorted_.size()) {
            sorted_.resize(s + 1, false);
            by_obs_.resize(s + 1);
        }
        if (!sorted_[s]) {
            const StateInfo& in = space_.expand(s);
            auto& v = by_obs_[s];
            v.resize(in.transitions.size());
            for (std::uint32_t i = 0; i < v.size(); ++i) v[i] = i;
            std::stable_sort(v.begin(), v.end(), [&](std::uint32_t a, std::uint32_t b) {
                return key_of(in.transitions[a]) < key_of(in.transitions[b]);
            });
            sorted_[s] = true;
        }
        return by_obs_[s];
    }

    bool add(StateId a, StateId b, std::uint32_t parent, std::uint32_t ta, std::uint32_t tb, std::uint32_t depth,
             bool from_swapped_parent_unused) {
        (void)from_swapped_parent_unused;
        bool swapped = a > b;
        Pair q{swapped ? b : a, swapped ? a : b, parent, swapped ? tb : ta, swapped ? ta : tb, depth, swapped};
        std::uint64_t key = (std::uint64_t(q.x) << 32) | q.y;
        bool fresh = false;
        index_.find_or_insert(key, static_cast<std::uint32_t>(pairs_.size()), fresh);
        if (!fresh) return false;
        if (o_.max_pairs && pairs_.size() >= o_.max_pairs)
            throw LockstepLimit("more than " + std::to_string(o_.max_pairs) + " pairs of states");
        pairs_.push_back(q);
        return true;
    }

    // Does the stored pair (x, y) violate the property? Sets violation_swapped_ when the
    // development ending in y is the one whose knowledge fails (Custom).
    bool violates(StateId x, StateId y) { return pair_violates(space_, o_, x, y, violation_swapped_); }

    // Expands pair p; the index of a violating pair (for perfect information: p itself,
    // with pi_* set) when one is found.
    std::optional<std::uint32_t> expand(std::uint32_t p) {
        const Pair cur = pairs_[p];
        if (space_.info(cur.x).terminal || space_.info(cur.y).terminal) return std::nullopt;
        const std::vector<std::uint32_t>& gx = grouped(cur.x);
        const std::vector<std::uint32_t>& gy = grouped(cur.y);
        // StateSpace::info keeps its references valid while the space grows.
        const StateInfo& ix = space_.expand(cur.x);
        const StateInfo& iy = space_.expand(cur.y);
        std::size_t i = 0, j = 0;
        while (i < gx.size() && j < gy.size()) {
            std::uint64_t kx = key_of(ix.transitions[gx[i]]), ky = key_of(iy.transitions[gy[j]]);
            if (kx < ky) { ++i; continue; }
            if (ky < kx) { ++j; continue; }
            std::size_t i2 = i, j2 = j;
            while (i2 < gx.size() && key_of(ix.transitions[gx[i2]]) == kx) ++i2;
            while (j2 < gy.size() && key_of(iy.transitions[gy[j2]]) == kx) ++j2;
            for (std::size_t a = i; a < i2; ++a)
                for (std::size_t b = j; b < j2; ++b) {
                    std::uint32_t ta = gx[a], tb = gy[b];
                    if (o_.property == PairProperty::PerfectInformation && cur.x == cur.y && ta != tb) {
                        pi_found_ = true, pi_parent_ = p, pi_a_ = ta, pi_b_ = tb;
                        return p;
                    }
                    StateId na = ix.transitions[ta].next, nb = iy.transitions[tb].next;
                    if (add(na, nb, p, ta, tb, cur.depth + 1, false) && violates(pairs_.back().x, pairs_.back().y))
                        return static_cast<std::uint32_t>(pairs_.size() - 1);
                }
            i = i2, j = j2;
        }
        return std::nullopt;
    }

    // The development that ends in component c (0: x, 1: y) of pair p.
    void trace(std::uint32_t p, int c, std::vector<std::uint32_t>& joints, std::vector<StateId>& states,
               std::vector<std::uint32_t>& obs) {
        std::vector<std::uint32_t> js, os;
        std::vector<StateId> ss;
        ss.push_back(c == 0 ? pairs_[p].x : pairs_[p].y);
        while (pairs_[p].depth > 0) {
            const Pair& q = pairs_[p];
            std::uint32_t t = c == 0 ? q.tx : q.ty;
            int pc = (c == 0) != q.swapped ? 0 : 1;  // the parent's component it came from
            const Pair& par = pairs_[q.parent];
            StateId from = pc == 0 ? par.x : par.y;
            const Transition& tr = space_.expand(from).transitions[t];
            js.push_back(tr.joint);
            os.push_back(tr.obs[o_.role]);
            ss.push_back(from);
            p = q.parent, c = pc;
        }
        joints.assign(js.rbegin(), js.rend());
        obs.assign(os.rbegin(), os.rend());
        states.assign(ss.rbegin(), ss.rend());
    }

    LockstepResult& finish(LockstepResult& res, std::uint32_t p, bool swapped) {
        PairWitness w;
        int ca = swapped ? 1 : 0;
        trace(p, ca, w.actual, w.actual_states, w.actual_obs);
        trace(p, 1 - ca, w.alternative, w.alternative_states, w.alternative_obs);
        if (pi_found_) {  // the diagonal pair p, then two different transitions
            const StateInfo& in = space_.expand(pairs_[p].x);
            const Transition &a = in.transitions[pi_a_], &b = in.transitions[pi_b_];
            w.actual.push_back(a.joint), w.actual_states.push_back(a.next), w.actual_obs.push_back(a.obs[o_.role]);
            w.alternative.push_back(b.joint), w.alternative_states.push_back(b.next);
            w.alternative_obs.push_back(b.obs[o_.role]);
        }
        w.depth = w.actual.size();
        res.holds = false;
        res.witness = std::move(w);
        res.pairs = pairs_.size();
        res.max_depth = res.witness->depth;
        return res;
    }
};

}  // namespace

bool pair_violates(StateSpace& space, const LockstepOptions& o, StateId x, StateId y, bool& swapped) {
    swapped = false;
    switch (o.property) {
        case PairProperty::PerfectInformation: return false;
        case PairProperty::Custom:
            if (o.violates(x, y)) return true;
            if (x != y && o.violates(y, x)) return swapped = true;
            return false;
        default: break;
    }
    const StateInfo& a = space.info(x);
    const StateInfo& b = space.info(y);
    const std::size_t r = o.role;
    switch (o.property) {
        case PairProperty::LegalKnowledge: return !a.terminal && !b.terminal && a.legal[r] != b.legal[r];
        case PairProperty::TerminalKnowledge: return a.terminal != b.terminal;
        case PairProperty::GoalKnowledge: return a.terminal && b.terminal && a.goals[r] != b.goals[r];
        default: return false;
    }
}

LockstepResult lockstep(StateSpace& space, const LockstepOptions& options) {
    return Search(space, options).run();
}

}  // namespace gdlsc::ground
