// The one way tests run a program, above all the gdlsc binary under test (GDLSC_BINARY):
// no shell, stdin from /dev/null, standard output, standard error and the exit status
// captured separately, and a time limit: a child still running then is killed (with its
// process group) and the call throws, so the test fails with the command in the message
// instead of hanging ctest. Also temporary files for the inputs such tests write.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace gdlsc::test {

struct RunResult {
    int exit_code = -1;  ///< the exit status; -1 when the child was ended by a signal
    std::string out, err;
};

/// The default time limit of one run, in seconds.
constexpr int default_run_seconds = 120;

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

/// The command as one line, for messages.
inline std::string command_line(const std::vector<std::string>& args) {
    std::string s;
    for (const auto& a : args) {
        bool plain = !a.empty() && a.find_first_of(" \t\n'\"()|;&<>*?$\\") == std::string::npos;
        s += (s.empty() ? "" : " ") + (plain ? a : "'" + a + "'");
    }
    return s;
}

/// Runs `args` (args[0] is the program's path; no shell) for at most `seconds`. Throws
/// std::runtime_error if it cannot start the child or the child is still running then.
inline RunResult run_program(const std::vector<std::string>& args, int seconds = default_run_seconds) {
    TempDir dir;
    auto out_path = (dir.path / "out").string(), err_path = (dir.path / "err").string();
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed: " + command_line(args));
    if (pid == 0) {
        setpgid(0, 0);  // its own process group, so that a kill also ends what it started
        int in = open("/dev/null", O_RDONLY);
        int o = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || o < 0 || e < 0) _exit(127);
        dup2(in, 0);
        dup2(o, 1);
        dup2(e, 2);
        std::vector<char*> argv;
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) != pid) {
        if (std::chrono::steady_clock::now() > deadline) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            throw std::runtime_error("still running after " + std::to_string(seconds) + " s, killed: " +
                                     command_line(args) + "\n" + slurp(err_path));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    RunResult r;
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

/// Runs the gdlsc binary under test with `args` (see run_program).
inline RunResult run_gdlsc(std::vector<std::string> args, int seconds = default_run_seconds) {
    args.insert(args.begin(), GDLSC_BINARY);
    return run_program(args, seconds);
}

}  // namespace gdlsc::test
