// Whole-game proofs (see proof.h): the property becomes one pair check per role, the
// lockstep fixpoint runs per role over one shared state space, and the shortest violation
// over all roles is the counterexample, replayed in the engine for the role's percepts.
#include "query/proof.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <unordered_map>

#include "ground/grounder.h"
#include "ground/network_space.h"
#include "ground/step_network.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/environment.h"
#include "base/errors.h"
#include "base/strings.h"
#include "query/deadline.h"
#include "query/session.h"
#include "query/formula.h"
#include "query/rules_space.h"

namespace gdlsc::query {
namespace {

using gdl::Term;

// Bounds on the one-step ground program (as for information sets, src/prolog/native.cpp).


using Conjunct = PairConjunct;

bool is_state_formula(const Term& f, const gdl::Analysis& a) {
    if (f.is_constant()) return f.name == "terminal";
    const std::string& n = f.name;
    if (n == "true" || n == "legal" || n == "goal" || n == "distinct") return true;
    if (n == "not") return is_state_formula(f.args[0], a);
    if (n == "and" || n == "or") {
        for (const Term& x : gdl::list_items(f.args[0]))
            if (!is_state_formula(x, a)) return false;
        return true;
    }
    if (n == "rel") {
        const auto* info = a.find(f.args[0].name, gdl::list_items(f.args[1]).size());
        return info && info->cls != gdl::PredicateClass::ActionPredicate;
    }
    return false;  // does, sees, knows, kwhether, common, exists, forall
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

// The space the fixpoint explores, with a way to ask the engine about its states.
struct Space {
    std::unique_ptr<ground::StepNetwork> net;
    std::unique_ptr<ground::NetworkSpace> network;
    std::unique_ptr<RulesSpace> rules;
    std::string about;  // which, and why
    ground::StateSpace& get() { return network ? static_cast<ground::StateSpace&>(*network) : *rules; }
    pl::State state(pl::Engine& e, ground::StateId s) {
        if (rules) return rules->state(s);
        std::vector<Term> fs;
        for (std::uint32_t f : network->fluents(s)) fs.push_back(net->fluents()[f]);
        return e.make_state(fs);
    }
};

Space make_space(const Game& g, pl::Engine& e, const std::string& which) {
    Space sp;
    bool want_network = which == "network" || (which == "auto" && environment().native != "off");
    if (want_network) {
        try {
            sp.net = std::make_unique<ground::StepNetwork>(g.program, g.analysis, ground::kEngineNetworkLimits);
            std::unordered_map<std::string, std::uint32_t> index;
            for (std::uint32_t i = 0; i < sp.net->fluents().size(); ++i) index.emplace(sp.net->fluents()[i].to_kif(), i);
            std::vector<std::uint32_t> init;
            for (const Term& f : e.fluents(e.initial_state())) {
                auto it = index.find(f.to_kif());
                if (it == index.end()) throw ground::NotApplicable("the initial fluent " + f.to_kif() + " is not in the network");
                init.push_back(it->second);
            }
            sp.network = std::make_unique<ground::NetworkSpace>(*sp.net, init);
            sp.about = "step network (" + sp.net->size_text() + ")";
            return sp;
        } catch (const ground::TooLarge& ex) {
            if (which == "network") throw LimitError(std::string("prove: no step network: ") + ex.what());
            sp.about = std::string("the game's rules (no step network: ") + ex.what() + ")";
        } catch (const ground::NotApplicable& ex) {
            if (which == "network") throw UserError(std::string("prove: no step network: ") + ex.what());
            sp.about = std::string("the game's rules (no step network: ") + ex.what() + ")";
        } catch (const std::bad_alloc&) {
            if (which == "network") throw LimitError("prove: out of memory while building the step network");
            sp.about = "the game's rules (no step network: out of memory while grounding)";
        }
        sp.net.reset();
        sp.network.reset();
    } else {
        sp.about = "the game's rules";
    }
    sp.rules = std::make_unique<RulesSpace>(e);
    return sp;
}

std::vector<std::vector<std::string>> percepts_along(pl::Engine& e, const std::string& role,
                                                     const std::vector<std::vector<Term>>& moves) {
    std::vector<std::vector<std::string>> out;
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
        property == "perfect-information") {
        std::string atom = property;
        std::replace(atom.begin(), atom.end(), '-', '_');
        return Term::constant(atom);
    }
    bool bare_symbol = !property.empty() && property.find_first_of("() \t?") == std::string::npos;
    if (bare_symbol && !g.analysis.find(property, 0))
        throw UserError("prove: unknown property '" + property +
                        "': use legal-knowledge, terminal-knowledge, goal-knowledge, "
                        "perfect-information, or a closed KIF formula");
    Formula f = parse_formula(property, g.analysis, "<property>");
    if (!f.answer_vars.empty())
        throw UserError("prove: the formula has free variables (?" + joined(f.answer_vars, ", ?") +
                        "); quantify them with forall or exists");
    return Term::compound("formula", {f.term});
}

void set_counterexample(ProveReport& rep, const std::string& role, std::size_t depth,
                        const std::vector<std::vector<Term>>& actual, const std::vector<std::vector<Term>>& alternative) {
    auto& e = pl::Engine::instance();
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
        rep.actual_percepts = percepts_along(e, role, actual);
        rep.alternative_percepts = percepts_along(e, role, alternative);
    }
}

namespace {
// The fixpoint pairs final states: exact when what holds is a function of the state, which a
// GDL-III game's knowledge conditions break (two developments with one final state can differ
// in what the players know).
const char* const kEpistemicFixpoint =
    "the whole-game fixpoint pairs final states, but in a GDL-III game (knows in the rules) what holds "
    "depends on the whole development, not on its final state; use --depth N (every development of at "
    "most N joint moves, exactly)";
}  // namespace

ProveReport prove_whole_game(const Game& g, const std::string& property, const WholeGameOptions& o) {
    if (g.analysis.epistemic) throw UserError(std::string("prove: ") + kEpistemicFixpoint);
    const Term prop = prove_property_term(g, property);
    std::vector<Conjunct> conjuncts;
    if (prop.name == "formula") decompose(g, prop.args[0], conjuncts);

    auto& e = prepare_engine(g, o.timeout_seconds);
    const auto t0 = std::chrono::steady_clock::now();
    Space sp = make_space(g, e, o.space);
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
    Deadline deadline(o.timeout_seconds, stop);
    ProveReport rep;
    rep.property = property;
    rep.method = ProveMethod::Fixpoint;
    rep.whole_game = !o.max_depth;
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
        lo.ignore_percepts = o.ignore_percepts;
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
        if (o.progress) {
            const std::string role = roles[run.role];
            lo.progress = [&, role](std::size_t depth, std::size_t pairs, std::size_t states) {
                double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                std::fprintf(stderr, "prove: %s, depth %zu: %zu pairs, %zu states (%.1f s)\n", role.c_str(), depth, pairs,
                             states, secs);
            };
        }
        ground::LockstepResult res;
        try {
            res = ground::lockstep(space, lo);
        } catch (const ground::LockstepStopped&) {
            throw LimitError("time limit of " + seconds_text(o.timeout_seconds) +
                             " s exceeded in the whole-game fixpoint (" + std::to_string(space.size()) + " states so far)");
        } catch (const ground::LockstepLimit& ex) {
            throw LimitError(std::string("prove: the whole-game fixpoint reached its bound: ") + ex.what() +
                             " (--max-pairs); use --depth N to check developments up to a length, or "
                             "--witness FILE to check a counterexample found elsewhere");
        } catch (const std::bad_alloc&) {
            throw LimitError("prove: out of memory in the whole-game fixpoint (" + std::to_string(space.size()) +
                             " states); use --max-pairs or --depth N");
        }
        rep.pairs += res.pairs;
        rep.depth = std::max(rep.depth, res.max_depth);
        if (!res.holds && (!best || res.witness->depth < best->depth)) {
            best = res.witness;
            best_role = run.role;
            best_always = always_failed;  // the violating pair failed a conjunct without knows
        }
        if (best && best->depth == 0) break;
    }
    rep.states = space.size();
    rep.space = sp.network ? "network" : "rules";
    if (o.max_depth) rep.depth = *o.max_depth;
    if (!best) return rep;
    std::vector<std::vector<Term>> actual, alternative;
    for (std::uint32_t j : best->actual) actual.push_back(space.joint_move(j));
    for (std::uint32_t j : best->alternative) alternative.push_back(space.joint_move(j));
    set_counterexample(rep, best_always ? "" : roles[best_role], best->depth, actual, alternative);
    return rep;
}

ProveAll prove_all(const Game& g, const std::string& property, std::optional<std::size_t> depth,
                   const WholeGameOptions& wo, const SmtProveOptions& so, const BddProveOptions& bo) {
    ProveAll all;
    if (depth) {
        all.runs.emplace_back("developments", compute_prove(g, property, *depth, wo.progress, wo.timeout_seconds));
        WholeGameOptions cut = wo;
        cut.max_depth = depth;
        if (g.analysis.epistemic)
            all.not_applicable.emplace_back(std::string("fixpoint: ") + kEpistemicFixpoint);
        else
            all.runs.emplace_back("fixpoint", prove_whole_game(g, property, cut));
    }
    // The whole game: a fixpoint or bdd run that reaches a limit (time, pairs, nodes, memory)
    // leaves the verdict to the others (k-induction needs no enumeration); the limit is listed,
    // and it ends the command only when no method decides.
    std::optional<LimitError> first_limit;
    if (!depth) {
        try {
            all.runs.emplace_back("fixpoint", prove_whole_game(g, property, wo));
        } catch (const LimitError& ex) {
            first_limit = ex;
            all.not_applicable.emplace_back(std::string("fixpoint: ") + ex.what());
        }
        try {
            BddProveOptions b = bo;
            b.max_depth.reset();
            all.runs.emplace_back("bdd", prove_bdd(g, property, b));
        } catch (const UserError& ex) {  // formulas, GDL-III
            all.not_applicable.emplace_back(std::string("bdd: ") + ex.what());
        } catch (const LimitError& ex) {  // the node bound, the time limit, no step network
            if (!first_limit) first_limit = ex;
            all.not_applicable.emplace_back(std::string("bdd: ") + ex.what());
        }
    }
    SmtProveOptions s = so;
    s.depth = depth;
    s.induction = !depth;
    try {
        all.runs.emplace_back(depth ? "smt" : "smt-induction", prove_smt(g, property, s));
    } catch (const UserError& ex) {  // formulas, GDL-III: the smt engine does not apply
        all.not_applicable.emplace_back(std::string("smt: ") + ex.what());
    } catch (const TooLargeError& ex) {  // the ground step program passes its size bound
        all.not_applicable.emplace_back(std::string("smt: ") + ex.what());
    }
    if (all.runs.empty() && first_limit) throw *first_limit;
    const ProveReport& ref = all.runs.front().second;
    for (const auto& [name, r] : all.runs) {
        if (r.undecided) continue;
        if (r.holds != ref.holds || (!r.holds && (r.at_depth != ref.at_depth || r.role != ref.role))) all.agree = false;
    }
    return all;
}

namespace {
std::string verdict_line(const std::string& name, const ProveReport& r) {
    std::string v = r.undecided ? "undecided (k = " + std::to_string(r.depth) + ")"
                    : r.holds   ? std::string("holds") + (r.whole_game ? " for the whole game" : " to depth " + std::to_string(r.depth))
                                : "refuted at depth " + std::to_string(r.at_depth) + (r.role.empty() ? "" : " (" + r.role + ")");
    return name + ": " + v;
}
}  // namespace

std::string prove_all_text(const ProveAll& a) {
    std::string out = prove_text(a.runs.front().second);
    for (const auto& [name, r] : a.runs) out += verdict_line(name, r) + "\n";
    for (const auto& n : a.not_applicable) out += n + "\n";
    if (a.runs.size() == 1) out += "only " + a.runs.front().first + " applies: nothing to cross-check\n";
    else out += a.agree ? "the engines agree\n" : "the engines DISAGREE\n";
    return out;
}

std::string prove_all_json(const ProveAll& a) {
    nlohmann::json j = nlohmann::json::parse(prove_json(a.runs.front().second));
    j["agree"] = a.agree;
    j["engines"] = nlohmann::json::array();
    for (const auto& [name, r] : a.runs) j["engines"].push_back({{"engine", name}, {"report", nlohmann::json::parse(prove_json(r))}});
    j["not_applicable"] = a.not_applicable;
    return j.dump(2) + "\n";
}

}  // namespace gdlsc::query
