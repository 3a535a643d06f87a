// Random lockstep walks (see lockstep_walks.h):
//
//     for n := 0 .. walks - 1:
//         (x, y) := (s0, s0)
//         while neither x nor y is terminal, at most n + 1 steps:
//             a := a random transition of x
//             b := a random transition of y with a's observation of the role (move and percepts);
//                  on the diagonal (x = y) one different from a, when there is one, half the time
//             (x, y) := (next(a), next(b));  if the pair violates the property: stop, the witness
//
// Perfect information is violated by the first step whose two joint moves differ (the walks
// never leave the diagonal before). The random numbers are splitmix64's, drawn in a fixed order,
// so a seed gives the same walks on every machine.
#include "ground/lockstep_walks.h"

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

namespace gdlsc::ground {
namespace {

class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n), n > 0 (the modulo bias is below 2^-40 for the n here).
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
    bool coin() { return next() >> 63; }

private:
    std::uint64_t s_;
};

class Walker {
public:
    Walker(StateSpace& space, const LockstepOptions& o, const WalkOptions& w) : space_(space), o_(o), w_(w), rng_(w.seed) {}

    LockstepResult run(WalkStats& stats) {
        LockstepResult res;
        if (violates(0, 0)) return witness(res, stats);
        const std::size_t length = std::min(w_.max_length, o_.max_depth);
        for (std::size_t n = 0; n < w_.walks; ++n) {
            ++stats.walks;
            // Walk n goes at most n + 1 steps: the first walks look for short counterexamples
            // (cheaply), the later ones go as far as the game goes.
            if (walk(std::min(length, n + 1), stats)) return witness(res, stats);
            // progress: every second, and after the last walk
            if (o_.progress && (stats.walks == w_.walks || std::chrono::steady_clock::now() - last_progress_ > std::chrono::seconds(1))) {
                o_.progress(stats.longest, stats.walks, space_.size());
                last_progress_ = std::chrono::steady_clock::now();
            }
        }
        res.pairs = stats.walks;
        res.max_depth = stats.longest;
        return res;
    }

private:
    StateSpace& space_;
    const LockstepOptions& o_;
    const WalkOptions& w_;
    Rng rng_;
    std::chrono::steady_clock::time_point last_progress_ = std::chrono::steady_clock::now();
    PairWitness path_;  // the current walk
    bool swapped_ = false;
    std::vector<std::uint32_t> cands_;

    std::uint32_t key_of(const Transition& t) const {
        const std::uint32_t obs = t.obs[o_.role];
        return o_.ignore_percepts ? space_.obs_move(o_.role, obs) : obs;
    }

    bool violates(StateId x, StateId y) { return pair_violates(space_, o_, x, y, swapped_); }

    // One walk of at most `length` steps; true when it ends in a violation (path_ holds it).
    bool walk(std::size_t length, WalkStats& stats) {
        path_ = PairWitness{};
        StateId x = 0, y = 0;
        path_.actual_states = {0};
        path_.alternative_states = {0};
        for (std::size_t step = 0; step < length; ++step) {
            // a walk can be long and each step expands two states: the stop flag and the state
            // bound are read at every step
            if (o_.stop && o_.stop->load(std::memory_order_relaxed)) throw LockstepStopped("stopped");
            if (o_.max_pairs && space_.size() > o_.max_pairs)
                throw LockstepLimit("more than " + std::to_string(o_.max_pairs) + " states");
            const StateInfo& ix = space_.expand(x);
            if (ix.terminal || ix.transitions.empty()) break;
            const StateInfo& iy = space_.expand(y);
            if (iy.terminal || iy.transitions.empty()) break;
            const std::uint32_t ta = static_cast<std::uint32_t>(rng_.below(ix.transitions.size()));
            const std::uint32_t key = key_of(ix.transitions[ta]);
            cands_.clear();
            for (std::uint32_t t = 0; t < iy.transitions.size(); ++t)
                if (key_of(iy.transitions[t]) == key) cands_.push_back(t);
            if (cands_.empty()) break;  // y cannot follow x's observation (x != y)
            std::uint32_t tb = cands_[rng_.below(cands_.size())];
            if (x == y && tb == ta && cands_.size() > 1 && rng_.coin()) {
                const std::size_t k = rng_.below(cands_.size() - 1);  // any other candidate
                tb = cands_[k] == ta ? cands_.back() : cands_[k];
            }
            const Transition &a = ix.transitions[ta], &b = iy.transitions[tb];
            path_.actual.push_back(a.joint), path_.alternative.push_back(b.joint);
            path_.actual_obs.push_back(a.obs[o_.role]), path_.alternative_obs.push_back(b.obs[o_.role]);
            path_.actual_states.push_back(a.next), path_.alternative_states.push_back(b.next);
            ++stats.steps;
            stats.longest = std::max(stats.longest, step + 1);
            if (o_.property == PairProperty::PerfectInformation) {
                if (a.joint != b.joint) return true;
            } else if (violates(a.next, b.next)) {
                return true;
            }
            x = a.next, y = b.next;
        }
        return false;
    }

    LockstepResult& witness(LockstepResult& res, const WalkStats& stats) {
        if (path_.actual_states.empty()) path_.actual_states = path_.alternative_states = {0};  // (s0, s0) violates
        if (swapped_) {
            std::swap(path_.actual, path_.alternative);
            std::swap(path_.actual_states, path_.alternative_states);
            std::swap(path_.actual_obs, path_.alternative_obs);
        }
        path_.depth = path_.actual.size();
        res.holds = false;
        res.witness = path_;
        res.pairs = stats.walks;
        res.max_depth = stats.longest;
        return res;
    }
};

}  // namespace

LockstepResult lockstep_walks(StateSpace& space, const LockstepOptions& options, const WalkOptions& w,
                              WalkStats* stats) {
    WalkStats local;
    return Walker(space, options, w).run(stats ? *stats : local);
}

}  // namespace gdlsc::ground
