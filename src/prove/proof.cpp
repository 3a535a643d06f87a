// Whole-game proofs (see proof.h): the property becomes one pair check per role, the
// lockstep fixpoint runs per role over one shared state space, and the shortest violation
// over all roles is the counterexample, replayed in the engine for the role's percepts.
#include "prove/proof.h"
#include "prove/prove_testing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <unordered_map>

#include "network/network_play.h"
#include "network/network_space.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/deadline.h"
#include "base/memory.h"
#include "base/environment.h"
#include "base/errors.h"
#include "base/strings.h"
#include "session/session.h"
#include "session/formula.h"
#include "prove/game_space.h"
#include "prove/prove_wellformed.h"

namespace gdlsc::query {
namespace {

using gdl::Term;

// Bounds on the one-step ground program (as for information sets, src/prolog/network.cpp).


using Conjunct = PairConjunct;

// φ of a conjunct: about the current state, with no quantifier (φ is evaluated on one state).
bool is_state_formula(const Term& f, const gdl::Analysis& a) {
    return !not_about_state(f, a, Quantifiers::NotAboutState);
}

std::size_t agent_index(const Game& g, const Term& r) {
    if (r.is_constant())
        for (std::size_t i = 0; i < g.analysis.roles.size(); ++i)
            if (g.analysis.roles[i] == r.name && r.name != "random") return i;
    throw UserError("prove: the whole-game method needs a role name in (knows R φ), not " + r.to_kif() +
                    "; use --depth N for this formula");
}

[[noreturn]] void not_decided(const std::string& why) {
    throw UserError("prove: the whole-game method (no --depth) does not decide this formula: " + why +
                    ". It decides conjunctions of φ, (knows R φ), (kwhether R φ) and "
                    "(or (knows R φ) (knows R (not φ))) with φ about the current state (no quantifier, "
                    "does, sees or knowledge inside); use --depth N to check developments up to a length");
}

void decompose(const Game& g, const Term& f, std::vector<Conjunct>& out) {
    if (is_state_formula(f, g.analysis)) {
        out.push_back({Conjunct::Always, 0, f});
        return;
    }
    if (f.name == "and" && f.args.size() == 1) {
        for (const Term& x : gdl::list_items(f.args[0])) decompose(g, x, out);
        return;
    }
    auto state_phi = [&](const Term& phi) {
        if (!is_state_formula(phi, g.analysis)) not_decided("the formula under knows is not about the current state");
        return phi;
    };
    if (f.name == "knows" && f.args.size() == 2) {
        out.push_back({Conjunct::Knows, agent_index(g, f.args[0]), state_phi(f.args[1])});
        return;
    }
    if (f.name == "kwhether" && f.args.size() == 2) {
        out.push_back({Conjunct::KWhether, agent_index(g, f.args[0]), state_phi(f.args[1])});
        return;
    }
    if (f.name == "or" && f.args.size() == 1) {
        auto items = gdl::list_items(f.args[0]);
        if (items.size() == 2 && items[0].name == "knows" && items[1].name == "knows" && items[0].args.size() == 2 &&
            items[1].args.size() == 2 && items[0].args[0] == items[1].args[0]) {
            const Term &p = items[0].args[1], &q = items[1].args[1];
            auto negation_of = [](const Term& x, const Term& y) { return x.name == "not" && x.args.size() == 1 && x.args[0] == y; };
            if (negation_of(q, p) || negation_of(p, q)) {
                const Term& phi = negation_of(q, p) ? p : q;
                out.push_back({Conjunct::KWhether, agent_index(g, items[0].args[0]), state_phi(phi)});
                return;
            }
        }
    }
    not_decided("it is not a conjunction of knowledge of state formulas");
}

// What `role` sees along `moves` from the initial state: on the step network where the game
// has one, else in the engine (the caller has loaded the game). Both answer in Prolog's
// standard order of terms.
std::vector<std::vector<std::string>> percepts_along(const Game& g, const std::string& role,
                                                     const std::vector<std::vector<Term>>& moves) {
    std::vector<std::vector<std::string>> out;
    if (const ground::StepNetwork* net = g.network()) {
        const std::size_t r = static_cast<std::size_t>(
            std::find(g.analysis.roles.begin(), g.analysis.roles.end(), role) - g.analysis.roles.begin());
        ground::NetworkPlayer p(*net, net->initial_fluents());
        for (const auto& a : moves) {
            std::vector<std::uint32_t> joint;
            for (std::size_t i = 0; i < a.size(); ++i) {
                std::int64_t m = p.move_index(i, a[i]);
                if (m < 0) throw EngineError("prove: the counterexample's move " + a[i].to_kif() + " is not in the step network");
                joint.push_back(static_cast<std::uint32_t>(m));
            }
            std::vector<std::string> ps;
            for (std::uint32_t k : p.percepts(r, joint)) ps.push_back(net->percepts(r)[k].to_kif());
            out.push_back(std::move(ps));
            p.play(joint);
        }
        return out;
    }
    auto& e = pl::Engine::instance();
    pl::State s = e.initial_state();
    for (const auto& a : moves) {
        std::vector<std::string> ps;
        for (const Term& p : e.percepts(role, a, s)) ps.push_back(p.to_kif());
        out.push_back(std::move(ps));
        s = e.next_state(s, a);
    }
    return out;
}

}  // namespace

std::vector<PairConjunct> pair_conjuncts(const Game& g, const Term& formula) {
    std::vector<PairConjunct> out;
    decompose(g, formula, out);
    return out;
}

Term prove_property_term(const Game& g, const std::string& property) {
    if (property == "legal-knowledge" || property == "terminal-knowledge" || property == "goal-knowledge" ||
        property == "perfect-information" || is_wellformedness_property(property)) {
        std::string atom = property;
        std::replace(atom.begin(), atom.end(), '-', '_');
        return Term::constant(atom);
    }
    bool bare_symbol = !property.empty() && property.find_first_of("() \t?") == std::string::npos;
    if (bare_symbol && !g.analysis.find(property, 0)) {
        std::vector<std::string> names{"legal-knowledge", "terminal-knowledge", "goal-knowledge", "perfect-information"};
        for (const auto& n : wellformedness_properties()) names.push_back(n);
        std::string near = nearest(property, names, 3);
        throw UserError("prove: unknown property '" + property + "'" + (near.empty() ? "" : "; did you mean " + near + "?") +
                        " Use legal-knowledge, terminal-knowledge, goal-knowledge, perfect-information, "
                        "playability, termination, weak-winnability, monotonic-goals, or a closed KIF formula");
    }
    Formula f = parse_formula(property, g.analysis, "<property>");
    if (!f.answer_vars.empty())
        throw UserError("prove: the formula has free variables (?" + joined(f.answer_vars, ", ?") +
                        "); quantify them with forall or exists");
    return Term::compound("formula", {f.term});
}

void set_counterexample(const Game& g, ProveReport& rep, const std::string& role, std::size_t depth,
                        const std::vector<std::vector<Term>>& actual, const std::vector<std::vector<Term>>& alternative) {
    auto texts = [](const std::vector<std::vector<Term>>& ms) {
        std::vector<std::vector<std::string>> out;
        for (const auto& a : ms) {
            std::vector<std::string> t;
            for (const Term& m : a) t.push_back(m.to_kif());
            out.push_back(std::move(t));
        }
        return out;
    };
    rep.holds = false;
    rep.at_depth = depth;
    rep.role = role;
    rep.actual = texts(actual);
    if (!role.empty()) {
        rep.alternative = texts(alternative);
        rep.actual_percepts = percepts_along(g, role, actual);
        rep.alternative_percepts = percepts_along(g, role, alternative);
    }
}

std::string fixpoint_not_applicable(const Game& g) {
    // The fixpoint pairs final states: exact when what holds is a function of the state, which
    // a GDL-III game's knowledge conditions break (two developments with one final state can
    // differ in what the players know).
    if (!g.analysis.epistemic) return "";
    return "the whole-game fixpoint pairs final states, but in a GDL-III game (knows in the rules) what holds "
           "depends on the whole development, not on its final state; use --depth N (every development of at "
           "most N joint moves, exactly)";
}

static ProveReport whole_game(const Game& g, const std::string& property, const WholeGameOptions& o,
                              const testing::ProveMutation& mutation) {
    if (is_wellformedness_property(property)) return prove_wellformed(g, property, o);
    if (std::string why = fixpoint_not_applicable(g); !why.empty()) throw UserError("prove: " + why);
    const Term prop = prove_property_term(g, property);
    std::vector<Conjunct> conjuncts;
    if (prop.name == "formula") decompose(g, prop.args[0], conjuncts);

    auto& e = prepare_engine(g, o.timeout_seconds);
    const auto t0 = std::chrono::steady_clock::now();
    GameSpace sp = make_game_space(g, e, o.space);
    ground::StateSpace& space = sp.get();
    if (o.progress) std::fprintf(stderr, "prove: whole game over %s\n", sp.about.c_str());

    // φ at a state, memoised per conjunct.
    std::vector<std::vector<std::int8_t>> memo(conjuncts.size());
    auto holds = [&](std::size_t c, ground::StateId s) {
        auto& m = memo[c];
        if (m.size() <= s) m.resize(space.size() + 1, -1);
        if (m[s] < 0) {
            pl::State st = sp.state(e, s);
            m[s] = pl::runtime::holds_in_state(e, conjuncts[c].phi, st) ? 1 : 0;
        }
        return m[s] == 1;
    };

    // The runs: per agent for a built-in property; per role named in the formula (the first
    // also checks the conjuncts without knows, on the diagonal: every reachable state).
    struct Run {
        std::size_t role;
        std::vector<std::size_t> conjuncts;
        bool always = false;
    };
    std::vector<Run> runs;
    const auto& roles = g.analysis.roles;
    if (prop.name != "formula") {
        for (std::size_t r = 0; r < roles.size(); ++r)
            if (roles[r] != "random") runs.push_back({r, {}, false});
    } else {
        bool any_always = false;
        for (std::size_t c = 0; c < conjuncts.size(); ++c) {
            if (conjuncts[c].kind == Conjunct::Always) {
                any_always = true;
                continue;
            }
            auto it = std::find_if(runs.begin(), runs.end(), [&](const Run& r) { return r.role == conjuncts[c].role; });
            if (it == runs.end()) runs.push_back({conjuncts[c].role, {c}, false}), it = runs.end() - 1;
            else it->conjuncts.push_back(c);
        }
        if (any_always) {
            if (runs.empty()) {
                std::size_t first = 0;
                while (first < roles.size() && roles[first] == "random") ++first;
                runs.push_back({first < roles.size() ? first : 0, {}, true});
            } else {
                runs.front().always = true;
            }
        }
    }

    std::atomic<bool> stop{false};
    DeadlineStop deadline(Deadline::after(o.timeout_seconds), stop);
    ProveReport rep;
    rep.property = property;
    rep.method = o.walks ? ProveMethod::Walks : ProveMethod::Fixpoint;
    rep.whole_game = !o.max_depth;
    ground::WalkStats walk_stats;
    std::optional<ground::PairWitness> best;
    std::size_t best_role = 0;
    bool best_always = false;
    for (const Run& run : runs) {
        bool always_failed = false;  // set by violates: the last violation is of a conjunct without knows
        ground::LockstepOptions lo;
        lo.role = run.role;
        lo.max_pairs = o.max_pairs ? o.max_pairs : WholeGameOptions::kDefaultMaxPairs;
        lo.max_depth = o.max_depth.value_or(SIZE_MAX);
        lo.stop = &stop;
        lo.ignore_percepts = mutation.ignore_percepts;
        if (prop.name == "legal_knowledge") lo.property = ground::PairProperty::LegalKnowledge;
        else if (prop.name == "terminal_knowledge") lo.property = ground::PairProperty::TerminalKnowledge;
        else if (prop.name == "goal_knowledge") lo.property = ground::PairProperty::GoalKnowledge;
        else if (prop.name == "perfect_information") lo.property = ground::PairProperty::PerfectInformation;
        else {
            lo.property = ground::PairProperty::Custom;
            lo.violates = [&, run](ground::StateId a, ground::StateId b) {
                always_failed = false;
                if (run.always && a == b)
                    for (std::size_t c = 0; c < conjuncts.size(); ++c)
                        if (conjuncts[c].kind == Conjunct::Always && !holds(c, a)) return always_failed = true;
                for (std::size_t c : run.conjuncts) {
                    if (conjuncts[c].kind == Conjunct::Knows && !holds(c, b)) return true;
                    if (conjuncts[c].kind == Conjunct::KWhether && holds(c, a) != holds(c, b)) return true;
                }
                return false;
            };
        }
        if (o.progress && o.walks) {
            const std::string role = roles[run.role];
            lo.progress = [&, role, walks = o.walks->walks](std::size_t longest, std::size_t done, std::size_t states) {
                double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                std::fprintf(stderr, "prove: %s, %zu of %zu walks, the longest %zu joint moves, %zu states, %zu MB (%.1f s)\n",
                             role.c_str(), done, walks, longest, states, resident_megabytes(), secs);
            };
        } else if (o.progress) {
            const std::string role = roles[run.role];
            lo.progress = [&, role, bound = lo.max_pairs](std::size_t depth, std::size_t pairs, std::size_t states) {
                double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                std::fprintf(stderr, "prove: %s, depth %zu: %zu pairs of at most %zu (--max-pairs), %zu states, %zu MB (%.1f s)\n",
                             role.c_str(), depth, pairs, bound, states, resident_megabytes(), secs);
            };
        }
        ground::LockstepResult res;
        try {
            if (o.walks) {
                ground::WalkOptions w = *o.walks;
                w.seed += run.role;  // each role its own walks
                res = ground::lockstep_walks(space, lo, w, &walk_stats);
            } else {
                res = ground::lockstep(space, lo);
            }
        } catch (const ground::LockstepStopped&) {
            if (o.walks)
                throw TimeLimitError("time limit of " + seconds_text(o.timeout_seconds) + " s exceeded in the random walks (" +
                                 std::to_string(walk_stats.walks) + " walks, " + std::to_string(space.size()) +
                                 " states so far, no counterexample)");
            throw TimeLimitError("time limit of " + seconds_text(o.timeout_seconds) +
                             " s exceeded in the whole-game fixpoint (" + std::to_string(space.size()) + " states so far)");
        } catch (const ground::LockstepLimit& ex) {
            if (o.walks)
                throw LimitError(std::string("prove: the random walks reached their bound: ") + ex.what() + " (--max-pairs; " +
                                 std::to_string(walk_stats.walks) + " walks, no counterexample)");
            throw LimitError(std::string("prove: the whole-game fixpoint reached its bound: ") + ex.what() +
                             " (--max-pairs); use --depth N to check developments up to a length, or "
                             "--witness FILE to check a counterexample found elsewhere");
        } catch (const std::bad_alloc&) {
            throw LimitError(std::string("prove: out of memory in ") + (o.walks ? "the random walks" : "the whole-game fixpoint") + " (" + std::to_string(space.size()) +
                             " states); use --max-pairs or --depth N");
        }
        rep.pairs += res.pairs;
        rep.depth = std::max(rep.depth, res.max_depth);
        if (!res.holds && (!best || res.witness->depth < best->depth)) {
            best = res.witness;
            best_role = run.role;
            best_always = always_failed;  // the violating pair failed a conjunct without knows
        }
        if (best && (best->depth == 0 || o.walks)) break;  // walks: the first counterexample will do
    }
    rep.states = space.size();
    rep.space = sp.network ? "network" : "rules";
    if (o.max_depth) rep.depth = *o.max_depth;
    if (o.walks) {
        rep.walks = walk_stats.walks;
        rep.pairs = 0;
        rep.depth = walk_stats.longest;
        rep.whole_game = best.has_value();  // a counterexample refutes the whole game
        rep.undecided = !best;              // none found is no proof
    }
    if (!best) return rep;
    std::vector<std::vector<Term>> actual, alternative;
    for (std::uint32_t j : best->actual) actual.push_back(space.joint_move(j));
    for (std::uint32_t j : best->alternative) alternative.push_back(space.joint_move(j));
    set_counterexample(g, rep, best_always ? "" : roles[best_role], best->depth, actual, alternative);
    return rep;
}

ProveReport prove_whole_game(const Game& g, const std::string& property, const WholeGameOptions& o) {
    return whole_game(g, property, o, {});
}

ProveReport testing::prove_whole_game(const Game& g, const std::string& property, const WholeGameOptions& o,
                            const ProveMutation& mutation) {
    return whole_game(g, property, o, mutation);
}

}  // namespace gdlsc::query
