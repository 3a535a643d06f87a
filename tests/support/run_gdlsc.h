// The one way tests run a program, above all the gdlsc binary under test (GDLSC_BINARY):
// no shell, stdin from /dev/null, standard output, standard error and the exit status
// captured separately, and a time limit: a child still running then is killed (with its
// process group) and the call throws, so the test fails with the command in the message
// instead of hanging ctest. Options for the tests that need more (an open stdin, changes to
// the environment such as LD_PRELOAD, a kill at the limit reported instead of thrown) and
// run_forked for a test body run in a child. Also temporary files for the inputs tests write.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace gdlsc::test {

struct RunResult {
    int exit_code = -1;  ///< the exit status; -1 when the child was ended by a signal
    std::string out, err;
    bool timed_out = false;  ///< killed at the time limit (only with RunOptions::kill_at_limit)
    double seconds = 0;      ///< wall time from the start to the end of the child
};

/// The default time limit of one run, in seconds.
constexpr int default_run_seconds = 120;

/// How to run the child, for the tests that need more control than the defaults.
struct RunOptions {
    double seconds = default_run_seconds;  ///< the time limit
    /// The child's stdin: this descriptor (e.g. the read end of a pipe kept open and empty,
    /// so that a read would block as under ctest); /dev/null when -1.
    int stdin_fd = -1;
    /// Changes to the inherited environment: "NAME=value" sets NAME, "NAME" removes it.
    std::vector<std::string> env;
    /// A child still running at the limit is killed and returned with timed_out set,
    /// instead of the call throwing.
    bool kill_at_limit = false;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// A fresh temporary directory, removed with everything in it by the destructor.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string tmpl = (std::filesystem::temp_directory_path() / "gdlsc-test-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
        path = tmpl;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    /// Writes `content` to the file `name` in this directory and returns its path.
    std::string file(const std::string& name, const std::string& content) const {
        auto p = (path / name).string();
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
};

/// Writes `text` to `name` in a temporary directory that lives as long as the test program.
inline std::string temp_file(const std::string& name, const std::string& text) {
    static TempDir dir;
    return dir.file(name, text);
}

/// The full path of the executable `name` found on PATH, or "" if there is none.
inline std::string find_on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        auto p = std::filesystem::path(dir.empty() ? "." : dir) / name;
        if (access(p.c_str(), X_OK) == 0 && !std::filesystem::is_directory(p)) return p.string();
    }
    return "";
}

/// The command as one line, for messages.
inline std::string command_line(const std::vector<std::string>& args) {
    std::string s;
    for (const auto& a : args) {
        bool plain = !a.empty() && a.find_first_of(" \t\n'\"()|;&<>*?$\\") == std::string::npos;
        s += (s.empty() ? "" : " ") + (plain ? a : "'" + a + "'");
    }
    return s;
}

/// Options for a child that may hang on purpose: killed after `seconds`, reported, not thrown.
inline RunOptions kill_after(double seconds) {
    RunOptions opt;
    opt.seconds = seconds;
    opt.kill_at_limit = true;
    return opt;
}

namespace detail {

inline std::vector<std::string> child_environment(const std::vector<std::string>& changes) {
    auto name_of = [](const std::string& e) { return e.substr(0, e.find('=')); };
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        std::string entry = *e;
        bool changed = false;
        for (const auto& c : changes) changed = changed || name_of(c) == name_of(entry);
        if (!changed) env.push_back(entry);
    }
    for (const auto& c : changes)
        if (c.find('=') != std::string::npos) env.push_back(c);
    return env;
}

inline std::vector<char*> c_strings(std::vector<std::string>& v) {
    std::vector<char*> p;
    for (auto& s : v) p.push_back(s.data());
    p.push_back(nullptr);
    return p;
}

// Waits for `pid` (its own process group) until it ends or `opt.seconds` have passed, then
// collects its output files.
inline RunResult wait_child(pid_t pid, std::chrono::steady_clock::time_point start, const RunOptions& opt,
                            const std::string& what, const std::string& out_path, const std::string& err_path) {
    auto limit = std::chrono::duration<double>(opt.seconds);
    RunResult r;
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) != pid) {
        if (std::chrono::steady_clock::now() - start > limit) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            if (!opt.kill_at_limit) {
                std::ostringstream msg;
                msg << "still running after " << opt.seconds << " s, killed: " << what << "\n" << slurp(err_path);
                throw std::runtime_error(msg.str());
            }
            r.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(3));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!r.timed_out && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

}  // namespace detail

/// Runs `args` (args[0] is the program's path; no shell) as `opt` says. Safe from several
/// threads at once (posix_spawn). Throws std::runtime_error if it cannot start the child, or
/// the child is still running at the limit (unless opt.kill_at_limit).
inline RunResult run_program(const std::vector<std::string>& args, const RunOptions& opt) {
    TempDir dir;
    auto out_path = (dir.path / "out").string(), err_path = (dir.path / "err").string();
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (opt.stdin_fd >= 0) posix_spawn_file_actions_adddup2(&fa, opt.stdin_fd, 0);
    else posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);  // its own group: a kill also ends what it started
    posix_spawnattr_setpgroup(&attr, 0);
    std::vector<std::string> argv_s = args, env_s = detail::child_environment(opt.env);
    auto argv = detail::c_strings(argv_s), envp = detail::c_strings(env_s);
    auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    int rc = posix_spawn(&pid, argv[0], &fa, &attr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) throw std::runtime_error("cannot start: " + command_line(args));
    return detail::wait_child(pid, start, opt, command_line(args), out_path, err_path);
}

/// Runs `args` for at most `seconds` (see above).
inline RunResult run_program(const std::vector<std::string>& args, int seconds = default_run_seconds) {
    RunOptions opt;
    opt.seconds = seconds;
    return run_program(args, opt);
}

/// Runs `body` in a forked child of this (single-threaded) test process, the same way: stdin
/// as opt says, stdout and stderr captured, the time limit. The child exits 0 when `body`
/// returns; what it tests is how it ends otherwise. opt.env is not used.
inline RunResult run_forked(const std::function<void()>& body, const RunOptions& opt) {
    TempDir dir;
    auto out_path = (dir.path / "out").string(), err_path = (dir.path / "err").string();
    std::fflush(nullptr);
    auto start = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        setpgid(0, 0);
        int in = opt.stdin_fd >= 0 ? opt.stdin_fd : open("/dev/null", O_RDONLY);
        int o = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || o < 0 || e < 0) _exit(127);
        dup2(in, 0);
        dup2(o, 1);
        dup2(e, 2);
        body();
        _exit(0);
    }
    setpgid(pid, pid);
    return detail::wait_child(pid, start, opt, "a forked test body", out_path, err_path);
}

/// Runs the gdlsc binary under test with `args` (see run_program).
inline RunResult run_gdlsc(std::vector<std::string> args, int seconds = default_run_seconds) {
    args.insert(args.begin(), GDLSC_BINARY);
    return run_program(args, seconds);
}

/// Runs the gdlsc binary under test with `args` as `opt` says (see run_program).
inline RunResult run_gdlsc(std::vector<std::string> args, const RunOptions& opt) {
    args.insert(args.begin(), GDLSC_BINARY);
    return run_program(args, opt);
}

}  // namespace gdlsc::test
