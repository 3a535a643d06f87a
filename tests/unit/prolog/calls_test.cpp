// Calls into the embedded engine under limits (src/prolog/calls.h), against the real SWI-Prolog:
// goals built from gdl terms, list items (of a partial list: those before its tail), state
// records and the error of an empty handle; and run_once's outcomes: success with its bindings,
// failure, and each Prolog exception as the documented error type with its context: the time
// limit TimeLimitError ("time limit of 0.2 s exceeded in <context>"), the inference limit and a
// resource error LimitError, any other exception EngineError with SWI-Prolog's own message.
#define BOOST_TEST_MODULE prolog_calls
#include <boost/test/unit_test.hpp>

#include <SWI-cpp2.h>

#include <chrono>
#include <string>

#include "base/errors.h"
#include "gdl/term.h"
#include "prolog/calls.h"
#include "prolog/engine.h"

using namespace gdlsc;
using namespace gdlsc::pl::detail;
using gdl::Term;

namespace {

void started() { (void)pl::Engine::instance(); }

std::string writeq(const PlTerm& t) { return t.get_nchars(CVT_WRITEQ | REP_UTF8 | BUF_STACK); }

PlTerm parse(const char* text) {
    PlTerm_var t;
    BOOST_REQUIRE(PL_chars_to_term(text, t.C_));
    return t;
}

template <typename E>
std::string error_of(const PlTerm& goal, const std::string& context, const pl::Limits& lim) {
    try {
        run_once(goal, context, lim);
    } catch (const E& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(building_goals) {
    started();
    Frame frame;
    BOOST_TEST(writeq(compound("f", {PlTerm_atom("a"), int_term(-7)})) == "f(a,-7)");
    BOOST_TEST(writeq(qualified("gdlsc_game", compound("init", {PlTerm_atom("x")}))) == "gdlsc_game:init(x)");
    pl::VarMap vars;
    PlTerm t = gdl_term(Term::compound("p", {Term::variable("x"), Term::variable("x")}), vars);
    BOOST_TEST(vars.size() == 1u);
    BOOST_TEST(writeq(t).rfind("p(_", 0) == 0u);
    // list items
    BOOST_TEST(list_terms(parse("[a, f(b), c]")).size() == 3u);
    BOOST_TEST(list_terms(parse("[a, f(b), c]"))[1].to_kif() == "(f b)");
    BOOST_TEST(list_terms(parse("[a, b | T]")).size() == 2u);
    BOOST_TEST(list_terms(parse("f(a)")).empty());
    BOOST_TEST(list_terms(parse("[]")).empty());
}

BOOST_AUTO_TEST_CASE(state_records) {
    started();
    Frame frame;
    pl::Handle h = record(parse("[cell(1,1,b), control(x)]"));
    BOOST_TEST(h.valid());
    BOOST_TEST(writeq(recorded(h)) == "[cell(1,1,b),control(x)]");
    pl::Handle copy = h;  // shared: one record
    BOOST_TEST(copy.raw() == h.raw());
    try {
        recorded(pl::Handle{});
        BOOST_FAIL("no error");
    } catch (const EngineError& e) {
        BOOST_TEST(std::string(e.what()) == "use of an empty state handle");
    }
}

BOOST_AUTO_TEST_CASE(success_failure_and_bindings) {
    started();
    Frame frame;
    PlTerm goal = parse("atom_length(abcd, N)");
    BOOST_TEST(run_once(qualified("system", goal), "atom_length/2", pl::Limits{}));
    BOOST_TEST(writeq(goal) == "atom_length(abcd,4)");  // the binding stays
    BOOST_TEST(!run_once(qualified("system", parse("atom_length(abcd, 3)")), "atom_length/2", pl::Limits{}));
    BOOST_TEST(!run_once(parse("fail"), "fail", pl::Limits{}));
}

BOOST_AUTO_TEST_CASE(exceptions_become_the_documented_errors) {
    started();
    Frame frame;
    pl::Limits timed;
    timed.seconds = 0.2;
    auto start = std::chrono::steady_clock::now();
    BOOST_TEST(error_of<TimeLimitError>(parse("repeat, fail"), "the loop", timed) ==
               "time limit of 0.2 s exceeded in the loop");
    BOOST_TEST(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 3.0);

    pl::Limits counted;
    counted.inferences = 1000;
    BOOST_TEST(error_of<LimitError>(parse("numlist(1, 100000, L), sum_list(L, _)"), "summing", counted) ==
               "inference limit of 1000 exceeded in summing");
    // within the bound: no error
    BOOST_TEST(run_once(parse("numlist(1, 10, L)"), "numlist", counted));

    BOOST_TEST(error_of<LimitError>(parse("throw(error(resource_error(memory), context))"), "loading", pl::Limits{}) ==
               "Prolog ran out of resources (resource_error(memory)) in loading");
    // other exceptions: EngineError, with the context and Prolog's message
    std::string m = error_of<EngineError>(parse("atom_length(X, _)"), "gdlsc_game:step/3", pl::Limits{});
    BOOST_TEST(m.rfind("gdlsc_game:step/3: ", 0) == 0u, m);
    BOOST_TEST(m.find("nstantiat") != std::string::npos, m);  // "Arguments are not sufficiently instantiated"
    m = error_of<EngineError>(parse("throw(my_ball)"), "ctx", pl::Limits{});
    BOOST_TEST(m.rfind("ctx: ", 0) == 0u, m);
    BOOST_TEST(m.find("my_ball") != std::string::npos, m);
}
