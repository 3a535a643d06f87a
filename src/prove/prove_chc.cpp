// `prove --engine chc` (see prove_chc.h): the ground step program, one Spacer query per
// agent, then for the refuted agents the bounded two-copy search at depths 0, 1, ... in
// lockstep, so that the counterexample is the shortest over all agents (the depth every
// other method reports).
#include "prove/prove_chc.h"
#include "prove/prove_testing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "base/errors.h"
#include "base/deadline.h"
#include "prove/proof.h"
#include "prove/step_program.h"
#include "smt/pair_chc.h"
#include "smt/solver.h"
#include "smt/two_copy.h"

namespace gdlsc::query {
namespace {

// A sanity bound on the bounded search after a refutation (the deadline usually ends it first).
constexpr std::size_t kMaxCounterexampleDepth = 10'000;
// The bounded search before the clauses: its depth and its time at most.
constexpr std::size_t kQuickDepth = 8;
constexpr double kQuickSeconds = 5;

}  // namespace

static ProveReport chc_proof(const Game& g, const std::string& property, const ChcProveOptions& o,
                             const testing::ProveMutation& mutation) {
    const gdl::Term prop = prove_property_term(g, property);
    const smt::TwoCopyProperty tp = two_copy_property(prop, "chc");
    const auto t0 = std::chrono::steady_clock::now();
    const Deadline deadline = Deadline::after(o.timeout_seconds);  // the whole proof, grounding included
    auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const StepCone sp = step_cone(g, "chc", tp);
    const ground::GroundProgram& step = *sp.program;
    const std::vector<gdl::Term>& init = sp.init;
    if (o.progress)
        std::fprintf(stderr, "prove: chc over the step program's cone of influence (%s; %s)\n", sp.about.c_str(),
                     step.size_text().c_str());

    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::Chc;
    rep.whole_game = true;
    rep.solver = o.solver;
    const smt::ChcEngine engine = o.solver == "pdr"      ? smt::ChcEngine::Pdr
                                  : o.solver == "spacer" ? smt::ChcEngine::Spacer
                                  : o.solver == "both"   ? smt::ChcEngine::Both
                                                         : throw UserError("prove: the chc solver is both, pdr or spacer, not " + o.solver);
    try {
        // First a short bounded search, all agents in lockstep: a counterexample of a few
        // joint moves is found far sooner by unrolling than by PDR, which must block cubes
        // frame by frame before it concludes (Krieg-TicTacToe's terminal-knowledge, depth 5:
        // neither PDR nor Spacer within 120 s; the unrolling in well under a second). A
        // quarter of the time, at most kQuickSeconds, up to kQuickDepth joint moves. Only for
        // the portfolio (--chc-solver both): pdr or spacer asked by name run alone.
        if (engine == smt::ChcEngine::Both) {
            smt::TwoCopyOptions qo;
            qo.drop_same_move = mutation.drop_same_move;
            qo.deadline = deadline.share(0.25, kQuickSeconds).when();
            try {
                std::vector<std::size_t> agents;
                std::vector<std::unique_ptr<smt::TwoCopy>> copies;
                for (std::size_t r = 0; r < g.analysis.roles.size(); ++r)
                    if (g.analysis.roles[r] != "random") {
                        agents.push_back(r);
                        copies.push_back(std::make_unique<smt::TwoCopy>(step, init, r, tp, qo));
                    }
                for (std::size_t d = 0; d <= kQuickDepth; ++d)
                    for (std::size_t i = 0; i < agents.size(); ++i)
                        if (auto w = copies[i]->counterexample(d)) {
                            for (auto& c : copies) rep.pairs += c->solver_calls();
                            set_counterexample(g, rep, g.analysis.roles[agents[i]], d, w->actual, w->alternative);
                            rep.depth = d;
                            rep.solved_by[g.analysis.roles[agents[i]]] = "bounded";
                            if (o.progress)
                                std::fprintf(stderr, "prove: chc: a counterexample of %zu joint moves by the bounded search (%.1f s)\n",
                                             d, seconds());
                            return rep;
                        }
            } catch (const smt::SmtError&) {
                if (deadline.passed()) throw;  // else the quick search's share is over: the clauses
            }
        }
        std::vector<std::size_t> refuted;
        // The shortest counterexample over all roles is at most as long as any PDR found
        // (Spacer's derivations are not read).
        std::size_t bound = kMaxCounterexampleDepth;
        for (std::size_t r = 0; r < g.analysis.roles.size(); ++r) {
            const std::string& role = g.analysis.roles[r];
            if (role == "random") continue;
            smt::ChcOptions co;
            co.deadline = deadline.when();
            co.drop_same_move = mutation.drop_same_move;
            co.engine = engine;
            double last = seconds();
            if (o.progress)
                co.progress = [&](const std::string& what) {
                    if (seconds() - last < 2.0) return;  // a line every 2 s at most
                    last = seconds();
                    std::fprintf(stderr, "prove: chc, %s: %s (%.1f s)\n", role.c_str(), what.c_str(), last);
                };
            const smt::ChcResult res = smt::prove_by_chc(step, init, r, tp, co);
            rep.pairs += res.solver_calls;
            const char* by = res.solver == smt::ChcEngine::Spacer ? "spacer" : "pdr";
            rep.solved_by[role] = by;
            if (res.verdict == smt::ChcResult::Proved) {
                rep.invariants[role] = res.lemmas;
            } else {
                if (res.solver == smt::ChcEngine::Pdr) bound = std::min(bound, res.depth);
                refuted.push_back(r);
            }
            if (o.progress)
                std::fprintf(stderr, "prove: chc, %s: %s by %s (%.1f s)\n", role.c_str(),
                             res.verdict == smt::ChcResult::Proved
                                 ? ("proved, invariant of " + std::to_string(res.lemmas) + " lemmas").c_str()
                                 : "refuted",
                             by, seconds());
        }
        if (refuted.empty()) return rep;
        // A counterexample exists; the bounded search finds the shortest (over the refuted roles).
        smt::TwoCopyOptions to;
        to.deadline = deadline.when();
        to.drop_same_move = mutation.drop_same_move;
        std::vector<std::unique_ptr<smt::TwoCopy>> copies;
        for (std::size_t r : refuted) copies.push_back(std::make_unique<smt::TwoCopy>(step, init, r, tp, to));
        for (std::size_t d = 0; d <= bound; ++d) {
            for (std::size_t i = 0; i < refuted.size(); ++i)
                if (auto w = copies[i]->counterexample(d)) {
                    for (auto& c : copies) rep.pairs += c->solver_calls();
                    set_counterexample(g, rep, g.analysis.roles[refuted[i]], d, w->actual, w->alternative);
                    rep.depth = d;
                    return rep;
                }
            if (o.progress) std::fprintf(stderr, "prove: chc, depth %zu: no counterexample yet (%.1f s)\n", d, seconds());
        }
        throw EngineError("prove: the Horn clauses of " + property +
                          " are refuted but the bounded search found no counterexample up to depth " + std::to_string(bound));
    } catch (const smt::SmtTimeout& ex) {
        throw TimeLimitError("prove: time limit of " + seconds_text(o.timeout_seconds) + " s exceeded in Z3 (" + ex.what() + ")");
    } catch (const smt::SmtError& ex) {
        throw EngineError(std::string("prove: ") + ex.what());
    }
}

ProveReport prove_chc(const Game& g, const std::string& property, const ChcProveOptions& o) {
    return chc_proof(g, property, o, {});
}

ProveReport testing::prove_chc(const Game& g, const std::string& property, const ChcProveOptions& o,
                            const ProveMutation& mutation) {
    return chc_proof(g, property, o, mutation);
}

}  // namespace gdlsc::query
