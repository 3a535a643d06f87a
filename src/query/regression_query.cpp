// The regression engine: one call to gdlsc_regression:regress_query/8 (see regression_query.h).
#include "query/regression_query.h"

#include <optional>

#include <algorithm>

#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/errors.h"
#include "gdl/analysis.h"

namespace gdlsc::query {
namespace {

std::string regression_refusal_variable_role() {
    return "a role name is needed in knows and kwhether, not a variable (the Knows macro is "
           "regressed per role); use --engine progression";
}

// A knows/kwhether whose role is a variable, or common knowledge, in the formula.
std::string formula_refusal(const gdl::Term& f) {
    if (f.name == "common") return "common knowledge cannot be regressed into a finite formula";
    if ((f.name == "knows" || f.name == "kwhether") && !f.args.empty()) {
        if (f.args.size() == 1) return "common knowledge cannot be regressed into a finite formula";
        if (f.args[0].is_variable()) return regression_refusal_variable_role();
    }
    for (const auto& a : f.args)
        if (auto why = formula_refusal(a); !why.empty()) return why;
    return "";
}

// Errors from the regression runtime that are the user's (the formula), not ours, by their
// reason (pl::RuntimeRefusal: the runtime's error term, never its text).
[[noreturn]] void rethrow_refusal(const pl::RuntimeRefusal& e) {
    if (e.reason == "common_knowledge_regression")
        throw UserError("regression: common knowledge cannot be regressed into a finite formula; "
                        "use --engine progression");
    if (e.reason == "variable_knows_role") throw UserError("regression: " + regression_refusal_variable_role());
    if (e.reason == "recursive_action_predicate" || e.reason == "not_an_agent") {
        const std::string m = e.what();  // "<goal>: <the runtime's message>"
        const auto colon = m.find(": ");
        throw UserError("regression: " + (colon == std::string::npos ? m : m.substr(colon + 2)) +
                        (e.reason == "recursive_action_predicate" ? "; use --engine progression" : ""));
    }
    throw;
}

}  // namespace

std::string regression_not_applicable(const QueryContext& ctx) {
    if (auto why = formula_refusal(ctx.formula.term); !why.empty()) return why;
    for (const auto& r : ctx.program.rules)
        for (const auto& l : r.body) {
            bool common = false;
            gdl::for_each_atom(l, [&](const gdl::Term& t, bool) { common = common || (t.name == "knows" && t.args.size() == 1); });
            if (common) return "the game's rules use common knowledge, which cannot be regressed into a finite formula";
        }
    // After a move, regression unfolds the action predicates once; a recursive one would unfold forever.
    if (!ctx.history.empty())
        for (const auto& [sig, info] : ctx.analysis.predicates)
            if (info.recursive && info.engine_cls == gdl::PredicateClass::ActionPredicate)
                return "regression does not support the recursive action predicate " + sig.str();
    return "";
}

Regression regress_formula(const QueryContext& ctx, std::size_t max_nodes) {
    auto& pl = pl::Engine::instance();
    std::vector<gdl::Term> vars, names;
    for (const auto& v : ctx.formula.answer_vars) {
        vars.push_back(gdl::Term::variable(v));
        names.push_back(gdl::Term::constant("?" + v));
    }
    std::optional<pl::runtime::Regressed> got;
    try {
        got = pl::runtime::regress_query(pl, ctx.formula.term, ctx.situation, vars, names, max_nodes);
    } catch (const pl::RuntimeRefusal& e) {
        rethrow_refusal(e);
    }
    if (!got)
        throw LimitError("regression: the regressed formula grows beyond " + std::to_string(max_nodes) +
                         " nodes; use a shorter history, a smaller formula or --max-size");
    const pl::runtime::Regressed& raw = *got;
    Regression r;
    r.text = raw.text;
    r.size = raw.size;
    r.answer.explanation = "regressed to s0:\n" + r.text;
    for (const auto& values : raw.rows) {
        Row out;
        for (size_t i = 0; i < values.size() && i < vars.size(); ++i)
            out.emplace_back(ctx.formula.answer_vars[i], values[i].to_kif());
        r.answer.holds = true;
        if (!vars.empty()) r.answer.rows.push_back(std::move(out));
    }
    std::sort(r.answer.rows.begin(), r.answer.rows.end());
    r.answer.rows.erase(std::unique(r.answer.rows.begin(), r.answer.rows.end()), r.answer.rows.end());
    return r;
}

Answer regression_query(const QueryContext& ctx) { return regress_formula(ctx).answer; }

}  // namespace gdlsc::query
