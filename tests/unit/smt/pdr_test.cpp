// Property-directed reachability (src/smt/pdr.h) on Boolean systems whose answers are known:
// a 3-bit counter from 0 reaches 5 in exactly 5 steps (unsafe, depth 5) and 0 at once (depth
// 0); counting modulo 6 it never reaches 6 or 7 (safe, with an inductive invariant); a step
// constraint that forbids the only way to Bad makes it safe; a symmetric system (mirror)
// and one-hot groups give the same verdicts as without them. Then 200 seeded random systems
// of 4 state variables and 1 input against breadth-first search over their 16 states: PDR is
// safe exactly when no reachable state is bad, and a counterexample of depth d is a real
// path (some state reached in exactly d steps is bad). Error paths: a deadline already past
// is SmtTimeout, a stop flag is SmtStopped.
#define BOOST_TEST_MODULE smt_pdr
#include <boost/test/unit_test.hpp>

#include <z3++.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "smt/pdr.h"

using namespace gdlsc;

namespace {

// A counter of `bits` bits, least significant first: next = value + 1 modulo `modulo`.
smt::BooleanSystem counter(z3::context& ctx, unsigned bits, unsigned modulo, unsigned bad_value) {
    smt::BooleanSystem sys{{}, {}, {}, z3::expr_vector(ctx), z3::expr_vector(ctx), ctx.bool_val(false), {}, {}};
    for (unsigned b = 0; b < bits; ++b) {
        sys.state.push_back(ctx.bool_const(("c" + std::to_string(b)).c_str()));
        sys.init.push_back(false);
    }
    // Ripple-carry increment, then wrap at `modulo`: the bits of (v + 1) or 0.
    z3::expr carry = ctx.bool_val(true);
    std::vector<z3::expr> inc;
    for (unsigned b = 0; b < bits; ++b) {
        inc.push_back(sys.state[b] != carry);
        carry = sys.state[b] && carry;
    }
    // wrap: v == modulo - 1 -> 0
    z3::expr_vector is_last(ctx);
    for (unsigned b = 0; b < bits; ++b) is_last.push_back(((modulo - 1) >> b & 1) ? sys.state[b] : !sys.state[b]);
    const z3::expr wrap = z3::mk_and(is_last);
    for (unsigned b = 0; b < bits; ++b) sys.next.push_back(z3::ite(wrap, ctx.bool_val(false), inc[b]));
    z3::expr_vector is_bad(ctx);
    for (unsigned b = 0; b < bits; ++b) is_bad.push_back((bad_value >> b & 1) ? sys.state[b] : !sys.state[b]);
    sys.bad = z3::mk_and(is_bad);
    return sys;
}

smt::BooleanSystem empty_system(z3::context& ctx) {
    return smt::BooleanSystem{{}, {}, {}, z3::expr_vector(ctx), z3::expr_vector(ctx), ctx.bool_val(false), {}, {}};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_counter_reaches_five_in_five_steps) {
    z3::context ctx;
    const auto r = smt::pdr(ctx, counter(ctx, 3, 8, 5));
    BOOST_TEST(!r.safe);
    BOOST_TEST(r.depth == 5u);  // one path only: the counterexample is the shortest
    BOOST_TEST(r.solver_calls > 0u);
    const auto r0 = smt::pdr(ctx, counter(ctx, 3, 8, 0));
    BOOST_TEST(!r0.safe);
    BOOST_TEST(r0.depth == 0u);  // Init ∧ Bad
    const auto r7 = smt::pdr(ctx, counter(ctx, 3, 8, 7));
    BOOST_TEST(!r7.safe);
    BOOST_TEST(r7.depth == 7u);
}

BOOST_AUTO_TEST_CASE(counting_modulo_six_never_reaches_six_or_seven) {
    z3::context ctx;
    for (unsigned bad : {6u, 7u}) {
        BOOST_TEST_CONTEXT("bad value " << bad) {
            const auto r = smt::pdr(ctx, counter(ctx, 3, 6, bad));
            BOOST_TEST(r.safe);
            BOOST_TEST(r.lemmas >= 1u);  // Init itself is not bad-free by induction alone: 6 -> 7
            BOOST_TEST(r.frames >= 1u);
        }
    }
    // modulo 6 does reach 5
    const auto r5 = smt::pdr(ctx, counter(ctx, 3, 6, 5));
    BOOST_TEST(!r5.safe);
    BOOST_TEST(r5.depth == 5u);
}

BOOST_AUTO_TEST_CASE(a_step_constraint_cuts_the_way_to_bad) {
    // x' = i; Bad = x. With the constraint ¬i no step sets x: safe; without it: depth 1.
    z3::context ctx;
    auto sys = empty_system(ctx);
    const z3::expr x = ctx.bool_const("x"), i = ctx.bool_const("i");
    sys.state = {x};
    sys.init = {false};
    sys.next = {i};
    sys.bad = x;
    const auto open = smt::pdr(ctx, sys);
    BOOST_TEST(!open.safe);
    BOOST_TEST(open.depth == 1u);
    sys.constraints.push_back(!i);
    BOOST_TEST(smt::pdr(ctx, sys).safe);
    // `always` defines an auxiliary variable: y = ¬x in every state; Bad = y ∧ x is never true
    auto with_aux = empty_system(ctx);
    const z3::expr y = ctx.bool_const("y");
    with_aux.state = {x};
    with_aux.init = {false};
    with_aux.next = {i};
    with_aux.always.push_back(y == !x);
    with_aux.bad = y && x;
    BOOST_TEST(smt::pdr(ctx, with_aux).safe);
}

BOOST_AUTO_TEST_CASE(a_mirror_and_groups_keep_the_verdicts) {
    // Two tokens a, b: a' = i ∧ ¬b, b' = ¬i ∧ ¬a; symmetric under a <-> b (with i <-> ¬i).
    // Both never hold at once (safe); "a" is reached in one step (unsafe, depth 1).
    z3::context ctx;
    const z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), i = ctx.bool_const("i");
    for (bool mirror : {false, true})
        for (bool groups : {false, true}) {
            BOOST_TEST_CONTEXT("mirror " << mirror << " groups " << groups) {
                auto sys = empty_system(ctx);
                sys.state = {a, b};
                sys.init = {false, false};
                sys.next = {i && !b, !i && !a};
                if (mirror) sys.mirror = {1, 0};
                if (groups) sys.groups = {{0, 1}};
                sys.bad = a && b;
                BOOST_TEST(smt::pdr(ctx, sys).safe);
                sys.bad = a;
                const auto r = smt::pdr(ctx, sys);
                BOOST_TEST(!r.safe);
                BOOST_TEST(r.depth == 1u);
            }
        }
}

namespace {

// A random Boolean system over state variables s0..s3 and one input (variable 4), with the
// same formulas evaluated by Z3 and by hand.
struct Formula {
    enum Op { Var, Not, And, Or, Xor, Const } op;
    int var = 0;
    bool value = false;
    std::vector<Formula> args;

    bool eval(const std::vector<bool>& v) const {
        switch (op) {
            case Var: return v[var];
            case Not: return !args[0].eval(v);
            case And: return args[0].eval(v) && args[1].eval(v);
            case Or: return args[0].eval(v) || args[1].eval(v);
            case Xor: return args[0].eval(v) != args[1].eval(v);
            case Const: return value;
        }
        return false;
    }
    z3::expr z3(z3::context& ctx, const std::vector<z3::expr>& v) const {
        switch (op) {
            case Var: return v[var];
            case Not: return !args[0].z3(ctx, v);
            case And: return args[0].z3(ctx, v) && args[1].z3(ctx, v);
            case Or: return args[0].z3(ctx, v) || args[1].z3(ctx, v);
            case Xor: return args[0].z3(ctx, v) != args[1].z3(ctx, v);
            case Const: return ctx.bool_val(value);
        }
        return ctx.bool_val(false);
    }
};

Formula random_formula(std::mt19937& rng, int vars, int depth) {
    std::uniform_int_distribution<int> pick(0, depth > 0 ? 5 : 1);
    const int k = pick(rng);
    if (k <= 1) return {Formula::Var, std::uniform_int_distribution<int>(0, vars - 1)(rng), false, {}};
    if (k == 2) return {Formula::Not, 0, false, {random_formula(rng, vars, depth - 1)}};
    const Formula::Op op = k == 3 ? Formula::And : k == 4 ? Formula::Or : Formula::Xor;
    return {op, 0, false, {random_formula(rng, vars, depth - 1), random_formula(rng, vars, depth - 1)}};
}

constexpr int kState = 4, kInputs = 1;

struct RandomSystem {
    std::vector<Formula> next;
    std::vector<bool> init;
    std::vector<Formula> constraints;
    Formula bad;

    unsigned initial() const {
        unsigned s0 = 0;
        for (int v = 0; v < kState; ++v) s0 |= init[v] ? 1u << v : 0;
        return s0;
    }
    // The successors of the states `cur` (every input that satisfies the constraints).
    std::set<unsigned> step(const std::set<unsigned>& cur) const {
        std::set<unsigned> nxt;
        for (unsigned s : cur)
            for (unsigned in = 0; in < (1u << kInputs); ++in) {
                std::vector<bool> v(kState + kInputs);
                for (int b = 0; b < kState; ++b) v[b] = s >> b & 1;
                for (int b = 0; b < kInputs; ++b) v[kState + b] = in >> b & 1;
                bool ok = true;
                for (const auto& c : constraints) ok = ok && c.eval(v);
                if (!ok) continue;
                unsigned t = 0;
                for (int b = 0; b < kState; ++b) t |= next[b].eval(v) ? 1u << b : 0;
                nxt.insert(t);
            }
        return nxt;
    }
    // The states reached in exactly d steps.
    std::set<unsigned> layer(std::size_t d) const {
        std::set<unsigned> cur{initial()};
        for (std::size_t k = 0; k < d; ++k) cur = step(cur);
        return cur;
    }
    // Every reachable state (breadth-first).
    std::set<unsigned> reachable() const {
        std::set<unsigned> seen{initial()}, frontier = seen;
        while (!frontier.empty()) {
            std::set<unsigned> fresh;
            for (unsigned t : step(frontier))
                if (seen.insert(t).second) fresh.insert(t);
            frontier = fresh;
        }
        return seen;
    }
    bool is_bad(unsigned s) const {
        std::vector<bool> v(kState + kInputs, false);
        for (int b = 0; b < kState; ++b) v[b] = s >> b & 1;
        return bad.eval(v);
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(random_systems_agree_with_breadth_first_search) {
    std::mt19937 rng(20261127);
    std::size_t safe = 0, unsafe = 0;
    for (int n = 0; n < 200; ++n) {
        RandomSystem rs;
        for (int v = 0; v < kState; ++v) {
            rs.next.push_back(random_formula(rng, kState + kInputs, 2));
            rs.init.push_back(rng() % 2);
        }
        if (rng() % 2) rs.constraints.push_back(random_formula(rng, kState + kInputs, 1));
        // Bad: a cube of 2 or 3 state literals (over state variables only)
        std::vector<Formula> lits;
        const int size = 2 + static_cast<int>(rng() % 2);
        for (int k = 0; k < size; ++k) {
            Formula x{Formula::Var, static_cast<int>(rng() % kState), false, {}};
            lits.push_back(rng() % 2 ? x : Formula{Formula::Not, 0, false, {x}});
        }
        rs.bad = lits[0];
        for (std::size_t k = 1; k < lits.size(); ++k) rs.bad = Formula{Formula::And, 0, false, {rs.bad, lits[k]}};

        z3::context ctx;
        std::vector<z3::expr> vars;
        for (int v = 0; v < kState + kInputs; ++v) vars.push_back(ctx.bool_const(("v" + std::to_string(v)).c_str()));
        auto sys = empty_system(ctx);
        for (int v = 0; v < kState; ++v) {
            sys.state.push_back(vars[v]);
            sys.next.push_back(rs.next[v].z3(ctx, vars));
        }
        sys.init = rs.init;
        for (const auto& c : rs.constraints) sys.constraints.push_back(c.z3(ctx, vars));
        sys.bad = rs.bad.z3(ctx, vars);
        if (n % 3 == 0) sys.groups = {{0, 1}, {2, 3}};  // any grouping is sound (a heuristic only)

        bool reach_bad = false;
        for (unsigned st : rs.reachable()) reach_bad = reach_bad || rs.is_bad(st);

        BOOST_TEST_CONTEXT("system " << n) {
            const auto r = smt::pdr(ctx, sys);
            BOOST_TEST(r.safe == !reach_bad);
            if (!r.safe) {
                // a real counterexample: some state reached in exactly r.depth steps is bad
                bool real = false;
                for (unsigned st : rs.layer(r.depth)) real = real || rs.is_bad(st);
                BOOST_TEST(real);
                ++unsafe;
            } else {
                ++safe;
            }
        }
    }
    // the sample has both answers, many times
    BOOST_TEST(safe >= 20u);
    BOOST_TEST(unsafe >= 20u);
}

BOOST_AUTO_TEST_CASE(a_past_deadline_and_a_stop_flag_end_the_search) {
    z3::context ctx;
    smt::PdrOptions late;
    late.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    BOOST_CHECK_THROW(smt::pdr(ctx, counter(ctx, 3, 6, 7), late), smt::SmtTimeout);
    std::atomic<bool> stop{true};
    smt::PdrOptions stopped;
    stopped.stop = &stop;
    BOOST_CHECK_THROW(smt::pdr(ctx, counter(ctx, 3, 6, 7), stopped), smt::SmtStopped);
    // progress is told of each frame
    std::vector<std::string> lines;
    smt::PdrOptions told;
    told.progress = [&](const std::string& s) { lines.push_back(s); };
    BOOST_TEST(smt::pdr(ctx, counter(ctx, 3, 6, 7), told).safe);
    BOOST_TEST(!lines.empty());
    if (!lines.empty()) BOOST_TEST(lines[0].rfind("frame ", 0) == 0u);
}
