// The pair system as constrained Horn clauses, solved by PDR or Spacer (see pair_chc.h). One
// relation Pair over 2n Bool arguments (n fluents: copy 0's, then copy 1's) and a 0-ary
// relation Bad; one step of both copies is the step encoding of unrolling.h with
// Definitions (every derived atom an expression over the fluents and moves; only the atoms
// of loops too large to unfold, with their level ranking, remain existential in the body):
//
//     init:  Pair(s0, s0)
//     step:  Pair(x, y) ∧ ¬terminal(x) ∧ ¬terminal(y)
//              ∧ one legal move per role in x (m1) and in y (m2)         -- random included
//              ∧ m1(r) = m2(r) ∧ sees(r, ·, x, m1) = sees(r, ·, y, m2)
//              ∧ x' = next(x, m1) ∧ y' = next(y, m2)                    → Pair(x', y')
//     query: Pair(x, y) ∧ violates(x, y) → Bad
//
// violates is the lockstep fixpoint's (ground/lockstep.cpp): legal-knowledge both running
// with r's legal moves different, terminal-knowledge one terminal and not the other,
// goal-knowledge both terminal with r's goals different, perfect information x = y with two
// different joint moves m1 ≠ m2 that satisfy the step's constraints (r's view equal). Bad
// is unreachable iff the property holds for every development: the clauses are exactly the
// least fixpoint P_R of doc/knowledge.md. Spacer is asked whether Bad is derivable: unsat
// (not derivable) comes with an inductive invariant of Pair, sat with a derivation. PDR
// (pdr.h) gets the same system as Init, T and Bad over the 2n fluent variables, with the
// symmetry (x, y) ↔ (y, x) and the one-hot groups of fluents (those equal but in one
// argument) for its generalization.
#include "smt/pair_chc.h"

#include "smt/z3_guard.h"

#include <z3++.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <atomic>
#include <optional>
#include <set>
#include <thread>
#include <unordered_set>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/deadline.h"

#include "smt/pdr.h"
#include "smt/unrolling.h"

namespace gdlsc::smt {
namespace {

using ground::AtomId;
using ground::GroundProgram;

// The pair system of a role over one step of both copies (unrolling.h with Definitions):
// the state is x (copy 0's fluents) then y (copy 1's), true@0 of each copy.
struct PairSystem {
    z3::context& ctx;
    StepAtoms sa;
    z3::expr_vector defs, moves;  // loops too large to unfold; the joint moves and r's view
    std::vector<z3::expr> x, y, next_x, next_y;
    std::vector<bool> s0;  // the initial state of one copy
    z3::expr bad;

    PairSystem(z3::context& c, const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
               TwoCopyProperty property, bool same_move)
        : ctx(c), sa(step), defs(c), moves(c), bad(c.bool_val(false)) {
        z3::expr_vector* sink = &defs;
        Unrolling u(step, sa, ctx, [&sink](const z3::expr& e) { sink->push_back(e); }, "", Unrolling::Definitions);
        u.add_step(0);
        u.add_step(1);
        sink = &moves;
        u.moves(0, 0);
        u.moves(1, 0);
        u.same_view(role, 0, same_move);
        std::set<std::string> in;
        for (const auto& f : init) in.insert(f.to_kif());
        for (std::size_t f = 0; f < sa.fluents.size(); ++f) {
            x.push_back(u.fluent(0, 0, f)), y.push_back(u.fluent(1, 0, f));
            next_x.push_back(u.atom(0, 0, sa.next_of[f])), next_y.push_back(u.atom(1, 0, sa.next_of[f]));
            s0.push_back(in.count(sa.fluents[f].to_kif()) > 0);
        }
        if (property == TwoCopyProperty::PerfectInformation) {
            z3::expr_vector b(ctx), differ(ctx);
            for (const auto& m : moves) b.push_back(m);
            for (std::size_t f = 0; f < x.size(); ++f) b.push_back(x[f] == y[f]);
            for (const auto& ds : sa.does_of)
                for (AtomId d : ds) differ.push_back(u.vars[0][0][d] != u.vars[1][0][d]);
            b.push_back(differ.empty() ? ctx.bool_val(false) : z3::mk_or(differ));
            bad = z3::mk_and(b);
        } else {
            bad = u.violation(property, role, 0);
        }
    }

    z3::expr all(const z3::expr_vector& v) const { return v.empty() ? ctx.bool_val(true) : z3::mk_and(v); }
};

// The pair system as Horn clauses in a fixedpoint object (relations pair and bad).
struct PairClauses {
    const PairSystem& ps;
    z3::context& ctx;
    z3::func_decl pair, bad;

    explicit PairClauses(const PairSystem& p)
        : ps(p), ctx(p.ctx), pair(relation()), bad(ctx.function("bad", 0, nullptr, ctx.bool_sort())) {}

    z3::func_decl relation() {
        z3::sort_vector args(ctx);
        for (std::size_t i = 0; i < 2 * ps.x.size(); ++i) args.push_back(ctx.bool_sort());
        return ctx.function("pair", args, ctx.bool_sort());
    }

    z3::expr pair_of(const std::vector<z3::expr>& x, const std::vector<z3::expr>& y) {
        z3::expr_vector a(ctx);
        for (const auto& e : x) a.push_back(e);
        for (const auto& e : y) a.push_back(e);
        return pair(a);
    }

    // The clause body → head, universally closed over its constants (the relations excluded).
    z3::expr clause(const z3::expr& body, const z3::expr& head) {
        z3::expr rule = z3::implies(body, head);
        z3::expr_vector vars(ctx);
        std::unordered_set<unsigned> seen;
        std::vector<z3::expr> todo{rule};
        while (!todo.empty()) {
            z3::expr e = todo.back();
            todo.pop_back();
            if (!seen.insert(e.id()).second || !e.is_app()) continue;
            z3::func_decl d = e.decl();
            if (e.is_const() && d.decl_kind() == Z3_OP_UNINTERPRETED && !z3::eq(d, bad)) {
                vars.push_back(e);
                continue;
            }
            for (unsigned i = 0; i < e.num_args(); ++i) todo.push_back(e.arg(i));
        }
        return vars.empty() ? rule : z3::forall(vars, rule);
    }

    void add(z3::fixedpoint& fp) {
        fp.register_relation(pair);
        fp.register_relation(bad);
        std::vector<z3::expr> s0;
        for (bool b : ps.s0) s0.push_back(ctx.bool_val(b));
        z3::expr init_fact = pair_of(s0, s0);
        fp.add_rule(init_fact, ctx.str_symbol("init"));
        // Step: the head's arguments are variables equal to the next fluents.
        z3::expr_vector body(ctx);
        body.push_back(pair_of(ps.x, ps.y));
        body.push_back(ps.all(ps.defs));
        body.push_back(ps.all(ps.moves));
        std::vector<z3::expr> next[2];
        for (int c = 0; c < 2; ++c)
            for (std::size_t f = 0; f < ps.x.size(); ++f) {
                z3::expr v = ctx.bool_const(("next" + std::to_string(c) + "_" + std::to_string(f)).c_str());
                body.push_back(v == (c == 0 ? ps.next_x : ps.next_y)[f]);
                next[c].push_back(v);
            }
        z3::expr step_clause = clause(z3::mk_and(body), pair_of(next[0], next[1]));
        fp.add_rule(step_clause, ctx.str_symbol("step"));
        // Query: a pair that violates the property.
        z3::expr query_clause = clause(pair_of(ps.x, ps.y) && ps.all(ps.defs) && ps.bad, bad());
        fp.add_rule(query_clause, ctx.str_symbol("violation"));
    }
};

void configure(z3::fixedpoint& fp, z3::context& ctx, std::optional<std::chrono::steady_clock::time_point> deadline) {
    z3::params p(ctx);
    p.set("engine", ctx.str_symbol("spacer"));
    if (deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) throw SmtTimeout("time limit reached before Spacer's query");
        p.set("timeout", static_cast<unsigned>(std::min<long long>(left.count(), 0xffffffffLL)));
    }
    fp.set(p);
}

// The conjuncts of the answer's definition of Pair, (= (pair ...) invariant): its lemmas.
std::size_t lemmas(const z3::expr& answer, const z3::func_decl& pair) {
    std::size_t n = 0;
    std::vector<z3::expr> todo{answer};
    bool in_pair = false;
    while (!todo.empty()) {
        z3::expr e = todo.back();
        todo.pop_back();
        if (e.is_quantifier()) {
            todo.push_back(e.body());
        } else if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
            for (unsigned i = 0; i < e.num_args(); ++i) todo.push_back(e.arg(i));
        } else if (!in_pair && e.is_app() && e.decl().decl_kind() == Z3_OP_EQ && e.num_args() == 2 &&
                   e.arg(0).is_app() && z3::eq(e.arg(0).decl(), pair)) {
            todo.assign({e.arg(1)});  // the definition of pair: count its conjuncts only
            in_pair = true;
        } else if (in_pair && !e.is_true()) {
            ++n;
        }
    }
    return n;
}

ChcResult spacer(const PairSystem& ps, const ChcOptions& options) {
    z3::fixedpoint fp(ps.ctx);
    PairClauses pc(ps);
    configure(fp, ps.ctx, options.deadline);
    pc.add(fp);
    z3::expr query = pc.bad();  // (query(relations) answers "true" for the invariant)
    const z3::check_result r = fp.query(query);
    ChcResult res;
    res.solver_calls = 1;
    res.solver = ChcEngine::Spacer;
    if (r == z3::unknown) {
        const std::string why = fp.reason_unknown();
        if (why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos ||
            (options.deadline && std::chrono::steady_clock::now() >= *options.deadline))
            throw SmtTimeout("time limit reached in Spacer: " + why);
        throw SmtError("Spacer gave no answer: " + why);
    }
    res.verdict = r == z3::sat ? ChcResult::Refuted : ChcResult::Proved;
    if (res.verdict == ChcResult::Proved) res.lemmas = lemmas(fp.get_answer(), pc.pair);
    return res;
}

ChcResult own_pdr(const PairSystem& ps, const ChcOptions& options, const std::atomic<bool>* stop = nullptr) {
    const std::size_t n = ps.x.size();
    BooleanSystem sys{{}, {}, {}, ps.defs, ps.moves, ps.bad, {}, {}};
    for (std::size_t c = 0; c < 2; ++c)
        for (std::size_t f = 0; f < n; ++f) {
            sys.state.push_back((c == 0 ? ps.x : ps.y)[f]);
            sys.next.push_back((c == 0 ? ps.next_x : ps.next_y)[f]);
            sys.init.push_back(ps.s0[f]);
            sys.mirror.push_back(c == 0 ? n + f : f);  // the pair system is symmetric: (x, y) ↔ (y, x)
        }
    // Groups: fluents equal but in one argument ((round 5), (round 12)), per copy.
    for (std::size_t c = 0; c < 2; ++c)
        for (auto& g : one_hot_groups(ps.sa, c * n)) sys.groups.push_back(std::move(g));
    PdrOptions po;
    po.deadline = options.deadline;
    po.progress = options.progress;
    po.stop = stop;
    const PdrResult r = pdr(ps.ctx, sys, po);
    ChcResult res;
    res.verdict = r.safe ? ChcResult::Proved : ChcResult::Refuted;
    res.lemmas = r.lemmas;
    res.frames = r.frames;
    res.depth = r.depth;
    res.solver_calls = r.solver_calls;
    return res;
}

// One solver on its own context.
ChcResult solve(ChcEngine engine, z3::context& ctx, const GroundProgram& step, const std::vector<gdl::Term>& init,
                std::size_t role, TwoCopyProperty property, const ChcOptions& options,
                const std::atomic<bool>* stop = nullptr) {
    return guard("proving the pair system", [&] {
        const PairSystem ps(ctx, step, init, role, property, !options.drop_same_move);
        ChcResult res = engine == ChcEngine::Spacer ? spacer(ps, options) : own_pdr(ps, options, stop);
        res.fluents = ps.x.size();
        return res;
    });
}

// What a Spacer child tells its parent through a pipe (the child and the parent are the same
// program: the struct is read as written).
struct SpacerMessage {
    enum Status : int { Answer, Timeout, Error } status = Error;
    int refuted = 0;
    std::size_t lemmas = 0, solver_calls = 0, fluents = 0;
    char why[512] = {};
};

// The child: Spacer on a Z3 context of its own, the message to `fd`, then _exit (no
// destructor of the parent's objects runs; the kernel frees the rest). No time limit of
// Z3's: the parent kills the child at the deadline (a Z3 timer would need a thread, and a
// forked process has only the one that forked it).
[[noreturn]] void spacer_child(int fd, pid_t parent, const GroundProgram& step, const std::vector<gdl::Term>& init,
                               std::size_t role, TwoCopyProperty property, const ChcOptions& options) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the parent may die without killing us (SIGKILL, a crash)
    if (::getppid() != parent) ::_exit(0);
    SpacerMessage m;
    auto say = [&m](const char* why) { std::snprintf(m.why, sizeof m.why, "%s", why); };
    try {
        ChcOptions o = options;
        o.deadline.reset();
        auto* ctx = new z3::context;  // never deleted: _exit ends the process
        const ChcResult r = solve(ChcEngine::Spacer, *ctx, step, init, role, property, o);
        m.status = SpacerMessage::Answer;
        m.refuted = r.verdict == ChcResult::Refuted;
        m.lemmas = r.lemmas;
        m.solver_calls = r.solver_calls;
        m.fluents = r.fluents;
    } catch (const SmtTimeout& e) {
        m.status = SpacerMessage::Timeout;
        say(e.what());
    } catch (const std::exception& e) {
        say(e.what());
    } catch (...) {
        say("Spacer failed");
    }
    const char* p = reinterpret_cast<const char*>(&m);
    for (std::size_t left = sizeof m; left > 0;) {
        const ssize_t w = ::write(fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        p += w, left -= static_cast<std::size_t>(w);
    }
    ::_exit(0);
}

// Reads the child's message (false: it ended without one: killed, or it crashed).
bool read_message(int fd, SpacerMessage& m) {
    char* p = reinterpret_cast<char*>(&m);
    for (std::size_t left = sizeof m; left > 0;) {
        const ssize_t r = ::read(fd, p, left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r, left -= static_cast<std::size_t>(r);
    }
    return true;
}

// Spacer in a child process, PDR in this one: the first answer wins. PDR stops at its next
// SAT call once Spacer has answered (a thread waits for the child's message); the child is
// killed once PDR has answered, at the deadline, or when the work is interrupted.
//
// Why a process and not a thread: Z3_interrupt cancels a context's resource limit for good,
// and Z3 4.8.12 then may throw from the destructor of an interrupted fixedpoint (a
// rewriter_exception out of Z3_fixedpoint_dec_ref: std::terminate; about 1 in 40 interrupts
// of Spacer on Krieg-TicTacToe's clauses in a harness, once in CI). A killed process leaves
// nothing behind, and a crash of Spacer's leaves the answer to PDR. Where fork fails (no
// memory for the copy), PDR runs alone.
ChcResult race(const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
               TwoCopyProperty property, const ChcOptions& options) {
    int fds[2];
    pid_t child = -1;
    if (::pipe2(fds, O_CLOEXEC) == 0) {
        const pid_t parent = ::getpid();
        std::fflush(nullptr);  // nothing buffered is written twice
        child = ::fork();
        if (child == 0) {
            ::close(fds[0]);
            spacer_child(fds[1], parent, step, init, role, property, options);
        }
        ::close(fds[1]);
        if (child < 0) ::close(fds[0]);
    }
    std::atomic<bool> answered{false};
    std::optional<ChcResult> by_spacer;
    std::string spacer_why;
    std::thread listener;
    if (child > 0)
        listener = std::thread([&, fd = fds[0]] {
            SpacerMessage m;
            if (read_message(fd, m)) {
                if (m.status == SpacerMessage::Answer && !answered.exchange(true)) {
                    ChcResult r;
                    r.verdict = m.refuted ? ChcResult::Refuted : ChcResult::Proved;
                    r.lemmas = m.lemmas;
                    r.solver_calls = m.solver_calls;
                    r.fluents = m.fluents;
                    r.solver = ChcEngine::Spacer;
                    by_spacer = r;
                } else if (m.status != SpacerMessage::Answer) {
                    spacer_why = m.why;
                }
            }
            ::close(fd);
        });
    std::optional<ChcResult> by_pdr;
    std::exception_ptr pdr_error;
    try {
        z3::context ctx;
        ChcResult r = solve(ChcEngine::Pdr, ctx, step, init, role, property, options, &answered);
        if (!answered.exchange(true)) by_pdr = r;
    } catch (const SmtStopped&) {
    } catch (...) {
        pdr_error = std::current_exception();
    }
    if (child > 0) {
        // PDR has answered, or failed: then wait for Spacer until the deadline (or an interrupt).
        auto over = [&] {
            return by_pdr || g_interrupted.load() ||
                   (options.deadline && std::chrono::steady_clock::now() >= *options.deadline);
        };
        int status = 0;
        for (;;) {
            const pid_t w = ::waitpid(child, &status, WNOHANG);
            if (w == child || (w < 0 && errno != EINTR)) break;  // ended (or not ours to wait for)
            if (over()) {
                ::kill(child, SIGKILL);
                while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
                }
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        listener.join();
    }
    if (by_pdr) return *by_pdr;
    if (by_spacer) return *by_spacer;
    if (pdr_error) std::rethrow_exception(pdr_error);
    if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline)
        throw SmtTimeout("time limit reached in PDR and Spacer");
    throw SmtError("neither PDR nor Spacer answered" + (spacer_why.empty() ? std::string() : " (Spacer: " + spacer_why + ")"));
}

}  // namespace

ChcResult prove_by_chc(const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                       TwoCopyProperty property, const ChcOptions& options) {
    ChcResult res;
    if (options.engine == ChcEngine::Both) {
        res = race(step, init, role, property, options);
    } else {
        z3::context ctx;
        res = solve(options.engine, ctx, step, init, role, property, options);
    }
    // A perfect-information violation is a pair and one more step (TwoCopy's depth).
    if (res.verdict == ChcResult::Refuted && property == TwoCopyProperty::PerfectInformation) ++res.depth;
    return res;
}

std::string pair_chc_text(const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                          TwoCopyProperty property) {
    return guard("writing the Horn clauses", [&] {
        z3::context ctx;
        const PairSystem ps(ctx, step, init, role, property, true);
        z3::fixedpoint fp(ctx);
        PairClauses pc(ps);
        pc.add(fp);
        z3::expr_vector q(ctx);
        q.push_back(pc.bad());
        return fp.to_string(q);
    });
}

}  // namespace gdlsc::smt
