// The watchdog behind a real engine call. With the engine's --no-signals, SWI-Prolog's
// alarm cannot interrupt a call blocked in a system call: call_with_time_limit(0.5,
// sleep(30)) only sees its alarm when the sleep ends. Such a call must still end the
// process at limit + grace (0.5 + 5 s) with exit 4 and the watchdog's message, instead of
// running on. An ordinary limited call that exceeds its limit is still a LimitError (the
// alarm path), not the watchdog.
#define BOOST_TEST_MODULE limits_engine_watchdog
#include <boost/test/unit_test.hpp>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <thread>

#include "gdl/term.h"
#include "prolog/engine.h"
#include "base/errors.h"
#include "run_gdlsc.h"

using gdlsc::gdl::Term;
namespace pl = gdlsc::pl;

using namespace gdlsc::test;

namespace {

// Runs `body` in a forked child, stderr captured (tests/support/run_gdlsc.h); kills it after 40 s.
RunResult run_child(const std::function<void()>& body) { return run_forked(body, kill_after(40)); }

// call((atom_number('S', N), Goal(N))) in module user, under a 0.5 s limit.
void limited_call(const std::string& goal, const std::string& seconds) {
    auto& e = pl::Engine::instance();
    pl::Limits lim;
    lim.seconds = 0.5;
    e.set_limits(lim);
    Term g = Term::compound(",", {Term::compound("atom_number", {Term::constant(seconds), Term::variable("n")}),
                                  Term::compound(goal, {Term::variable("n")})});
    e.solve("user", "call", {g});
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_call_blocked_in_a_system_call_is_stopped_by_the_watchdog) {
    RunResult c = run_child([] {
        limited_call("sleep", "30");
        _exit(0);  // not reached: the sleep runs 30 s, the watchdog fires at 5.5 s
    });
    BOOST_TEST(c.exit_code == 4, c.err);
    BOOST_TEST(c.err ==
               "gdlsc: limit: user:call/1 was still running after 5.5 s (time limit 0.5 s, not honoured by "
               "Prolog): stopped by the watchdog\n");
    BOOST_TEST(c.seconds >= 5.5);
    BOOST_TEST(c.seconds < 25);
}

BOOST_AUTO_TEST_CASE(a_busy_call_gets_the_ordinary_limit_error) {
    RunResult c = run_child([] {
        try {
            // forall(repeat, true) never ends: a Prolog loop, which sees its signals
            auto& e = pl::Engine::instance();
            pl::Limits lim;
            lim.seconds = 0.5;
            e.set_limits(lim);
            Term loop = Term::compound("forall", {Term::constant("repeat"), Term::constant("true")});
            Term g = Term::compound(",", {Term::compound("=", {Term::variable("x"), Term::constant("a")}), loop});
            e.solve("user", "call", {g});
        } catch (const gdlsc::LimitError& ex) {
            fprintf(stderr, "%s\n", ex.what());
            _exit(4);
        }
        _exit(0);
    });
    BOOST_TEST(c.exit_code == 4);
    BOOST_TEST(c.err == "time limit of 0.5 s exceeded in user:call/1\n");
    BOOST_TEST(c.seconds < 5);
}
