// The runtime's typed entry points (src/prolog/runtime.h) on Monty Hall (examples/monty_hall,
// whose README gives the known answer): the candidate picks door 1, the host hides the car
// behind door 2 and opens door 3. By hand: the candidate's information set is then 2
// developments (car 1, host opened 3 of 2 and 3; car 2, host had to open 3), so the car is
// behind door 2 with belief (1/3) / (1/3 * 1/2 + 1/3) = 2/3; after the first joint move alone
// it is 3 developments (the car anywhere). Each call's result is read back as the C++ type it
// promises: answers, eval, the state formula, step errors, regression (and its size bound),
// solve counts per depth, information sets with their pages and dot text, beliefs, bounded proofs.
#define BOOST_TEST_MODULE prolog_runtime
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "base/errors.h"
#include "game_paths.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "kif_terms.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"

using namespace gdlsc;
using gdl::Term;
using test::c;
using test::v;
using test::f;
namespace rt = gdlsc::pl::runtime;

namespace {

// Monty Hall loaded afresh (no memo of an earlier case).
pl::Engine& monty() {
    static const auto game = [] {
        gdl::Diagnostics d;
        auto p = gdl::read_game_file(test::example("monty_hall/monty_hall.kif"), d);
        BOOST_REQUIRE(!d.has_errors());
        return std::make_pair(p, gdl::analyze(p));
    }();
    auto& e = pl::Engine::instance();
    e.load_game(game.first, game.second);
    return e;
}

Term s0() { return c("s0"); }
Term after1() { return f("do", {f("a", {f("choose", {c("1")}), f("hide_car", {c("2")})}), s0()}); }
Term after2() { return f("do", {f("a", {c("noop"), f("open_door", {c("3")})}), after1()}); }
Term car(const Term& d) { return f("true", {f("car", {d})}); }

std::string rows_text(const std::vector<std::vector<Term>>& rows) {
    std::string s;
    for (const auto& r : rows) {
        s += "[";
        for (std::size_t i = 0; i < r.size(); ++i) s += (i ? " " : "") + r[i].to_kif();
        s += "]";
    }
    return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(answers_eval_and_the_state_formula) {
    auto& e = monty();
    BOOST_TEST(rows_text(rt::answers(e, car(v("d")), after2(), {v("d")})) == "[2]");
    BOOST_TEST(rows_text(rt::answers(e, car(v("d")), s0(), {v("d")})) == "");  // no car yet
    BOOST_TEST(rows_text(rt::answers(e, car(c("2")), after2(), {})) == "[]");  // holds: one empty row
    // knowledge: the candidate knows the car is not behind the open door, not where it is
    BOOST_TEST(rt::answers(e, f("knows", {c("candidate"), f("not", {car(c("3"))})}), after2(), {}).size() == 1u);
    BOOST_TEST(rt::answers(e, f("knows", {c("candidate"), car(c("2"))}), after2(), {}).empty());
    // which doors might hide the car, for all the candidate knows
    auto b = rt::eval(e, f("not", {f("knows", {c("candidate"), f("not", {car(v("d"))})})}), after2());
    std::vector<std::string> doors;
    for (const auto& row : b) doors.push_back(row.at("d").to_kif());
    std::sort(doors.begin(), doors.end());
    doors.erase(std::unique(doors.begin(), doors.end()), doors.end());
    BOOST_TEST(doors == (std::vector<std::string>{"1", "2"}), boost::test_tools::per_element());

    auto st = e.initial_state();
    BOOST_TEST(rt::holds_in_state(e, f("true", {f("step", {c("1")})}), st));
    BOOST_TEST(!rt::holds_in_state(e, f("true", {f("step", {c("2")})}), st));
}

BOOST_AUTO_TEST_CASE(step_errors) {
    auto& e = monty();
    BOOST_TEST(!rt::step_error(e, s0(), f("a", {f("choose", {c("1")}), f("hide_car", {c("2")})})).has_value());
    auto illegal = rt::step_error(e, s0(), f("a", {c("noop"), f("hide_car", {c("2")})}));
    BOOST_REQUIRE(illegal.has_value());
    BOOST_TEST(illegal->to_kif() == "(illegal 1 candidate noop)");
    // the host may not open the door with the car (door 2) nor the chosen one (door 1)
    BOOST_TEST(rt::step_error(e, after1(), f("a", {c("noop"), f("open_door", {c("2")})}))->to_kif() ==
               "(illegal 2 random (open_door 2))");
    BOOST_TEST(rt::step_error(e, s0(), f("a", {f("choose", {c("1")})}))->to_kif() == "(arity 2)");
    Term end = f("do", {f("a", {c("stay"), c("noop")}), after2()});
    BOOST_TEST(rt::step_error(e, end, f("a", {c("stay"), c("noop")}))->to_kif() == "terminal");
}

BOOST_AUTO_TEST_CASE(known_state_is_taken_as_given) {
    auto& e = monty();
    // a state computed elsewhere is what the situation holds from then on (here, on purpose, a
    // different one: the car behind door 3)
    rt::known_state(e, after1(), {f("car", {c("3")}), f("chosen", {c("1")}), f("step", {c("2")})});
    BOOST_TEST(rows_text(rt::answers(e, car(v("d")), after1(), {v("d")})) == "[3]");
    rt::forget_developments(e);
}

BOOST_AUTO_TEST_CASE(regression_and_its_bound) {
    auto& e = monty();
    auto r = rt::regress_query(e, car(v("d")), after2(), {v("d")}, {c("?d")}, 100000);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(rows_text(r->rows) == "[2]");
    BOOST_TEST(r->size >= 1u);
    BOOST_TEST(!r->text.empty());
    // beyond the bound: nothing (not a limit error)
    BOOST_TEST(!rt::regress_query(e, car(v("d")), after2(), {v("d")}, {c("?d")}, 1).has_value());
}

BOOST_AUTO_TEST_CASE(solutions_per_depth) {
    auto& e = monty();
    // (true (car 2)) after one joint move: 3 choices of the candidate with hide_car 2; never at s0
    auto s = rt::solve_report(e, car(c("2")), s0(), 1, 2, false);
    BOOST_TEST(s.count == "3");
    BOOST_TEST(s.listed.size() == 2u);  // the first `limit` of them
    BOOST_REQUIRE_EQUAL(s.levels.size(), 2u);
    BOOST_TEST(s.levels[0].to_kif() == "(level 0 1 0)");
    BOOST_TEST(s.levels[1].to_kif() == "(level 1 9 3)");  // 3 x 3 joint moves
    // Only the developments that extend after1 (car behind 2, candidate on 1): one door to
    // open, then stay or switch; levels from the history's length on.
    auto x = rt::solve_report(e, car(c("2")), after1(), 3, 10, false);
    BOOST_TEST(x.count == "4");
    BOOST_REQUIRE_EQUAL(x.levels.size(), 3u);
    BOOST_TEST(x.levels[0].to_kif() == "(level 1 1 1)");
    BOOST_TEST(x.levels[1].to_kif() == "(level 2 1 1)");
    BOOST_TEST(x.levels[2].to_kif() == "(level 3 2 2)");
    BOOST_REQUIRE_EQUAL(x.listed.size(), 4u);
    BOOST_TEST(gdl::list_items(x.listed[0].args.at(0)).size() == 1u);  // the history's one joint move first
    BOOST_TEST(gdl::list_items(x.listed[0].args.at(0))[0].to_kif() == "(a (choose 1) (hide_car 2))");
}

BOOST_AUTO_TEST_CASE(information_sets_and_beliefs) {
    auto& e = monty();
    auto one = rt::infoset_report(e, "candidate", after1(), false);
    BOOST_TEST(one.developments == "3");
    BOOST_TEST(one.states == 3u);
    auto two = rt::infoset_report(e, "candidate", after2(), true);
    BOOST_TEST(two.developments == "2");
    BOOST_TEST(two.states == 2u);
    BOOST_TEST(two.steps.size() == 2u);  // one per update
    auto page = rt::infoset_states_page(e, 1, 10);
    BOOST_REQUIRE_EQUAL(page.size(), 2u);
    std::string cars;
    for (const auto& st : page)
        for (const auto& fl : gdl::list_items(st))
            if (fl.name == "car") cars += fl.args[0].name;
    std::sort(cars.begin(), cars.end());
    BOOST_TEST(cars == "12");
    BOOST_TEST(rt::infoset_states_page(e, 2, 10).size() == 1u);  // from the second
    BOOST_TEST(rt::infoset_dot(e, "candidate", after2(), true).find("digraph") != std::string::npos);

    auto b = rt::belief_report(e, "candidate", after2(), car(c("2")));
    BOOST_TEST(b.numerator == "2");
    BOOST_TEST(b.denominator == "3");
    BOOST_TEST(b.developments == "2");
    BOOST_TEST(b.decimal.rfind("0.666", 0) == 0u, b.decimal);
    // a role the game does not have: the runtime's error, typed by its reason (RuntimeRefusal),
    // its message naming the call and the role
    try {
        rt::infoset_report(e, "nobody", after2(), false);
        BOOST_FAIL("no error");
    } catch (const pl::RuntimeRefusal& ex) {
        BOOST_TEST(ex.reason == "not_an_agent");
        BOOST_TEST(std::string(ex.what()) ==
                   "gdlsc_infoset:infoset_report/4: nobody is not a role of the game: knows needs an agent");
    }
}

BOOST_AUTO_TEST_CASE(developments_and_states_differ) {
    // a counts up or stays; b sees only `tick`: after up, up b holds 2^2 developments, whose
    // counts 0, 1, 1, 2 are 3 states
    gdl::Diagnostics d;
    auto p = gdl::read_game_text("counter.kif", R"(
(role a) (role b) (init (count 0)) (succ 0 1) (succ 1 2)
(<= (legal a up) (true (count ?x))) (<= (legal a stay) (true (count ?x))) (legal b noop)
(<= (next (count ?y)) (does a up) (true (count ?x)) (succ ?x ?y))
(<= (next (count ?x)) (does a stay) (true (count ?x)))
(<= (sees b tick) (does a ?m))
(<= terminal (true (count 2))) (goal a 100) (goal b 100))", d);
    BOOST_REQUIRE(!d.has_errors());
    auto& e = pl::Engine::instance();
    e.load_game(p, gdl::analyze(p));
    Term up = f("a", {c("up"), c("noop")});
    auto r = rt::infoset_report(e, "b", f("do", {up, f("do", {up, s0()})}), false);
    BOOST_TEST(r.developments == "4");
    BOOST_TEST(r.states == 3u);
}

BOOST_AUTO_TEST_CASE(bounded_proofs) {
    auto& e = monty();
    // the candidate always knows the step, hence its legal moves and whether the game is over
    BOOST_TEST(rt::prove_report(e, c("legal_knowledge"), 3, false).holds);
    BOOST_TEST(rt::prove_report(e, c("terminal_knowledge"), 3, false).holds);
    // but not where the car is: two developments it cannot tell apart after the first move
    auto p = rt::prove_report(e, c("perfect_information"), 3, false);
    BOOST_TEST(!p.holds);
    BOOST_TEST(p.role == "candidate");
    BOOST_TEST(p.at_depth == 1u);
    BOOST_TEST(gdl::list_items(p.actual).size() == 1u);
    BOOST_TEST(gdl::list_items(p.alternative).size() == 1u);
    BOOST_TEST(!(p.actual == p.alternative));
    BOOST_TEST(rt::slot_copy_status(e) != "");
}
