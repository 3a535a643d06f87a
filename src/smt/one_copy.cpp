// Well-formedness with Z3 (see one_copy.h): one copy of the step unrolled, the violation at
// the last step asserted in a push/pop scope.
#include "smt/one_copy.h"

#include "smt/z3_guard.h"

#include <z3++.h>

#include <set>
#include <string>

#include "ground/lockstep.h"
#include "smt/pdr.h"
#include "smt/solver.h"
#include "smt/unrolling.h"

namespace gdlsc::smt {

using ground::AtomId;
using ground::GroundProgram;

struct OneCopy::Impl {
    const GroundProgram& gp;
    StepAtoms sa;
    z3::context ctx;
    z3::solver s;
    Unrolling u;
    OneCopyOptions options;
    std::size_t calls = 0;

    Impl(const GroundProgram& g, const std::vector<gdl::Term>& init, const OneCopyOptions& o)
        : gp(g), sa(g), s(ctx), u(g, sa, ctx, [this](const z3::expr& e) { s.add(e); }, "w"), options(o) {
        std::set<std::string> in;
        for (const auto& f : init) in.insert(f.to_kif());
        u.add_step(0);
        u.initial(0, in);
    }

    void unroll(std::size_t depth) {
        while (u.vars[0].size() <= depth) {  // one more joint move
            const std::size_t t = u.vars[0].size() - 1;
            u.moves(0, t);
            u.add_step(0);
        }
    }

    bool check() {
        if (options.deadline) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(*options.deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) throw SmtTimeout("timeout while checking well-formedness");
            z3::params p(ctx);
            p.set("timeout", static_cast<unsigned>(std::min<long long>(left.count(), 0xffffffffLL)));
            s.set(p);
        }
        ++calls;
        const z3::check_result r = s.check();
        if (r == z3::unknown) throw_gave_up("z3 gave no answer while checking well-formedness", s.reason_unknown());
        return r == z3::sat;
    }

    int goal_value(AtomId a) const { return ground::goal_number(gp.atoms[a].atom.args.at(1)); }  // -1: no number

    // The joint moves of the model, steps 0..depth-1 (Unrolling::witness reads two copies).
    std::vector<std::vector<gdl::Term>> moves_of(const z3::model& m, std::size_t depth) {
        std::vector<std::vector<gdl::Term>> out;
        for (std::size_t t = 0; t < depth; ++t) {
            std::vector<gdl::Term> joint;
            for (std::size_t r = 0; r < sa.does_of.size(); ++r)
                for (std::size_t k = 0; k < sa.does_of[r].size(); ++k)
                    if (m.eval(u.vars[0][t][sa.does_of[r][k]], true).is_true()) {
                        joint.push_back(sa.moves[r][k]);
                        break;
                    }
            out.push_back(std::move(joint));
        }
        return out;
    }

    // Runs `body` (which adds the violation at `depth`) in a scope; on sat the development.
    template <class Body>
    std::optional<z3::model> scoped(std::size_t depth, Body body) {
        unroll(depth);
        s.push();
        body();
        std::optional<z3::model> m;
        if (check()) m = s.get_model();
        s.pop();
        return m;
    }

    z3::expr at(std::size_t t, std::int64_t atom) { return u.atom(0, t, atom); }

    std::optional<OneCopyWitness> playability(std::size_t d) {
        for (std::size_t r = 0; r < sa.legal_of.size(); ++r) {
            auto m = scoped(d, [&] {
                s.add(!at(d, sa.terminal));
                for (std::int64_t l : sa.legal_of[r]) s.add(!at(d, l));
            });
            if (m) return OneCopyWitness{moves_of(*m, d), r, 0};
        }
        return std::nullopt;
    }

    std::optional<OneCopyWitness> termination(std::size_t d) {
        for (std::size_t i = 0; i < d; ++i) {
            auto m = scoped(d, [&] {
                for (std::size_t f = 0; f < sa.fluents.size(); ++f) s.add(u.fluent(0, i, f) == u.fluent(0, d, f));
            });
            if (m) return OneCopyWitness{moves_of(*m, d), 0, i};
        }
        return std::nullopt;
    }

    std::optional<OneCopyWitness> monotonic(std::size_t d) {
        for (std::size_t r : options.agents) {
            // not exactly one goal value, a number 0..100 (as the fixpoint counts them)
            auto m = scoped(d, [&] {
                z3::expr_vector gs(ctx), bad(ctx);
                for (AtomId a : sa.goal_of[r]) (goal_value(a) < 0 ? bad : gs).push_back(at(d, a));
                z3::expr one = gs.empty() ? ctx.bool_val(false) : (z3::atmost(gs, 1) && z3::mk_or(gs));
                if (!bad.empty()) one = one && !z3::mk_or(bad);
                s.add(!one);
            });
            if (m) return OneCopyWitness{moves_of(*m, d), r, 0};
            if (d == 0) continue;
            auto drop = scoped(d, [&] {
                z3::expr_vector cases(ctx);
                for (AtomId a : sa.goal_of[r])
                    for (AtomId b : sa.goal_of[r])
                        if (goal_value(b) >= 0 && goal_value(b) < goal_value(a)) cases.push_back(at(d - 1, a) && at(d, b));
                s.add(cases.empty() ? ctx.bool_val(false) : z3::mk_or(cases));
            });
            if (drop) return OneCopyWitness{moves_of(*drop, d), r, 0};
        }
        return std::nullopt;
    }

    std::optional<OneCopyWitness> win(std::size_t r, std::size_t d) {
        auto m = scoped(d, [&] {
            s.add(at(d, sa.terminal));
            z3::expr_vector hundred(ctx);
            for (AtomId a : sa.goal_of[r])
                if (goal_value(a) == 100) hundred.push_back(at(d, a));
            s.add(hundred.empty() ? ctx.bool_val(false) : z3::mk_or(hundred));
        });
        if (m) return OneCopyWitness{moves_of(*m, d), r, 0};
        return std::nullopt;
    }
};

namespace {

// The goal atoms of `role` that are numbers 0..100 (gs) and those that are not (others).
void goal_atoms(const GroundProgram& gp, const StepAtoms& sa, std::size_t role, std::vector<AtomId>& gs,
                std::vector<AtomId>& others) {
    for (AtomId a : sa.goal_of[role]) (ground::goal_number(gp.atoms[a].atom.args.at(1)) < 0 ? others : gs).push_back(a);
}

int goal_value(const GroundProgram& gp, AtomId a) { return ground::goal_number(gp.atoms[a].atom.args.at(1)); }

// The whole game as a Boolean system for PDR (see one_copy.h): property, or (without one)
// the win of `win_role`.
OneCopyProof pdr_one_copy(const GroundProgram& gp, const std::vector<gdl::Term>& init,
                          std::optional<OneCopyProperty> property, std::size_t win_role, const OneCopyOptions& options) {
    return guard("proving a property of the game's states", [&] {
        z3::context ctx;
        const StepAtoms sa(gp);
        z3::expr_vector defs(ctx), moves(ctx);
        z3::expr_vector* sink = &defs;
        Unrolling u(gp, sa, ctx, [&sink](const z3::expr& e) { sink->push_back(e); }, "", Unrolling::Definitions);
        u.add_step(0);
        sink = &moves;
        u.moves(0, 0);
        BooleanSystem sys{{}, {}, {}, defs, moves, ctx.bool_val(false), one_hot_groups(sa, 0), {}};
        std::set<std::string> in;
        for (const auto& f : init) in.insert(f.to_kif());
        const std::size_t n = sa.fluents.size();
        for (std::size_t f = 0; f < n; ++f) {
            sys.state.push_back(u.fluent(0, 0, f));
            sys.next.push_back(u.atom(0, 0, sa.next_of[f]));
            sys.init.push_back(in.count(sa.fluents[f].to_kif()) > 0);
        }
        auto at = [&](std::int64_t a) { return u.atom(0, 0, a); };
        // A state variable of the extension: its next value is set by the caller.
        auto extra = [&](const std::string& name, bool init_value) {
            sys.state.push_back(ctx.bool_const(("oc!" + name).c_str()));
            sys.next.push_back(ctx.bool_val(false));
            sys.init.push_back(init_value);
            return sys.state.size() - 1;
        };
        auto any = [&](const z3::expr_vector& v) { return v.empty() ? ctx.bool_val(false) : z3::mk_or(v); };
        if (!property) {
            z3::expr_vector hundred(ctx);
            for (AtomId a : sa.goal_of[win_role])
                if (goal_value(gp, a) == 100) hundred.push_back(at(a));
            sys.bad = at(sa.terminal) && any(hundred);
        } else if (*property == OneCopyProperty::Playability) {
            z3::expr_vector stuck(ctx);
            for (const auto& legal : sa.legal_of) {
                z3::expr_vector none(ctx);
                for (std::int64_t l : legal) none.push_back(!at(l));
                stuck.push_back(none.empty() ? ctx.bool_val(true) : z3::mk_and(none));
            }
            sys.bad = !at(sa.terminal) && any(stuck);
        } else if (*property == OneCopyProperty::Termination) {
            // The saved copy: chosen once (the input save), kept after.
            const z3::expr save = ctx.bool_const("oc!save");
            const std::size_t saved = extra("saved", false);
            const z3::expr was = sys.state[saved];
            sys.next[saved] = was || save;
            z3::expr_vector equal(ctx);
            for (std::size_t f = 0; f < n; ++f) {
                const std::size_t c = extra("copy" + std::to_string(f), false);
                sys.next[c] = z3::ite(!was && save, sys.state[f], sys.state[c]);
                equal.push_back(sys.state[c] == sys.state[f]);
            }
            sys.bad = was && (equal.empty() ? ctx.bool_val(true) : z3::mk_and(equal));
        } else {  // monotonic goals: the goal values of the state before, and that there was one
            const std::size_t started = extra("started", false);
            sys.next[started] = ctx.bool_val(true);
            z3::expr_vector bad(ctx);
            for (std::size_t r : options.agents) {
                std::vector<AtomId> gs, others;
                goal_atoms(gp, sa, r, gs, others);
                z3::expr_vector now(ctx), wrong(ctx);
                for (AtomId a : gs) now.push_back(at(a));
                for (AtomId a : others) wrong.push_back(at(a));
                z3::expr one = now.empty() ? ctx.bool_val(false) : (z3::atmost(now, 1) && z3::mk_or(now));
                bad.push_back(!(one && !any(wrong)));
                for (AtomId a : gs) {
                    const std::size_t prev = extra("prev" + std::to_string(a), false);
                    sys.next[prev] = at(a);
                    for (AtomId b : gs)
                        if (goal_value(gp, b) < goal_value(gp, a)) bad.push_back(sys.state[started] && sys.state[prev] && at(b));
                }
            }
            sys.bad = any(bad);
        }
        PdrOptions po;
        po.deadline = options.deadline;
        po.progress = options.progress;
        const PdrResult r = pdr(ctx, sys, po);
        return OneCopyProof{r.safe, r.lemmas, r.frames, r.solver_calls, r.depth};
    });
}

}  // namespace

OneCopyProof prove_one_copy(const GroundProgram& step, const std::vector<gdl::Term>& init, OneCopyProperty property,
                            const OneCopyOptions& options) {
    return pdr_one_copy(step, init, property, 0, options);
}

OneCopyProof prove_no_win(const GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
                          const OneCopyOptions& options) {
    return pdr_one_copy(step, init, std::nullopt, role, options);
}

OneCopy::OneCopy(const GroundProgram& step, const std::vector<gdl::Term>& init, const OneCopyOptions& options)
    : impl_(guard("encoding the game in one copy", [&] { return std::make_unique<Impl>(step, init, options); })) {}
OneCopy::~OneCopy() = default;

std::optional<OneCopyWitness> OneCopy::violation(OneCopyProperty property, std::size_t depth) {
    return guard("checking well-formedness", [&]() -> std::optional<OneCopyWitness> {
        switch (property) {
            case OneCopyProperty::Playability: return impl_->playability(depth);
            case OneCopyProperty::Termination: return impl_->termination(depth);
            case OneCopyProperty::MonotonicGoals: return impl_->monotonic(depth);
        }
        return std::nullopt;
    });
}

std::optional<OneCopyWitness> OneCopy::win(std::size_t role, std::size_t depth) {
    return guard("searching a win", [&] { return impl_->win(role, depth); });
}

bool OneCopy::has_development(std::size_t depth) {
    return guard("searching a development", [&] { return impl_->scoped(depth, [] {}).has_value(); });
}

std::size_t OneCopy::solver_calls() const { return impl_->calls; }

}  // namespace gdlsc::smt
