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
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

#include "../traces/test_support.h"

extern char** environ;

using namespace gdlsc::test;
using Clock = std::chrono::steady_clock;

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

struct Outcome {
    int code = -1;  ///< -1: killed after the time limit, or ended by a signal
    std::string out, err;
    double seconds = 0;
};

Outcome run(const std::vector<std::string>& args, const std::string& preload, const TempDir& dir, double limit_s) {
    std::string out_path = (dir.path / "out").string(), err_path = (dir.path / "err").string();
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
        if (std::string(*e).rfind("LD_PRELOAD=", 0) != 0) env.emplace_back(*e);
    if (!preload.empty()) env.push_back("LD_PRELOAD=" + preload);
    std::vector<char*> envp, argv;
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string bin = GDLSC_BINARY;
    std::vector<std::string> copy = args;
    argv.push_back(bin.data());
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    Outcome o;
    auto start = Clock::now();
    pid_t pid = 0;
    int rc = posix_spawn(&pid, bin.c_str(), &fa, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    BOOST_REQUIRE(rc == 0);
    int status = 0;
    for (;;) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            if (WIFEXITED(status)) o.code = WEXITSTATUS(status);
            break;
        }
        if (std::chrono::duration<double>(Clock::now() - start).count() > limit_s) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    o.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    o.out = slurp(out_path);
    o.err = slurp(err_path);
    return o;
}

}  // namespace

BOOST_AUTO_TEST_CASE(exit_does_not_wait_for_the_alarm_scheduler) {
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
        Outcome plain = run(args, "", dir, 60);
        BOOST_REQUIRE_MESSAGE(plain.code == 0, what << ": exit " << plain.code << ": " << plain.err);
        Outcome raced = run(args, so, dir, 8);  // below the exit watchdog's 10 s
        BOOST_TEST(raced.code == 0, what << ": exit " << raced.code << (raced.code < 0 ? " (hung, killed at 8 s)" : "")
                                         << " after " << raced.seconds << " s: " << raced.err);
        BOOST_TEST(raced.err.empty(), what << ": " << raced.err);
        BOOST_TEST(raced.out == plain.out, what);
    }
}
