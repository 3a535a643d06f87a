// `prove --engine smt` (see prove_smt.h): the ground step program, then per agent the bounded
// two-copy search depth by depth (shortest counterexample over all agents), or k-induction.
#include "prove/prove_smt.h"

#include <chrono>
#include <cstdio>
#include <algorithm>
#include <iterator>
#include <optional>
#include <random>
#include <map>
#include <set>

#include "network/network_play.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "base/deadline.h"
#include "base/errors.h"
#include "prove/prove_testing.h"
#include "session/session.h"
#include "prove/proof.h"
#include "prove/step_program.h"
#include "smt/solver.h"
#include "smt/two_copy.h"

namespace gdlsc::query {
namespace {

// Reachable pairs of states for k-induction's candidate invariants (TwoCopyOptions::reachable,
// explore): random matches through the step network, seeded (the same every run).
// Nothing when the game has no step network: Houdini then finds the same invariants alone.
class Sampler {
public:
    static constexpr std::chrono::milliseconds kSampleTime{1000};  // per sample, at most about

    /// `deadline`: the search's own; sampling stops before it (and after kSampleTime).
    Sampler(const Game& g, const std::vector<gdl::Term>& init,
            std::optional<std::chrono::steady_clock::time_point> deadline)
        : net_(g.step().network), deadline_(deadline) {
        if (!net_) return;
        probe_.emplace(*net_, std::vector<std::uint32_t>{});
        for (const auto& f : init)
            if (auto i = probe_->fluent_index(f); i >= 0) init_.push_back(static_cast<std::uint32_t>(i));
    }

    // The distinct states of random matches, at most `max` (and kSampleTime), each with the
    // deepest depth it was seen at.
    std::vector<smt::SampledPair> states(std::size_t max) {
        std::vector<smt::SampledPair> out;
        if (!net_) return out;
        ground::NetworkPlayer p(*net_, init_);
        std::map<std::vector<std::uint32_t>, std::size_t> seen;  // the state's index in out
        const auto end = until();
        for (std::size_t match = 0; match < 4 * max && seen.size() < max && std::chrono::steady_clock::now() < end; ++match) {
            p.restart();
            for (std::size_t step = 0; step < 1000 && seen.size() < max; ++step) {
                if (auto [it, fresh] = seen.emplace(p.fluents(), out.size()); fresh) {
                    auto st = terms(p.fluents());
                    out.push_back({st, st, step});
                } else {
                    out[it->second].depth = std::max(out[it->second].depth, step);
                }
                std::vector<std::uint32_t> joint;
                if (p.terminal() || !draw(p, joint)) break;
                p.play(joint);
            }
        }
        return out;
    }

    using Pairs = std::vector<smt::SampledPair>;  // the depth: steps from (a0, b0)

    // Pairs of states of developments `role` cannot tell apart: walks of two matches in
    // lockstep from (a0, b0) (the initial state when empty), the same move of `role` (legal
    // in both), the other roles' moves drawn in each, a step kept only when role's percepts
    // are equal (a few draws, then the walk ends). At most `max` distinct pairs, `walks`
    // walks of at most `length` steps, and kSampleTime.
    Pairs pairs(std::size_t role, std::size_t max, std::size_t walks, std::size_t length,
                const std::vector<gdl::Term>& a0 = {}, const std::vector<gdl::Term>& b0 = {}) {
        Pairs out;
        if (!net_) return out;
        std::vector<std::uint32_t> start_a = init_, start_b = init_;
        if (!a0.empty() || !b0.empty())
            if (!indices(a0, start_a) || !indices(b0, start_b)) return out;  // not a state of the network
        ground::NetworkPlayer a(*net_, start_a), b(*net_, start_b);
        std::map<std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>>, std::size_t> seen;  // index in out
        const auto end = until();
        for (std::size_t walk = 0; walk < walks && seen.size() < max && std::chrono::steady_clock::now() < end; ++walk) {
            a.restart(), b.restart();
            for (std::size_t step = 0; step < length && seen.size() < max; ++step) {
                if (auto [it, fresh] = seen.emplace(std::make_pair(a.fluents(), b.fluents()), out.size()); fresh)
                    out.push_back({terms(a.fluents()), terms(b.fluents()), step});
                else
                    out[it->second].depth = std::max(out[it->second].depth, step);
                if (a.terminal() || b.terminal()) break;
                std::vector<std::uint32_t> both, la = a.legal(role), lb = b.legal(role);
                std::set_intersection(la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(both));
                if (both.empty()) break;
                bool moved = false;
                for (int attempt = 0; attempt < 8 && !moved; ++attempt) {
                    std::vector<std::uint32_t> ja, jb;
                    if (!draw(a, ja) || !draw(b, jb)) break;
                    ja[role] = jb[role] = pick(both);
                    if (a.percepts(role, ja) != b.percepts(role, jb)) continue;
                    a.play(ja), b.play(jb);
                    moved = true;
                }
                if (!moved) break;
            }
        }
        return out;
    }

private:
    std::shared_ptr<const ground::StepNetwork> net_;
    std::optional<ground::NetworkPlayer> probe_;  // for fluent_index
    std::vector<std::uint32_t> init_;
    std::mt19937_64 rng_{20101};
    std::optional<std::chrono::steady_clock::time_point> deadline_;

    std::chrono::steady_clock::time_point until() const {
        const auto end = std::chrono::steady_clock::now() + kSampleTime;
        return deadline_ ? std::min(end, *deadline_) : end;
    }

    std::uint32_t pick(const std::vector<std::uint32_t>& v) {
        return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng_)];
    }
    // A legal move per role, drawn uniformly; false when some role has none.
    bool draw(ground::NetworkPlayer& p, std::vector<std::uint32_t>& joint) {
        joint.assign(net_->roles().size(), 0);
        for (std::size_t r = 0; r < joint.size(); ++r) {
            const auto legal = p.legal(r);
            if (legal.empty()) return false;
            joint[r] = pick(legal);
        }
        return true;
    }
    // The network's indices of `fluents`; false when one of them is not a fluent of the network.
    bool indices(const std::vector<gdl::Term>& fluents, std::vector<std::uint32_t>& out) const {
        out.clear();
        for (const auto& f : fluents) {
            const std::int64_t i = probe_->fluent_index(f);
            if (i < 0) return false;
            out.push_back(static_cast<std::uint32_t>(i));
        }
        std::sort(out.begin(), out.end());
        return true;
    }
    std::vector<gdl::Term> terms(const std::vector<std::uint32_t>& fluents) const {
        std::vector<gdl::Term> out;
        for (std::uint32_t i : fluents) out.push_back(net_->fluents()[i]);
        return out;
    }
};

}  // namespace

static ProveReport smt_proof(const Game& g, const std::string& property, const SmtProveOptions& o,
                             const testing::ProveMutation& mutation) {
    const gdl::Term prop = prove_property_term(g, property);
    const smt::TwoCopyProperty tp = two_copy_property(prop, "smt");
    if (!o.induction && !o.depth) throw UserError("prove: --engine smt needs --depth N or --induction");
    const auto t0 = std::chrono::steady_clock::now();
    const Deadline deadline = Deadline::after(o.timeout_seconds);  // the whole search, grounding included
    auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const StepCone sp = step_cone(g, "smt", tp);
    const ground::GroundProgram& step = *sp.program;
    const std::vector<gdl::Term>& init = sp.init;
    if (o.progress)
        std::fprintf(stderr, "prove: smt over the step program's cone of influence (%s; %s)\n", sp.about.c_str(),
                     step.size_text().c_str());
    smt::TwoCopyOptions to;
    to.deadline = deadline.when();
    to.drop_same_move = mutation.drop_same_move;
    to.one_copy_first = o.one_copy_first;
    to.view_first = o.view_first;
    to.houdini_single_cap = o.houdini_single_cap;
    to.houdini_give_up_first = o.houdini_give_up_first;
    to.houdini_cap = o.houdini_cap;
    // Built on first use: only a step case of k-induction needs invariants.
    std::optional<Sampler> sampler;
    std::vector<smt::SampledPair> states;  // sampled once, for every role (a state with itself)
    auto sampled = [&]() -> Sampler& {
        if (!sampler) {
            sampler.emplace(g, sp.whole_init, to.deadline);  // real matches: the whole state
            states = sampler->states(2000);
            if (o.progress)
                std::fprintf(stderr, "prove: smt induction: %zu reachable states sampled (%.1f s)\n", states.size(), seconds());
        }
        return *sampler;
    };
    // Where the invariants start (smt::setup_depth): from the sampled states, so the same for
    // every role, and with the samples' other uses off too (o.sample: only how soon Houdini
    // ends depends on those).
    std::optional<std::size_t> setup;
    to.invariants_from = [&] {
        if (!setup) {
            sampled();
            setup = smt::setup_depth(step, init, states, to.max_invariants_from);
        }
        return *setup;
    };
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
                        set_counterexample(g, rep, g.analysis.roles[agents[i]], d, w->actual, w->alternative);
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
        // The state invariants one role's search proves hold in every reachable state: the next
        // roles assume them and search only the invariants that relate their two copies.
        std::vector<smt::StateInvariant> state_invariants;
        std::size_t invariants_from = 0;  // theirs
        for (std::size_t r : agents) {
            to.assumed = o.share_invariants ? state_invariants : std::vector<smt::StateInvariant>{};
            to.assumed_from = o.share_invariants ? invariants_from : 0;
            if (o.sample) {
                to.reachable = [&, r] {
                    Sampler& sm = sampled();
                    Sampler::Pairs known = sm.pairs(r, 2000, 8000, 1000);
                    if (o.progress)
                        std::fprintf(stderr, "prove: smt induction, %s: %zu pairs sampled (%.1f s)\n",
                                     g.analysis.roles[r].c_str(), known.size(), seconds());
                    known.insert(known.end(), states.begin(), states.end());  // a development with itself
                    return known;
                };
                to.explore = [&, r](const std::vector<gdl::Term>& a, const std::vector<gdl::Term>& b) {
                    std::vector<std::pair<std::vector<gdl::Term>, std::vector<gdl::Term>>> out;
                    for (auto& p : sampled().pairs(r, 400, 16, 25, a, b)) out.emplace_back(std::move(p.a), std::move(p.b));
                    return out;
                };
            }
            double last = seconds();
            if (o.progress)
                to.progress = [&, r](const std::string& what) {
                    if (seconds() - last < 2.0) return;  // a line every 2 s at most
                    last = seconds();
                    std::fprintf(stderr, "prove: smt induction, %s: %s (%.1f s)\n", g.analysis.roles[r].c_str(),
                                 what.c_str(), last);
                };
            smt::InductionResult res = smt::prove_by_induction(step, init, r, tp, o.max_k, to);
            rep.pairs += res.solver_calls;
            if (res.invariants) rep.invariants[g.analysis.roles[r]] = *res.invariants;
            if (!res.state_invariants.empty()) state_invariants = res.state_invariants, invariants_from = res.invariants_from;
            if (res.invariants) rep.invariants_from = std::max(rep.invariants_from, res.invariants_from);
            if (o.progress)
                std::fprintf(stderr, "prove: smt induction, %s: %s at k = %zu, %zu invariants (%.1f s)\n",
                             g.analysis.roles[r].c_str(),
                             res.verdict == smt::InductionResult::Proved   ? "proved"
                             : res.verdict == smt::InductionResult::Refuted ? "refuted"
                                                                            : "undecided",
                             res.k, res.invariants.value_or(0), seconds());
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
        set_counterexample(g, rep, g.analysis.roles[worst_role], worst->k, worst->witness->actual,
                           worst->witness->alternative);
        return rep;
    } catch (const smt::SmtTimeout& ex) {
        throw TimeLimitError("prove: time limit of " + seconds_text(o.timeout_seconds) + " s exceeded in Z3 (" + ex.what() + ")");
    } catch (const smt::SmtError& ex) {
        throw EngineError(std::string("prove: ") + ex.what());
    }
}

ProveReport prove_smt(const Game& g, const std::string& property, const SmtProveOptions& o) {
    return smt_proof(g, property, o, {});
}

ProveReport testing::prove_smt(const Game& g, const std::string& property, const SmtProveOptions& o,
                            const ProveMutation& mutation) {
    return smt_proof(g, property, o, mutation);
}

}  // namespace gdlsc::query
