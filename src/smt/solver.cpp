// The Z3 bridge (see solver.h). Every Z3 call runs inside guard(), which turns
// z3::exception into SmtError with what the solver was doing.
#include "smt/solver.h"

#include "smt/z3_guard.h"

#include <z3++.h>

#include "ground/loops.h"

namespace gdlsc::smt {

using ground::AtomId;
using ground::GFormula;

namespace {

// How the message of an SmtTimeout begins.
constexpr const char* kTimeout = "time limit reached";

}  // namespace

struct Solver::Impl {
    const ground::GroundProgram& gp;
    z3::context ctx;
    z3::solver solver;
    std::vector<z3::expr> atoms;
    std::vector<z3::expr> loop_formulas;
    Stats stats;
    std::optional<std::chrono::steady_clock::time_point> deadline;

    // One check, within the deadline when there is one.
    z3::check_result check() {
        if (deadline) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) throw SmtTimeout(kTimeout + std::string(" before a solver call"));
            z3::params p(ctx);
            p.set("timeout", static_cast<unsigned>(std::min<long long>(left.count(), 0xffffffffLL)));
            solver.set(p);
        }
        z3::check_result r = solver.check();
        if (r == z3::unknown && deadline) {
            const std::string why = solver.reason_unknown();
            if (why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos ||
                std::chrono::steady_clock::now() >= *deadline)
                throw SmtTimeout(kTimeout + (": " + why));
        }
        return r;
    }

    explicit Impl(const ground::GroundProgram& g) : gp(g), solver(ctx) {
        atoms.reserve(gp.atoms.size());
        for (AtomId a = 0; a < gp.atoms.size(); ++a) {
            std::string name = gp.atoms[a].name();
            if (name.find_first_of("|\\") != std::string::npos) name = "atom" + std::to_string(a);
            atoms.push_back(ctx.bool_const(name.c_str()));
        }
        // Clark completion: a ↔ ∨ bodies (a fact's body is true; no rule: a is false).
        for (AtomId a = 0; a < gp.atoms.size(); ++a) {
            z3::expr_vector bodies(ctx);
            for (size_t ri : gp.rules_of[a]) bodies.push_back(body(gp.rules[ri]));
            solver.add(atoms[a] == (bodies.empty() ? ctx.bool_val(false) : z3::mk_or(bodies)));
        }
    }

    z3::expr body(const ground::GroundRule& r) {
        z3::expr_vector lits(ctx);
        for (AtomId p : r.pos) lits.push_back(atoms[p]);
        for (AtomId n : r.neg) lits.push_back(!atoms[n]);
        return lits.empty() ? ctx.bool_val(true) : z3::mk_and(lits);
    }

    z3::expr encode(const GFormula& f) {
        switch (f.kind) {
            case GFormula::Kind::True: return ctx.bool_val(true);
            case GFormula::Kind::False: return ctx.bool_val(false);
            case GFormula::Kind::Atom: return atoms[f.atom];
            case GFormula::Kind::Not: return !encode(f.sub[0]);
            case GFormula::Kind::And:
            case GFormula::Kind::Or: {
                z3::expr_vector v(ctx);
                for (const auto& s : f.sub) v.push_back(encode(s));
                return f.kind == GFormula::Kind::And ? z3::mk_and(v) : z3::mk_or(v);
            }
        }
        return ctx.bool_val(false);
    }

    z3::expr loop_formula(const std::vector<AtomId>& loop) {
        z3::expr_vector in(ctx), support(ctx);
        for (AtomId a : loop) in.push_back(atoms[a]);
        for (size_t ri : ground::external_support(gp, loop)) support.push_back(body(gp.rules[ri]));
        return z3::implies(z3::mk_or(in), support.empty() ? ctx.bool_val(false) : z3::mk_or(support));
    }

    // ASSAT under an optional extra assertion. Loop formulas found on the way hold in every
    // stable model, so they are kept after the extra assertion is dropped.
    bool search(const z3::expr* extra, std::vector<bool>* model_out) {
        solver.push();
        if (extra) solver.add(*extra);
        std::vector<z3::expr> learned;
        bool found = false;
        while (true) {
            ++stats.solver_calls;
            z3::check_result r;
            try {
                r = check();
            } catch (...) {
                solver.pop();
                throw;
            }
            if (r == z3::unsat) break;
            if (r == z3::unknown) {
                solver.pop();
                throw_gave_up("z3 answered unknown", solver.reason_unknown());
            }
            z3::model m = solver.get_model();
            std::vector<bool> values(gp.atoms.size());
            for (AtomId a = 0; a < gp.atoms.size(); ++a) values[a] = m.eval(atoms[a], true).is_true();
            auto unfounded = ground::unfounded_atoms(gp, values);
            if (unfounded.empty()) {
                found = true;
                if (model_out) *model_out = std::move(values);
                break;
            }
            ++stats.unfounded_models;
            auto loops = ground::violated_loops(gp, values, unfounded);
            if (loops.empty()) {
                solver.pop();
                throw SmtError("internal: a completion model with unfounded atoms but no violated loop");
            }
            for (const auto& l : loops) {
                z3::expr lf = loop_formula(l);
                solver.add(lf);
                learned.push_back(lf);
            }
        }
        solver.pop();
        for (auto& lf : learned) {
            solver.add(lf);
            loop_formulas.push_back(lf);
            ++stats.loop_formulas;
        }
        return found;
    }
};

Solver::Solver(const ground::GroundProgram& gp) {
    impl_ = guard("asserting the completion", [&] { return std::make_unique<Impl>(gp); });
}

Solver::~Solver() = default;

std::vector<bool> Solver::stable_model() {
    return guard("searching a stable model", [&] {
        std::vector<bool> m;
        if (!impl_->search(nullptr, &m))
            throw SmtError("the completion with its loop formulas has no stable model (" + impl_->gp.size_text() + ")");
        return m;
    });
}

bool Solver::unique(const std::vector<bool>& m) {
    return guard("proving the model unique", [&] {
        z3::expr_vector differs(impl_->ctx);
        for (AtomId a = 0; a < impl_->gp.atoms.size(); ++a) differs.push_back(m[a] ? !impl_->atoms[a] : impl_->atoms[a]);
        if (differs.empty()) return true;
        z3::expr d = z3::mk_or(differs);
        return !impl_->search(&d, nullptr);
    });
}

bool Solver::entails(const GFormula& f) {
    return guard("proving an entailment", [&] {
        z3::expr neg = !impl_->encode(f);
        return !impl_->search(&neg, nullptr);
    });
}

std::string Solver::to_smtlib() {
    return guard("printing SMT-LIB", [&] { return impl_->solver.to_smt2("unknown"); });
}

const Stats& Solver::stats() const { return impl_->stats; }

void Solver::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { impl_->deadline = deadline; }


std::string check_smtlib(const std::string& text) {
    return guard("checking an SMT-LIB script", [&] {
        z3::context ctx;
        z3::solver s(ctx);
        s.from_string(text.c_str());
        switch (s.check()) {
            case z3::sat: return std::string("sat");
            case z3::unsat: return std::string("unsat");
            default: return std::string("unknown");
        }
    });
}

std::string z3_version() {
    unsigned major = 0, minor = 0, build = 0, revision = 0;
    Z3_get_version(&major, &minor, &build, &revision);
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

}  // namespace gdlsc::smt
