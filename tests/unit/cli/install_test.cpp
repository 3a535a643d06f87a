// The install (issue 9): `cmake --install` of this build into a fresh prefix gives a gdlsc that
// finds its Prolog runtime there without any environment variable, a man page made from --help,
// and the C++ API as a CMake package: examples/api is configured with find_package(gdlsc),
// built and run against the installed tree, and prints the answers its README states.
#define BOOST_TEST_MODULE install
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include "run_gdlsc.h"

namespace fs = std::filesystem;
using namespace gdlsc::test;

namespace {

// Runs a shell command with the environment of the tests minus GDLSC_PROLOG_DIR; its output.
int sh(const std::string& cmd, std::string& out) {
    TempDir d;
    std::string file = (d.path / "out").string();
    int status = std::system(("env -u GDLSC_PROLOG_DIR bash -c '" + cmd + "' >" + file + " 2>&1").c_str());
    out = slurp(file);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The indented block after "Expected output" in examples/api/README.md.
std::string expected_output() {
    std::ifstream in(std::string(GDLSC_SOURCE_DIR) + "/examples/api/README.md");
    std::string line, out;
    bool in_block = false, seen = false;
    while (std::getline(in, line)) {
        if (line.rfind("Expected output", 0) == 0) seen = true;
        else if (seen && line.rfind("    ", 0) == 0) in_block = true, out += line.substr(4) + "\n";
        else if (in_block) break;
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(installed_tree_runs_and_the_api_example_builds_against_it) {
    const fs::path build = fs::path(GDLSC_BINARY).parent_path();
    TempDir tmp;
    const fs::path prefix = tmp.path / "prefix";
    std::string out;
    BOOST_REQUIRE_MESSAGE(sh("cmake --install " + build.string() + " --prefix " + prefix.string(), out) == 0, out);

    for (const char* f : {"bin/gdlsc", "share/gdlsc/prolog/gdlsc.pl", "share/gdlsc/axioms/README.md",
                          "share/man/man1/gdlsc.1", "include/gdlsc/gdlsc.h"})
        BOOST_TEST(fs::exists(prefix / f), f);
    bool lib = false, config = false;
    for (const auto& e : fs::recursive_directory_iterator(prefix)) {
        lib |= e.path().filename() == "libgdlsc.so";
        config |= e.path().filename() == "gdlscConfig.cmake";
    }
    BOOST_TEST(lib);
    BOOST_TEST(config);

    // The installed binary: its runtime is the installed one, and it answers the README's query.
    const std::string gdlsc = (prefix / "bin/gdlsc").string();
    BOOST_REQUIRE(sh(gdlsc + " --version", out) == 0);
    BOOST_TEST(out.find("\nruntime " + (prefix / "share/gdlsc/prolog").string() + "\n") != std::string::npos, out);
    const std::string card = std::string(GDLSC_SOURCE_DIR) + "/examples/card_game/card_game.kif";
    BOOST_TEST(sh(gdlsc + " query " + card + " \"(knows jane (true (hascard jane ?c)))\" --history \"(noop noop (deal king 7))\"",
                  out) == 0);
    BOOST_TEST(out == "holds\n?c = king\n", out);
    // The man page is the --help text: the summary, and every command's options.
    const std::string page = slurp((prefix / "share/man/man1/gdlsc.1").string());
    BOOST_TEST(page.rfind(".TH GDLSC 1", 0) == 0);
    BOOST_TEST(page.find("gdlsc \\- prove what holds and what players know") != std::string::npos, page.substr(0, 400));
    for (const char* cmd : {"check", "translate", "query", "regress", "infoset", "prove", "belief", "simulate", "solve", "replay"})
        BOOST_TEST(page.find(std::string(".SS ") + cmd + "\n") != std::string::npos, cmd);
    BOOST_TEST(page.find("--max-steps") != std::string::npos);  // an option of simulate
    if (sh("command -v man", out) == 0) {  // rendered, where man is installed
        BOOST_REQUIRE(sh("man -l " + (prefix / "share/man/man1/gdlsc.1").string() + " | cat", out) == 0);
        BOOST_TEST(out.find("prove what holds and what players know") != std::string::npos, out.substr(0, 400));
    }

    // The API example, against the installed package only.
    const fs::path ex = tmp.path / "build-api";
    BOOST_REQUIRE_MESSAGE(sh("cmake -S " + std::string(GDLSC_SOURCE_DIR) + "/examples/api -B " + ex.string() +
                                 " -DCMAKE_PREFIX_PATH=" + prefix.string() + " && cmake --build " + ex.string(),
                             out) == 0,
                          out);
    BOOST_REQUIRE(sh((ex / "card_game_api").string() + " " + card, out) == 0);
    BOOST_TEST(out == expected_output());
    // A bad game through the API: gdlsc::Error with the documented exit code and the location.
    const std::string bad = (tmp.path / "bad.kif").string();
    std::ofstream(bad) << "(role r)\n(init (p 1)\n";
    BOOST_TEST(sh((ex / "card_game_api").string() + " " + bad, out) == 2);
    BOOST_TEST(out.find("bad.kif:2:1: error: '(' is never closed") != std::string::npos, out);
    BOOST_TEST(sh((ex / "card_game_api").string() + " " + (tmp.path / "missing.kif").string(), out) == 2);
    BOOST_TEST(out.find("cannot open file") != std::string::npos, out);
    BOOST_REQUIRE(sh((ex / "card_game_api").string() + " --version", out) == 0);
    BOOST_TEST(out.find("\nruntime " + (prefix / "share/gdlsc/prolog").string() + "\n") != std::string::npos, out);
}

// The Python package (issue 28): installed into <prefix>/lib/python3/dist-packages, where
// Debian's python3 looks under /usr and /usr/local, with its stubs; imported from the fresh
// prefix alone (PYTHONPATH), it finds the installed libgdlsc and the installed runtime.
BOOST_AUTO_TEST_CASE(installed_python_package_imports_from_the_prefix) {
    const fs::path build = fs::path(GDLSC_BINARY).parent_path();
    if (!fs::exists(build / "python/gdlsc/__init__.py")) {
        BOOST_TEST_MESSAGE("skipped: the Python module was not built (pybind11 missing)");
        return;
    }
    TempDir tmp;
    const fs::path prefix = tmp.path / "prefix";
    std::string out;
    BOOST_REQUIRE_MESSAGE(sh("cmake --install " + build.string() + " --prefix " + prefix.string(), out) == 0, out);
    const fs::path site = prefix / "lib/python3/dist-packages";
    bool module = false;
    for (const auto& e : fs::directory_iterator(site / "gdlsc"))
        module |= e.path().filename().string().rfind("_gdlsc.cpython-", 0) == 0;
    BOOST_TEST(module);
    for (const char* f : {"__init__.py", "__init__.pyi", "py.typed", "env.py", "_errors.py"})
        BOOST_TEST(fs::exists(site / "gdlsc" / f), f);
    const std::string card = std::string(GDLSC_SOURCE_DIR) + "/examples/card_game/card_game.kif";
    const std::string py =
        "import gdlsc; g = gdlsc.Game.load(\"" + card + "\"); "
        "print(gdlsc.__file__); print(g.query(\"(knows jane (true (hascard jane ?c)))\", \"(noop noop (deal king 7))\")); "
        "print(gdlsc.version().splitlines()[-1])";
    BOOST_REQUIRE_MESSAGE(sh("cd " + tmp.path.string() + " && env -u PYTHONHOME PYTHONPATH=" + site.string() +
                                 " /usr/bin/python3 -c '\\''" + py + "'\\''",
                             out) == 0,
                          out);
    BOOST_TEST(out == (site / "gdlsc/__init__.py").string() + "\n[{'c': 'king'}]\nruntime " +
                          (prefix / "share/gdlsc/prolog").string() + "\n",
               out);
}
