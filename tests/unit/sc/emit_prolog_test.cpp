// The generated Prolog module (src/sc/emit_prolog.cpp): game symbols stay data (quoted
// atoms, relations as 'g:<name>' predicates, numbers as atoms), the relation classes and
// role order the runtime reads, and the module loaded and run by the real SWI-Prolog.
#define BOOST_TEST_MODULE sc_emit_prolog
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>

#include "gdl/reader.h"
#include "run_gdlsc.h"
#include "sc/emit_prolog.h"

using namespace gdlsc;

namespace {

std::string emit(const std::string& text) {
    gdl::Diagnostics d;
    auto p = gdl::read_game_text("t.kif", text, d);
    BOOST_REQUIRE_MESSAGE(!d.has_errors(), text);
    return sc::emit_prolog(p, gdl::analyze(p));
}

// Loads `module` into swipl and prints the solutions of `goal` (over module game), one per line.
std::string run_in_swipl(const std::string& module, const std::string& goal) {
    char path[] = "/tmp/gdlsc_emit_prolog_XXXXXX.pl";
    int fd = mkstemps(path, 3);
    BOOST_REQUIRE(fd >= 0);
    close(fd);
    std::ofstream(path) << module;
    auto r = test::run_program({"/usr/bin/env", "swipl", "--on-error=status", "-q", "-g",
                                "use_module('" + std::string(path) + "'), forall((" + goal + "), (print(X), nl))", "-t",
                                "halt", path});
    std::remove(path);
    BOOST_TEST(r.exit_code == 0, r.err);
    return r.out;
}

// Relations named like Prolog builtins and control: they must stay the game's.
const char* kBuiltins =
    "(role a) (role random)\n"
    "(init (p 1))\n"
    "(<= (legal a (move ?x)) (true (p ?x)))\n"
    "(<= (legal random noop) (true (p 1)))\n"
    "(<= (next (p ?x)) (does a (move ?x)))\n"
    "(<= (call ?x) (true (p ?x)))\n"
    "(<= halt (call 1))\n"
    "(<= (assertz ?x) (call ?x))\n"
    "(<= (sees a (seen ?x)) (does a (move ?x)))\n"
    "(<= terminal (not (true (p 1))))\n"
    "(<= (goal a 100) halt)\n"
    "(<= (goal random 0) halt)\n";

}  // namespace

BOOST_AUTO_TEST_CASE(relations_are_prefixed_predicates_never_builtins) {
    std::string m = emit(kBuiltins);
    BOOST_TEST(m.find("'g:call'(V0, S) :-") != std::string::npos, m);
    BOOST_TEST(m.find("'g:halt'(S) :-\n    'g:call'('1', S).") != std::string::npos, m);
    BOOST_TEST(m.find("'g:assertz'(V0, S) :-\n    'g:call'(V0, S).") != std::string::npos, m);
    // No clause body (its lines are indented) calls a bare halt, call or assertz.
    std::istringstream lines(m);
    const std::regex bare(R"((^|[\s(,;])(halt|call|assertz)\s*[(,.])");
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("    ", 0) == 0) BOOST_TEST(!std::regex_search(line, bare), line);
}

BOOST_AUTO_TEST_CASE(numbers_are_atoms_and_symbols_lower_case) {
    std::string m = emit(kBuiltins);
    BOOST_TEST(m.find("'g:init'(p('1')).") != std::string::npos, m);
    BOOST_TEST(m.find("'g:goal'(a, '100', S)") != std::string::npos, m);
}

BOOST_AUTO_TEST_CASE(roles_and_classes_for_the_runtime) {
    std::string m = emit(kBuiltins);
    BOOST_TEST(m.find("roles([a, random]).") != std::string::npos, m);
    BOOST_TEST(m.find("role_index(random, 2).") != std::string::npos, m);
    BOOST_TEST(m.find("relation(next, 1, action).") != std::string::npos, m);
    BOOST_TEST(m.find("relation(sees, 2, action).") != std::string::npos, m);
    BOOST_TEST(m.find("relation(legal, 2, fluent).") != std::string::npos, m);
    BOOST_TEST(m.find("relation(call, 1, fluent).") != std::string::npos, m);
    BOOST_TEST(m.find("relation(init, 1, static).") != std::string::npos, m);
    BOOST_TEST(m.find("\nepistemic.") == std::string::npos, m);  // GDL-II: no knows in the rules
}

BOOST_AUTO_TEST_CASE(odd_symbols_are_quoted_so_that_they_read_back) {
    std::string m = emit(
        "(role |O'Brien|) (init (|a b| |\\\\x|)) (<= (legal |O'Brien| |Go Left|) (true (|a b| ?y)))\n"
        "(<= (next (|a b| ?y)) (true (|a b| ?y))) (<= terminal (true (|a b| done)))\n"
        "(<= (goal |O'Brien| 0) (true (|a b| ?y)))\n");
    std::string out = run_in_swipl(m, "game:roles(X) ; game:'g:legal'(_, X, ['a b'(x)])");
    BOOST_TEST(out.find("['O\\'Brien']") != std::string::npos, out);
    BOOST_TEST(out.find("'Go Left'") != std::string::npos, out);
    // KIF |\\x| is the two-character symbol backslash, x: its codes read back exactly.
    BOOST_TEST(run_in_swipl(m, "game:'g:init'('a b'(Y)), atom_codes(Y, X)") == "[92,120]\n");
}

BOOST_AUTO_TEST_CASE(the_module_runs_in_swi_prolog) {
    std::string m = emit(kBuiltins);
    // legal moves, a derived relation through two builtin-named relations, and a percept.
    BOOST_TEST(run_in_swipl(m, "game:'g:legal'(a, X, [p('1')])") == "move('1')\n");
    BOOST_TEST(run_in_swipl(m, "game:'g:halt'([p('1')]), X = yes") == "yes\n");
    BOOST_TEST(run_in_swipl(m, "game:'g:halt'([p('2')]) -> X = yes ; X = no") == "no\n");
    BOOST_TEST(run_in_swipl(m, "game:'g:sees'(a, X, a(move('2'), noop), [p('2')])") == "seen('2')\n");
    BOOST_TEST(run_in_swipl(m, "game:'g:terminal'([p('2')]), X = t") == "t\n");
}

BOOST_AUTO_TEST_CASE(gdl3_games_are_marked_epistemic) {
    std::string m = emit(
        "(role p) (role random) (init (n 1)) (init (n 2)) (<= (secret ?x) (true (n ?x)))\n"
        "(<= (legal p wait) (not (knows p (secret 1)))) (<= (legal p stop) (knows p (secret 1)))\n"
        "(<= (legal random noop) (true (n 1))) (<= (next (n ?x)) (true (n ?x)))\n"
        "(<= terminal (true (n 3))) (<= (goal p 0) (true (n 1))) (<= (goal random 0) (true (n 1)))\n");
    BOOST_TEST(m.find("\nepistemic.") != std::string::npos, m);
}
