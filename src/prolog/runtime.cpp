// The runtime's entry points as typed calls (see runtime.h): module and predicate names live
// here and in prolog/, nowhere else.
#include "prolog/runtime.h"

#include "base/errors.h"

namespace gdlsc::pl::runtime {
namespace {

using gdl::Term;

Term var(const char* name) { return Term::variable(name); }
Term number(std::size_t n) { return Term::constant(std::to_string(n)); }
Term flag(bool b) { return Term::constant(b ? "true" : "false"); }

// The one solution of a report predicate (they are det); EngineError if it failed.
Bindings one(Engine& e, const char* module, const char* predicate, const std::vector<Term>& args) {
    auto sols = e.solve(module, predicate, args, 1);
    if (sols.empty())
        throw EngineError(std::string(module) + ":" + predicate + "/" + std::to_string(args.size()) + " failed");
    return sols[0];
}

std::vector<std::vector<Term>> rows_of(const Term& list) {
    std::vector<std::vector<Term>> out;
    for (const auto& row : gdl::list_items(list)) out.push_back(gdl::list_items(row));
    return out;
}

}  // namespace

std::vector<std::vector<Term>> answers(Engine& e, const Term& formula, const Term& sit, const std::vector<Term>& vars) {
    auto sols = e.solve("gdlsc_formula", "answers", {formula, sit, gdl::make_list(vars), var("$rows")});
    if (sols.empty()) return {};
    return rows_of(sols[0].at("$rows"));
}

std::vector<Bindings> eval(Engine& e, const Term& formula, const Term& sit) {
    return e.solve("gdlsc_formula", "eval", {formula, sit});
}

bool holds_in_state(Engine& e, const Term& formula, const State& state) {
    return !e.solve("gdlsc_formula", "eval_state", {formula, var("$state")}, 1, &state).empty();
}

std::optional<Term> step_error(Engine& e, const Term& sit, const Term& joint) {
    auto errs = e.solve("gdlsc_situation", "step_error", {sit, joint, var("e")}, 1);
    if (errs.empty()) return std::nullopt;
    return errs[0].at("e");
}

void known_state(Engine& e, const Term& sit, const std::vector<Term>& fluents) {
    e.solve("gdlsc_situation", "known_state", {sit, gdl::make_list(fluents)}, 1);
}

void network_path(Engine& e, const std::vector<Term>& joint_moves, const std::vector<Term>& knowledge) {
    e.solve("gdlsc_developments", "network_path", {gdl::make_list(joint_moves), gdl::make_list(knowledge), var("sit")}, 1);
}

std::string slot_copy_status(Engine& e) {
    auto rows = e.solve("gdlsc_slots", "slot_copy", {var("s")}, 1);
    return rows.empty() ? "" : rows.front().at("s").to_kif();
}

void forget_developments(Engine& e) {
    e.solve("gdlsc_developments", "knowledge_reset", {}, 1);
    e.reset_tables();
}

InfosetCounts infoset_report(Engine& e, const std::string& role, const Term& sit, bool steps) {
    std::vector<Term> args{Term::constant(role), sit, var("n"), var("count")};
    if (steps) args.push_back(var("steps"));
    Bindings b = one(e, "gdlsc_infoset", "infoset_report", args);
    InfosetCounts r;
    r.developments = b.at("n").name;
    r.states = std::stoul(b.at("count").name);
    if (steps) r.steps = gdl::list_items(b.at("steps"));
    return r;
}

std::vector<Term> infoset_states_page(Engine& e, std::size_t from, std::size_t max) {
    return one(e, "gdlsc_infoset", "infoset_states_page", {number(from), number(max), var("page")}).at("page").args;
}

std::string infoset_dot(Engine& e, const std::string& role, const Term& sit, bool full) {
    return one(e, "gdlsc_infoset_dot", "infoset_dot",
               {Term::constant(role), sit, Term::constant(full ? "true" : "false"), var("dot")})
        .at("dot")
        .name;
}

Belief belief_report(Engine& e, const std::string& role, const Term& sit, const Term& formula) {
    Bindings b = one(e, "gdlsc_belief", "belief_report",
                     {Term::constant(role), sit, formula, var("num"), var("den"), var("dec"), var("devs")});
    return {b.at("num").name, b.at("den").name, b.at("dec").name, b.at("devs").name};
}

BoundedProof prove_report(Engine& e, const Term& property, std::size_t depth, bool progress) {
    Bindings b = one(e, "gdlsc_properties", "prove_report",
                     {property, number(depth), flag(progress), var("holds"), var("role"), var("at"), var("actual"),
                      var("alt"), var("aps"), var("alps")});
    BoundedProof r;
    r.holds = b.at("holds").name == "true";
    if (!r.holds) {
        r.role = b.at("role").name;
        r.at_depth = std::stoul(b.at("at").name);
        r.actual = b.at("actual");
        r.alternative = b.at("alt");
        r.actual_percepts = b.at("aps");
        r.alternative_percepts = b.at("alps");
    }
    return r;
}

std::optional<Regressed> regress_query(Engine& e, const Term& formula, const Term& sit, const std::vector<Term>& vars,
                                       const std::vector<Term>& names, std::size_t max_nodes) {
    Bindings b;
    try {
        b = one(e, "gdlsc_regression", "regress_query",
                {formula, sit, gdl::make_list(vars), gdl::make_list(names), number(max_nodes), var("$text"),
                 var("$size"), var("$rows")});
    } catch (const RuntimeLimit& ex) {  // resource_error(gdlsc_regression_size(N)): the bound, not a limit
        if (ex.reason == "gdlsc_regression_size") return std::nullopt;
        throw;
    }
    Regressed r;
    r.text = b.at("$text").name;
    r.size = std::stoul(b.at("$size").name);
    r.rows = rows_of(b.at("$rows"));
    return r;
}

Solutions solve_report(Engine& e, const Term& formula, const Term& sit, std::size_t depth, std::size_t limit,
                       bool progress) {
    Bindings b = one(e, "gdlsc_solve", "solve_report",
                     {formula, sit, number(depth), number(limit), flag(progress), var("count"), var("listed"),
                      var("levels")});
    return {b.at("count").name, gdl::list_items(b.at("listed")), gdl::list_items(b.at("levels"))};
}

}  // namespace gdlsc::pl::runtime
