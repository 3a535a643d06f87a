// The smt engine of `gdlsc query` and the ground translations (src/query/engines_smt.h) on the
// coin game of tests/support/coin_game.h, whose answers are known by hand and checked against
// the progression engine (the game's rules in Prolog): after heads the coin is heads and
// player may do a or b, after tails only a; terminal after two joint moves, with player's goal
// 100 after heads. Positive loops: y and z, supported by (true on), hold; x and q, which only
// support each other, do not (the completion alone would allow them true). Refusals: a knowledge formula, a GDL-III
// game (smt_not_applicable, UserError), a ground bound of 1 atom (LimitError). The
// translations: the SMT-LIB script and the ground program along a history with their headers,
// the step network, and a GDL-III game refused with the location of its knows.
#define BOOST_TEST_MODULE query_engines_smt
#include <boost/test/unit_test.hpp>

#include <string>

#include "base/errors.h"
#include "coin_game.h"
#include "game_paths.h"
#include "query/engines.h"
#include "query/engines_smt.h"
#include "session/formula.h"
#include "session/history.h"
#include "user_error_of.h"

using namespace gdlsc;

namespace {

struct Asked {
    query::Game g;
    query::Answer ask(const std::string& history, const std::string& formula, std::size_t max_ground = 500'000) const {
        const auto f = query::parse_formula(formula, g.analysis);
        const auto h = query::parse_history(history, g.analysis.roles);
        query::QueryContext ctx{g.program, g.analysis, f, h, gdl::Term::constant("s0")};
        ctx.max_ground_size = max_ground;
        ctx.timeout_seconds = 30;
        return query::smt_query(ctx);
    }
    std::string not_applicable(const std::string& formula) const {
        const auto f = query::parse_formula(formula, g.analysis);
        const query::History h;
        return query::smt_not_applicable({g.program, g.analysis, f, h, gdl::Term::constant("s0")});
    }
    // The values of ?var in the rows, sorted.
    static std::vector<std::string> values(const query::Answer& a) {
        std::vector<std::string> out;
        for (const auto& row : a.rows) out.push_back(row.at(0).second);
        return out;
    }
    // The same question through run_query with `engine` (its verdict and rows).
    query::Answer by(const std::string& engine, const std::string& history, const std::string& formula) const {
        const auto f = query::parse_formula(formula, g.analysis);
        const auto h = query::parse_history(history, g.analysis.roles);
        query::QueryOptions o;
        o.engine = engine;
        return query::run_query(g, f, h, o);
    }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_coin_games_answers) {
    const Asked c{query::load_game_text("coin.kif", test::coin_game_text())};
    const std::string heads = "((flip heads) noop)", tails = "((flip tails) noop)";
    BOOST_TEST(Asked::values(c.ask(heads, "(true (coin ?c))")) == (std::vector<std::string>{"heads"}));
    BOOST_TEST(Asked::values(c.ask(tails, "(true (coin ?c))")) == (std::vector<std::string>{"tails"}));
    BOOST_TEST(Asked::values(c.ask(heads, "(legal player ?m)")) == (std::vector<std::string>{"a", "b"}));
    BOOST_TEST(Asked::values(c.ask(tails, "(legal player ?m)")) == (std::vector<std::string>{"a"}));
    BOOST_TEST(!c.ask(heads, "terminal").holds);
    BOOST_TEST(c.ask(heads + " (noop a)", "terminal").holds);
    BOOST_TEST(Asked::values(c.ask(heads + " (noop a)", "(goal player ?v)")) == (std::vector<std::string>{"100"}));
    BOOST_TEST(Asked::values(c.ask(tails + " (noop a)", "(goal player ?v)")) == (std::vector<std::string>{"0"}));
    BOOST_TEST(c.ask("", "(true (step 0))").holds);
    const auto a = c.ask(heads, "(legal player ?m)");
    BOOST_TEST(contains(a.explanation, "the stable model is unique"), a.explanation);
    BOOST_TEST(contains(a.explanation, "2 entailment(s) proved"), a.explanation);  // one per row
    // the progression engine (the game's rules in Prolog) gives the same answers
    for (const std::string& h : {std::string(""), heads, tails, heads + " (noop a)"})
        for (const std::string f : {"(legal player ?m)", "(true ?f)", "terminal", "(goal player ?v)"}) {
            const auto smt = c.by("smt", h, f), prog = c.by("progression", h, f);
            BOOST_TEST(smt.holds == prog.holds, h << " " << f);
            BOOST_TEST(smt.rows == prog.rows, h << " " << f);
        }
}

BOOST_AUTO_TEST_CASE(an_unsupported_loop_is_false) {
    const Asked c{query::load_game_text("loop.kif", R"((role p)
(init on)
(legal p go)
(<= x q)
(<= q x)
(<= y (true on))
(<= y z)
(<= z y)
(<= (next on) (true on))
(<= terminal (true off))
(goal p 0)
)")};
    BOOST_TEST(!c.ask("", "x").holds);  // completion alone: x = q = true is a model too
    const auto y = c.ask("", "y");
    BOOST_TEST(y.holds);  // supported by on
    BOOST_TEST(contains(y.explanation, "1 positive loop(s)"), y.explanation);
    BOOST_TEST(c.ask("", "z").holds);
    BOOST_TEST(!c.ask("", "(or x q)").holds);
}

BOOST_AUTO_TEST_CASE(what_it_does_not_apply_to) {
    const Asked c{query::load_game_text("coin.kif", test::coin_game_text())};
    BOOST_TEST(c.not_applicable("(true (coin heads))").empty());
    BOOST_TEST(contains(c.not_applicable("(knows player (true (coin heads)))"), "knowledge formulas"));
    BOOST_TEST(contains(test::error_of([&] { c.ask("", "(knows player (true (coin heads)))"); }), "knowledge formulas"));
    try {
        c.ask("((flip heads) noop)", "(legal player ?m)", 1);
        BOOST_FAIL("no LimitError at a ground bound of 1 atom");
    } catch (const LimitError& e) {
        BOOST_TEST(std::string(e.what()).rfind("smt engine: ", 0) == 0u, e.what());
    }
    const Asked cheryl{query::load_game_file(test::example("cheryl/cheryl.kif"))};
    BOOST_TEST(contains(cheryl.not_applicable("terminal"), "knows in the rules (GDL-III)"));
}

BOOST_AUTO_TEST_CASE(the_translations) {
    const auto g = query::load_game_text("coin.kif", test::coin_game_text());
    const auto h = query::parse_history("((flip heads) noop)", g.analysis.roles);
    const std::string smtlib = query::smtlib_text(g.program, g.analysis, h, "coin");
    BOOST_TEST(smtlib.rfind("; gdlsc translate --format smtlib: coin\n; the relevant ground program for 1 joint move(s): ",
                            0) == 0u,
               smtlib.substr(0, 200));
    BOOST_TEST(contains(smtlib, "its only model is the standard model of the game along the history."));
    BOOST_TEST(contains(smtlib, "(check-sat)"));
    const std::string ground = query::ground_text(g.program, g.analysis, h, "coin");
    BOOST_TEST(ground.rfind("; gdlsc translate --format ground: coin\n; the relevant ground program for 1 joint move(s): ",
                            0) == 0u);
    BOOST_TEST(contains(ground, "(true@1 (coin heads))"), ground);
    BOOST_TEST(!contains(ground, "(true@1 (coin tails))"));  // not along this history
    const std::string net = query::network_text(g.program, g.analysis, "coin");
    BOOST_TEST(net.rfind("; gdlsc translate --format network: coin\n", 0) == 0u);
    // GDL-III: refused, located at the rule with knows
    const auto cheryl = query::load_game_file(test::example("cheryl/cheryl.kif"));
    const query::History none;
    for (const std::string& m :
         {test::error_of([&] { query::smtlib_text(cheryl.program, cheryl.analysis, none, "cheryl"); }),
          test::error_of([&] { query::ground_text(cheryl.program, cheryl.analysis, none, "cheryl"); }),
          test::error_of([&] { query::network_text(cheryl.program, cheryl.analysis, "cheryl"); })}) {
        BOOST_TEST(contains(m, "cheryl.kif:"), m);
        BOOST_TEST(contains(m, ": knows in the rules (GDL-III)"), m);
    }
}
