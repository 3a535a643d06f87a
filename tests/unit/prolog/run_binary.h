// Runs the real gdlsc binary (GDLSC_BINARY) for the prolog/query tests: the command's
// exit code, standard output and standard error, with a time limit (`timeout`).
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gdlsc::test {

struct Run {
    int code = -1;
    std::string out, err;
};

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

/// gdlsc ARGS... (each argument quoted), at most 120 s.
inline Run run_gdlsc(const std::vector<std::string>& args) {
    static int counter = 0;
    auto dir = std::filesystem::temp_directory_path();
    std::string base = (dir / ("gdlsc-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++))).string();
    std::string cmd = "timeout 120 " + shell_quote(GDLSC_BINARY);
    for (const auto& a : args) cmd += " " + shell_quote(a);
    cmd += " >" + base + ".out 2>" + base + ".err </dev/null";
    int st = std::system(cmd.c_str());
    Run r;
    r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = read_text(base + ".out");
    r.err = read_text(base + ".err");
    std::filesystem::remove(base + ".out");
    std::filesystem::remove(base + ".err");
    return r;
}

/// Writes `text` to a fresh file in the temporary directory and returns its path.
inline std::string temp_file(const std::string& name, const std::string& text) {
    auto p = std::filesystem::temp_directory_path() / ("gdlsc-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
}

}  // namespace gdlsc::test
