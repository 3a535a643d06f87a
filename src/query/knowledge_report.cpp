// Information sets, beliefs and knowledge properties through prolog/gdlsc_infoset.pl, gdlsc_belief.pl, gdlsc_properties.pl
// (see knowledge_report.h). Counts come back from Prolog as decimal text because
// development counts outgrow 64 bits.
#include "query/knowledge_report.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/errors.h"
#include "base/strings.h"
#include "query/decimal.h"
#include "query/session.h"
#include "query/proof.h"

namespace gdlsc::query {
namespace {

using gdl::Term;

std::vector<std::string> kif_items(const Term& list) {
    std::vector<std::string> out;
    for (const auto& t : gdl::list_items(list)) out.push_back(t.to_kif());
    return out;
}

std::vector<std::vector<std::string>> joint_moves(const Term& list) {
    std::vector<std::vector<std::string>> out;
    for (const auto& a : gdl::list_items(list)) {
        std::vector<std::string> moves;
        for (const auto& m : a.args) moves.push_back(m.to_kif());
        out.push_back(std::move(moves));
    }
    return out;
}

std::vector<std::vector<std::string>> percept_lists(const Term& list) {
    std::vector<std::vector<std::string>> out;
    for (const auto& ps : gdl::list_items(list)) out.push_back(kif_items(ps));
    return out;
}



}  // namespace

void check_agent_role(const Game& g, const std::string& role) {
    const auto& roles = g.analysis.roles;
    if (role == "random")
        throw UserError("random is not an agent: it has no information set and no knowledge (roles: " +
                        joined(roles) + ")");
    if (std::find(roles.begin(), roles.end(), role) == roles.end())
        throw UserError("unknown role '" + role + "' (roles: " + joined(roles) + ")");
}

InfosetReport compute_infoset(const Game& g, const std::string& role, const History& h, InfosetDot dot,
                              double timeout_seconds, bool step_stats) {
    check_agent_role(g, role);
    auto& pl = prepare_engine(g, timeout_seconds);
    Term sit = check_history(pl, h);
    InfosetReport r;
    r.role = role;
    r.steps = h.size();
    pl::runtime::InfosetCounts counts = pl::runtime::infoset_report(pl, role, sit, step_stats);
    r.developments = counts.developments;
    for (const auto& s : counts.steps) {
        if (s.args.size() != 7) throw EngineError("infoset_report/5: unexpected step " + s.to_kif());
        InfosetStep st;
        st.step = std::stoul(s.args[0].name);
        st.developments = s.args[1].name;
        st.states = std::stoul(s.args[2].name);
        st.wall_ms = std::stod(s.args[3].name);
        st.cpu_ms = std::stod(s.args[4].name);
        st.update = s.args[5].name;
        const Term& built = s.args[6];
        if (built.args.size() == 3) {
            st.network = built.name;
            st.network_ms = std::stod(built.args[0].name);
            st.network_cpu_ms = std::stod(built.args[1].name);
            st.network_about = built.args[2].name;
        }
        r.step_stats.push_back(st);
    }
    r.state_count = counts.states;
    if (dot != InfosetDot::None) {
        const bool too_many = r.developments.size() > 3 || std::stoul(r.developments) > kMaxDotDevelopments;
        if (too_many)
            throw LimitError("infoset --dot draws at most " + std::to_string(kMaxDotDevelopments) +
                             " developments; this information set has " + r.developments +
                             " (its distinct states: infoset --json)");
        r.dot = pl::runtime::infoset_dot(pl, role, sit, dot == InfosetDot::Full);
    }
    return r;
}

namespace {

// belief/5 evaluates the formula at one representative development per final state, so
// the formula must be about the state: the first part that is not (does, sees, knowledge,
// an action predicate), searched through the connectives only -- a fluent's own arguments
// are terms, whatever their names.
const Term* not_about_state(const Term& t, const gdl::Analysis& a) {
    if (!t.is_compound()) return nullptr;
    if (t.name == "does" || t.name == "sees" || t.name == "knows" || t.name == "common" || t.name == "kwhether")
        return &t;
    if (t.name == "rel" && t.args.size() == 2) {
        const auto args = gdl::list_items(t.args[1]);
        gdl::Signature sig{t.args[0].name, args.size()};
        return gdl::engine_class(a, sig) == gdl::PredicateClass::ActionPredicate ? &t : nullptr;
    }
    if (t.name == "not") return not_about_state(t.args[0], a);
    if (t.name == "exists" || t.name == "forall") return not_about_state(t.args[1], a);
    if (t.name == "and" || t.name == "or") {
        for (const Term& f : gdl::list_items(t.args[0]))
            if (const Term* bad = not_about_state(f, a)) return bad;
    }
    return nullptr;
}

}  // namespace

BeliefReport compute_belief(const Game& g, const std::string& role, const History& h, const Formula& f,
                            double timeout_seconds) {
    check_agent_role(g, role);
    if (!f.answer_vars.empty())
        throw UserError("belief: the formula has free variables (?" + joined(f.answer_vars, ", ?") +
                        "); a probability needs a closed formula: quantify them with exists or forall");
    if (const Term* bad = not_about_state(f.term, g.analysis))
        throw UserError((bad->loc.valid() ? bad->loc.str() + ": " : std::string()) +
                        "belief: the formula must be about the state; it cannot mention " +
                        (bad->name == "rel" ? "the action predicate " + bad->args[0].name : bad->name) +
                        " (a degree of belief weighs the final states of the information set)");
    auto& pl = prepare_engine(g, timeout_seconds);
    Term sit = check_history(pl, h);
    pl::runtime::Belief b = pl::runtime::belief_report(pl, role, sit, f.term);
    return {role, b.numerator, b.denominator, b.decimal, b.developments};
}

ProveReport compute_prove(const Game& g, const std::string& property, std::size_t depth, bool progress,
                          double timeout_seconds) {
    Term prop = prove_property_term(g, property);
    auto& pl = prepare_engine(g, timeout_seconds);
    // Levels of millions of development classes: allow a larger Prolog stack than the default.
    pl::Limits lim = pl.limits();
    if (lim.stack_bytes == 0) lim.stack_bytes = std::size_t{4} << 30;
    pl.set_limits(lim);
    pl::runtime::BoundedProof b = pl::runtime::prove_report(pl, prop, depth, progress);
    ProveReport r;
    r.property = property;
    r.depth = depth;
    r.holds = b.holds;
    if (!r.holds) {
        r.role = b.role == "none" ? "" : b.role;
        r.at_depth = b.at_depth;
        r.actual = joint_moves(b.actual);
        r.alternative = joint_moves(b.alternative);
        r.actual_percepts = percept_lists(b.actual_percepts);
        r.alternative_percepts = percept_lists(b.alternative_percepts);
    }
    return r;
}

void for_each_infoset_state(const std::function<void(const std::vector<std::string>&)>& each) {
    constexpr std::size_t kPage = 1000;
    auto& pl = pl::Engine::instance();
    for (std::size_t from = 1;; from += kPage) {
        const auto page = pl::runtime::infoset_states_page(pl, from, kPage);
        for (const auto& s : page) each(kif_items(s));
        if (page.size() < kPage) return;
    }
}

void write_infoset_text(std::ostream& o, const InfosetReport& r) {
    o << "information set of " << r.role << " after " << r.steps << " step(s): " << r.developments
      << " development(s), " << r.state_count << " distinct state(s)\n";
    std::size_t i = 0;
    for_each_infoset_state([&](const std::vector<std::string>& s) { o << "state " << ++i << ": " << joined(s) << "\n"; });
    if (!r.step_stats.empty()) {
        o << "step  developments  states  wall_ms  cpu_ms  update\n";
        for (const auto& s : r.step_stats) {
            char line[160];
            std::snprintf(line, sizeof line, "%4zu  %12s  %6zu  %7.1f  %6.1f  %s\n", s.step, s.developments.c_str(),
                          s.states, s.wall_ms, s.cpu_ms, s.update.c_str());
            o << line;
        }
        for (const auto& s : r.step_stats) {
            if (s.network.empty()) continue;
            char ms[32];
            std::snprintf(ms, sizeof ms, "%.1f", s.network_ms);
            o << (s.network == "network" ? "step network built" : "no step network") << " at step " << s.step << " ("
              << ms << " ms, part of that update): " << s.network_about << "\n";
        }
    }
}

namespace {
// `"key": value` at indent 2 inside an object, as nlohmann's dump(2) writes it.
void json_member(std::ostream& o, const std::string& key, const nlohmann::json& value, bool last) {
    std::string v = value.dump(2);
    std::string indented;
    for (char c : v) indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
    o << "  " << nlohmann::json(key).dump() << ": " << indented << (last ? "\n" : ",\n");
}
}  // namespace

void write_infoset_json(std::ostream& o, const InfosetReport& r) {
    // Keys in nlohmann's (sorted) order; state_list streamed in the same layout as dump(2).
    o << "{\n";
    json_member(o, "developments", decimal_json(r.developments), false);
    json_member(o, "role", r.role, false);
    o << "  \"state_list\": [";
    bool first = true;
    for_each_infoset_state([&](const std::vector<std::string>& s) {
        o << (first ? "\n" : ",\n") << "    [";
        for (std::size_t k = 0; k < s.size(); ++k) o << (k ? ",\n" : "\n") << "      " << nlohmann::json(s[k]).dump();
        o << (s.empty() ? "]" : "\n    ]");
        first = false;
    });
    o << (first ? "],\n" : "\n  ],\n");
    json_member(o, "states", r.state_count, r.step_stats.empty());
    if (!r.step_stats.empty()) {
        nlohmann::json steps = nlohmann::json::array();
        for (const auto& s : r.step_stats) {
            nlohmann::json st = {{"step", s.step}, {"developments", decimal_json(s.developments)},
                                 {"states", s.states}, {"wall_ms", s.wall_ms}, {"cpu_ms", s.cpu_ms},
                                 {"update", s.update}};
            if (!s.network.empty())
                st["network"] = {{"built", s.network == "network"}, {"wall_ms", s.network_ms},
                                 {"cpu_ms", s.network_cpu_ms}, {"about", s.network_about}};
            steps.push_back(st);
        }
        json_member(o, "steps", steps, true);
    }
    o << "}\n";
}

std::string belief_text(const BeliefReport& r) {
    std::ostringstream o;
    o << r.numerator << "/" << r.denominator << " = " << r.decimal << " (over " << r.developments
      << " development(s) of " << r.role << "'s information set)\n";
    return o.str();
}

std::string belief_json(const BeliefReport& r) {
    nlohmann::json j;
    j["probability"] = std::stod(r.decimal);
    j["fraction"] = r.numerator + "/" + r.denominator;
    j["developments"] = decimal_json(r.developments);
    return j.dump(2) + "\n";
}

namespace {

void print_development(std::ostringstream& o, const std::string& title,
                       const std::vector<std::vector<std::string>>& moves,
                       const std::vector<std::vector<std::string>>& percepts, const std::string& role) {
    o << "  " << title << ":\n";
    if (moves.empty()) o << "    (the initial state)\n";
    for (size_t i = 0; i < moves.size(); ++i) {
        o << "    step " << i + 1 << ": (" << joined(moves[i]) << ")";
        if (!role.empty() && i < percepts.size()) o << "   " << role << " sees (" << joined(percepts[i]) << ")";
        o << "\n";
    }
}

}  // namespace

std::string prove_text(const ProveReport& r) {
    std::ostringstream o;
    if (r.undecided) {
        o << r.property << " is undecided: not k-inductive up to k = " << r.depth << " for " << r.role
          << ", and no counterexample of length <= " << r.depth << "\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::SmtInduction) {
        o << r.property << " holds for every development of every length: proved by k-induction (k = " << r.depth
          << ")\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::Chc && r.over_states) {
        o << r.property << " holds for the whole game: proved " << (r.solver == "bounded" ? "by Z3" : "by IC3/PDR") << " on one copy of the game's states";
        auto it = r.invariants.find("states");
        if (it != r.invariants.end()) o << " (an inductive invariant of " << it->second << " lemmas)";
        else if (r.property == "weak-winnability") o << " (a winning terminal state is reachable for every agent)";
        else if (r.solver == "bounded")
            o << " (every development ends within " << r.depth << " joint moves: Z3 finds none of " << r.depth + 1 << ")";
        o << "\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::Chc) {
        o << r.property << " holds for every development of every length: proved on the pair system's Horn clauses "
          << "(inductive invariant";
        std::string sep = ": ";
        for (const auto& [role, lemmas] : r.invariants) {
            auto by = r.solved_by.find(role);
            o << sep << role << " " << lemmas << " lemmas"
              << (by == r.solved_by.end() ? "" : by->second == "spacer" ? " by Spacer" : " by PDR");
            sep = ", ";
        }
        o << ")\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::Bdd && !r.invariants.empty()) {
        o << r.property << " holds for every development of every length: proved on BDDs by an inductive invariant ";
        std::string sep = "(";
        for (const auto& [role, fluents] : r.invariants) {
            o << sep << role << ": " << fluents << " equalities of fluents";
            sep = ", ";
        }
        o << ")";
        if (!r.searched.empty()) {
            o << "; the reachable pairs of";
            for (const auto& role : r.searched) o << " " << role;
            o << ": " << r.states << " states, " << r.pairs << " pairs, depth " << r.depth;
        }
        o << "\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.over_states) {
        o << r.property << " holds for the whole game (" << r.states << " reachable states searched, depth " << r.depth
          << ")\n";
        return o.str();
    }
    if (r.holds && r.whole_game) {
        o << r.property << " holds for every development of every length (whole game: " << r.states
          << " reachable states, " << r.pairs << " pairs of indistinguishable states, depth " << r.depth << ")\n";
        return o.str();
    }
    if (r.holds) {
        o << r.property << " holds for every development of length <= " << r.depth << "\n";
        return o.str();
    }
    o << r.property << " does not hold: ";
    if (!r.explanation.empty()) {  // one development (well-formedness)
        o << r.explanation << "\n";
        if (r.no_development) return o.str();
        print_development(o, "development", r.actual, {}, "");
        if (r.loop_start)
            o << "  the state after step " << *r.loop_start << " recurs after step " << r.actual.size()
              << ": the steps between can be repeated for ever\n";
        return o.str();
    }
    // One development twice (a formula under knows fails at the actual development itself, which
    // the role always considers possible): say so, and print it once.
    const bool same = !r.role.empty() && r.actual == r.alternative;
    if (same)
        o << "it fails at the end of this development of length " << r.at_depth << ", which " << r.role
          << " cannot rule out (it is the actual one)\n";
    else if (!r.role.empty())
        o << r.role << " cannot tell these two developments apart at depth " << r.at_depth << "\n";
    else
        o << "it fails after this development of length " << r.at_depth << "\n";
    print_development(o, same ? "development" : "actual", r.actual, r.actual_percepts, r.role);
    if (!r.role.empty() && !same) print_development(o, "alternative", r.alternative, r.alternative_percepts, r.role);
    if (r.first_difference) o << "  the joint moves first differ at step " << r.first_difference << "\n";
    if (!r.at_end.empty()) {
        o << "  at the end (after step " << r.at_depth << "):\n";
        std::size_t width = 0;
        for (const auto& v : r.at_end) width = std::max(width, v.what.size());
        for (const auto& v : r.at_end) {
            o << "    " << v.what << std::string(width - v.what.size() + 2, ' ') << (same ? "" : "actual ") << v.actual;
            if (!r.role.empty() && !same) o << "   alternative " << v.alternative;
            if (v.differs) o << "   <- differ";
            o << "\n";
        }
    }
    if (r.failing_members) {
        const auto& f = *r.failing_members;
        o << "  " << r.role << "'s information set at the actual development has " << f.states << " distinct state"
          << (f.states == 1 ? "" : "s") << "; " << f.phi << " fails in " << f.failing << " of them"
          << (f.shown.empty() ? "" : f.shown.size() < f.failing ? ", e.g." : ":") << "\n";
        for (const auto& st : f.shown) o << "    " << st << "\n";
    }
    return o.str();
}

const char* prove_method_name(ProveMethod m) {
    static const char* const methods[] = {"developments", "fixpoint", "smt", "smt-induction", "witness", "chc", "bdd"};
    return methods[static_cast<int>(m)];
}

std::string prove_json(const ProveReport& r) {
    nlohmann::json j;
    j["holds"] = r.holds;
    j["method"] = prove_method_name(r.method);
    j["whole_game"] = r.whole_game;
    j["undecided"] = r.undecided;
    j["depth"] = r.depth;
    if (r.method == ProveMethod::Fixpoint) {
        j["states"] = r.states;
        j["pairs"] = r.pairs;
        j["space"] = r.space;
    }
    if (r.method == ProveMethod::Chc) j["solver"] = r.solver, j["solved_by"] = r.solved_by;
    if (r.method == ProveMethod::Bdd) {
        j["states"] = r.states;
        j["pairs"] = r.pairs;
        j["nodes"] = {{"peak", r.peak_nodes}, {"table", r.table_nodes}, {"reached", r.bdd_nodes}, {"variables", r.variables}};
    }
    if (r.method == ProveMethod::SmtInduction && !r.undecided && r.holds) j["k"] = r.depth;
    if ((r.method == ProveMethod::SmtInduction || r.method == ProveMethod::Chc || r.method == ProveMethod::Bdd) &&
        !r.invariants.empty())
        j["invariants"] = r.invariants;
    if (r.holds || r.undecided) {
        j["counterexample"] = nullptr;
    } else {
        nlohmann::json c;
        c["role"] = r.role.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.role);
        c["depth"] = r.at_depth;
        c["actual"] = r.actual;
        c["alternative"] = r.alternative;
        c["actual_percepts"] = r.actual_percepts;
        c["alternative_percepts"] = r.alternative_percepts;
        if (!r.explanation.empty()) c["explanation"] = r.explanation;
        if (r.loop_start) c["loop_start"] = *r.loop_start;
        if (r.no_development) c["actual"] = nullptr;
        if (r.first_difference) c["first_difference"] = r.first_difference;
        if (r.failing_members)
            c["information_set"] = {{"phi", r.failing_members->phi},
                                    {"states", r.failing_members->states},
                                    {"failing", r.failing_members->failing},
                                    {"failing_shown", r.failing_members->shown}};
        if (!r.at_end.empty()) {
            c["at_end"] = nlohmann::json::array();
            for (const auto& v : r.at_end)
                c["at_end"].push_back({{"what", v.what}, {"actual", v.actual}, {"alternative", v.alternative}, {"differs", v.differs}});
        }
        j["counterexample"] = c;
    }
    return j.dump(2) + "\n";
}

}  // namespace gdlsc::query
