// The layering of ../shared/DESIGN.md §5, checked on the sources: every `#include "X/..."`
// in src/<folder>/ names src/base, the folder itself, or a folder the table lets it use;
// SWI-cpp2.h is included in src/prolog only, z3++.h in src/smt only and BuDDy's bdd.h in
// src/symbolic only; every folder of
// src/ is in the table; no folder but src/prolog (and src/sc, which writes the generated
// program) names a runtime module: the C++ side calls the runtime through
// src/prolog (runtime.h, pl::Engine); a test seam (src/<folder>/*_testing.h) is included by
// no other folder of src/, so the command line, the C++ API and Python cannot reach it. (The build enforces most of it too: each library compiles against
// a view of src/ with only those folders, CMakeLists.txt gdlsc_layer.) The checker is run
// on a made-up tree with an upward include first, so the test can fail.
#define BOOST_TEST_MODULE architecture_layering
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// folder -> the folders it may include besides itself and base (DESIGN §5).
const std::map<std::string, std::set<std::string>> kMayUse = {
    {"base", {}},
    {"gdl", {}},
    {"sc", {"gdl"}},
    {"ground", {"gdl"}},
    {"network", {"gdl", "ground"}},
    {"prolog", {"gdl", "sc", "ground", "network"}},
    {"smt", {"gdl", "ground"}},
    {"symbolic", {"gdl", "ground", "network"}},
    {"session", {"gdl", "prolog", "ground", "network", "smt"}},
    {"infoset", {"gdl", "prolog", "session"}},
    {"prove", {"gdl", "prolog", "ground", "network", "smt", "symbolic", "session", "infoset"}},
    {"simulate", {"gdl", "prolog", "network", "session", "infoset"}},
    {"query", {"gdl", "sc", "prolog", "ground", "network", "smt", "symbolic", "session"}},
    {"cli", {"session", "query", "prove", "simulate", "infoset"}},
    {"api", {"session", "query", "prove", "simulate", "infoset"}},
    {"python", {"api"}},
};
// Third-party headers that belong to one folder.
const std::map<std::string, std::string> kOwnedHeader = {{"SWI-cpp2.h", "prolog"}, {"SWI-Prolog.h", "prolog"},
                                                         {"SWI-Stream.h", "prolog"}, {"z3++.h", "smt"}, {"z3.h", "smt"},
                                                         {"bdd.h", "symbolic"},
                                                         {"pybind11.h", "python"}};

std::vector<std::string> violations(const fs::path& src) {
    std::vector<std::string> out;
    static const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
    static const std::regex runtime_name(R"re("(gdlsc_[a-z_]+))re");
    for (const auto& dir : fs::directory_iterator(src)) {
        if (!dir.is_directory()) continue;
        const std::string folder = dir.path().filename().string();
        auto allowed = kMayUse.find(folder);
        if (allowed == kMayUse.end()) {
            out.push_back("src/" + folder + " is not in the layering table (DESIGN §5)");
            continue;
        }
        for (const auto& f : fs::recursive_directory_iterator(dir.path())) {
            const std::string ext = f.path().extension().string();
            if (ext != ".h" && ext != ".cpp") continue;
            std::ifstream in(f.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n) {
                std::smatch m;
                // The runtime's modules are named in src/prolog (runtime.cpp, the typed calls; engine.cpp,
                // loading and the flags; states.cpp, the state API; network.cpp, the foreign module gdlsc_network)
                // and in src/sc (the generated program calls the GDL-III hooks), nowhere else.
                if (folder != "prolog" && folder != "sc" && std::regex_search(line, m, runtime_name))
                    out.push_back(fs::relative(f.path(), src.parent_path()).string() + ":" + std::to_string(n) +
                                  ": names the runtime module " + m[1].str() + " (call it through src/prolog/runtime.h)");
                if (!std::regex_search(line, m, include)) continue;
                const std::string target = m[1];
                const std::string where = fs::relative(f.path(), src.parent_path()).string() + ":" + std::to_string(n);
                auto owned = kOwnedHeader.find(fs::path(target).filename().string());
                if (owned != kOwnedHeader.end() && owned->second != folder)
                    out.push_back(where + ": " + target + " belongs to src/" + owned->second);
                const auto slash = target.find('/');
                if (slash == std::string::npos || line.find('"') == std::string::npos) continue;
                const std::string layer = target.substr(0, slash);
                if (!kMayUse.count(layer)) continue;  // not one of ours (e.g. nlohmann/json.hpp with quotes)
                // A test seam (a *_testing.h header: mutations the tests must catch) is for the
                // tests and its own folder's sources, never for the product's other layers.
                const std::string name = fs::path(target).filename().string();
                if (layer != folder && name.size() > 10 && name.compare(name.size() - 10, 10, "_testing.h") == 0)
                    out.push_back(where + ": src/" + folder + " includes the test seam " + target);
                if (layer != folder && layer != "base" && !allowed->second.count(layer))
                    out.push_back(where + ": src/" + folder + " includes " + target + " (it may use base" +
                                  [&] {
                                      std::string s;
                                      for (const auto& u : allowed->second) s += ", " + u;
                                      return s;
                                  }() + ")");
            }
        }
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_checker_finds_an_upward_include) {
    const fs::path root = fs::temp_directory_path() / ("gdlsc_layering_" + std::to_string(::getpid()));
    fs::create_directories(root / "src" / "prolog");
    fs::create_directories(root / "src" / "gdl");
    fs::create_directories(root / "src" / "newstage");
    std::ofstream(root / "src" / "prolog" / "engine.cpp") << "#include \"gdl/term.h\"\n#include \"query/errors.h\"\n";
    std::ofstream(root / "src" / "gdl" / "term.cpp") << "#include <SWI-cpp2.h>\n#include \"base/errors.h\"\n";
    fs::create_directories(root / "src" / "query");
    std::ofstream(root / "src" / "query" / "ask.cpp") << "auto r = e.solve(\"gdlsc_formula\", \"eval\", args);\n";
    fs::create_directories(root / "src" / "cli");
    std::ofstream(root / "src" / "cli" / "cmd_prove.cpp") << "#include \"prove/prove_testing.h\"\n";
    // A capability that includes another laterally (prove may use infoset, not query).
    fs::create_directories(root / "src" / "prove");
    std::ofstream(root / "src" / "prove" / "proof.cpp") << "#include \"infoset/infoset.h\"\n#include \"query/engines.h\"\n";
    auto v = violations(root / "src");
    fs::remove_all(root);
    BOOST_TEST_INFO_SCOPE(v.size());
    BOOST_REQUIRE(v.size() == 6u);
    std::string all;
    for (const auto& s : v) all += s + "\n";
    BOOST_TEST(all.find("src/prolog/engine.cpp:2: src/prolog includes query/errors.h") != std::string::npos, all);
    BOOST_TEST(all.find("src/gdl/term.cpp:1: SWI-cpp2.h belongs to src/prolog") != std::string::npos, all);
    BOOST_TEST(all.find("src/newstage is not in the layering table") != std::string::npos, all);
    BOOST_TEST(all.find("src/query/ask.cpp:1: names the runtime module gdlsc_formula") != std::string::npos, all);
    BOOST_TEST(all.find("src/prove/proof.cpp:2: src/prove includes query/engines.h") != std::string::npos, all);
    BOOST_TEST(all.find("src/cli/cmd_prove.cpp:1: src/cli includes the test seam prove/prove_testing.h") !=
                   std::string::npos,
               all);
}

BOOST_AUTO_TEST_CASE(sources_follow_the_layering) {
    const fs::path src = fs::path(GDLSC_SOURCE_DIR) / "src";
    BOOST_REQUIRE(fs::is_directory(src));
    auto v = violations(src);
    std::string all;
    for (const auto& s : v) all += s + "\n";
    BOOST_TEST(v.empty(), "include against DESIGN §5:\n" << all);
}
