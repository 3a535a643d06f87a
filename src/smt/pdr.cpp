// Property-directed reachability for a Boolean system (see pdr.h). Frames F_0 = Init and
// F_1 ⊇ ... ⊇ F_k as sets of lemmas (clauses ¬c over state variables, c a cube), each lemma
// stored at the highest level it is known to hold; F_i is the lemmas of level >= i. One
// incremental SAT solver holds T, Bad and every lemma, each behind an activation literal
// (act_T, act_bad, one per frame), so a query picks its frame by assumptions:
//
//     if Init ∧ Bad: counterexample of length 0
//     k := 1
//     loop
//         while some s ⊨ F_k ∧ Bad:                       -- a full state (a cube)
//             block(s, k) or return counterexample
//         k := k + 1
//         for i in 1 .. k-1:                               -- propagation
//             push every lemma ¬c of level i with F_i ∧ T ⊨ ¬c' to level i+1
//             if no lemma has level i: F_i = F_{i+1} is an inductive invariant: safe
//
//     block(s, k): obligations (cube, level), lowest level first
//         (c, i) := the lowest; skip it if F_i ⊨ ¬c
//         if some t ⊨ F_{i-1} ∧ ¬c ∧ T ∧ c':               -- c has a predecessor
//             i = 1 (t is the initial state): counterexample; else add (t, i-1)
//         else
//             g := the literals of c' in the unsat core, shrunk literal by literal while
//                  F_{i-1} ∧ ¬g ∧ T ∧ g' stays unsat (MIC: up to three literals in a row
//                  that must stay; a true variable of a one-hot group is tried as "the
//                  others of its groups false"); g always excludes Init
//             add ¬g at the highest level j >= i such that F_{j-1} ∧ ¬g ∧ T ∧ g' is unsat,
//             with its mirror image when the system is symmetric; re-add (c, j+1) if j < k
//
// The invariant is checked once more at the end, in a fresh solver (Init ⊨ Inv,
// Inv ∧ T ⊨ Inv', Inv ⊨ ¬Bad), so that a proof never rests on the frames' bookkeeping.
#include "smt/pdr.h"

#include "smt/z3_guard.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <queue>
#include <set>
#include <thread>
#include <unordered_map>

#include "smt/solver.h"

namespace gdlsc::smt {
namespace {

// A literal of state variable v: 2v (v true) or 2v + 1 (v false). A cube: sorted literals.
using Lit = std::uint32_t;
using Cube = std::vector<Lit>;
inline std::size_t var_of(Lit l) { return l >> 1; }
inline bool positive(Lit l) { return (l & 1) == 0; }
inline Lit lit(std::size_t v, bool value) { return static_cast<Lit>(2 * v + (value ? 0 : 1)); }

// Interrupts the context from the deadline on, every 50 ms (a check that starts after an
// interrupt does not see it), so that a running check returns unknown.
class Watchdog {
public:
    Watchdog(z3::context& ctx, std::optional<std::chrono::steady_clock::time_point> deadline) {
        if (!deadline) return;
        thread_ = std::thread([this, &ctx, d = *deadline] {
            std::unique_lock<std::mutex> lock(m_);
            if (cv_.wait_until(lock, d, [this] { return stop_; })) return;
            do ctx.interrupt();
            while (!cv_.wait_for(lock, std::chrono::milliseconds(50), [this] { return stop_; }));
        });
    }
    ~Watchdog() {
        if (!thread_.joinable()) return;
        {
            std::lock_guard<std::mutex> lock(m_);
            stop_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool stop_ = false;
    std::thread thread_;
};

class Pdr {
public:
    Pdr(z3::context& ctx, const BooleanSystem& sys, const PdrOptions& o)
        : ctx_(ctx), sys_(sys), o_(o), s_(ctx, "QF_FD"), n_(sys.state.size()), act_T_(ctx.bool_const("pdr!T")),
          act_bad_(ctx.bool_const("pdr!bad")), act_init_(ctx.bool_const("pdr!init")) {
        for (const auto& e : sys.always) s_.add(e);
        for (std::size_t v = 0; v < n_; ++v) {
            next_.push_back(ctx.bool_const(("pdr!next" + std::to_string(v)).c_str()));
            s_.add(next_[v] == sys.next[v]);
            s_.add(z3::implies(act_init_, sys.init[v] ? sys.state[v] : !sys.state[v]));
            next_lit_.emplace(next_[v].id(), v);
        }
        for (const auto& c : sys.constraints) s_.add(z3::implies(act_T_, c));
        s_.add(z3::implies(act_bad_, sys.bad));
        frames_.push_back(act_init_);  // level 0: Init
        if (!sys.groups.empty()) groups_of_.resize(n_);
        for (std::size_t g = 0; g < sys.groups.size(); ++g)
            for (std::size_t v : sys.groups[g]) groups_of_[v].push_back(g);
    }

    PdrResult run() {
        PdrResult res;
        {
            z3::expr_vector a(ctx_);
            a.push_back(act_init_), a.push_back(act_bad_);
            if (check(a)) {
                res.safe = false;
                return finish(res);
            }
        }
        new_frame();  // k = 1
        while (true) {
            const std::size_t k = frames_.size() - 1;
            while (true) {
                z3::expr_vector a(ctx_);
                assume_frame(a, k);
                a.push_back(act_bad_);
                if (!check(a)) break;
                std::optional<std::size_t> depth = block(state_of(s_.get_model()), k);
                if (depth) {
                    res.safe = false;
                    res.depth = *depth;
                    return finish(res);
                }
            }
            new_frame();
            for (std::size_t i = 1; i <= k; ++i) {
                bool left = false;
                for (auto& l : lemmas_) {
                    if (l.level != i) continue;
                    z3::expr_vector a(ctx_);
                    assume_frame(a, i);
                    a.push_back(act_T_);
                    for (Lit x : l.cube) a.push_back(primed(x));
                    if (check(a)) {
                        left = true;
                    } else {
                        raise(l, i + 1);
                    }
                }
                if (!left) {
                    std::vector<Cube> inv;
                    for (const auto& l : lemmas_)
                        if (l.level > i) inv.push_back(l.cube);
                    validate(inv);
                    res.lemmas = inv.size();
                    return finish(res);
                }
            }
            if (o_.progress)
                o_.progress("frame " + std::to_string(frames_.size() - 1) + ": " + std::to_string(lemmas_.size()) +
                            " lemmas, " + std::to_string(calls_) + " SAT calls");
        }
    }

private:
    struct Lemma {
        Cube cube;
        std::size_t level;
    };
    // Generalization gives up on a cube after this many literals in a row that could not be
    // dropped (3: a quarter to a third fewer SAT calls than trying every literal on the card
    // game and banker_and_thief, for about as many lemmas).
    static constexpr std::size_t kMicFailures = 3;
    struct Obligation {
        Cube cube;
        std::size_t level, depth;  // depth: steps from the cube's states to Bad
        bool operator<(const Obligation& o) const { return level > o.level; }  // lowest level on top
    };

    z3::context& ctx_;
    const BooleanSystem& sys_;
    const PdrOptions& o_;
    z3::solver s_;
    std::size_t n_;
    z3::expr act_T_, act_bad_, act_init_;
    std::vector<z3::expr> next_;  // Bool variables equal to sys.next
    std::unordered_map<unsigned, std::size_t> next_lit_;
    std::vector<z3::expr> frames_;  // activation literals; [0] = Init
    std::vector<Lemma> lemmas_;
    std::vector<std::vector<std::size_t>> groups_of_;  // per state variable: its groups
    std::set<Cube> known_;
    std::size_t calls_ = 0;
public:

    PdrResult& finish(PdrResult& r) {
        r.frames = frames_.size() - 1;
        r.solver_calls = calls_;
        return r;
    }

    void new_frame() {
        frames_.push_back(ctx_.bool_const(("pdr!frame" + std::to_string(frames_.size())).c_str()));
    }

    z3::expr literal(Lit x) { return positive(x) ? sys_.state[var_of(x)] : !sys_.state[var_of(x)]; }
    z3::expr primed(Lit x) { return positive(x) ? next_[var_of(x)] : !next_[var_of(x)]; }
    z3::expr clause(const Cube& c) {  // ¬c
        z3::expr_vector v(ctx_);
        for (Lit x : c) v.push_back(!literal(x));
        return v.empty() ? ctx_.bool_val(false) : z3::mk_or(v);
    }
    bool excludes_init(const Cube& c) const {
        for (Lit x : c)
            if (positive(x) != sys_.init[var_of(x)]) return true;
        return false;
    }
    Cube mirror(const Cube& c) const {
        Cube m;
        for (Lit x : c) m.push_back(lit(sys_.mirror[var_of(x)], positive(x)));
        std::sort(m.begin(), m.end());
        return m;
    }

    // F_i: Init for i = 0, else the lemmas of level >= i.
    void assume_frame(z3::expr_vector& a, std::size_t i) {
        if (i == 0) {
            a.push_back(act_init_);
            return;
        }
        for (std::size_t j = i; j < frames_.size(); ++j) a.push_back(frames_[j]);
    }

    bool check(const z3::expr_vector& assumptions) {
        if (o_.stop && o_.stop->load()) throw SmtStopped("PDR stopped");
        if (o_.deadline && std::chrono::steady_clock::now() >= *o_.deadline)
            throw SmtTimeout("time limit reached in PDR");
        ++calls_;
        const z3::check_result r = s_.check(assumptions);
        if (r == z3::unknown) {
            const std::string why = s_.reason_unknown();
            if (o_.deadline && std::chrono::steady_clock::now() >= *o_.deadline)
                throw SmtTimeout("time limit reached in PDR: " + why);
            throw_gave_up("PDR: the SAT solver gave no answer", why);
        }
        return r == z3::sat;
    }

    Cube state_of(const z3::model& m) {
        Cube c;
        for (std::size_t v = 0; v < n_; ++v) c.push_back(lit(v, m.eval(sys_.state[v], true).is_true()));
        return c;
    }

    // F_i ∧ ¬c ∧ T ∧ c': true with the predecessor in `pred`; false with the literals of c
    // whose primed forms are in the unsat core in `core`.
    bool predecessor(const Cube& c, std::size_t i, Cube* pred, Cube* core) {
        // ¬c in a scope of its own: a clause behind an activation literal of its own would
        // stay in the solver for good, and every model would grow with them.
        s_.push();
        s_.add(clause(c));
        z3::expr_vector a(ctx_);
        assume_frame(a, i);
        a.push_back(act_T_);
        for (Lit x : c) a.push_back(primed(x));
        const bool sat = check(a);
        if (sat && pred) *pred = state_of(s_.get_model());
        if (!sat && core) {
            core->clear();
            z3::expr_vector u = s_.unsat_core();
            std::set<std::size_t> vars;
            for (unsigned j = 0; j < u.size(); ++j) {
                z3::expr e = u[j];
                if (e.is_app() && e.decl().decl_kind() == Z3_OP_NOT) e = e.arg(0);
                if (auto it = next_lit_.find(e.id()); it != next_lit_.end()) vars.insert(it->second);
            }
            for (Lit x : c)
                if (vars.count(var_of(x))) core->push_back(x);
        }
        s_.pop();
        return sat;
    }

    // The literals of `small` (a subset of c), with one of c's added back if none excludes Init.
    Cube keep_init_out(Cube small, const Cube& c) const {
        if (excludes_init(small)) return small;
        for (Lit x : c)
            if (positive(x) != sys_.init[var_of(x)]) {
                small.push_back(x);
                std::sort(small.begin(), small.end());
                return small;
            }
        return c;
    }

    // ¬c is inductive relative to F_i (with `core` from that query): a smaller cube, dropping
    // literals while it stays so (MIC, one try per literal).
    Cube generalize(const Cube& c, std::size_t i, const Cube& core) {
        Cube g = keep_init_out(core, c);
        const Cube tries = g;
        std::size_t failures = 0;
        for (Lit x : tries) {
            if (g.size() <= 1 || failures >= kMicFailures) break;
            auto at = std::find(g.begin(), g.end(), x);
            if (at == g.end()) continue;  // a core dropped it already
            Cube cand = g;
            cand.erase(cand.begin() + (at - g.begin()));
            // A variable true in c stands for "the others of its groups are false" (one-hot
            // fluents): its place goes to those of them that c has false, and the core keeps
            // the few that matter ("round 5" becomes "not round 12").
            if (positive(x) && !groups_of_.empty())
                for (std::size_t grp : groups_of_[var_of(x)])
                    for (std::size_t w : sys_.groups[grp])
                        if (w != var_of(x) && std::binary_search(c.begin(), c.end(), lit(w, false)))
                            cand.push_back(lit(w, false));
            std::sort(cand.begin(), cand.end());
            cand.erase(std::unique(cand.begin(), cand.end()), cand.end());
            Cube smaller;
            if (excludes_init(cand) && !predecessor(cand, i, nullptr, &smaller)) {
                g = keep_init_out(smaller, cand);
                failures = 0;
            } else {
                ++failures;
            }
        }
        return g;
    }

    // F_i ⊨ ¬c syntactically: a lemma of level >= i within c. (A solver call here blocked no
    // obligation the relative induction query would not, on the games measured.)
    bool blocked(const Cube& c, std::size_t i) {
        for (const auto& l : lemmas_)
            if (l.level >= i && std::includes(c.begin(), c.end(), l.cube.begin(), l.cube.end())) return true;
        return false;
    }

    // The lemma holds up to `level` now.
    void raise(Lemma& l, std::size_t level) {
        l.level = level;
        s_.add(z3::implies(frames_[level], clause(l.cube)));
    }

    void add_lemma(const Cube& g, std::size_t level) {
        auto add = [&](const Cube& c) {
            if (!known_.insert(c).second) {
                for (auto& l : lemmas_)
                    if (l.cube == c && l.level < level) raise(l, level);
                return;
            }
            lemmas_.push_back({c, level});
            s_.add(z3::implies(frames_[level], clause(c)));
        };
        add(g);
        if (!sys_.mirror.empty()) add(mirror(g));
    }

    // Blocks the bad state s at level k; the length of a counterexample when it cannot.
    std::optional<std::size_t> block(const Cube& s, std::size_t k) {
        std::priority_queue<Obligation> q;
        q.push({s, k, 0});
        while (!q.empty()) {
            const Obligation ob = q.top();
            if (blocked(ob.cube, ob.level)) {
                q.pop();
                continue;
            }
            Cube pred, core;
            if (predecessor(ob.cube, ob.level - 1, &pred, &core)) {
                if (ob.level == 1 || !excludes_init(pred)) return ob.depth + 1;
                q.push({pred, ob.level - 1, ob.depth + 1});
                continue;
            }
            q.pop();
            Cube g = generalize(ob.cube, ob.level - 1, core);
            std::size_t j = ob.level;
            while (j < k && !predecessor(g, j, nullptr, nullptr)) ++j;
            add_lemma(g, j);
            if (j < k) q.push({ob.cube, j + 1, ob.depth});
        }
        return std::nullopt;
    }

    // Init ⊨ Inv, Inv ∧ T ⊨ Inv', Inv ⊨ ¬Bad, in a fresh solver.
    void validate(const std::vector<Cube>& inv) {
        for (const auto& c : inv)
            if (!excludes_init(c)) throw SmtError("PDR: the invariant excludes the initial state (internal error)");
        z3::solver v(ctx_, "QF_FD");
        for (const auto& e : sys_.always) v.add(e);
        for (std::size_t x = 0; x < n_; ++x) v.add(next_[x] == sys_.next[x]);
        for (const auto& c : sys_.constraints) v.add(c);
        z3::expr_vector violated(ctx_);
        for (const auto& c : inv) {
            v.add(clause(c));
            z3::expr_vector primed_cube(ctx_);
            for (Lit x : c) primed_cube.push_back(primed(x));
            violated.push_back(primed_cube.empty() ? ctx_.bool_val(true) : z3::mk_and(primed_cube));
        }
        ++calls_;
        v.push();
        v.add(violated.empty() ? ctx_.bool_val(false) : z3::mk_or(violated));
        const z3::check_result step = v.check();
        v.pop();
        z3::solver b(ctx_, "QF_FD");
        for (const auto& e : sys_.always) b.add(e);
        for (const auto& c : inv) b.add(clause(c));
        b.add(sys_.bad);
        ++calls_;
        const z3::check_result bad = b.check();
        if (step == z3::unknown || bad == z3::unknown) {
            if (o_.deadline && std::chrono::steady_clock::now() >= *o_.deadline)
                throw SmtTimeout("time limit reached checking PDR's invariant");
            throw SmtError("PDR: the SAT solver gave no answer checking the invariant");
        }
        if (step == z3::sat) throw SmtError("PDR: the invariant is not inductive (internal error)");
        if (bad == z3::sat) throw SmtError("PDR: the invariant admits a violation (internal error)");
    }
};

}  // namespace

PdrResult pdr(z3::context& ctx, const BooleanSystem& sys, const PdrOptions& options) {
    Watchdog w(ctx, options.deadline);
    return guard("proving by PDR", [&] { return Pdr(ctx, sys, options).run(); });
}

}  // namespace gdlsc::smt
