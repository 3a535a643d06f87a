// Safety (DESIGN §5): a game whose relations are named like Prolog builtins (shell, halt,
// assert, consult, call, format, open, tell) is an ordinary game through the real binary,
// and none of those builtins ever runs: no file is created, nothing extra is printed,
// the process is not halted early.
#define BOOST_TEST_MODULE prolog_safety
#include <boost/test/unit_test.hpp>

#include <filesystem>

#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;
using gdlsc::test::temp_file;
namespace fs = std::filesystem;

namespace {

std::string marker(const std::string& name) {
    return (fs::temp_directory_path() / ("gdlsc-safety-" + std::to_string(::getpid()) + "-" + name)).string();
}

// Every relation name is a builtin; the facts hold goals that would leave a trace if run.
std::string hostile_game() {
    return "(role shell)\n(role halt)\n"
           "(consult 1) (consult 2)\n"
           "(<= (call ?x) (consult ?x))\n"
           "(open \"" + marker("open") + "\" write s)\n"
           "(shell \"touch " + marker("shell") + "\")\n"
           "(tell \"" + marker("tell") + "\")\n"
           "(format \"SHOULD-NOT-PRINT~n\")\n"
           "(init (assert 0))\n"
           "(init (retract halt))\n"
           "(<= (legal shell (assert ?x)) (call ?x) (not (true (assert ?x))))\n"
           "(<= (legal shell noop) (true (assert 1)) (true (assert 2)))\n"
           "(<= (legal halt noop) (true (assert ?x)))\n"
           "(<= (next (assert ?x)) (does shell (assert ?x)))\n"
           "(<= (next (assert ?x)) (true (assert ?x)))\n"
           "(<= (next (retract ?x)) (true (retract ?x)))\n"
           "(<= halt (true (assert 1)) (true (assert 2)))\n"
           "(<= terminal halt)\n"
           "(<= (goal shell 100) halt)\n(<= (goal shell 0) (not halt))\n"
           "(<= (goal halt 0) halt)\n(<= (goal halt 100) (not halt))\n";
}

void check_no_trace(const gdlsc::test::RunResult& r) {
    // The text may come back as data ("SHOULD-NOT-PRINT~n"), never as format's output.
    BOOST_TEST(r.out.find("SHOULD-NOT-PRINT\n") == std::string::npos);
    BOOST_TEST(r.err.find("SHOULD-NOT-PRINT") == std::string::npos);
    for (const char* m : {"open", "shell", "tell"}) BOOST_TEST(!fs::exists(marker(m)), m << " ran");
}

}  // namespace

BOOST_AUTO_TEST_CASE(builtin_names_are_ordinary_relations) {
    std::string game = temp_file("hostile.kif", hostile_game());
    auto r = run_gdlsc({"query", game, "(legal ?r ?m)"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out == "holds\n?r = halt, ?m = noop\n?r = shell, ?m = (assert 1)\n?r = shell, ?m = (assert 2)\n");
    check_no_trace(r);

    r = run_gdlsc({"query", game, "--history", "((assert 1) noop) ((assert 2) noop)", "(true ?f)"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out == "holds\n?f = (assert 0)\n?f = (assert 1)\n?f = (assert 2)\n?f = (retract halt)\n");
    check_no_trace(r);

    r = run_gdlsc({"query", game, "--history", "((assert 1) noop) ((assert 2) noop)", "(and halt terminal (goal shell ?v))"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out == "holds\n?v = 100\n");

    r = run_gdlsc({"query", game, "(or (shell ?x) (tell ?x) (format ?x) (open ?x write ?s))"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find("?x = \"touch " + marker("shell") + "\"") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("?x = \"SHOULD-NOT-PRINT~n\"") != std::string::npos, r.out);
    check_no_trace(r);

    r = run_gdlsc({"translate", "--format", "prolog", game});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find("'g:shell'(") != std::string::npos);
    BOOST_TEST(r.out.find("'g:halt'(S)") != std::string::npos);
    check_no_trace(r);
}

BOOST_AUTO_TEST_CASE(prolog_syntax_in_constants_stays_data) {
    // Symbols whose text is Prolog: quotes, a full stop, a directive, a closing bracket.
    std::string game = temp_file("syntax.kif",
                                 "(role p)\n"
                                 "(init (f \"a'),halt,('\"))\n(init (f x',halt,'y))\n(init (f |:- halt.|))\n"
                                 "(init (f \"'),shell('touch " + marker("const") + "'),('\"))\n"
                                 "(<= (legal p (say ?x)) (true (f ?x)))\n"
                                 "(<= (next (f ?x)) (true (f ?x)))\n"
                                 "(<= terminal (true (f done)))\n(goal p 100)\n");
    auto r = run_gdlsc({"query", game, "--history", "((say \"a'),halt,('\"))", "(true (f ?x))"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find("?x = \"a'),halt,('\"\n") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("?x = x',halt,'y\n") != std::string::npos, r.out);
    BOOST_TEST(!fs::exists(marker("const")));
    BOOST_TEST(r.out.rfind("holds\n", 0) == 0);
}
