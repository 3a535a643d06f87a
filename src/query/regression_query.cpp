// The regression engine: one call to gdlsc_regression:regress_query/8 (see regression_query.h).
#include "query/regression_query.h"

#include <algorithm>

#include "prolog/engine.h"
#include "base/errors.h"

namespace gdlsc::query {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Errors from the regression runtime that are the user's (the formula), not ours.
[[noreturn]] void rethrow_engine_error(const EngineError& e) {
    std::string m = e.what();
    if (contains(m, "common knowledge cannot be regressed"))
        throw UserError("regression: common knowledge cannot be regressed into a finite formula; "
                        "use --engine progression");
    if (contains(m, "not_an_agent") || contains(m, "not an agent"))
        throw UserError("regression: " + m.substr(m.find(':') == std::string::npos ? 0 : m.find(':') + 2));
    throw e;
}

}  // namespace

Regression regress_formula(const QueryContext& ctx, std::size_t max_nodes) {
    auto& pl = pl::Engine::instance();
    std::vector<gdl::Term> vars, names;
    for (const auto& v : ctx.formula.answer_vars) {
        vars.push_back(gdl::Term::variable(v));
        names.push_back(gdl::Term::constant("?" + v));
    }
    std::vector<pl::Bindings> sols;
    try {
        sols = pl.solve("gdlsc_regression", "regress_query",
                        {ctx.formula.term, ctx.situation, gdl::make_list(vars), gdl::make_list(names),
                         gdl::Term::constant(std::to_string(max_nodes)), gdl::Term::variable("$text"),
                         gdl::Term::variable("$size"), gdl::Term::variable("$rows")},
                        1);
    } catch (const LimitError& e) {
        if (contains(e.what(), "gdlsc_regression_size"))
            throw LimitError("regression: the regressed formula grows beyond " + std::to_string(max_nodes) +
                             " nodes; use a shorter history, a smaller formula or --max-size");
        throw;
    } catch (const EngineError& e) {
        rethrow_engine_error(e);
    }
    if (sols.empty()) throw EngineError("regression: gdlsc_regression:regress_query/8 failed");
    Regression r;
    r.text = sols[0].at("$text").name;
    r.size = std::stoul(sols[0].at("$size").name);
    r.answer.explanation = "regressed to s0:\n" + r.text;
    for (const auto& row : gdl::list_items(sols[0].at("$rows"))) {
        auto values = gdl::list_items(row);
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
