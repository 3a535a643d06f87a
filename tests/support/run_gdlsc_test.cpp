// The shared runner of tests/support/run_gdlsc.h: output, error output and exit status apart,
// no shell, and the time limit: a hung child (and what it started) is killed and the call
// throws with the command in the message, so no test can hang ctest. The options: an open
// stdin, changes to the environment, a kill at the limit reported; a test body in a child.
#define BOOST_TEST_MODULE support_run_gdlsc
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "run_gdlsc.h"
#include "game_paths.h"

using namespace gdlsc::test;

BOOST_AUTO_TEST_CASE(output_error_and_status_are_apart) {
    auto r = run_program({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"});
    BOOST_TEST(r.out == "out\n");
    BOOST_TEST(r.err == "err\n");
    BOOST_TEST(r.exit_code == 3);
    r = run_program({"/bin/sh", "-c", "kill -9 $$"});
    BOOST_TEST(r.exit_code == -1);
    // arguments reach the program as they are (no shell between)
    r = run_program({"/bin/echo", "a b", "$HOME", "'q'"});
    BOOST_TEST(r.out == "a b $HOME 'q'\n");
    // stdin is empty, not the test's own
    r = run_program({"/bin/cat"});
    BOOST_TEST(r.out.empty());
    BOOST_TEST(r.exit_code == 0);
}

BOOST_AUTO_TEST_CASE(a_hung_child_is_killed_and_the_call_throws) {
    auto start = std::chrono::steady_clock::now();
    std::string message;
    try {
        run_program({"/bin/sh", "-c", "echo started >&2; sleep 60 & wait"}, 1);
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    BOOST_TEST(seconds < 10);
    BOOST_TEST(message.find("still running after 1 s, killed: /bin/sh -c 'echo started >&2; sleep 60 & wait'") == 0u,
               message);
    BOOST_TEST(message.find("started") != std::string::npos, message);
}

GDLSC_CORPUS_CASE(runs_the_binary_under_test) {
    auto r = run_gdlsc({"check", gdlsc::test::corpus_dir() + "/gdl1/ticTacToe.kif"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find(": valid\n") != std::string::npos, r.out);
    r = run_gdlsc({"no-such-command"});
    BOOST_TEST(r.exit_code == 64);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(!r.err.empty());
}

BOOST_AUTO_TEST_CASE(options_stdin_environment_and_a_reported_kill) {
    RunOptions opt;
    opt.env = {"GDLSC_RUN_TEST=set here", "HOME"};
    auto r = run_program({"/bin/sh", "-c", "echo \"$GDLSC_RUN_TEST|${HOME-unset}|${PATH:+path}\""}, opt);
    BOOST_TEST(r.out == "set here|unset|path\n");
    // a pipe kept open and empty: a read blocks until the limit, which is reported, not thrown
    int fds[2];
    BOOST_REQUIRE(pipe(fds) == 0);
    opt = {};
    opt.stdin_fd = fds[0];
    opt.seconds = 0.5;
    opt.kill_at_limit = true;
    r = run_program({"/bin/cat"}, opt);
    close(fds[0]);
    close(fds[1]);
    BOOST_TEST(r.timed_out);
    BOOST_TEST(r.exit_code == -1);
    BOOST_TEST(r.seconds >= 0.5);
    BOOST_TEST(r.seconds < 10);
}

BOOST_AUTO_TEST_CASE(a_test_body_in_a_forked_child) {
    RunOptions opt;
    opt.seconds = 10;
    auto r = run_forked([] { std::fputs("to stderr", stderr); std::fflush(stderr); std::_Exit(5); }, opt);
    BOOST_TEST(r.exit_code == 5);
    BOOST_TEST(r.err == "to stderr");
    r = run_forked([] {}, opt);
    BOOST_TEST(r.exit_code == 0);
    opt.seconds = 0.3;
    opt.kill_at_limit = true;
    r = run_forked([] { for (;;) pause(); }, opt);
    BOOST_TEST(r.timed_out);
}
