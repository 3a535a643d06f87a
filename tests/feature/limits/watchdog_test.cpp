// The process watchdog (src/prolog/watchdog.h), tested in forked children that hang on
// purpose the way a stuck engine would (a thread blocked for good in pthread_join, or a
// busy loop): the child must end by itself with exit 4 and the documented message, within
// the deadline plus a margin; a scope that ends in time, or is replaced by an inner one and
// restored, must not fire early; the exit deadline keeps the command's own exit code.
#define BOOST_TEST_MODULE limits_watchdog
#include <boost/test/unit_test.hpp>
#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "run_gdlsc.h"
#include "prolog/watchdog.h"

using gdlsc::pl::WatchdogScope;

using namespace gdlsc::test;

namespace {

// Runs `body` in a forked child, stderr captured (tests/support/run_gdlsc.h); kills it after 20 s.
RunResult run_child(const std::function<void()>& body) { return run_forked(body, kill_after(20)); }

// A hang like the one the watchdog guards against: joining a thread that never ends.
void* wait_forever(void*) {
    for (;;) pause();
    return nullptr;
}
[[noreturn]] void hang_in_join() {
    pthread_t t;
    pthread_create(&t, nullptr, wait_forever, nullptr);
    pthread_join(t, nullptr);
    for (;;) pause();
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_call_that_hangs_past_its_limit_ends_with_exit_4) {
    auto r = run_child([] {
        WatchdogScope w(0.5, "next_state/3", 0.25);
        hang_in_join();
    });
    BOOST_TEST(r.exit_code == 4);
    BOOST_TEST(r.err ==
               "gdlsc: limit: next_state/3 was still running after 0.5 s (time limit 0.25 s, not honoured by "
               "Prolog): stopped by the watchdog\n");
    BOOST_TEST(r.seconds >= 0.5);
    BOOST_TEST(r.seconds < 10);
}

BOOST_AUTO_TEST_CASE(a_busy_loop_is_stopped_too) {
    auto r = run_child([] {
        WatchdogScope w(0.3, "loading the game");
        volatile unsigned long x = 0;
        for (;;) x = x + 1;
    });
    BOOST_TEST(r.exit_code == 4);
    BOOST_TEST(r.err == "gdlsc: limit: loading the game was still running after 0.3 s: stopped by the watchdog\n");
}

BOOST_AUTO_TEST_CASE(a_scope_that_ends_in_time_does_not_fire) {
    auto r = run_child([] {
        for (int i = 0; i < 200; ++i) WatchdogScope w(0.2, "a short call", 0.1);
        { WatchdogScope w(0.2, "a call"); }
        std::this_thread::sleep_for(std::chrono::milliseconds(600));
        _exit(0);
    });
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.err.empty(), r.err);
}

BOOST_AUTO_TEST_CASE(the_outer_deadline_comes_back_after_an_inner_scope) {
    // outer 0.6 s; an inner scope with a later deadline ends; the outer one still fires,
    // with its own message, and not before its time
    auto r = run_child([] {
        WatchdogScope outer(0.6, "outer call");
        { WatchdogScope inner(30, "inner call"); }
        hang_in_join();
    });
    BOOST_TEST(r.exit_code == 4);
    BOOST_TEST(r.err == "gdlsc: limit: outer call was still running after 0.6 s: stopped by the watchdog\n");
    BOOST_TEST(r.seconds >= 0.6);
    BOOST_TEST(r.seconds < 10);
    // an inner deadline earlier than the outer one fires first
    auto r2 = run_child([] {
        WatchdogScope outer(30, "outer call");
        WatchdogScope inner(0.2, "inner call");
        hang_in_join();
    });
    BOOST_TEST(r2.exit_code == 4);
    BOOST_TEST(r2.err == "gdlsc: limit: inner call was still running after 0.2 s: stopped by the watchdog\n");
    BOOST_TEST(r2.seconds < 10);
    // the outer deadline passes while a later inner one is armed: it fires as soon as the
    // inner scope ends (at about 1 s), not at the inner deadline (4 s)
    auto r3 = run_child([] {
        WatchdogScope outer(0.3, "outer call");
        {
            WatchdogScope inner(4, "inner call");
            std::this_thread::sleep_for(std::chrono::milliseconds(1000));
        }
        hang_in_join();
    });
    BOOST_TEST(r3.exit_code == 4);
    BOOST_TEST(r3.err == "gdlsc: limit: outer call was still running after 0.3 s: stopped by the watchdog\n");
    BOOST_TEST(r3.seconds >= 1.0);
    BOOST_TEST(r3.seconds < 3.5);
}

BOOST_AUTO_TEST_CASE(a_stuck_exit_keeps_the_command_exit_code) {
    auto r = run_child([] {
        gdlsc::pl::watchdog_arm_exit(1, 0.3);
        hang_in_join();
    });
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(r.err ==
               "gdlsc: warning: exiting took more than 0.3 s after the command finished: stopped (the output "
               "above is complete)\n");
}

BOOST_AUTO_TEST_CASE(no_limit_means_no_watchdog) {
    auto r = run_child([] {
        WatchdogScope w(0, "a call without a limit");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        _exit(0);
    });
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.err.empty(), r.err);
}
