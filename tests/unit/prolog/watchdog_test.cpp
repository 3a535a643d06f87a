// The process watchdog (src/prolog/watchdog.h) in forked children, timed by hand: a scope
// still open past its seconds ends the process with exit 4 (kExitLimit) and the message that
// names the call and its own time limit; a scope closed in time leaves the process alone;
// nested scopes restore the outer deadline (and the outer name); seconds <= 0 arm nothing;
// after watchdog_arm_exit the process has its seconds to exit, then ends with the command's
// exit code and a warning. Each child arms the watchdog itself: the parent never does (its
// thread would not be in the child).
#define BOOST_TEST_MODULE prolog_watchdog
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "base/errors.h"
#include "prolog/watchdog.h"

using namespace gdlsc;
using pl::WatchdogScope;

namespace {

struct Ended {
    int code = -1;  // exit code; -1: killed by a signal
    std::string err;
    double seconds = 0;
};

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

// Runs `body` in a child; the child exits 0 when body returns.
Ended in_child(const std::function<void()>& body) {
    int fd[2];
    BOOST_REQUIRE(::pipe(fd) == 0);
    auto start = std::chrono::steady_clock::now();
    pid_t pid = ::fork();
    BOOST_REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(fd[1], 2);
        ::close(fd[0]);
        body();
        ::_exit(0);
    }
    ::close(fd[1]);
    Ended e;
    char buf[512];
    for (ssize_t n; (n = ::read(fd[0], buf, sizeof buf)) > 0;) e.err.append(buf, static_cast<size_t>(n));
    ::close(fd[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    e.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return e;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_open_scope_past_its_deadline_ends_the_process) {
    Ended e = in_child([] {
        WatchdogScope w(0.3, "playouts/4", 0.1);
        sleep_s(5);
    });
    BOOST_TEST(e.code == kExitLimit);
    BOOST_TEST(e.err == "gdlsc: limit: playouts/4 was still running after 0.3 s (time limit 0.1 s, not honoured by Prolog): "
                        "stopped by the watchdog\n");
    BOOST_TEST(e.seconds < 3.0);  // at the deadline, not at the end of the sleep
    // without a limit of its own, the message names none
    e = in_child([] {
        WatchdogScope w(0.2, "loading the game");
        sleep_s(5);
    });
    BOOST_TEST(e.code == kExitLimit);
    BOOST_TEST(e.err == "gdlsc: limit: loading the game was still running after 0.2 s: stopped by the watchdog\n");
}

BOOST_AUTO_TEST_CASE(a_scope_closed_in_time_leaves_the_process_alone) {
    Ended e = in_child([] {
        { WatchdogScope w(0.3, "quick"); }
        sleep_s(0.6);  // well past the deadline, with the scope closed
        { WatchdogScope none(0, "never armed"); sleep_s(0.1); }
        { WatchdogScope none(-1, "never armed"); }
    });
    BOOST_TEST(e.code == 0);
    BOOST_TEST(e.err.empty());
}

BOOST_AUTO_TEST_CASE(nested_scopes_restore_the_outer_deadline) {
    // the inner scope (long) closes; the outer one (short) is still armed and fires, named
    Ended e = in_child([] {
        WatchdogScope outer(0.4, "outer");
        { WatchdogScope inner(30, "inner"); sleep_s(0.1); }
        sleep_s(5);
    });
    BOOST_TEST(e.code == kExitLimit);
    BOOST_TEST(e.err.find("gdlsc: limit: outer was still running after 0.4 s") == 0u, e.err);
    // an inner scope shorter than the outer fires with its own name
    e = in_child([] {
        WatchdogScope outer(30, "outer");
        WatchdogScope inner(0.2, "inner", 0.1);
        sleep_s(5);
    });
    BOOST_TEST(e.code == kExitLimit);
    BOOST_TEST(e.err.find("gdlsc: limit: inner was still running after 0.2 s (time limit 0.1 s") == 0u, e.err);
    // an outer deadline that passed while a long inner scope was open fires when it closes
    e = in_child([] {
        WatchdogScope outer(0.2, "outer");
        { WatchdogScope inner(30, "inner"); sleep_s(0.6); }
        sleep_s(5);
    });
    BOOST_TEST(e.code == kExitLimit);
    BOOST_TEST(e.err.find("gdlsc: limit: outer was still running") == 0u, e.err);
    BOOST_TEST(e.seconds < 3.0);
}

BOOST_AUTO_TEST_CASE(the_exit_is_bounded_too) {
    Ended e = in_child([] {
        pl::watchdog_arm_exit(kExitRefuted, 0.2);
        sleep_s(5);  // a shutdown that hangs
    });
    BOOST_TEST(e.code == kExitRefuted);  // the command's own exit code
    BOOST_TEST(e.err ==
               "gdlsc: warning: exiting took more than 0.2 s after the command finished: stopped (the output above is "
               "complete)\n");
    // an exit in time is the process's own
    e = in_child([] { pl::watchdog_arm_exit(0, 5); });
    BOOST_TEST(e.code == 0);
    BOOST_TEST(e.err.empty());
}
