// The embedded engine through its C++ API (src/prolog/engine.h): states, moves, limits,
// errors, quoting of hostile symbols, and memoisation of situations.
#define BOOST_TEST_MODULE prolog_engine
#include <boost/test/unit_test.hpp>

#include <chrono>

#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "prolog/engine.h"
#include "base/errors.h"
#include "game_paths.h"

using namespace gdlsc;
using gdl::Term;

namespace {

gdl::Program read(const std::string& name, const std::string& text) {
    gdl::Diagnostics d;
    auto p = gdl::read_game_text(name, text, d);
    BOOST_REQUIRE(!d.has_errors());
    return p;
}

void load(const gdl::Program& p) { pl::Engine::instance().load_game(p, gdl::analyze(p)); }

void load_file(const std::string& path) {
    gdl::Diagnostics d;
    auto p = gdl::read_game_file(path, d);
    BOOST_REQUIRE(!d.has_errors());
    load(p);
}

std::string kif(const std::vector<Term>& ts) {
    std::string s;
    for (const auto& t : ts) s += (s.empty() ? "" : " ") + t.to_kif();
    return s;
}

Term c(const std::string& n) { return Term::constant(n); }
Term mark(const std::string& x, const std::string& y) { return Term::compound("mark", {c(x), c(y)}); }

// A counter that runs for 300 steps: long histories for the memoisation test.
const char* kCounter = R"(
(role p)
(init (count 0))
(succ 0 1)
(<= (succ ?y ?z) (succ ?x ?y) (plus1 ?y ?z))
(<= (legal p tick) (true (count ?x)))
(<= (next (count ?y)) (true (count ?x)) (plus1 ?x ?y))
(<= terminal (true (count 300)))
(<= (goal p 100) terminal)
)";

std::string counter_game() {
    std::string s = kCounter;
    for (int i = 0; i < 300; ++i) s += "(plus1 " + std::to_string(i) + " " + std::to_string(i + 1) + ")\n";
    return s;
}

Term history_sit(int steps) {
    Term sit = c("s0");
    for (int i = 0; i < steps; ++i) sit = Term::compound("do", {Term::compound("a", {c("tick")}), sit});
    return sit;
}

size_t situation_tables() {
    auto rows = pl::Engine::instance().solve("gdlsc_situation", "memo_size", {Term::variable("n")});
    return std::stoul(rows.at(0).at("n").name);
}

}  // namespace

GDLSC_CORPUS_CASE(tictactoe_states_and_moves) {
    load_file(gdlsc::test::corpus_dir() + "/gdl1/ticTacToe.kif");
    auto& e = pl::Engine::instance();
    BOOST_TEST(kif(std::vector<Term>{c(e.roles()[0]), c(e.roles()[1])}) == "xplayer oplayer");
    auto s0 = e.initial_state();
    auto f0 = e.fluents(s0);
    BOOST_TEST(f0.size() == 10u);
    BOOST_TEST(kif(f0).find("(control xplayer)") != std::string::npos);
    BOOST_TEST(kif(e.legal_moves("oplayer", s0)) == "noop");
    BOOST_TEST(e.legal_moves("xplayer", s0).size() == 9u);
    BOOST_TEST(e.joint_moves(s0).size() == 9u);
    BOOST_TEST(!e.terminal(s0));
    auto s1 = e.next_state(s0, {mark("2", "2"), c("noop")});
    std::string f1 = kif(e.fluents(s1));
    BOOST_TEST(f1.find("(cell 2 2 x)") != std::string::npos);
    BOOST_TEST(f1.find("(control oplayer)") != std::string::npos);
    BOOST_TEST(f1.find("(cell 2 2 b)") == std::string::npos);
    BOOST_TEST(kif(e.legal_moves("xplayer", s1)) == "noop");
    // x wins on the diagonal: x 1 1, 2 2, 3 3 with o at 1 2 and 1 3.
    auto s = s1;
    s = e.next_state(s, {c("noop"), mark("1", "2")});
    s = e.next_state(s, {mark("1", "1"), c("noop")});
    s = e.next_state(s, {c("noop"), mark("1", "3")});
    s = e.next_state(s, {mark("3", "3"), c("noop")});
    BOOST_TEST(e.terminal(s));
    auto g = e.goals(s);
    BOOST_REQUIRE_EQUAL(g.size(), 2u);
    BOOST_TEST(g[0].first == "oplayer");
    BOOST_TEST(g[0].second.name == "0");
    BOOST_TEST(g[1].first == "xplayer");
    BOOST_TEST(g[1].second.name == "100");
}

GDLSC_CORPUS_CASE(playouts_reach_terminal_states) {
    load_file(gdlsc::test::corpus_dir() + "/gdl1/ticTacToe.kif");
    auto st = pl::Engine::instance().playouts(200, 7);
    BOOST_TEST(st.terminals == 200);
    BOOST_TEST(st.states == st.moves + 200);
    BOOST_TEST(st.moves >= 200 * 5);  // a tic-tac-toe match has at least 5 moves
    BOOST_TEST(st.moves <= 200 * 9);
    auto again = pl::Engine::instance().playouts(200, 7);
    BOOST_TEST(again.moves == st.moves);  // same seed, same matches
}

GDLSC_CORPUS_CASE(limits_and_errors) {
    load_file(gdlsc::test::corpus_dir() + "/gdl1/ticTacToe.kif");
    auto& e = pl::Engine::instance();
    pl::Limits lim;
    lim.seconds = 0.3;
    e.set_limits(lim);
    auto t0 = std::chrono::steady_clock::now();
    BOOST_CHECK_THROW(e.playouts(100000000, 1), LimitError);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST(secs < 5.0);
    lim.seconds = 0;
    lim.inferences = 100000;
    e.set_limits(lim);
    BOOST_CHECK_THROW(e.playouts(100000000, 1), LimitError);
    e.set_limits(pl::Limits{});
    BOOST_CHECK_THROW(e.solve("gdlsc_game", "no_such_predicate", {c("x")}), EngineError);
    try {
        e.solve("gdlsc_game", "no_such_predicate", {c("x")});
    } catch (const EngineError& err) {
        BOOST_TEST(std::string(err.what()).find("no_such_predicate") != std::string::npos);
    }
    // The engine still works after errors.
    BOOST_TEST(e.legal_moves("xplayer", e.initial_state()).size() == 9u);
}

BOOST_AUTO_TEST_CASE(hostile_symbols_are_data) {
    // Constants whose text is Prolog syntax stay constants, byte for byte.
    const std::string nasty[] = {"a',halt,'b", "\"a'),halt,('\"", "\"x'), halt, ('\"", "halt.", "'q'", "\\\\", "x\\'y", "é", "_X", "[]", "{}", "!"};
    std::string game = "(role p)\n(<= (legal p noop) (true (f ?x)))\n(<= (next (f ?x)) (true (f ?x)))\n";
    for (const auto& n : nasty) game += "(init (f " + n + "))\n";
    auto p = read("nasty.kif", game);
    load(p);
    auto& e = pl::Engine::instance();
    auto fs = e.fluents(e.next_state(e.initial_state(), {c("noop")}));
    std::set<std::string> got, want;
    for (const auto& f : fs) got.insert(f.args.at(0).name);
    for (const auto& r : p.rules)
        if (r.head.name == "init") want.insert(r.head.args[0].args[0].name);
    for (const auto& w : want) BOOST_TEST(got.count(w) == 1u, "lost " << w);
    for (const auto& g : got) BOOST_TEST(want.count(g) == 1u, "gained " << g);
    BOOST_TEST(want.size() == std::size(nasty));
    // Each one, sent from C++ as a query argument, finds its fluent.
    for (const auto& w : want) {
        auto rows = e.solve("gdlsc_game", "init_state", {Term::variable("s")});
        BOOST_REQUIRE_EQUAL(rows.size(), 1u);
        bool found = false;
        for (const auto& f : gdl::list_items(rows[0].at("s"))) found |= f.args.at(0).name == w;
        BOOST_TEST(found, w);
        BOOST_TEST(e.succeeds("gdlsc_situation", "holds", {Term::compound("f", {c(w)}), c("s0")}), w);
    }
}

BOOST_AUTO_TEST_CASE(situations_are_memoised_per_situation) {
    load(read("counter.kif", counter_game()));
    auto& e = pl::Engine::instance();
    auto fluent_after = [&](int steps) {
        auto rows = e.solve("gdlsc_situation", "holds", {Term::variable("f"), history_sit(steps)});
        BOOST_REQUIRE_EQUAL(rows.size(), 1u);
        return rows[0].at("f").to_kif();
    };
    BOOST_TEST(fluent_after(150) == "(count 150)");
    BOOST_TEST(situation_tables() == 151u);  // s0 .. the 150th situation, each once
    BOOST_TEST(fluent_after(151) == "(count 151)");
    BOOST_TEST(situation_tables() == 152u);  // one more state: progression from the memo
    auto t0 = std::chrono::steady_clock::now();
    BOOST_TEST(fluent_after(300) == "(count 300)");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST(situation_tables() == 301u);
    BOOST_TEST(secs < 2.0);
    BOOST_TEST(e.succeeds("gdlsc_formula", "eval", {c("terminal"), history_sit(300)}));
    BOOST_TEST(!e.succeeds("gdlsc_situation", "poss", {Term::compound("a", {c("tick")}), history_sit(300)}));
    BOOST_TEST(e.succeeds("gdlsc_situation", "poss", {Term::compound("a", {c("tick")}), history_sit(299)}));
}

GDLSC_CORPUS_CASE(program_text_that_does_not_compile_is_an_engine_error) {
    auto& e = pl::Engine::instance();
    try {
        e.load_game_text(":- module(game, []).\n'g:role'(x.\n", {"x"});
        BOOST_FAIL("no error");
    } catch (const EngineError& err) {
        BOOST_TEST(std::string(err.what()).find("does not compile") != std::string::npos, err.what());
    }
    load_file(gdlsc::test::corpus_dir() + "/gdl1/ticTacToe.kif");
    BOOST_TEST(e.legal_moves("xplayer", e.initial_state()).size() == 9u);
}
