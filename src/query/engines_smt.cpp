// The smt engine (see engines_smt.h): ground, complete, find the stable model, prove it
// unique, read the answer, certify each row. Errors of src/ground and src/smt change form
// here into LimitError / UserError / EngineError (base/errors.h).
#include "query/engines_smt.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>

#include "ground/grounder.h"
#include "ground/loops.h"
#include "ground/query_formula.h"
#include "network/step_network.h"
#include "base/deadline.h"
#include "base/errors.h"
#include "smt/solver.h"

namespace gdlsc::query {

namespace {

// CPU time of this process (the machine may be shared: wall time says little).
std::clock_t cpu_now() { return std::clock(); }
double seconds_since(std::clock_t t) { return static_cast<double>(std::clock() - t) / CLOCKS_PER_SEC; }

std::string fmt_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f s", s);
    return buf;
}

std::vector<ground::JointMove> joint_moves(const History& h) {
    std::vector<ground::JointMove> out;
    for (const auto& s : h) out.push_back(s.moves);
    return out;
}

// Runs f, turning the ground and smt errors into the documented ones.
template <typename F>
auto translating_errors(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const ground::TooLarge& e) {
        throw LimitError(std::string("smt engine: ") + e.what());
    } catch (const ground::NotApplicable& e) {
        throw UserError(std::string("smt engine: ") + e.what());
    } catch (const smt::SmtTimeout& e) {
        throw TimeLimitError(std::string("smt engine: ") + e.what());
    } catch (const smt::SmtError& e) {
        throw EngineError(std::string("smt engine: ") + e.what());
    }
}

}  // namespace

std::string smt_not_applicable(const QueryContext& ctx) {
    if (ground::mentions_knowledge(ctx.formula.term))
        return "the smt engine does not apply to knowledge formulas (knows, common, kwhether) yet";
    for (const auto& r : ctx.program.rules)
        for (const auto& l : r.body) {
            bool knows = false;
            gdl::for_each_atom(l, [&](const gdl::Term& t, bool) { knows = knows || t.name == "knows"; });
            if (knows) return "the smt engine does not apply to games with knows in the rules (GDL-III) yet";
        }
    return "";
}

Answer smt_query(const QueryContext& ctx) {
    return translating_errors([&] {
        std::string why = smt_not_applicable(ctx);
        if (!why.empty()) throw UserError(why);
        // --timeout bounds the query's work from here: grounding is bounded by size, not
        // time, so a deadline that passes while grounding ends the first Z3 call.
        const Deadline deadline = Deadline::after(ctx.timeout_seconds);
        auto t0 = cpu_now();
        ground::GroundLimits limits;
        limits.max_atoms = ctx.max_ground_size;
        limits.max_rules = 2 * ctx.max_ground_size;
        ground::GroundProgram gp = ground::ground_program(ctx.program, ctx.analysis, joint_moves(ctx.history), limits,
                                                          ground::relations_in(ctx.formula.term));
        double t_ground = seconds_since(t0);
        size_t loops = ground::positive_loops(gp).size();

        auto t1 = cpu_now();
        smt::Solver solver(gp);
        solver.set_deadline(deadline.when());
        std::vector<bool> model = solver.stable_model();
        if (!solver.unique(model))
            throw EngineError("smt engine: the ground program has two stable models (" + gp.size_text() +
                              "); a valid game has one");
        double t_model = seconds_since(t1);

        auto t2 = cpu_now();
        ground::QueryGrounder qg(gp, ctx.analysis);
        const auto& vars = ctx.formula.answer_vars;
        auto rows = qg.answers(ctx.formula.term, vars, model);
        Answer a;
        a.holds = !rows.empty();
        size_t proofs = 0;
        if (vars.empty()) {
            ground::GFormula f = qg.ground(ctx.formula.term, {});
            if (!solver.entails(a.holds ? f : ground::GFormula::negation(f)))
                throw EngineError("smt engine: the answer read from the model is not entailed: " + ctx.formula.text);
            ++proofs;
        }
        for (const auto& row : rows) {
            if (vars.empty()) break;
            if (!solver.entails(qg.ground_answer(ctx.formula.term, vars, row))) {
                std::string b;
                for (size_t i = 0; i < vars.size(); ++i) b += " ?" + vars[i] + " = " + row[i].to_kif();
                throw EngineError("smt engine: a binding read from the model is not entailed:" + b);
            }
            ++proofs;
            Row r;
            for (size_t i = 0; i < vars.size(); ++i) r.emplace_back(vars[i], row[i].to_kif());
            a.rows.push_back(std::move(r));
        }
        std::sort(a.rows.begin(), a.rows.end());
        a.rows.erase(std::unique(a.rows.begin(), a.rows.end()), a.rows.end());
        double t_answer = seconds_since(t2);

        const auto& st = solver.stats();
        a.explanation = "smt: ground program " + gp.size_text() + ", " + std::to_string(loops) +
                        " positive loop(s); completion + " + std::to_string(st.loop_formulas) +
                        " loop formula(s) (" + std::to_string(st.unfounded_models) +
                        " unsupported model(s) rejected); the stable model is unique (unsat); " +
                        std::to_string(proofs) + " entailment(s) proved (¬φ unsat); " +
                        std::to_string(st.solver_calls) + " z3 calls; CPU: ground " + fmt_seconds(t_ground) +
                        ", model " + fmt_seconds(t_model) + ", answer " + fmt_seconds(t_answer);
        return a;
    });
}

std::string smtlib_text(const gdl::Program& program, const gdl::Analysis& analysis, const History& history,
                        const std::string& game_name) {
    return translating_errors([&] {
        for (const auto& r : program.rules)
            for (const auto& l : r.body)
                gdl::for_each_atom(l, [&](const gdl::Term& t, bool) {
                    if (t.name == "knows")
                        throw ground::NotApplicable(r.loc.str() + ": knows in the rules (GDL-III): no SMT-LIB theory yet");
                });
        ground::GroundProgram gp = ground::ground_program(program, analysis, joint_moves(history));
        smt::Solver solver(gp);
        std::vector<bool> model = solver.stable_model();
        bool unique = solver.unique(model);
        std::string head = "; gdlsc translate --format smtlib: " + game_name + "\n; the relevant ground program for " +
                           std::to_string(history.size()) + " joint move(s): " + gp.size_text() +
                           "\n; Clark completion (atom = or of its rule bodies) and " +
                           std::to_string(solver.stats().loop_formulas) +
                           " Lin-Zhao loop formula(s), found lazily (ASSAT);\n; " +
                           (unique ? "its only model is the standard model of the game along the history.\n"
                                   : "WARNING: more than one model.\n");
        return head + solver.to_smtlib();
    });
}

namespace {

// The ground engines do not read knows in the rules (GDL-III): say so, with its location.
void refuse_knows(const gdl::Program& program, const char* what) {
    for (const auto& r : program.rules)
        for (const auto& l : r.body)
            gdl::for_each_atom(l, [&](const gdl::Term& t, bool) {
                if (t.name == "knows")
                    throw ground::NotApplicable(r.loc.str() + ": knows in the rules (GDL-III): no " + what + " yet");
            });
}

// Runs f, turning the grounder's errors into the documented ones (no engine named: these
// are translations).
template <typename F>
std::string ground_errors(F&& f) {
    try {
        return f();
    } catch (const ground::TooLarge& e) {
        throw LimitError(e.what());
    } catch (const ground::NotApplicable& e) {
        throw UserError(e.what());
    }
}

}  // namespace

std::string ground_text(const gdl::Program& program, const gdl::Analysis& analysis, const History& history,
                        const std::string& game_name) {
    return ground_errors([&] {
        refuse_knows(program, "ground program");
        ground::GroundProgram gp = ground::ground_program(program, analysis, joint_moves(history));
        std::string out = "; gdlsc translate --format ground: " + game_name + "\n; the relevant ground program for " +
                          std::to_string(history.size()) + " joint move(s): " + gp.size_text() + "\n";
        for (const auto& r : gp.rules) out += gp.rule_text(r) + "\n";
        return out;
    });
}

std::string network_text(const gdl::Program& program, const gdl::Analysis& analysis, const std::string& game_name) {
    return ground_errors([&] {
        refuse_knows(program, "step network");
        ground::GroundProgram gp = ground::ground_step(program, analysis);
        ground::StepNetwork net(gp, analysis.roles);
        return "; gdlsc translate --format network: " + game_name + "\n" + net.print(gp);
    });
}

}  // namespace gdlsc::query
