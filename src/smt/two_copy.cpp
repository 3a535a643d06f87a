// The two-copy unrolling (see two_copy.h), over the step encoding of unrolling.h. Per copy
// c ∈ {0, 1} and step t, one Bool per atom of the step program (static atoms once, shared):
//
//     true@0        = the initial fluents                      (bounded search only)
//     true@t+1(f)   ↔ next@t(f)                                (false if f has no next rule)
//     derived@t     ↔ ∨ bodies@t                               (Clark completion)
//     a positive loop: a@t → ∨ (body@t ∧ rank(b) < rank(a) for b in body ∩ loop)
//                                         (level ranking: only supported atoms are true)
//     t < depth:    ¬terminal@t;  per role exactly one does@t, and it is legal@t
//     same view:    does@t(r, m) equal in both copies; sees@t(r, p) equal in both copies
//     depth d:      the property's violation at d (legal moves of r differ, ...)
//
// The step program is stratified, so with the inputs fixed the completion with the ranking
// has exactly the standard model: a model of the whole is two real developments.
//
// k-induction (prove_by_induction): invariants first, by Houdini over the one-step two-copy
// system — candidates "f never holds", "at most one fluent of a group holds" and "at least
// one holds" (fluents that differ in one argument: a board cell has exactly one content),
// "f holds in both copies or in neither", and the same for the atoms the property compares
// (legal, terminal, goal: "a holds in both copies or in neither"); those that hold initially
// and are preserved by every step from a state that satisfies all remaining ones survive.
// The state candidates go first, in one copy (half the system, no shared view: vis_pacman3p's
// legal-knowledge 111 -> 47 s), then the candidates relating the copies with the state
// invariants found assumed. Houdini checks all candidates at once (one model drops every
// candidate it falsifies); when such a check passes TwoCopyOptions::houdini_cap it checks them
// one at a time for the rest (blindbreakthrough's goal-knowledge: one check of all took 274 s,
// most single ones 0.03 s; 295 -> 117 s in all). One at a time, a slow check is asked again by
// cases of the role's move (case_split.h), and the candidates of the atoms the property reads
// are checked in a solver of their cone of influence (doc/engines.md, "Checks by cases of the
// role's move, and the read atoms in their cone").
// Then for k = 0, 1, ...: base case (the bounded search at depth k), step case (any k+1
// distinct pair states satisfying the invariants, the property holding at the first k and
// failing at the last: unsat means proved).
//
// Invariants from the end of a setup phase (InductionResult::invariants_from): a game that
// first deals, places pieces or sets a code breaks candidates such as "every cell has a
// content" or "some code holds" until the setup is over, and without them the step case finds
// unreachable pairs (mastermind: a copy without a code). When the sampled states break a
// state candidate that the initial state breaks only up to some depth, the invariants start
// after the deepest such depth d: the candidates must hold in every pair state at depth d
// (Z3, in the unrolling from the initial state -- the samples only choose d) and be
// preserved, so they hold at every depth >= d; the step case then proves the depths past
// d + k and the base case covers those up to d + k.
//
// The solvers are Z3's SAT solver for finite domains ("QF_FD"; the encoding is Boolean with
// cardinality constraints), as PDR's (pdr.cpp): on mastermind's goal-knowledge, 71,234 rules
// in the cone, Houdini's rounds took 3-14 s each in the default (SMT) solver and did not finish
// in 60 s; in QF_FD they finished in about 25 s. Not where the program has a positive loop:
// its level ranking is over integers, which QF_FD does not take (solver_for).
#include "smt/two_copy.h"

#include "smt/case_split.h"
#include "smt/z3_guard.h"

#include <z3++.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "base/deadline.h"
#include "ground/relevant.h"
#include "smt/solver.h"
#include "smt/unrolling.h"

namespace gdlsc::smt {
namespace {

using ground::AtomId;
using ground::GroundProgram;

// QF_FD (see above) unless a positive loop's ranking needs integers.
z3::solver solver_for(z3::context& ctx, const StepAtoms& sa) {
    const bool loops = std::any_of(sa.loop.begin(), sa.loop.end(), [](int l) { return l >= 0; });
    return loops ? z3::solver(ctx) : z3::solver(ctx, "QF_FD");
}

bool check(z3::solver& s, const TwoCopyOptions& o, std::size_t& calls, const char* what,
           const z3::expr_vector* assumptions = nullptr) {
    if (o.deadline) {  // the time left of the whole search
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*o.deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) throw SmtTimeout(std::string("timeout before ") + what);
        z3::params p(s.ctx());
        p.set("timeout", static_cast<unsigned>(std::min<long long>(left.count(), 0xffffffffLL)));
        s.set(p);
    }
    ++calls;
    z3::check_result r = guard(what, [&] { return assumptions ? s.check(*assumptions) : s.check(); });
    if (r == z3::unknown) throw_gave_up(std::string("z3 gave no answer while ") + what, s.reason_unknown());
    return r == z3::sat;
}

// check() within `cap` (and the search's deadline): nothing when the cap stopped it first.
// Houdini's check of all candidates at once only (TwoCopyOptions::houdini_cap): which models it finds never changes its
// result -- the greatest inductive subset of the candidates is unique -- only how soon.
std::optional<bool> check_within(z3::solver& s, const TwoCopyOptions& o, std::size_t& calls, const char* what,
                                 const z3::expr_vector& assumptions, std::chrono::milliseconds cap) {
    auto left = cap;
    bool deadline_first = false;  // the deadline, not the cap, bounds this call
    if (o.deadline) {
        const auto until = std::chrono::duration_cast<std::chrono::milliseconds>(*o.deadline - std::chrono::steady_clock::now());
        if (until.count() <= 0) throw SmtTimeout(std::string("timeout before ") + what);
        deadline_first = until <= cap;
        left = std::min(left, until);
    }
    z3::params t(s.ctx());
    t.set("timeout", static_cast<unsigned>(std::min<long long>(left.count(), 0xffffffffLL)));
    s.set(t);
    ++calls;
    z3::check_result r = guard(what, [&] { return s.check(assumptions); });
    z3::params none(s.ctx());  // check() sets a timeout only when there is a deadline
    none.set("timeout", 0xffffffffu);
    s.set(none);
    if (r == z3::unknown) {
        // The cap and the deadline stop Z3 alike ("timeout", "canceled"): which of the two
        // bounded the call tells them apart.
        const std::string why = s.reason_unknown();
        if (deadline_first || !stopped_in_time(why)) throw_gave_up(std::string("z3 gave no answer while ") + what, why);
        return std::nullopt;
    }
    return r == z3::sat;
}

std::set<std::string> init_set(const std::vector<gdl::Term>& init) {
    std::set<std::string> out;
    for (const auto& f : init) out.insert(f.to_kif());
    return out;
}

}  // namespace

struct TwoCopy::Impl {
    const GroundProgram& gp;
    StepAtoms sa;
    z3::context ctx;
    z3::solver s;
    Unrolling u;
    std::size_t role;
    TwoCopyProperty property;
    TwoCopyOptions options;
    std::size_t calls = 0;

    Impl(const GroundProgram& g, const std::vector<gdl::Term>& init, std::size_t r, TwoCopyProperty p,
         const TwoCopyOptions& o)
        : gp(g), sa(g), s(solver_for(ctx, sa)), u(g, sa, ctx, [this](const z3::expr& e) { s.add(e); }, ""), role(r), property(p), options(o) {
        auto in = init_set(init);
        for (int c = 0; c < 2; ++c) {
            u.add_step(c);
            u.initial(c, in);
        }
    }

    std::optional<TwoCopyWitness> at(std::size_t depth) {
        while (u.vars[0].size() <= depth) {  // one more joint move in both copies
            std::size_t t = u.vars[0].size() - 1;
            for (int c = 0; c < 2; ++c) u.moves(c, t);
            u.same_view(role, t, !options.drop_same_move);
            for (int c = 0; c < 2; ++c) u.add_step(c);
        }
        s.push();
        s.add(u.violation(property, role, depth));
        std::optional<TwoCopyWitness> w;
        if (check(s, options, calls, "searching a counterexample")) w = u.witness(s.get_model(), depth);
        s.pop();
        return w;
    }
};

TwoCopy::TwoCopy(const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                 TwoCopyProperty property, const TwoCopyOptions& options)
    : impl_(guard("encoding the game in two copies",
                  [&] { return std::make_unique<Impl>(step, init, role, property, options); })) {}
TwoCopy::~TwoCopy() = default;
std::optional<TwoCopyWitness> TwoCopy::counterexample(std::size_t depth) {
    return guard("searching a counterexample", [&] { return impl_->at(depth); });
}
std::size_t TwoCopy::solver_calls() const { return impl_->calls; }

namespace {

static_assert(static_cast<int>(StateInvariant::Never) == 0 && static_cast<int>(StateInvariant::AtMostOne) == 1 &&
              static_cast<int>(StateInvariant::AtLeastOne) == 2);

// Both copies' atoms at step 0 and a joint move of each, the role's view the same in both.
void pair_step(Unrolling& u, std::size_t role, bool same_move) {
    for (int c = 0; c < 2; ++c) u.add_step(c);
    for (int c = 0; c < 2; ++c) u.moves(c, 0);
    u.same_view(role, 0, same_move);
}

// A pair state: per copy, per fluent of StepAtoms, whether it holds.
using PairState = std::array<std::vector<char>, 2>;

// A candidate invariant over one pair state.
struct Candidate {
    // The first three as StateInvariant::Kind; EqualAtom: a derived atom of the state that the
    // property reads (legal, terminal, goal) has the same value in both copies.
    enum Kind { Never, AtMostOne, AtLeastOne, Equal, EqualAtom } kind;
    // Never, AtMostOne, AtLeastOne: in copy 0, copy 1, or kBoth. The pair system is
    // symmetric (swapping the copies maps its developments onto themselves), so a state
    // candidate is inductive in one copy exactly when it is in the other: Houdini asks them
    // together (half the candidates; a model that drops one drops its mirror too, where the
    // two were dropped in separate rounds before).
    static constexpr int kBoth = 2;
    int copy = kBoth;
    std::vector<std::size_t> fluents;  // indices into StepAtoms::fluents; EqualAtom: the atom's id

    z3::expr at(Unrolling& u, std::size_t t) const {
        switch (kind) {
            case Equal: return u.vars[0][t][u.sa.true_of[fluents[0]]] == u.vars[1][t][u.sa.true_of[fluents[0]]];
            case EqualAtom: return u.vars[0][t][fluents[0]] == u.vars[1][t][fluents[0]];
            default: return copy == kBoth ? in_copy(u, t, 0) && in_copy(u, t, 1) : in_copy(u, t, copy);
        }
    }
    // Whether it holds in a pair state (an EqualAtom is not evaluated here: true, Z3 decides).
    bool holds_in(const PairState& p) const {
        switch (kind) {
            case EqualAtom: return true;
            case Equal: return p[0][fluents[0]] == p[1][fluents[0]];
            default: return copy == kBoth ? holds_in_copy(p, 0) && holds_in_copy(p, 1) : holds_in_copy(p, copy);
        }
    }

    // Whether it relates the two copies (not a state invariant of each).
    bool relates_copies() const { return kind == Equal || kind == EqualAtom; }

private:
    // Never, AtMostOne, AtLeastOne in copy c.
    z3::expr in_copy(Unrolling& u, std::size_t t, int c) const {
        auto f = [&](std::size_t i) { return u.vars[c][t][u.sa.true_of[i]]; };
        if (kind == Never) return !f(fluents[0]);
        z3::expr_vector v(u.ctx);
        for (std::size_t i : fluents) v.push_back(f(i));
        return kind == AtMostOne ? z3::atmost(v, 1) : z3::mk_or(v);
    }
    bool holds_in_copy(const PairState& p, int c) const {
        if (kind == Never) return p[c][fluents[0]] == 0;
        std::size_t n = 0;
        for (std::size_t i : fluents) n += p[c][i] != 0;
        return kind == AtLeastOne ? n >= 1 : n <= 1;
    }
};

// A state given by its fluents as one copy of a PairState: per fluent of StepAtoms, whether it
// holds (fluents the step program does not have are left out).
class StateIndex {
public:
    explicit StateIndex(const StepAtoms& sa) : n_(sa.fluents.size()) {
        for (std::size_t i = 0; i < n_; ++i) index_.emplace(sa.fluents[i].to_kif(), i);
    }
    std::vector<char> operator()(const std::vector<gdl::Term>& fluents) const {
        std::vector<char> v(n_, 0);
        for (const auto& f : fluents)
            if (auto it = index_.find(f.to_kif()); it != index_.end()) v[it->second] = 1;
        return v;
    }

private:
    std::size_t n_;
    std::map<std::string, std::size_t> index_;
};

std::vector<Candidate> candidates(const StepAtoms& sa, std::size_t role, TwoCopyProperty property) {
    std::vector<Candidate> out;
    // What the property compares, in every pair state and not only where it is asked (the
    // legal moves of a non-terminal state, the goals of a terminal one): where the role's
    // percepts tell it afresh at every step (mastermind's matches, seen slot by slot), this
    // is inductive where no relation between the fluents of the two copies is.
    std::vector<std::int64_t> read;
    if (property == TwoCopyProperty::Legal) read = sa.legal_of[role];
    if (property == TwoCopyProperty::Goal) read.assign(sa.goal_of[role].begin(), sa.goal_of[role].end());
    if (property != TwoCopyProperty::PerfectInformation) read.push_back(sa.terminal);
    for (std::int64_t a : read)
        if (a != kNoAtom && !sa.is_static[static_cast<std::size_t>(a)])
            out.push_back({Candidate::EqualAtom, Candidate::kBoth, {static_cast<std::size_t>(a)}});
    for (std::size_t i = 0; i < sa.fluents.size(); ++i) {
        out.push_back({Candidate::Equal, Candidate::kBoth, {i}});
        out.push_back({Candidate::Never, Candidate::kBoth, {i}});
    }
    // Groups of fluents equal but in one argument: (cell 1 1 x), (cell 1 1 o), (cell 1 1 b).
    std::map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < sa.fluents.size(); ++i) {
        const gdl::Term& f = sa.fluents[i];
        for (std::size_t k = 0; k < f.args.size(); ++k) {
            std::string key = f.name + "/" + std::to_string(f.args.size()) + "@" + std::to_string(k);
            for (std::size_t j = 0; j < f.args.size(); ++j)
                if (j != k) key += " " + f.args[j].to_kif();
            groups[key].push_back(i);
            // And every argument but one varied: (location pacman ?x ?y), one place per piece
            // (vis_pacman3p's goal-knowledge needs it); for two arguments these are the groups
            // above.
            if (f.args.size() >= 3)
                groups[f.name + "/" + std::to_string(f.args.size()) + "#" + std::to_string(k) + " " + f.args[k].to_kif()].push_back(i);
        }
    }
    for (auto& [key, members] : groups)
        if (members.size() > 1) {
            out.push_back({Candidate::AtMostOne, Candidate::kBoth, members});
            out.push_back({Candidate::AtLeastOne, Candidate::kBoth, members});
        }
    return out;
}

}  // namespace

InductionResult prove_by_induction(const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                                   TwoCopyProperty property, std::size_t max_k, const TwoCopyOptions& options) {
    return guard("proving by k-induction", [&] {
        InductionResult res;
        TwoCopy base(step, init, role, property, options);
        StepAtoms sa(step);
        const auto in = init_set(init);

        // Houdini: the candidates that hold initially and in every known reachable state, and
        // are preserved by every step. Computed before the first step case (none for perfect
        // information, whose violations the base case finds).
        std::vector<Candidate> inv;
        bool have_invariants = false;
        std::size_t from = 0;  // the depth from which the invariants hold
        // Keeps the candidates that hold in every pair state at depth `from` (of two
        // developments from the initial state that the role cannot tell apart): Houdini's
        // start when the invariants hold from that depth on instead of initially.
        auto hold_at_from = [&](std::vector<Candidate>& cs) {
            z3::context ctx;
            z3::solver s = solver_for(ctx, sa);
            Unrolling u(step, sa, ctx, [&s](const z3::expr& e) { s.add(e); }, "i");
            for (int c = 0; c < 2; ++c) u.add_step(c), u.initial(c, in);
            for (std::size_t t = 0; t < from; ++t) {
                for (int c = 0; c < 2; ++c) u.moves(c, t);
                u.same_view(role, t, !options.drop_same_move);
                for (int c = 0; c < 2; ++c) u.add_step(c);
            }
            std::vector<char> left(cs.size(), 1);
            bool single = false;  // one at a time (a model that broke none of them)
            for (std::size_t round = 0;; ++round) {
                z3::expr_vector broken(ctx);
                for (std::size_t i = 0; i < cs.size(); ++i)
                    if (left[i]) broken.push_back(!cs[i].at(u, from));
                if (broken.empty()) break;
                if (single) {
                    for (std::size_t i = 0; i < cs.size(); ++i) {
                        if (!left[i]) continue;
                        s.push();
                        s.add(!cs[i].at(u, from));
                        if (check(s, options, res.solver_calls, "checking invariants at their first depth")) left[i] = 0;
                        s.pop();
                    }
                    break;
                }
                s.push();
                s.add(z3::mk_or(broken));
                std::size_t dropped = 0;
                if (check(s, options, res.solver_calls, "checking invariants at their first depth")) {
                    z3::model m = s.get_model();
                    for (std::size_t i = 0; i < cs.size(); ++i)
                        if (left[i] && !m.eval(cs[i].at(u, from), true).is_true()) left[i] = 0, ++dropped;
                    if (dropped == 0) single = true;  // Z3's QF_FD model did not break one: ask each
                } else {
                    s.pop();
                    break;
                }
                s.pop();
                if (options.progress)
                    options.progress("invariants from depth " + std::to_string(from) + ": round " + std::to_string(round + 1));
            }
            std::vector<Candidate> kept;
            for (std::size_t i = 0; i < cs.size(); ++i)
                if (left[i]) kept.push_back(std::move(cs[i]));
            cs.swap(kept);
        };
        auto find_invariants = [&] {
            const StateIndex state(sa);
            // Assumed state invariants (another role's), in both copies, before and after the step.
            std::vector<Candidate> assumed;
            std::vector<StateInvariant> found_state;  // by the one-copy search below
            for (const auto& a : options.assumed)
                for (int c = 0; c < 2; ++c)
                    assumed.push_back({static_cast<Candidate::Kind>(a.kind), c, a.fluents});
            // The known pair states and their depths: the initial one and the samples.
            std::vector<PairState> known{{state(init), state(init)}};
            std::vector<std::size_t> depth_of{0};
            std::vector<SampledPair> sampled;
            if (options.reachable) sampled = options.reachable();
            for (const auto& p : sampled) known.push_back({state(p.a), state(p.b)}), depth_of.push_back(p.depth);
            // Per candidate the deepest known state that breaks it, if any.
            std::vector<Candidate> cands;
            std::vector<std::optional<std::size_t>> broken;
            for (auto& c : candidates(sa, role, property)) {
                if (!assumed.empty() && !c.relates_copies()) continue;
                std::optional<std::size_t> last;
                for (std::size_t i = 0; i < known.size(); ++i)
                    if ((!last || depth_of[i] > *last) && !c.holds_in(known[i])) last = depth_of[i];
                cands.push_back(std::move(c));
                broken.push_back(last);
            }
            // Where the invariants start (InductionResult::invariants_from, setup_depth): the
            // same for every role where the caller gives it; another role's invariants
            // assumed fix it (only the candidates relating the copies are searched).
            from = options.assumed_from;
            if (assumed.empty()) {
                if (options.invariants_from) {
                    from = std::max(from, options.invariants_from());
                } else if (options.max_invariants_from > 0) {
                    from = std::max(from, setup_depth(step, init, sampled, options.max_invariants_from));
                }
            }
            for (std::size_t i = 0; i < cands.size(); ++i)
                if (!broken[i] || *broken[i] < from) inv.push_back(std::move(cands[i]));
            if (from > 0) hold_at_from(inv);
            // Houdini over `cands` in the step system of `u` (one copy or two): candidate i is
            // guarded by an activation literal a_i,
            //     a_i -> C_i before the step,   and   OR_i (a_i and not C_i after the step),
            // checked under the assumptions {a_i : i left}; a dropped candidate gets "not a_i"
            // for good, so the solver keeps what it learned from one round to the next.
            // Returns which candidates are kept.
            // One candidate's check (`assume`: the activation literals left and its probe) within
            // `cap`, the unsat core in `core`. A check that passes houdini_cube_after is asked
            // again by cases of the role's move (case_split.h: one check per move, assumed in
            // copy 0; both copies make it): every step has exactly one move of the role
            // (Unrolling::moves), so the parts together are the whole. Each part may be far
            // easier: mastermind's "the goal is equal in both copies" took 2.4-7 s whole (21,536
            // conflicts) and 1.1-2.5 s in 257 parts -- with the guess fixed, which pegs match
            // follows by propagation, where the whole check learned it guess by guess.
            auto check_one = [&](z3::solver& s, Unrolling& u, const z3::expr_vector& assume, std::chrono::milliseconds cap,
                                 std::vector<z3::expr>& core,
                                 std::chrono::milliseconds cube_after = std::chrono::milliseconds(-1)) -> std::optional<bool> {
                if (cube_after.count() < 0) cube_after = options.houdini_cube_after;
                core.clear();
                auto keep_core = [&] {
                    for (const z3::expr& a : s.unsat_core()) core.push_back(a);
                };
                if (options.houdini_single_cap.count() <= 0) {  // no cap: one check
                    const bool sat = check(s, options, res.solver_calls, "finding inductive invariants", &assume);
                    if (!sat) keep_core();
                    return sat;
                }
                const auto started = std::chrono::steady_clock::now();
                const bool cubes = !sa.does_of[role].empty() &&
                                   (options.houdini_split_first ||
                                    (cube_after.count() > 0 && cube_after < cap && sa.does_of[role].size() > 1));
                const std::optional<bool> whole =
                    options.houdini_split_first && cubes
                        ? std::nullopt
                        : check_within(s, options, res.solver_calls, "finding inductive invariants", assume,
                                       cubes ? cube_after : cap);
                if (whole || !cubes) {
                    if (whole && !*whole) keep_core();
                    return whole;
                }
                ++res.houdini_split_checks;
                std::vector<z3::expr> cases;
                for (AtomId d : sa.does_of[role]) cases.push_back(u.vars[0][0][d]);
                // Z3 takes SIGINT while a check runs and gives up "interrupted from keyboard"
                // (z3_guard.h), but a part of a few milliseconds may end before it looks: the
                // signal would be lost. The parts leave SIGINT to the process's handler (the
                // command line's ends the process; the Python binding's sets g_interrupted,
                // read between the parts).
                z3::params no_ctrl_c(s.ctx());
                no_ctrl_c.set("ctrl_c", false);
                s.set(no_ctrl_c);
                struct CtrlC {
                    z3::solver& s;
                    ~CtrlC() {
                        try {
                            z3::params on(s.ctx());
                            on.set("ctrl_c", true);
                            s.set(on);
                        } catch (const z3::exception&) {  // accepted on the way in: not expected
                        }
                    }
                } restore{s};
                return check_by_cases(s, assume, cases, [&](const z3::expr_vector& part) -> std::optional<bool> {
                    if (g_interrupted.load()) throw SmtTimeout("interrupted while finding inductive invariants");
                    const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
                    if (spent >= cap) return std::nullopt;
                    return check_within(s, options, res.solver_calls, "finding inductive invariants", part, cap - spent);
                }, core);
            };
            auto houdini = [&](z3::context& ctx, z3::solver& s, Unrolling& u, const std::vector<Candidate>& cands,
                               int copies, const std::string& what) {
                std::vector<z3::expr> act, after;
                z3::expr_vector some(ctx);
                for (std::size_t i = 0; i < cands.size(); ++i) {
                    act.push_back(ctx.bool_const(("houdini" + std::to_string(i)).c_str()));
                    after.push_back(cands[i].at(u, 1));
                    s.add(z3::implies(act[i], cands[i].at(u, 0)));
                    some.push_back(act[i] && !after[i]);
                }
                if (!cands.empty()) s.add(z3::mk_or(some));
                std::vector<char> left(cands.size(), 1);
                std::size_t n_left = cands.size();
                bool one_at_a_time = false;
                std::size_t cursor = 0;
                std::vector<z3::expr> probe;  // probe_i -> not C_i after the step (one candidate at a time)
                // The candidates of the atoms the property reads are checked one at a time in a
                // second solver (TwoCopyOptions::houdini_read_cone): the same pair system
                // with every derived atom an expression over the fluents and moves
                // (Unrolling::Definitions), the activation literals of every candidate, and
                // probes for those candidates only -- so Z3 gets only the atoms they read (the
                // cone of influence), where the solver of all candidates has every atom of both
                // steps. Its models fix the inputs (the fluents and moves of step 0 in both
                // copies) and so a model of the main solver, which Houdini reads.
                struct ReadCone {
                    z3::context ctx;
                    z3::solver s;
                    Unrolling u;
                    std::vector<z3::expr> act, probe;
                    std::unordered_map<unsigned, std::size_t> act_index;
                    ReadCone(const GroundProgram& g, const StepAtoms& a)
                        : s(solver_for(ctx, a)), u(g, a, ctx, [this](const z3::expr& e) { s.add(e); }, "r", Unrolling::Definitions) {}
                };
                std::unique_ptr<ReadCone> cone;
                auto make_cone = [&] {
                    cone = std::make_unique<ReadCone>(step, sa);
                    pair_step(cone->u, role, !options.drop_same_move);
                    for (int c = 0; c < 2; ++c) cone->u.add_step(c);
                    for (const auto& a : assumed) cone->s.add(a.at(cone->u, 0)), cone->s.add(a.at(cone->u, 1));
                    for (std::size_t i = 0; i < cands.size(); ++i) {
                        cone->act.push_back(cone->ctx.bool_const(("houdini" + std::to_string(i)).c_str()));
                        cone->probe.push_back(cone->ctx.bool_const(("houdini_probe" + std::to_string(i)).c_str()));
                        cone->act_index.emplace(cone->act[i].id(), i);
                        cone->s.add(z3::implies(cone->act[i], cands[i].at(cone->u, 0)));
                        if (cands[i].kind == Candidate::EqualAtom) cone->s.add(z3::implies(cone->probe[i], !cands[i].at(cone->u, 1)));
                    }
                };
                // The read candidate `cursor` checked in the cone: as check_one, the core in
                // the main solver's activation literals; sat leaves a model in the main solver.
                auto check_in_cone = [&](std::size_t i, const z3::expr_vector& assume, std::chrono::milliseconds cap,
                                         std::vector<z3::expr>& core) -> std::optional<bool> {
                    if (!cone) make_cone();
                    const auto started = std::chrono::steady_clock::now();
                    z3::expr_vector ca(cone->ctx);
                    for (std::size_t j = 0; j < cands.size(); ++j)
                        if (left[j]) ca.push_back(cone->act[j]);
                    ca.push_back(cone->probe[i]);
                    std::vector<z3::expr> cone_core;
                    const std::optional<bool> answer = check_one(cone->s, cone->u, ca, cap, cone_core, options.houdini_cone_cube_after);
                    core.clear();
                    if (!answer) return answer;
                    if (!*answer) {
                        for (const z3::expr& a : cone_core)
                            if (auto it = cone->act_index.find(a.id()); it != cone->act_index.end()) core.push_back(act[it->second]);
                        return false;
                    }
                    // Sat: its inputs, assumed in the main solver, leave one model there.
                    const z3::model m = cone->s.get_model();
                    z3::expr_vector fixed(s.ctx());
                    for (const z3::expr& a : assume) fixed.push_back(a);
                    for (int c = 0; c < 2; ++c)
                        for (AtomId x = 0; x < step.atoms.size(); ++x)
                            if (sa.input[x] && !sa.is_static[x])
                                fixed.push_back(m.eval(cone->u.vars[c][0][x], true).is_true() ? u.vars[c][0][x] : !u.vars[c][0][x]);
                    // Mostly propagation: at least a second, even where the cone took nearly all the cap.
                    auto left = [&] {
                        return cap - std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
                    };
                    const std::optional<bool> main = check_within(s, options, res.solver_calls, "finding inductive invariants", fixed,
                                                                  std::max(left(), std::chrono::milliseconds(1000)));
                    if (main && *main) return true;
                    // Not expected: the whole check in the main solver, within what is left.
                    if (left().count() <= 0) return std::nullopt;
                    return check_one(s, u, assume, left(), core);
                };
                // One at a time: whether candidate i has a standing proof of preservation, and
                // per candidate j the candidates whose proofs assumed a_j.
                std::vector<char> proved(cands.size(), 0);
                // What the checks of the atoms the property reads may take past the single cap.
                std::chrono::milliseconds read_extra_left = options.houdini_read_budget;
                std::vector<std::vector<std::size_t>> needs(cands.size());
                std::unordered_map<unsigned, std::size_t> act_index;
                for (std::size_t i = 0; i < cands.size(); ++i) act_index.emplace(act[i].id(), i);
                auto drop = [&](std::size_t i) {
                    left[i] = 0, --n_left;
                    s.add(!act[i]);
                    for (std::size_t j : needs[i]) proved[j] = 0;
                    needs[i].clear();
                };
                while (n_left > 0) {
                    z3::expr_vector assume(ctx);
                    for (std::size_t i = 0; i < cands.size(); ++i)
                        if (left[i]) assume.push_back(act[i]);
                    const std::optional<bool> sat =
                        one_at_a_time || options.houdini_cap.count() <= 0
                            ? std::nullopt
                            : check_within(s, options, res.solver_calls, "finding inductive invariants", assume,
                                           options.houdini_cap);
                    if (sat && !*sat) break;  // every candidate left is preserved: inductive
                    if (!sat) {
                        // The disjunction is hard (blindbreakthrough's state invariants: one
                        // round took 274 s): one candidate at a time, each a unit to refute.
                        if (probe.empty())
                            for (std::size_t i = 0; i < cands.size(); ++i) {
                                probe.push_back(ctx.bool_const(("houdini_probe" + std::to_string(i)).c_str()));
                                s.add(z3::implies(probe[i], !after[i]));
                            }
                        // Round robin from where the last model was found. A candidate shown
                        // preserved stays so while the candidates its proof assumed (the
                        // unsat core's activation literals) are left: only those that lost one
                        // to a drop are checked again, and the set is inductive when every
                        // candidate left has a standing proof. A check that passes
                        // houdini_single_cap drops its candidate: every inductive subset of
                        // the candidates is sound, the greatest one is only the strongest.
                        one_at_a_time = true;
                        bool model = false;
                        std::size_t unproved = 0;
                        for (std::size_t i = 0; i < cands.size(); ++i) unproved += left[i] && !proved[i];
                        for (; unproved > 0 && !model; cursor = (cursor + 1) % cands.size()) {
                            if (!left[cursor] || proved[cursor]) continue;
                            assume.push_back(probe[cursor]);
                            // An atom the property reads: a longer cap, within the budget left.
                            const bool reads = cands[cursor].kind == Candidate::EqualAtom;
                            const auto cap = reads ? options.houdini_single_cap +
                                                         std::min(options.houdini_read_cap - options.houdini_single_cap,
                                                                  std::max(read_extra_left, std::chrono::milliseconds(0)))
                                                   : options.houdini_single_cap;
                            const auto started = std::chrono::steady_clock::now();
                            std::vector<z3::expr> core;
                            const std::optional<bool> one =
                                res.houdini_gave_up < options.houdini_give_up_first &&
                                        !(reads && options.houdini_read_cap > options.houdini_single_cap)
                                    ? std::nullopt
                                : reads && copies == 2 && options.houdini_read_cone ? check_in_cone(cursor, assume, cap, core)
                                                                                    : check_one(s, u, assume, cap, core);
                            if (reads)
                                read_extra_left -= std::max(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                                std::chrono::steady_clock::now() - started) -
                                                                options.houdini_single_cap,
                                                            std::chrono::milliseconds(0));
                            assume.pop_back();
                            if (!one) {
                                drop(cursor);  // may take back proofs that assumed it
                                ++res.houdini_gave_up;
                                // Its activation literal leaves the assumptions: with it and
                                // its negation both there every check is unsat at once.
                                z3::expr_vector still(ctx);
                                for (std::size_t i = 0; i < cands.size(); ++i)
                                    if (left[i]) still.push_back(act[i]);
                                assume = still;
                                unproved = 0;
                                for (std::size_t i = 0; i < cands.size(); ++i) unproved += left[i] && !proved[i];
                                continue;
                            }
                            if (*one) {
                                model = true;
                                break;
                            }
                            proved[cursor] = 1, --unproved;
                            for (const z3::expr& a : core)
                                if (auto it = act_index.find(a.id()); it != act_index.end()) needs[it->second].push_back(cursor);
                        }
                        if (!model) break;  // each candidate left is preserved: inductive
                    }
                    z3::model m = s.get_model();
                    // The state (pair) before the step satisfies every remaining candidate, so it
                    // satisfies every true invariant, and so does every state (pair) reached from
                    // it: the candidates such a state falsifies go too (options.explore; from one
                    // state, the pairs of two developments from it).
                    std::vector<PairState> reached;
                    if (options.explore) {
                        std::vector<gdl::Term> before[2];
                        for (int c = 0; c < copies; ++c)
                            for (std::size_t i = 0; i < sa.fluents.size(); ++i)
                                if (m.eval(u.vars[c][0][sa.true_of[i]], true).is_true()) before[c].push_back(sa.fluents[i]);
                        if (copies == 1) before[1] = before[0];
                        for (const auto& [a, b] : options.explore(before[0], before[1])) {
                            if (copies == 2) {
                                reached.push_back({state(a), state(b)});
                            } else {  // copy 0's candidates: both states of the pair
                                reached.push_back({state(a), {}});
                                reached.push_back({state(b), {}});
                            }
                        }
                    }
                    // A model that does not falsify the candidate it was asked for contradicts the
                    // check that gave it: Z3's QF_FD solver returned such models now and then
                    // after checks cut by a short timeout (prove_smt_test, Krieg-TicTacToe with a
                    // 1 ms cap: the same model thousands of times, nothing dropped). Asked again
                    // without a cap it answers right.
                    if (one_at_a_time && m.eval(after[cursor], true).is_true()) {
                        z3::expr_vector again = assume;
                        again.push_back(probe[cursor]);
                        if (!check(s, options, res.solver_calls, "finding inductive invariants", &again)) {
                            proved[cursor] = 1;
                            for (const z3::expr& a : s.unsat_core())
                                if (auto it = act_index.find(a.id()); it != act_index.end()) needs[it->second].push_back(cursor);
                            cursor = (cursor + 1) % cands.size();
                            continue;
                        }
                        m = s.get_model();
                    }
                    const std::size_t left_before = n_left;
                    for (std::size_t i = 0; i < cands.size(); ++i)
                        if (left[i] && (!m.eval(after[i], true).is_true() ||
                                        !std::all_of(reached.begin(), reached.end(),
                                                     [&](const PairState& p) { return cands[i].holds_in(p); })))
                            drop(i);
                    // Should a model still falsify no candidate left, every round drops something
                    // all the same: the probed candidate (dropping one is sound: any inductive
                    // subset is), or, checking all at once, the next rounds go one at a time.
                    if (n_left == left_before) {
                        if (one_at_a_time) {
                            drop(cursor);
                            ++res.houdini_gave_up;
                        } else {
                            one_at_a_time = true;
                        }
                    }
                    if (options.progress)
                        options.progress(what + ": " + std::to_string(n_left) + " candidates left" +
                                         (res.houdini_gave_up ? " (" + std::to_string(res.houdini_gave_up) + " dropped: their checks passed " +
                                                                    std::to_string(options.houdini_single_cap.count() / 1000.0).substr(0, 4) + " s)"
                                                              : std::string()));
                }
                return left;
            };
            // The state candidates first, in one copy (a state invariant holds in either copy
            // alone): half the system, no shared view -- vis_pacman3p's 53 rounds took 40 s and
            // its last one 42 s in two copies. The pair candidates are then searched assuming
            // the state invariants found, as the later roles do. The result is the two-copy
            // fixpoint F: from a state s satisfying F's state part, the pair (s, s) satisfies
            // all of F (equal fluents, equal atoms, the same view), so F's state part is
            // inductive in one copy and within the one-copy fixpoint G; and G with F's pair
            // part is inductive in two copies, so within F.
            if (assumed.empty() && options.one_copy_first) {
                std::vector<Candidate> state_cands;
                std::vector<Candidate> pair_cands;
                for (auto& c : inv) {
                    if (c.relates_copies()) {
                        pair_cands.push_back(std::move(c));
                    } else {
                        c.copy = 0;
                        state_cands.push_back(std::move(c));
                    }
                }
                if (!state_cands.empty()) {
                    z3::context ctx1;
                    z3::solver s1 = solver_for(ctx1, sa);
                    Unrolling u1(step, sa, ctx1, [&s1](const z3::expr& e) { s1.add(e); }, "o");
                    u1.add_step(0);
                    u1.moves(0, 0);
                    u1.add_step(0);
                    const std::vector<char> kept1 = houdini(ctx1, s1, u1, state_cands, 1, "state invariants (one copy)");
                    for (std::size_t i = 0; i < state_cands.size(); ++i)
                        if (kept1[i]) {
                            found_state.push_back({static_cast<StateInvariant::Kind>(state_cands[i].kind), state_cands[i].fluents});
                            for (int c = 0; c < 2; ++c)
                                assumed.push_back({state_cands[i].kind, c, state_cands[i].fluents});
                        }
                }
                inv.swap(pair_cands);
            }
            z3::context ctx;
            z3::solver s = solver_for(ctx, sa);
            Unrolling u(step, sa, ctx, [&s](const z3::expr& e) { s.add(e); }, "h");
            pair_step(u, role, !options.drop_same_move);
            for (int c = 0; c < 2; ++c) u.add_step(c);
            for (const auto& a : assumed) s.add(a.at(u, 0)), s.add(a.at(u, 1));
            const std::vector<char> left = houdini(ctx, s, u, inv, 2, "invariants");
            std::vector<Candidate> kept;
            for (std::size_t i = 0; i < inv.size(); ++i)
                if (left[i]) kept.push_back(inv[i]);
            inv.swap(kept);
            std::set<StateInvariant> found(options.assumed.begin(), options.assumed.end());
            found.insert(found_state.begin(), found_state.end());
            for (const auto& c : inv)
                if (!c.relates_copies())
                    found.insert({static_cast<StateInvariant::Kind>(c.kind), c.fluents});
            res.state_invariants.assign(found.begin(), found.end());
            res.invariants_from = from;
            inv.insert(inv.end(), assumed.begin(), assumed.end());
            // Counted per copy (a candidate of both copies is two invariants), as before the
            // candidates were paired.
            res.invariants = 0;
            for (const auto& c : inv)
                *res.invariants += c.copy == Candidate::kBoth && !c.relates_copies() ? 2 : 1;
            have_invariants = true;
        };

        // One state, two joint moves with the role's move and percepts equal: unsat when the
        // view determines the joint move (see the step case at k = 0).
        auto view_determines_moves = [&] {
            // Not when the role's percepts read none of two moves of another role (Krieg-
            // TicTacToe: the opponent's tries are unseen; one such move may be told by the
            // absence of the others' percepts): the check below, a SAT call as large as a step
            // of both copies, is then spared. Only speed depends on this test.
            std::vector<std::vector<std::size_t>> by_head(step.atoms.size());
            for (std::size_t i = 0; i < step.rules.size(); ++i) by_head[step.rules[i].head].push_back(i);
            std::vector<char> read(step.atoms.size(), 0);
            std::vector<AtomId> todo(sa.sees_of[role].begin(), sa.sees_of[role].end());
            for (AtomId a : todo) read[a] = 1;
            while (!todo.empty()) {
                const AtomId a = todo.back();
                todo.pop_back();
                for (std::size_t ri : by_head[a])
                    for (const auto* body : {&step.rules[ri].pos, &step.rules[ri].neg})
                        for (AtomId b : *body)
                            if (!read[b]) read[b] = 1, todo.push_back(b);
            }
            for (std::size_t q = 0; q < sa.does_of.size(); ++q)
                if (q != role && std::count_if(sa.does_of[q].begin(), sa.does_of[q].end(), [&](AtomId d) { return !read[d]; }) > 1)
                    return false;
            z3::context ctx;
            z3::solver s = solver_for(ctx, sa);
            Unrolling u(step, sa, ctx, [&s](const z3::expr& e) { s.add(e); }, "v");
            pair_step(u, role, !options.drop_same_move);
            for (AtomId f : sa.true_of) s.add(u.vars[0][0][f] == u.vars[1][0][f]);
            z3::expr_vector differ(ctx);
            for (const auto& ds : sa.does_of)
                for (AtomId d : ds) differ.push_back(u.vars[0][0][d] != u.vars[1][0][d]);
            s.add(differ.empty() ? ctx.bool_val(false) : z3::mk_or(differ));
            return !check(s, options, res.solver_calls, "checking whether the role's view determines the moves");
        };

        // The step case at k: any k + 1 distinct pair states satisfying the invariants, the
        // property holding at the first k and failing at the last; unsat: proved.
        auto step_case = [&](std::size_t k) {
            z3::context ctx;
            z3::solver s = solver_for(ctx, sa);
            Unrolling u(step, sa, ctx, [&s](const z3::expr& e) { s.add(e); }, "k");
            for (int c = 0; c < 2; ++c) u.add_step(c);
            for (std::size_t t = 0; t < k; ++t) {
                for (int c = 0; c < 2; ++c) u.moves(c, t);
                u.same_view(role, t, !options.drop_same_move);
                for (int c = 0; c < 2; ++c) u.add_step(c);
            }
            for (std::size_t t = 0; t <= k; ++t)
                for (const auto& c : inv) s.add(c.at(u, t));
            for (std::size_t t = 0; t < k; ++t) s.add(!u.violation(property, role, t));
            s.add(u.violation(property, role, k));
            for (std::size_t i = 0; i < k; ++i)  // no pair state repeats: the path is simple
                for (std::size_t j = i + 1; j <= k; ++j) {
                    z3::expr_vector differ(ctx);
                    for (int c = 0; c < 2; ++c)
                        for (AtomId f : sa.true_of) differ.push_back(u.vars[c][i][f] != u.vars[c][j][f]);
                    s.add(differ.empty() ? ctx.bool_val(false) : z3::mk_or(differ));
                }
            return !check(s, options, res.solver_calls, "checking the induction step");
        };

        // The base case up to depth n (each depth once, in increasing order): false and the
        // shortest counterexample in res when there is one.
        std::size_t base_next = 0;
        auto base_clear_upto = [&](std::size_t n) {
            for (; base_next <= n; ++base_next) {
                if (auto w = base.counterexample(base_next)) {
                    res.verdict = InductionResult::Refuted;
                    res.k = base_next;
                    res.witness = std::move(w);
                    res.solver_calls += base.solver_calls();
                    return false;
                }
                if (options.progress) options.progress("no counterexample of " + std::to_string(base_next) + " joint moves");
            }
            return true;
        };
        for (std::size_t k = 0; k <= max_k; ++k) {
            if (!base_clear_upto(k)) return res;
            if (property == TwoCopyProperty::PerfectInformation) continue;
            // Whether the role's view determines the joint move: from one state, two joint
            // moves with the same move and percepts of the role are the same (backgammon: every
            // move is seen by all). Then a pair that starts equal stays equal -- the next
            // state is a function of the state and the joint move -- so every reachable pair
            // is (s, s) and the property holds with the invariant "every fluent is equal in
            // both copies" (k = 0). Houdini need not run: there it would drop one state
            // candidate per round (backgammon: 515 of 1,090 left after 73 s), and its check of
            // the equalities under activation literals does not end in 200 s, where this one,
            // the equalities asserted outright, lets Z3 merge the copies.
            if (k == 0 && options.view_first && view_determines_moves()) {
                if (options.progress) options.progress("the role's view determines every joint move: its pairs stay equal");
                for (std::size_t i = 0; i < sa.fluents.size(); ++i) inv.push_back({Candidate::Equal, Candidate::kBoth, {i}});
                if (step_case(0)) {  // the property at a pair of equal states (Z3 checks it too)
                    res.verdict = InductionResult::Proved;
                    res.k = 0;
                    res.invariants = inv.size();
                    res.state_invariants = options.assumed;  // still proved: passed on to the next role
                    res.invariants_from = options.assumed_from;
                    res.solver_calls += base.solver_calls();
                    return res;
                }
                inv.clear();
            }
            if (!have_invariants) find_invariants();
            if (step_case(k)) {
                // The step case proves the depths past from + k: the base case covers the rest.
                if (!base_clear_upto(from + k)) return res;
                res.verdict = InductionResult::Proved;
                res.k = k;
                res.solver_calls += base.solver_calls();
                return res;
            }
            if (options.progress) options.progress("not " + std::to_string(k) + "-inductive");
        }
        res.verdict = InductionResult::Undecided;
        res.k = max_k;
        res.solver_calls += base.solver_calls();
        return res;
    });
}

std::size_t setup_depth(const GroundProgram& step, const std::vector<gdl::Term>& init,
                        const std::vector<SampledPair>& states, std::size_t max) {
    const StepAtoms sa(step);
    const StateIndex state(sa);
    const PairState initial{state(init), state(init)};
    std::vector<std::pair<PairState, std::size_t>> known;
    std::size_t deepest = 0;
    for (const auto& p : states) known.push_back({{state(p.a), state(p.b)}, p.depth}), deepest = std::max(deepest, p.depth);
    // Past the bound, or half the deepest sample (not the end of the samples' matches), a
    // depth chooses nothing: a candidate broken now and then at any depth (a piece on a cell)
    // is broken past it too.
    const std::size_t bound = std::min(max, deepest / 2);
    std::size_t from = 0;
    for (const auto& c : candidates(sa, 0, TwoCopyProperty::PerfectInformation)) {
        if (c.relates_copies() || c.holds_in(initial)) continue;  // only what the initial state breaks
        std::size_t last = 0;  // the deepest depth that breaks it (the initial state's, 0, at least)
        for (const auto& [p, d] : known)
            if (d > last && !c.holds_in(p)) last = d;
        if (last + 1 <= bound) from = std::max(from, last + 1);
    }
    return from;
}

ground::GroundProgram two_copy_cone(const ground::GroundProgram& step, TwoCopyProperty property) {
    return ground::cone_of_influence(step, [property](const ground::Atom& a) {
        const std::string& n = a.atom.name;
        if (a.step < 0) return false;
        if (n == "terminal") return a.atom.args.empty();
        if (a.atom.args.size() != 2) return false;
        return n == "does" || n == "legal" || n == "sees" || (n == "goal" && property == TwoCopyProperty::Goal);
    });
}

}  // namespace gdlsc::smt
