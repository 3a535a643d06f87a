// Regression test for the exit hang of `gdlsc simulate nim1.kif --timeout 60` (1 run in
// ~8000 on a loaded machine). SWI-Prolog 9.0.4's library(time) halt hook, run by PL_cleanup,
// sets the alarm scheduler's stop flag before it locks the scheduler's mutex; a scheduler
// thread that wakes in between returns with the mutex locked, and the hook then waits for
// it for ever. The race is made certain here with an LD_PRELOAD shim, compiled by the test:
// every pthread_cond_wait returns 5 ms late (a scheduler that is slow to run, as on a busy
// machine) and PL_sigaction, which the hook calls between the flag and the lock, takes 50 ms.
// Under it a gdlsc that runs PL_cleanup at exit hangs every time (killed at 8 s, or stopped
// by the exit watchdog at 10 s with a warning); gdlsc must exit 0 at once, print exactly
// what it prints without the shim, and nothing on stderr.
#define BOOST_TEST_MODULE limits_shutdown_race
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <vector>

#include "../traces/test_support.h"
#include "game_paths.h"

using namespace gdlsc::test;

namespace {

const char* kShim = R"(#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
    static int (*real)(pthread_cond_t *, pthread_mutex_t *);
    if (!real) real = (int (*)(pthread_cond_t *, pthread_mutex_t *))dlvsym(RTLD_NEXT, "pthread_cond_wait", "GLIBC_2.3.2");
    int rc = real(c, m);
    usleep(5000);
    return rc;
}
int PL_sigaction(int sig, void *act, void *old) {
    static int (*real)(int, void *, void *);
    if (!real) real = (int (*)(int, void *, void *))dlsym(RTLD_NEXT, "PL_sigaction");
    usleep(50000);
    return real(sig, act, old);
}
)";

// gdlsc `args` with the shim preloaded (none when `preload` is empty, and none inherited),
// killed after `limit_s`.
RunResult run(const std::vector<std::string>& args, const std::string& preload, double limit_s) {
    RunOptions opt = kill_after(limit_s);
    opt.env = {preload.empty() ? "LD_PRELOAD" : "LD_PRELOAD=" + preload};
    return run_gdlsc(args, opt);
}

}  // namespace

GDLSC_CORPUS_CASE(exit_does_not_wait_for_the_alarm_scheduler) {
    TempDir dir;
    std::string src = dir.file("late_scheduler.c", kShim), so = (dir.path / "late_scheduler.so").string();
    std::string cc = "cc -shared -fPIC -O1 -o " + so + " " + src + " -ldl 2>&1";
    BOOST_REQUIRE_MESSAGE(std::system(cc.c_str()) == 0, "cannot compile the LD_PRELOAD shim: " << cc);

    std::string nim = game_path("gdl1/nim1.kif"), gen = game_path("gdl2/two_generals.kif");
    const std::vector<std::vector<std::string>> commands = {
        {"simulate", nim, "--timeout", "60"},
        {"simulate", nim, "--timeout", "60"},
        {"simulate", nim, "--timeout", "60"},
        {"simulate", gen, "--timeout", "60", "--json"},
        {"infoset", gen, "--role", "generala", "--history", "((settime 3am) noop intercept)", "--timeout", "60"},
    };
    for (const auto& args : commands) {
        std::string what;
        for (const auto& a : args) what += " " + a;
        RunResult plain = run(args, "", 60);
        BOOST_REQUIRE_MESSAGE(plain.exit_code == 0, what << ": exit " << plain.exit_code << ": " << plain.err);
        RunResult raced = run(args, so, 8);  // below the exit watchdog's 10 s
        BOOST_TEST(raced.exit_code == 0, what << ": exit " << raced.exit_code
                                              << (raced.timed_out ? " (hung, killed at 8 s)" : "") << " after "
                                              << raced.seconds << " s: " << raced.err);
        BOOST_TEST(raced.err.empty(), what << ": " << raced.err);
        BOOST_TEST(raced.out == plain.out, what);
    }
}
