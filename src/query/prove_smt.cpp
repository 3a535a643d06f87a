// `prove --engine smt` (see proof.h): the ground step program, then per agent the bounded
// two-copy search depth by depth (shortest counterexample over all agents), or k-induction.
#include <chrono>
#include <cstdio>

#include "ground/grounder.h"
#include "ground/step_network.h"
#include "prolog/engine.h"
#include "base/errors.h"
#include "query/session.h"
#include "query/proof.h"
#include "smt/solver.h"
#include "smt/two_copy.h"

namespace gdlsc::query {
namespace {

// Bounds on the step program (as for the step network).

smt::TwoCopyProperty two_copy_property(const gdl::Term& prop) {
    if (prop.name == "legal_knowledge") return smt::TwoCopyProperty::Legal;
    if (prop.name == "terminal_knowledge") return smt::TwoCopyProperty::Terminal;
    if (prop.name == "goal_knowledge") return smt::TwoCopyProperty::Goal;
    if (prop.name == "perfect_information") return smt::TwoCopyProperty::PerfectInformation;
    throw UserError("prove: the smt engine decides legal-knowledge, terminal-knowledge, goal-knowledge and "
                    "perfect-information, not formulas: use --engine explicit");
}

}  // namespace

ProveReport prove_smt(const Game& g, const std::string& property, const SmtProveOptions& o) {
    const gdl::Term prop = prove_property_term(g, property);
    const smt::TwoCopyProperty tp = two_copy_property(prop);
    if (!o.induction && !o.depth) throw UserError("prove: --engine smt needs --depth N or --induction");
    auto& e = prepare_engine(g, o.timeout_seconds);
    const std::vector<gdl::Term> init = e.fluents(e.initial_state());
    const auto t0 = std::chrono::steady_clock::now();
    auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    ground::GroundProgram step;
    try {
        step = ground::ground_step(g.program, g.analysis, ground::kEngineNetworkLimits);
        step.index_rules();
    } catch (const ground::TooLarge& ex) {
        throw TooLargeError(std::string("prove: the smt engine does not apply: the step program is too large: ") + ex.what());
    } catch (const ground::NotApplicable& ex) {
        throw UserError(std::string("prove: the smt engine does not apply: ") + ex.what());
    }
    if (o.progress) std::fprintf(stderr, "prove: smt over the step program (%s)\n", step.size_text().c_str());
    smt::TwoCopyOptions to;
    if (o.timeout_seconds > 0)  // the whole search, grounding included
        to.deadline = t0 + std::chrono::milliseconds(static_cast<long long>(o.timeout_seconds * 1000));
    to.drop_same_move = o.drop_same_move;
    std::vector<std::size_t> agents;
    for (std::size_t r = 0; r < g.analysis.roles.size(); ++r)
        if (g.analysis.roles[r] != "random") agents.push_back(r);

    ProveReport rep;
    rep.property = property;
    try {
        if (!o.induction) {
            rep.method = ProveMethod::SmtBounded;
            rep.depth = *o.depth;
            std::vector<std::unique_ptr<smt::TwoCopy>> copies;
            for (std::size_t r : agents) copies.push_back(std::make_unique<smt::TwoCopy>(step, init, r, tp, to));
            for (std::size_t d = 0; d <= *o.depth; ++d) {
                for (std::size_t i = 0; i < agents.size(); ++i)
                    if (auto w = copies[i]->counterexample(d)) {
                        set_counterexample(rep, g.analysis.roles[agents[i]], d, w->actual, w->alternative);
                        for (auto& c : copies) rep.pairs += c->solver_calls();
                        return rep;
                    }
                if (o.progress) std::fprintf(stderr, "prove: smt, depth %zu: no counterexample (%.1f s)\n", d, seconds());
            }
            for (auto& c : copies) rep.pairs += c->solver_calls();
            return rep;
        }
        rep.method = ProveMethod::SmtInduction;
        std::optional<smt::InductionResult> worst;  // refuted (shortest) before undecided before proved
        std::size_t worst_role = 0, k = 0;
        for (std::size_t r : agents) {
            smt::InductionResult res = smt::prove_by_induction(step, init, r, tp, o.max_k, to);
            rep.pairs += res.solver_calls;
            if (o.progress)
                std::fprintf(stderr, "prove: smt induction, %s: %s at k = %zu, %zu invariants (%.1f s)\n",
                             g.analysis.roles[r].c_str(),
                             res.verdict == smt::InductionResult::Proved   ? "proved"
                             : res.verdict == smt::InductionResult::Refuted ? "refuted"
                                                                            : "undecided",
                             res.k, res.invariants, seconds());
            k = std::max(k, res.k);
            auto rank = [](const smt::InductionResult& x) { return x.verdict == smt::InductionResult::Refuted ? 0 : x.verdict == smt::InductionResult::Undecided ? 1 : 2; };
            if (!worst || rank(res) < rank(*worst) ||
                (res.verdict == smt::InductionResult::Refuted && worst->verdict == smt::InductionResult::Refuted &&
                 res.k < worst->k))
                worst = res, worst_role = r;
        }
        rep.depth = k;
        rep.whole_game = true;  // the question is about every development, whatever the answer
        if (!worst || worst->verdict == smt::InductionResult::Proved) return rep;
        if (worst->verdict == smt::InductionResult::Undecided) {
            rep.holds = false;
            rep.undecided = true;
            rep.role = g.analysis.roles[worst_role];
            return rep;
        }
        set_counterexample(rep, g.analysis.roles[worst_role], worst->k, worst->witness->actual,
                           worst->witness->alternative);
        return rep;
    } catch (const smt::SmtError& ex) {
        std::string m = ex.what();
        if (m.find("timeout") != std::string::npos || m.find("canceled") != std::string::npos)
            throw LimitError("prove: time limit of " + seconds_text(o.timeout_seconds) + " s exceeded in Z3 (" + m + ")");
        throw EngineError("prove: " + m);
    }
}

}  // namespace gdlsc::query
