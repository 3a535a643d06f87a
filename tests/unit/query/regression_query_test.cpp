// The regression engine's front (src/query/regression_query.h) on Monty Hall (examples/,
// README: the car is behind door 2 of the candidate's doors 1 and 2 after it picked 1 and the
// host opened 3): answers regressed to s0 agree with the progression engine's on the same
// queries, knowledge included; the size bound is a LimitError with the advice; what regression
// cannot take (common knowledge in the formula or the rules, a variable role in knows, a
// recursive action predicate after a move, knowledge of random) is said before or as a
// UserError, never an engine error.
#define BOOST_TEST_MODULE query_regression_query
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "base/errors.h"
#include "game_paths.h"
#include "query/engines.h"
#include "query/regression_query.h"
#include "session/formula.h"
#include "session/session.h"
#include "user_error_of.h"

using namespace gdlsc;

namespace {

struct Asked {
    query::Formula formula;
    query::History history;
    gdl::Term situation;
};

query::Session& monty() {
    static query::Session s(test::example("monty_hall/monty_hall.kif"), 60);
    return s;
}

Asked ask(query::Session& s, const std::string& formula, const std::string& history) {
    Asked a;
    a.formula = query::parse_formula(formula, s.game().analysis);
    a.history = s.history(history);
    a.situation = s.situation(a.history);
    return a;
}

query::QueryContext context(const query::Session& s, const Asked& a) {
    return {s.game().program, s.game().analysis, a.formula, a.history, a.situation};
}

std::string rows(const query::Answer& ans) {
    std::string out = ans.holds ? "holds" : "fails";
    for (const auto& row : ans.rows) {
        out += " {";
        for (const auto& [v, val] : row) out += v + "=" + val + ";";
        out += "}";
    }
    return out;
}

const query::EngineEntry& progression() {
    for (const auto& e : query::engines())
        if (e.name == "progression") return e;
    throw std::runtime_error("no progression engine");
}

const char* kHistory = "((choose 1) (hide_car 2)) (noop (open_door 3))";

}  // namespace

BOOST_AUTO_TEST_CASE(answers_as_progression_gives_them) {
    auto& s = monty();
    const std::vector<std::string> cases = {
        "(true (car ?d))", "(knows candidate (true (car 2)))", "(knows candidate (not (true (car 3))))",
        "(not (knows candidate (not (true (car ?d)))))", "(legal candidate ?m)", "(true (open ?d))",
    };
    for (const auto& text : cases) {
        BOOST_TEST_CONTEXT(text) {
            Asked a = ask(s, text, kHistory);
            auto ctx = context(s, a);
            BOOST_TEST(query::regression_not_applicable(ctx) == "");
            query::Regression r = query::regress_formula(ctx);
            BOOST_TEST(rows(r.answer) == rows(progression().run(ctx)));
            BOOST_TEST(r.answer.explanation == "regressed to s0:\n" + r.text);
            BOOST_TEST(r.size >= 1u);
            BOOST_TEST(rows(query::regression_query(ctx)) == rows(r.answer));
        }
    }
    // the known answers themselves: the car behind 2, the candidate's doors 1 and 2, step 3's moves
    BOOST_TEST(rows(query::regression_query(context(s, ask(s, "(true (car ?d))", kHistory)))) == "holds {d=2;}");
    BOOST_TEST(rows(query::regression_query(context(s, ask(s, "(not (knows candidate (not (true (car ?d)))))", kHistory)))) ==
               "holds {d=1;} {d=2;}");
    BOOST_TEST(rows(query::regression_query(context(s, ask(s, "(legal candidate ?m)", kHistory)))) ==
               "holds {m=stay;} {m=switch;}");
}

BOOST_AUTO_TEST_CASE(the_size_bound) {
    auto& s = monty();
    Asked a = ask(s, "(true (car ?d))", kHistory);
    try {
        query::regress_formula(context(s, a), 1);
        BOOST_FAIL("no LimitError");
    } catch (const LimitError& e) {
        BOOST_TEST(std::string(e.what()) ==
                   "regression: the regressed formula grows beyond 1 nodes; use a shorter history, a smaller formula or "
                   "--max-size");
    }
}

BOOST_AUTO_TEST_CASE(what_regression_cannot_take) {
    auto& s = monty();
    auto why = [&](const std::string& f, const std::string& h = kHistory) {
        Asked a = ask(s, f, h);
        return query::regression_not_applicable(context(s, a));
    };
    BOOST_TEST(why("(knows (true (car 2)))") == "common knowledge cannot be regressed into a finite formula");
    BOOST_TEST(why("(not (kwhether ?r (true (car 2))))").rfind("a role name is needed in knows and kwhether", 0) == 0u);
    // regressing anyway: a UserError, not an engine error
    Asked common = ask(s, "(knows (true (car 2)))", kHistory);
    std::string m = test::error_of([&] { query::regress_formula(context(s, common)); });
    BOOST_TEST(m == "regression: common knowledge cannot be regressed into a finite formula; use --engine progression");
    // knowledge of random (the formula parser refuses it; a formula built in C++ gets here)
    Asked random = ask(s, "(knows candidate (true (car 2)))", kHistory);
    random.formula.term.args.at(0) = gdl::Term::constant("random");
    m = test::error_of([&] { query::regress_formula(context(s, random)); });
    // the runtime's message without the call's context "gdlsc_regression:regress_query/8: "
    BOOST_TEST(m == "regression: random is not an agent: it has no knowledge", m);
}

BOOST_AUTO_TEST_CASE(games_regression_cannot_take) {
    // a recursive action predicate: refused after a move, fine at s0
    query::Session rec(query::load_game_text("rec.kif", R"(
(role a) (init (c 0)) (n 1) (n 2) (lt 1 2)
(<= (legal a (m ?x)) (n ?x))
(<= (moved ?x) (does a (m ?x)))
(<= (moved ?x) (moved ?y) (lt ?x ?y))
(<= (next (c ?x)) (moved ?x))
(<= terminal (true (c 2)))
(goal a 100))"), 60);
    BOOST_TEST(query::regression_not_applicable(context(rec, ask(rec, "(true (c ?x))", ""))) == "");
    BOOST_TEST(query::regression_not_applicable(context(rec, ask(rec, "(true (c ?x))", "(m 2)"))) ==
               "regression does not support the recursive action predicate moved/1");
    // common knowledge in the rules
    query::Session ck(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/knowledge/gdl3_common_nested.kif", 60);
    BOOST_TEST(query::regression_not_applicable(context(ck, ask(ck, "terminal", ""))) ==
               "the game's rules use common knowledge, which cannot be regressed into a finite formula");
}
