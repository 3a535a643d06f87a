// Well-formedness with Z3 (see one_copy.h): one copy of the step unrolled, the violation at
// the last step asserted in a push/pop scope.
#include "smt/one_copy.h"

#include "smt/z3_guard.h"

#include <z3++.h>

#include <set>
#include <string>

#include "ground/lockstep.h"
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
            if (left.count() <= 0) throw SmtError("timeout while checking well-formedness");
            z3::params p(ctx);
            p.set("timeout", static_cast<unsigned>(std::min<long long>(left.count(), 0xffffffffLL)));
            s.set(p);
        }
        ++calls;
        const z3::check_result r = s.check();
        if (r == z3::unknown) throw SmtError("z3 gave no answer while checking well-formedness: " + s.reason_unknown());
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

std::size_t OneCopy::solver_calls() const { return impl_->calls; }

}  // namespace gdlsc::smt
