// Checking a claimed counterexample (see witness.h): the two developments replayed in an
// engine, then the comparison and the verdict, which do not depend on the engine.
#include "prove/witness.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "base/errors.h"
#include "base/strings.h"
#include "gdl/reader.h"
#include "gdl/source.h"
#include "ground/grounder.h"
#include "ground/query_formula.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/deadline.h"
#include "session/forward.h"
#include "infoset/infoset.h"
#include "prove/proof.h"
#include "session/session.h"
#include "smt/solver.h"

namespace gdlsc::query {
namespace {


using gdl::Term;


std::vector<std::string> sorted_kif(const std::vector<Term>& ts) {
    std::vector<std::string> out;
    for (const Term& t : ts) out.push_back(t.to_kif());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// A development of the witness as a history; `which` is "actual" or "alternative".
History development(const nlohmann::json& steps, const Game& g, const std::string& path, const std::string& which) {
    if (!steps.is_array()) throw UserError(path + ": \"" + which + "\" must be a list of joint moves");
    std::string text;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const auto& joint = steps[i];
        if (!joint.is_array() || joint.size() != g.analysis.roles.size())
            throw UserError(path + ": " + which + " step " + std::to_string(i + 1) + ": a joint move is a list of " +
                            std::to_string(g.analysis.roles.size()) + " moves, one per role");
        std::vector<std::string> moves;
        for (const auto& m : joint) {
            if (!m.is_string())
                throw UserError(path + ": " + which + " step " + std::to_string(i + 1) + ": a move is a KIF string");
            moves.push_back(m.get<std::string>());
        }
        text += "(" + joined(moves) + ")\n";
    }
    return parse_history(text, g.analysis.roles, path + " (" + which + ")");
}

// The stable model read by step: the true legal, sees and goal atoms of each step, indexed
// once (a scan of every atom per step would be quadratic in the development's length).
struct ModelIndex {
    const ground::GroundProgram& gp;
    const std::vector<bool>& model;
    std::map<std::pair<std::string, int>, std::vector<ground::AtomId>> by_name_step;

    ModelIndex(const ground::GroundProgram& g, const std::vector<bool>& m) : gp(g), model(m) {
        for (ground::AtomId i = 0; i < gp.atoms.size(); ++i) {
            const auto& a = gp.atoms[i];
            if (model[i] && a.step >= 0 && a.atom.args.size() == 2 &&
                (a.atom.name == "legal" || a.atom.name == "sees" || a.atom.name == "goal"))
                by_name_step[{a.atom.name, a.step}].push_back(i);
        }
    }
    bool truth(const Term& atom, int step) const {
        std::int64_t id = gp.find(atom, step);
        return id >= 0 && model[static_cast<std::size_t>(id)];
    }
    // The second arguments of the true atoms (name role X) at `step`.
    std::vector<Term> of_role(const std::string& name, const std::string& role, int step) const {
        std::vector<Term> out;
        auto it = by_name_step.find({name, step});
        if (it == by_name_step.end()) return out;
        for (ground::AtomId i : it->second) {
            const Term& t = gp.atoms[i].atom;
            if (t.args[0].is_constant() && t.args[0].name == role) out.push_back(t.args[1]);
        }
        return out;
    }
};

// Replays `h` on a forward engine (progression or network): the same errors as check_history.
Trace trace_forward(Forward& f, pl::Engine& e, const Game& g, const History& h, std::size_t role,
                    const std::vector<PairConjunct>& conjuncts, const Deadline& deadline) {
    Trace t;
    f.restart();
    const auto& roles = g.analysis.roles;
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (deadline.passed())
            throw TimeLimitError("prove --witness: the time limit (--timeout) was reached replaying the witness, at step " +
                                 std::to_string(i + 1) + " of " + std::to_string(h.size()));
        if (f.terminal()) fail_terminal(h, i);
        for (std::size_t r = 0; r < roles.size(); ++r) {
            auto legal = f.legal(r);
            if (std::find(legal.begin(), legal.end(), h[i].moves[r]) == legal.end())
                fail_illegal(h, i, r, roles[r], sorted_kif(legal));
        }
        t.percepts.push_back(sorted_kif(f.percepts(role, h[i].moves)));
        f.play(h[i].moves);
    }
    t.terminal = f.terminal();
    t.legal = sorted_kif(f.legal(role));
    std::vector<Term> goals;
    for (const auto& [r, v] : f.goals())
        if (r == roles[role]) goals.push_back(v);
    t.goals = sorted_kif(goals);
    if (!conjuncts.empty()) {
        pl::State st = e.make_state(f.fluents());
        for (const auto& c : conjuncts) t.phi.push_back(pl::runtime::holds_in_state(e, c.phi, st));
    }
    return t;
}

// Replays `h` in Z3: the unique stable model of the ground program along h.
Trace trace_smt(const Game& g, const History& h, std::size_t role, const std::vector<PairConjunct>& conjuncts,
                const Deadline& deadline) {
    std::vector<ground::JointMove> moves;
    for (const Step& s : h) moves.push_back(s.moves);
    std::set<gdl::Signature> keep;
    for (const auto& c : conjuncts)
        for (const auto& sig : ground::relations_in(c.phi)) keep.insert(sig);
    ground::GroundProgram gp;
    try {
        gp = ground::ground_program(g.program, g.analysis, moves, ground::GroundLimits{}, keep);
    } catch (const ground::TooLarge& ex) {
        throw TooLargeError(std::string("the ground program along the development is too large: ") + ex.what());
    } catch (const ground::NotApplicable& ex) {
        throw UserError(ex.what());
    }
    std::vector<bool> model;
    try {
        smt::Solver solver(gp);
        solver.set_deadline(deadline.when());
        model = solver.stable_model();
        if (!solver.unique(model))
            throw EngineError("smt: the ground program along the development has two stable models (" +
                              gp.size_text() + "); a valid game has one");
    } catch (const smt::SmtTimeout& ex) {
        throw TimeLimitError(std::string("prove --witness: the time limit (--timeout) was reached in Z3 (") + ex.what() +
                             ")");
    }
    ModelIndex m(gp, model);
    const auto& roles = g.analysis.roles;
    const Term terminal = Term::constant("terminal");
    Trace t;
    for (std::size_t i = 0; i < h.size(); ++i) {
        const int step = static_cast<int>(i);
        if (m.truth(terminal, step)) fail_terminal(h, i);
        for (std::size_t r = 0; r < roles.size(); ++r)
            if (!m.truth(Term::compound("legal", {Term::constant(roles[r]), h[i].moves[r]}), step))
                fail_illegal(h, i, r, roles[r], sorted_kif(m.of_role("legal", roles[r], step)));
        t.percepts.push_back(sorted_kif(m.of_role("sees", roles[role], step)));
    }
    const int n = static_cast<int>(h.size());
    t.terminal = m.truth(terminal, n);
    t.legal = sorted_kif(m.of_role("legal", roles[role], n));
    t.goals = sorted_kif(m.of_role("goal", roles[role], n));
    if (!conjuncts.empty()) {
        ground::QueryGrounder qg(gp, g.analysis);
        for (const auto& c : conjuncts) t.phi.push_back(!qg.answers(c.phi, {}, model).empty());
    }
    return t;
}

std::string set_text(const std::vector<std::string>& items) { return "(" + joined(items) + ")"; }

bool same_trace(const Trace& a, const Trace& b) {
    return a.percepts == b.percepts && a.terminal == b.terminal && a.legal == b.legal && a.goals == b.goals &&
           a.phi == b.phi;
}

[[noreturn]] void not_a_counterexample(const std::string& property, const std::string& why) {
    throw UserError("prove --witness: the witness is not a counterexample to " + property + ": " + why);
}

// What the property compares at the two ends, side by side, and the first step whose joint
// moves differ (prove's "at the end" lines).
void describe(const Game& g, ProveReport& r, const Term& prop, const std::vector<PairConjunct>& conjuncts,
              const Trace& a, const Trace& b) {
    for (std::size_t i = 0; i < r.actual.size() && i < r.alternative.size(); ++i)
        if (r.actual[i] != r.alternative[i]) {
            r.first_difference = i + 1;
            break;
        }
    const bool paired = !r.role.empty();
    auto add = [&](std::string what, std::string x, std::string y) {
        const bool differs = paired && x != y;
        r.at_end.push_back({std::move(what), std::move(x), std::move(y), differs});
    };
    auto yes_no = [](bool v) { return std::string(v ? "yes" : "no"); };
    if (prop.name == "legal_knowledge") {
        add(r.role + "'s legal moves", set_text(a.legal), set_text(b.legal));
    } else if (prop.name == "terminal_knowledge") {
        add("terminal", yes_no(a.terminal), yes_no(b.terminal));
    } else if (prop.name == "goal_knowledge") {
        add(r.role + "'s goal values", set_text(a.goals), set_text(b.goals));
    } else if (prop.name == "formula") {
        for (std::size_t c = 0; c < conjuncts.size(); ++c) {
            const auto& k = conjuncts[c];
            const std::string phi = k.phi.to_kif();
            const std::string what = k.kind == PairConjunct::Always ? phi
                                     : k.kind == PairConjunct::Knows
                                         ? phi + " (under knows " + g.analysis.roles[k.role] + ")"
                                         : phi + " (under kwhether " + g.analysis.roles[k.role] + ")";
            add(what, a.phi[c] ? "true" : "false", paired ? (b.phi[c] ? "true" : "false") : "");
        }
    }
}

}  // namespace

Witness read_witness(const std::string& path, const Game& g) {
    std::ifstream in(path);
    if (!in) throw UserError("cannot read the witness file " + path);
    std::stringstream buf;
    buf << in.rdbuf();
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(buf.str());
    } catch (const nlohmann::json::parse_error& ex) {
        throw UserError(path + ": not JSON (" + ex.what() + "); a witness is what `prove --json` prints");
    }
    if (j.is_object() && j.contains("counterexample")) j = j["counterexample"];
    if (!j.is_object() || !j.contains("actual"))
        throw UserError(path + ": a witness is an object with \"role\", \"actual\" and \"alternative\" "
                               "(or prove --json's output, whose \"counterexample\" is one)");
    Witness w;
    if (j.contains("role") && !j["role"].is_null()) {
        if (!j["role"].is_string()) throw UserError(path + ": \"role\" must be a role name");
        w.role = j["role"].get<std::string>();
        try {
            check_agent_role(g, w.role);
        } catch (const UserError& ex) {
            throw UserError(path + ": " + ex.what());
        }
    }
    w.actual = development(j["actual"], g, path, "actual");
    if (!w.role.empty()) {
        if (!j.contains("alternative")) throw UserError(path + ": a witness with a role needs \"alternative\"");
        w.alternative = development(j["alternative"], g, path, "alternative");
    }
    return w;
}

WitnessResult check_witness(const Game& g, const std::string& property, const Witness& w,
                            const std::vector<std::string>& engines, double timeout_seconds) {
    if (g.analysis.epistemic)
        throw UserError("prove --witness: a witness pairs final states, but in a GDL-III game (knows in the rules) "
                        "what holds depends on the whole development; use --depth N");
    const Term prop = prove_property_term(g, property);
    std::vector<PairConjunct> conjuncts;
    if (prop.name == "formula") conjuncts = pair_conjuncts(g, prop.args[0]);
    const auto& roles = g.analysis.roles;
    if (w.role.empty() && prop.name != "formula")
        throw UserError("prove --witness: the witness names no role; " + property + " is about what a role can tell apart");
    std::size_t role = 0;
    if (!w.role.empty()) role = static_cast<std::size_t>(std::find(roles.begin(), roles.end(), w.role) - roles.begin());
    const bool paired = !w.role.empty();
    if (paired && w.actual.size() != w.alternative.size())
        not_a_counterexample(property, "the developments have different lengths (" + std::to_string(w.actual.size()) +
                                           " and " + std::to_string(w.alternative.size()) + " joint moves)");

    auto& e = prepare_engine(g, timeout_seconds);
    // The replays together (each Prolog call is bounded on its own as well).
    const Deadline deadline = Deadline::after(timeout_seconds);
    WitnessResult res;
    for (const std::string& name : engines) {
        WitnessCheck c;
        c.engine = name;
        auto fail_context = [&](const std::string& which, auto&& run) {
            try {
                return run();
            } catch (const UserError& ex) {
                // An illegal move or a move after a terminal state: say which development.
                throw UserError("prove --witness: in the " + which + " development: " + ex.what());
            }
        };
        try {
            if (name == "smt") {
                c.actual = fail_context("actual", [&] { return trace_smt(g, w.actual, role, conjuncts, deadline); });
                if (paired)
                    c.alternative =
                        fail_context("alternative", [&] { return trace_smt(g, w.alternative, role, conjuncts, deadline); });
            } else {
                std::string about;
                auto f = make_forward(g, e, name == "network" ? ForwardChoice::Network : ForwardChoice::Progression, about);
                c.actual = fail_context("actual", [&] { return trace_forward(*f, e, g, w.actual, role, conjuncts, deadline); });
                if (paired)
                    c.alternative =
                        fail_context("alternative", [&] { return trace_forward(*f, e, g, w.alternative, role, conjuncts, deadline); });
            }
        } catch (const TimeLimitError&) {
            throw;
        } catch (const LimitError& ex) {  // no network, or the ground program too large
            if (engines.size() == 1) throw;
            res.not_applicable.push_back(name + ": " + ex.what());
            continue;
        } catch (const UserError& ex) {
            std::string m = ex.what();
            if (engines.size() == 1 || m.rfind("prove --witness:", 0) == 0) throw;
            res.not_applicable.push_back(name + ": " + m);
            continue;
        }
        res.checks.push_back(std::move(c));
    }
    if (res.checks.empty()) throw UserError("prove --witness: no engine applies: " + res.not_applicable.front());
    const WitnessCheck& ref = res.checks.front();
    for (const auto& c : res.checks)
        if (!same_trace(c.actual, ref.actual) || (paired && !same_trace(c.alternative, ref.alternative)))
            res.disagreement = c.engine + " and " + ref.engine + " replay the witness differently";

    // The comparison and the verdict, from the reference engine's traces.
    const Trace& a = ref.actual;
    const Trace& b = ref.alternative;
    const std::size_t n = w.actual.size();
    if (paired)
        for (std::size_t i = 0; i < n; ++i) {
            if (!(w.actual[i].moves[role] == w.alternative[i].moves[role]))
                not_a_counterexample(property, "at step " + std::to_string(i + 1) + " " + w.role + "'s moves differ (" +
                                                   w.actual[i].moves[role].to_kif() + " and " +
                                                   w.alternative[i].moves[role].to_kif() + ")");
            if (a.percepts[i] != b.percepts[i])
                not_a_counterexample(property, "at step " + std::to_string(i + 1) + " " + w.role + " sees " +
                                                   set_text(a.percepts[i]) + " in the actual development and " +
                                                   set_text(b.percepts[i]) + " in the alternative");
        }
    std::string holds_at_end;  // empty: the property fails at the end
    if (prop.name == "legal_knowledge") {
        if (a.terminal || b.terminal) holds_at_end = "a development ends in a terminal state (no moves to know)";
        else if (a.legal == b.legal) holds_at_end = w.role + "'s legal moves are the same at the end, " + set_text(a.legal);
    } else if (prop.name == "terminal_knowledge") {
        if (a.terminal == b.terminal)
            holds_at_end = std::string("both developments end in ") + (a.terminal ? "terminal" : "non-terminal") + " states";
    } else if (prop.name == "goal_knowledge") {
        if (!a.terminal || !b.terminal) holds_at_end = "goal-knowledge is about terminal states, and a development does not end in one";
        else if (a.goals == b.goals) holds_at_end = w.role + "'s goal values are the same at the end, " + set_text(a.goals);
    } else if (prop.name == "perfect_information") {
        bool differ = false;
        for (std::size_t i = 0; i < n; ++i) differ = differ || !(w.actual[i].moves == w.alternative[i].moves);
        if (!differ) holds_at_end = "the two developments are the same";
    } else {
        bool fails = false;
        for (std::size_t c = 0; c < conjuncts.size() && !fails; ++c) {
            const auto& k = conjuncts[c];
            if (k.kind == PairConjunct::Always) fails = !a.phi[c];
            else if (paired && k.role == role)
                // (knows R φ) fails at both developments when φ fails at either (K is reflexive)
                fails = k.kind == PairConjunct::Knows ? !a.phi[c] || !b.phi[c] : a.phi[c] != b.phi[c];
        }
        if (!fails)
            holds_at_end = paired ? "no conjunct about " + w.role + " (or without knowledge) fails at the ends"
                                  : "every conjunct without knowledge holds at the end";
    }
    if (!holds_at_end.empty()) not_a_counterexample(property, holds_at_end);

    ProveReport& r = res.report;
    r.property = property;
    r.method = ProveMethod::Witness;
    r.whole_game = true;  // one counterexample refutes the property for the whole game
    r.holds = false;
    r.depth = n;
    r.at_depth = n;
    r.role = w.role;
    auto texts = [](const History& h) {
        std::vector<std::vector<std::string>> out;
        for (const Step& s : h) {
            std::vector<std::string> m;
            for (const Term& t : s.moves) m.push_back(t.to_kif());
            out.push_back(std::move(m));
        }
        return out;
    };
    r.actual = texts(w.actual);
    if (paired) {
        r.alternative = texts(w.alternative);
        r.actual_percepts = a.percepts;
        r.alternative_percepts = b.percepts;
    }
    describe(g, r, prop, conjuncts, a, b);
    return res;
}

namespace {

// The members of the role's information set at the actual development where the failing
// conjunct's φ fails: its distinct final states (φ is about the state), read from the
// engine's information set; skipped past kMaxStates states.
void describe_information_set(const Game& g, ProveReport& r, const Witness& w, const std::vector<PairConjunct>& conjuncts,
                              double timeout_seconds) {
    constexpr std::size_t kMaxStates = 100'000;
    const std::size_t role = static_cast<std::size_t>(
        std::find(g.analysis.roles.begin(), g.analysis.roles.end(), w.role) - g.analysis.roles.begin());
    const PairConjunct* knows = nullptr;
    for (std::size_t c = 0; c < conjuncts.size() && c < r.at_end.size(); ++c)
        if (conjuncts[c].kind == PairConjunct::Knows && conjuncts[c].role == role &&
            (r.at_end[c].actual == "false" || r.at_end[c].alternative == "false"))
            knows = &conjuncts[c];
    if (!knows) return;
    // An explanation, not the proof: it gets a few seconds of its own and is left out past them
    // (a deep counterexample of a large game would otherwise spend the user's --timeout again).
    constexpr double kSeconds = 10;
    InfosetReport info;
    try {
        info = compute_infoset(g, w.role, w.actual, InfosetDot::None,
                               timeout_seconds > 0 ? std::min(timeout_seconds, kSeconds) : kSeconds);
    } catch (const LimitError&) {
        return;
    }
    if (info.state_count > kMaxStates) return;
    auto& e = pl::Engine::instance();
    std::vector<std::vector<std::string>> states;
    for_each_infoset_state([&](const std::vector<std::string>& fluents) { states.push_back(fluents); });
    ProveReport::FailingMembers f;
    f.phi = knows->phi.to_kif();
    f.states = states.size();
    for (const auto& fluents : states) {
        std::vector<Term> terms;
        gdl::Diagnostics diags;
        for (const auto& text : fluents)
            for (Term& t : gdl::read_kif_terms(gdl::make_source("state", text), diags)) terms.push_back(std::move(t));
        if (diags.error_count() > 0) return;  // not a state we can read back: say nothing
        if (pl::runtime::holds_in_state(e, knows->phi, e.make_state(terms))) continue;
        ++f.failing;
        if (f.shown.size() < ProveReport::kMaxFailingShown) f.shown.push_back("(" + joined(fluents) + ")");
    }
    r.failing_members = std::move(f);
}

}  // namespace

void explain_counterexample(const Game& g, ProveReport& r, double timeout_seconds) {
    if (r.holds || r.undecided || !r.explanation.empty() || r.over_states || g.analysis.epistemic) return;
    const Term prop = prove_property_term(g, r.property);
    if (prop.name == "formula") {
        try {
            pair_conjuncts(g, prop.args[0]);
        } catch (const UserError&) {
            return;  // a formula the pair methods do not decide: its developments are what --depth found
        }
    }
    Witness w;
    w.role = r.role;
    w.actual = development(nlohmann::json(r.actual), g, "the counterexample", "actual");
    if (!w.role.empty()) w.alternative = development(nlohmann::json(r.alternative), g, "the counterexample", "alternative");
    const std::string engine = g.network() ? "network" : "progression";
    WitnessResult res;
    try {
        res = check_witness(g, r.property, w, {engine}, timeout_seconds);
    } catch (const UserError& ex) {
        // A formula's counterexample from the developments (--depth) need not be a pair of the
        // shape the replay checks (the role is given only for the built-in properties): no
        // explanation then. A built-in property's counterexample that does not replay is a bug.
        if (prop.name == "formula") return;
        throw EngineError("prove: the counterexample found does not replay in the " + engine + " engine: " + ex.what());
    }
    r.at_end = res.report.at_end;
    r.first_difference = res.report.first_difference;
    if (prop.name == "formula" && !w.role.empty()) describe_information_set(g, r, w, pair_conjuncts(g, prop.args[0]), timeout_seconds);
}

}  // namespace gdlsc::query
