// Corpus verdicts: runs the real `gdlsc check --json` on every game file listed in
// tests/corpus/verdicts.tsv and compares with the recorded verdict (valid; valid with a
// warning for an accepted deviation from GDL, which --strict refuses; or the first error with
// its location). Also checks the table covers the corpus, the JSON shape and
// the exit codes. GDLSC_PRINT_VERDICTS=1 prints the current verdicts instead of failing.
#define BOOST_TEST_MODULE corpus_verdicts
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "run_gdlsc.h"
#include "game_paths.h"

namespace fs = std::filesystem;
using gdlsc::test::run_gdlsc;

namespace {

const std::string kGames = gdlsc::test::corpus_dir();

struct Row {
    std::string file, verdict, reason;
};

std::vector<Row> read_table() {
    std::ifstream in(std::string(GDLSC_SOURCE_DIR) + "/tests/corpus/verdicts.tsv");
    BOOST_REQUIRE_MESSAGE(in, "cannot read tests/corpus/verdicts.tsv");
    std::vector<Row> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ls(line);
        Row r;
        std::getline(ls, r.file, '\t');
        std::getline(ls, r.verdict, '\t');
        std::getline(ls, r.reason);
        rows.push_back(r);
    }
    return rows;
}

// The corpus files the table must cover (see the header of verdicts.tsv).
std::set<std::string> corpus_files() {
    std::set<std::string> out;
    auto add = [&](const std::string& dir, const std::regex& name) {
        for (const auto& e : fs::directory_iterator(kGames + "/" + dir))
            if (e.is_regular_file() && std::regex_match(e.path().filename().string(), name))
                out.insert(dir + "/" + e.path().filename().string());
    };
    std::regex any(".*"), kif(".*\\.kif");
    add("gdl1", any);
    add("gdl2", any);
    add("fixtures/libgdl_invalid", any);
    add("fixtures/libgdl_queries", any);
    add("fixtures/dresden_traces", kif);
    add("fixtures/benderng", std::regex("axioms.*\\.kif|maze\\.kif"));
    return out;
}

// `valid`; `valid-with-warnings: ` and the first accepted deviation from GDL; or the first
// error; each as file:line:col: message (file relative to the games folder).
std::string verdict_of(const nlohmann::json& j) {
    const bool valid = j.at("valid").get<bool>();
    for (const auto& d : j.at("diagnostics")) {
        if (valid ? !(d.at("deviation").get<bool>() && d.at("severity") == "warning") : d.at("severity") != "error")
            continue;
        std::string file = d.at("file").get<std::string>();
        if (file.rfind(kGames + "/", 0) == 0) file = file.substr(kGames.size() + 1);
        return (valid ? "valid-with-warnings: " : "") + file + ":" + std::to_string(d.at("line").get<int>()) + ":" +
               std::to_string(d.at("col").get<int>()) + ": " + d.at("message").get<std::string>();
    }
    return valid ? "valid" : "invalid without an error";
}

}  // namespace

GDLSC_CORPUS_CASE(table_covers_the_corpus) {
    std::set<std::string> listed;
    for (const auto& r : read_table()) {
        BOOST_TEST(listed.insert(r.file).second, "listed twice: " << r.file);
        BOOST_TEST(!r.reason.empty(), "no reason for " << r.file);
    }
    for (const auto& f : corpus_files()) BOOST_TEST(listed.count(f) == 1u, "not in verdicts.tsv: " << f);
    for (const auto& f : listed) BOOST_TEST(fs::exists(kGames + "/" + f), "no such corpus file: " << f);
}

GDLSC_CORPUS_CASE(every_verdict_matches) {
    bool print = std::getenv("GDLSC_PRINT_VERDICTS") != nullptr;
    for (const auto& r : read_table()) {
        auto run = run_gdlsc({"check", "--json", kGames + "/" + r.file});
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(run.out);
        } catch (const std::exception& e) {
            BOOST_ERROR(r.file << ": output is not JSON: " << e.what());
            continue;
        }
        std::string got = verdict_of(j);
        if (print) std::cout << r.file << "\t" << got << "\n";
        BOOST_TEST(got == r.verdict, r.file);
        const bool valid = got == "valid" || got.rfind("valid-with-warnings: ", 0) == 0;
        BOOST_TEST(run.exit_code == (valid ? 0 : 2), r.file << ": exit code " << run.exit_code);
        if (got.rfind("valid-with-warnings: ", 0) == 0) {  // --strict refuses what gdlsc accepts
            auto strict = run_gdlsc({"check", "--strict", kGames + "/" + r.file});
            BOOST_TEST(strict.exit_code == 2, r.file << ": --strict");
        }
    }
}

GDLSC_CORPUS_CASE(json_has_exactly_the_documented_shape) {
    auto run = run_gdlsc({"check", "--json", kGames + "/gdl1/ticTacToe.kif"});
    BOOST_TEST(run.exit_code == 0);
    auto j = nlohmann::json::parse(run.out);
    std::set<std::string> keys;
    for (const auto& [k, _] : j.items()) keys.insert(k);
    BOOST_TEST((keys == std::set<std::string>{"valid", "verdict", "diagnostics", "roles", "predicates"}));
    BOOST_TEST(j["verdict"] == "valid");
    BOOST_TEST(j["roles"] == nlohmann::json::parse(R"(["xplayer", "oplayer"])"));
    std::map<std::string, std::string> cls;
    for (const auto& p : j["predicates"]) {
        BOOST_TEST(p.size() == 3u);
        cls[p["name"].get<std::string>() + "/" + std::to_string(p["arity"].get<int>())] = p["class"];
    }
    BOOST_TEST(cls["cell/3"] == "primitive fluent");
    BOOST_TEST(cls["control/1"] == "primitive fluent");
    BOOST_TEST(cls["legal/2"] == "derived fluent");
    BOOST_TEST(cls["line/1"] == "derived fluent");
    BOOST_TEST(cls["next/1"] == "derived action predicate");
    BOOST_TEST(cls["role/1"] == "static");

    run = run_gdlsc({"check", "--json", kGames + "/fixtures/libgdl_invalid/orsafe.kif"});
    BOOST_TEST(run.exit_code == 2);
    j = nlohmann::json::parse(run.out);
    BOOST_TEST(j["valid"] == false);
    BOOST_REQUIRE(j["diagnostics"].size() == 4u);  // the error, and the lint: test/1 unused, test2/1 and test3/1 undefined
    const auto& d = j["diagnostics"][1];
    BOOST_TEST(d.size() == 7u);
    BOOST_TEST(d["deviation"] == false);
    BOOST_TEST(d["lint"] == false);
    BOOST_TEST(d["line"] == 5);
    BOOST_TEST(d["col"] == 11);
    BOOST_TEST(d["severity"] == "error");
}

GDLSC_CORPUS_CASE(text_output_and_exit_codes) {
    auto run = run_gdlsc({"check", kGames + "/gdl2/montyhall.kif"});
    BOOST_TEST(run.exit_code == 0);
    BOOST_TEST(run.out.find(": valid\nroles: random candidate\n") != std::string::npos, run.out);
    BOOST_TEST(std::regex_search(run.out, std::regex("\nsees +2 +derived action predicate +[0-9]+ +no\n")), run.out);
    run = run_gdlsc({"check", "/nonexistent/game.kif"});
    BOOST_TEST(run.exit_code == 2);
    run = run_gdlsc({"check"});
    BOOST_TEST(run.exit_code == 64);
}
