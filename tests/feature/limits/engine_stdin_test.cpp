// The embedded engine never waits for the terminal: with stdin an open pipe that never
// delivers a byte (as a terminal, or ctest's stdin), Prolog reads from user_input and the
// current input get end_of_file at once, and the debugger is off (an uncaught error cannot
// start an interactive prompt). Each case runs in a forked child with its own engine, under
// a time limit: a read that blocks is a hang, reported as such.
#define BOOST_TEST_MODULE limits_engine_stdin
#include <boost/test/unit_test.hpp>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <thread>

#include "gdl/term.h"
#include "prolog/engine.h"

using gdlsc::gdl::Term;
namespace pl = gdlsc::pl;

namespace {

// Runs `body` in a child whose stdin is an open, empty pipe; the child's exit code, or -1
// when it had to be killed after `limit_s` seconds (it blocked).
int run_with_open_stdin(const std::function<bool()>& body, double limit_s = 30) {
    int fds[2];
    BOOST_REQUIRE(pipe(fds) == 0);
    pid_t pid = fork();
    BOOST_REQUIRE(pid >= 0);
    if (pid == 0) {
        dup2(fds[0], 0);  // fds[1] stays open: a read of fd 0 would block
        bool ok = false;
        try {
            ok = body();
        } catch (const std::exception& e) {
            fprintf(stderr, "child: %s\n", e.what());
        }
        _exit(ok ? 0 : 1);
    }
    close(fds[0]);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit_s);
    int status = 0, code = -1;
    for (;;) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            if (WIFEXITED(status)) code = WEXITSTATUS(status);
            break;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    close(fds[1]);
    return code;
}

bool reads_end_of_file(const std::string& predicate, const std::vector<Term>& args) {
    auto rows = pl::Engine::instance().solve("user", predicate, args);
    return rows.size() == 1 && rows[0].at("x").name == "end_of_file";
}

}  // namespace

BOOST_AUTO_TEST_CASE(reading_user_input_gets_end_of_file) {
    BOOST_TEST(run_with_open_stdin([] { return reads_end_of_file("read", {Term::constant("user_input"), Term::variable("x")}); }) == 0);
}

BOOST_AUTO_TEST_CASE(reading_the_current_input_gets_end_of_file) {
    BOOST_TEST(run_with_open_stdin([] { return reads_end_of_file("read", {Term::variable("x")}); }) == 0);
}

BOOST_AUTO_TEST_CASE(the_debugger_is_off) {
    BOOST_TEST(run_with_open_stdin([] {
                   return pl::Engine::instance().succeeds(
                       "user", "current_prolog_flag", {Term::constant("debug_on_error"), Term::constant("false")});
               }) == 0);
}
