// Engine dispatch for queries (see engines.h).
#include "query/engines.h"
#include "session/session.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "query/engines_smt.h"
#include "query/epistemic_network.h"
#include "ground/query_formula.h"
#include "base/deadline.h"
#include "base/environment.h"
#include "base/errors.h"
#include "session/forward.h"
#include "query/regression_query.h"

namespace gdlsc::query {

const std::vector<EngineEntry>& engines() {
    static const std::vector<EngineEntry> all = {
        {"progression", &progression_query, {}},
        {"regression", &regression_query, &regression_not_applicable},
        {"smt", &smt_query, &smt_not_applicable},
    };
    return all;
}

namespace {

// Common knowledge somewhere in the formula: (knows P) or (common P), at any depth. A GDL-II
// game's other knowledge formulas stay with the information sets of the progression engine,
// faster there than the developments on BDDs (kriegTTT_4x4 after nine steps: under a second
// against more than two minutes); common knowledge, a closure over every agent's sets, is
// where the BDDs win (blind tic-tac-toe after three joint moves: 16 s against 105 s).
bool mentions_common_knowledge(const gdl::Term& f) {
    if (f.name == "common" || (f.name == "knows" && f.args.size() == 1)) return true;
    if (f.name == "knows" || f.name == "kwhether") return mentions_common_knowledge(f.args.back());
    if (f.name == "not" || f.name == "exists" || f.name == "forall") return !f.args.empty() && mentions_common_knowledge(f.args.back());
    if ((f.name == "and" || f.name == "or") && !f.args.empty())
        for (const auto& g : gdl::list_items(f.args.at(0)))
            if (mentions_common_knowledge(g)) return true;
    return false;
}

bool same(const Answer& a, const Answer& b) { return a.holds == b.holds && a.rows == b.rows; }

// The whole answer (holds, then every binding row), so a disagreement shows both sides.
std::string summary(const Answer& a) {
    std::string s = a.holds ? "holds" : "does not hold";
    if (!a.rows.empty()) s += " with " + std::to_string(a.rows.size()) + " binding row(s):";
    for (const auto& row : a.rows) {
        std::string line;
        for (const auto& [name, value] : row) line += (line.empty() ? "" : ", ") + ("?" + name) + " = " + value;
        s += "\n    " + line;
    }
    return s;
}

// GDLSC_NETWORK=check: the network's answer `a` against Prolog's `b` (exit 3 on a difference).
void agree(const Answer& a, const Answer& b, const std::string& network) {
    if (!same(a, b))
        throw UserError("engines disagree:\n  " + network + " say " + summary(a) + "\n  the rules in Prolog say " + summary(b),
                        kExitDisagreement);
}

}  // namespace

Answer run_query(const Game& game, const Formula& formula, const History& history, const QueryOptions& options) {
    const gdl::Program& program = game.program;
    const gdl::Analysis& analysis = game.analysis;
    std::vector<const EngineEntry*> chosen;
    std::string names;
    for (const auto& e : engines()) {
        names += (names.empty() ? "" : ", ") + e.name;
        if (options.engine == "all" ? static_cast<bool>(e.run) : e.name == options.engine) chosen.push_back(&e);
    }
    if (chosen.empty()) throw UserError("unknown engine '" + options.engine + "' (engines: " + names + ", all)");
    for (const auto* e : chosen)
        if (!e->run) throw UserError("the " + e->name + " engine is not available for queries yet");

    // Any formula of a GDL-III game, or one with common knowledge: decided on the BDD
    // developments where they apply (epistemic_network.h), without starting Prolog;
    // GDLSC_NETWORK=check also answers in Prolog and compares.
    if (options.engine == "progression" && environment().network != "off" &&
        (analysis.epistemic || mentions_common_knowledge(formula.term))) {
        std::string why;
        if (auto bdd = bdd_answer(program, analysis, formula, history, options.timeout_seconds, options.max_ground_size,
                                  why)) {
            Answer a;
            a.engine = "progression";
            a.holds = bdd->holds;
            a.rows = std::move(bdd->rows);
            if (environment().network == "check") {
                auto& pl = prepare_engine(game, options.timeout_seconds);
                agree(a,
                      progression_query(
                          {program, analysis, formula, history, check_history(pl, history), options.max_ground_size}),
                      "the BDD developments");
            }
            return a;
        }
        // Under check the rows and Prolog are still compared below; this says only that the
        // third engine did not take part.
        if (environment().network == "check")
            std::fprintf(stderr, "note: the BDD developments do not apply (%s); the rows engine and Prolog are compared\n",
                         why.c_str());
    }
    auto& pl = prepare_engine(game, options.timeout_seconds);
    // A long history of a game that grounds is played on the step network (forward.h).
    std::optional<gdl::Term> fast;
    // A GDL-III game: the knowledge its rules ask about along the history is computed on the
    // step network when the formula itself is about the situation, not about knowledge
    // (epistemic_network.h); GDLSC_NETWORK=check also answers in Prolog alone and compares.
    const bool network_epistemic = analysis.epistemic && options.engine == "progression" &&
                                  environment().network != "off" && !ground::mentions_knowledge(formula.term);
    if (network_epistemic) {
        std::string why;
        fast = epistemic_situation(program, analysis, pl, history, options.timeout_seconds, options.max_ground_size, why);
        if (!fast && environment().network == "check")
            std::fprintf(stderr, "note: GDLSC_NETWORK=check: the developments are made in Prolog only: %s\n", why.c_str());
        if (fast && environment().network == "check") {
            Answer a = progression_query({program, analysis, formula, history, *fast, options.max_ground_size});
            pl::runtime::forget_developments(pl);
            Answer b = progression_query(
                {program, analysis, formula, history, check_history(pl, history), options.max_ground_size});
            agree(a, b, "the step network's developments");
            b.engine = "progression";
            return b;
        }
    } else if (history.size() >= kLongHistory && environment().network != "off") {
        fast = network_situation(game, pl, history);
    }
    gdl::Term sit = fast ? *fast : check_history(pl, history);
    QueryContext ctx{program, analysis, formula, history, sit, options.max_ground_size, options.timeout_seconds};

    Answer first;
    std::string skipped;
    // Under all, --timeout bounds the whole run: each engine gets what the ones before it left,
    // and one that reaches a limit is listed instead of holding the others' answer back.
    const bool all = options.engine == "all";
    const Deadline deadline = Deadline::after(all ? options.timeout_seconds : 0);
    std::optional<LimitError> first_limit;
    for (size_t i = 0; i < chosen.size(); ++i) {
        if (all && chosen[i]->not_applicable) {
            std::string why = chosen[i]->not_applicable(ctx);
            if (!why.empty()) {
                skipped += "note: " + chosen[i]->name + " skipped: " + why + "\n";
                continue;
            }
        }
        Answer a;
        if (all) {
            QueryContext left = ctx;
            if (deadline.limited()) {
                left.timeout_seconds = std::ceil(deadline.seconds_left() * 10) / 10;  // "19.9 s", not "19.9885 s"
                if (left.timeout_seconds < 0.001) {
                    skipped += "note: " + chosen[i]->name + " not run: the time limit of " +
                               seconds_text(options.timeout_seconds) + " s was used by the engines before it\n";
                    continue;
                }
                pl::Limits lim = pl.limits();
                lim.seconds = left.timeout_seconds;
                pl.set_limits(lim);
            }
            try {
                a = chosen[i]->run(left);
            } catch (const LimitError& ex) {
                skipped += "note: " + chosen[i]->name + " reached a limit: " + ex.what() + "\n";
                if (!first_limit) first_limit = ex;
                continue;
            }
        } else {
            a = chosen[i]->run(ctx);
        }
        a.engine = chosen[i]->name;
        if (first.engine.empty()) first = a;
        else if (!same(first, a))
            throw UserError("engines disagree:\n  " + first.engine + " says " + summary(first) + "\n  " + a.engine +
                                " says " + summary(a),
                            kExitDisagreement);
    }
    if (first.engine.empty() && first_limit) throw *first_limit;  // no engine answered
    if (!skipped.empty()) first.explanation = skipped + first.explanation;
    return first;
}

Answer progression_query(const QueryContext& ctx) {
    auto& pl = pl::Engine::instance();
    std::vector<gdl::Term> vars;
    for (const auto& v : ctx.formula.answer_vars) vars.push_back(gdl::Term::variable(v));
    Answer a;
    for (const auto& values : pl::runtime::answers(pl, ctx.formula.term, ctx.situation, vars)) {
        Row r;
        for (size_t i = 0; i < values.size() && i < vars.size(); ++i)
            r.emplace_back(ctx.formula.answer_vars[i], values[i].to_kif());
        a.holds = true;
        if (!vars.empty()) a.rows.push_back(std::move(r));
    }
    std::sort(a.rows.begin(), a.rows.end());
    a.rows.erase(std::unique(a.rows.begin(), a.rows.end()), a.rows.end());
    return a;
}

}  // namespace gdlsc::query
