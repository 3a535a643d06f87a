// Helpers for the tests that run the real gdlsc binary (GDLSC_BINARY): run a command with
// a timeout and capture its output, and normalise KIF text (case folding, spacing, see sexpr.h)
// so that answers can be compared as sets of canonical strings.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "sexpr.h"

namespace gdlsc::test {

struct RunResult {
    int exit_code = -1;  ///< -1 when killed by the timeout or a signal
    std::string out, err;
    bool timed_out = false;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// A fresh temporary directory (removed by the destructor).
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string tmpl = (std::filesystem::temp_directory_path() / "gdlsc-test-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string file(const std::string& name, const std::string& content) const {
        auto p = (path / name).string();
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
};

/// Runs `args` (argv[0] = program path, no shell) with a timeout in seconds.
inline RunResult run_program(const std::vector<std::string>& args, int timeout_s = 120) {
    TempDir dir;
    auto out_path = (dir.path / "out").string(), err_path = (dir.path / "err").string();
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        int o = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(o, 1);
        dup2(e, 2);
        std::vector<char*> argv;
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    RunResult r;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    int status = 0;
    while (true) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) break;
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            r.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!r.timed_out && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

/// Runs the gdlsc binary under test with the given arguments.
inline RunResult run_gdlsc(std::vector<std::string> args, int timeout_s = 120) {
    args.insert(args.begin(), GDLSC_BINARY);
    return run_program(args, timeout_s);
}

inline std::string games_dir() { return GDLSC_GAMES; }
inline std::string game_path(const std::string& rel) { return games_dir() + "/" + rel; }

/// Canonical KIF of one term: lower case, single spaces. Throws on text that is not one term.
inline std::string canonical_kif(const std::string& text) {
    auto es = read_sexprs(text);
    if (es.size() != 1) throw std::runtime_error("not one KIF term: '" + text + "'");
    return es[0].str();
}

inline std::set<std::string> canonical_set(const std::vector<std::string>& items) {
    std::set<std::string> out;
    for (const auto& s : items) out.insert(canonical_kif(s));
    return out;
}

/// Human-readable symmetric difference of two sets (for failure messages).
inline std::string set_difference_text(const std::set<std::string>& expected,
                                       const std::set<std::string>& actual) {
    std::string msg;
    for (const auto& e : expected)
        if (!actual.count(e)) msg += "\n  missing: " + e;
    for (const auto& a : actual)
        if (!expected.count(a)) msg += "\n  extra:   " + a;
    return msg;
}

}  // namespace gdlsc::test
