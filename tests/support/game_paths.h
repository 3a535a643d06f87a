// Paths of the games the tests read: the project's examples/ and the public corpus, and how a
// test case that reads the corpus is declared so that it is skipped, saying so, without it.
//
// The corpus folder: $GDLSC_CORPUS when set, else the one configured (GDLSC_GAMES, i.e.
// ../shared/games beside the checkout unless -DGDLSC_SHARED_DIR=DIR says otherwise).
//
//   GDLSC_CORPUS_CASE(name) { ... corpus("gdl1/ticTacToe.kif") ... }
//
// declares a Boost.Test case with the label `corpus` and a precondition on the folder
// (GDLSC_CORPUS_SUITE(name) ... BOOST_AUTO_TEST_SUITE_END() the same for a whole suite). CTest
// runs the `corpus` cases of an executable as a test of their own, <name>_corpus, through
// tests/support/corpus_gate.sh, which reports CTest's skip status (one line naming the folder)
// when the corpus is absent; the other cases run as <name> (tests/CMakeLists.txt).
#pragma once
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace gdlsc::test {

inline std::string corpus_dir() {
    const char* env = std::getenv("GDLSC_CORPUS");
    return env && *env ? std::string(env) : std::string(GDLSC_GAMES);
}
/// The built-in properties of `gdlsc prove` (Thielscher 2010, Prop. 2 and 3, Theorem 4).
inline const char* const kKnowledgeProperties[] = {"legal-knowledge", "terminal-knowledge", "goal-knowledge",
                                                   "perfect-information"};

inline std::string example(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/examples/" + rel; }
inline std::string corpus(const std::string& rel) { return corpus_dir() + "/" + rel; }
inline bool have_corpus() { return std::filesystem::is_directory(corpus_dir()); }
/// Every game file (.kif, .gdl) of the corpus's gdl1 and gdl2 folders, sorted.
inline std::vector<std::filesystem::path> corpus_games() {
    std::vector<std::filesystem::path> files;
    for (const char* dir : {"gdl1", "gdl2"})
        for (const auto& e : std::filesystem::directory_iterator(corpus(dir)))
            if (e.path().extension() == ".kif" || e.path().extension() == ".gdl") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

inline boost::test_tools::assertion_result corpus_present(boost::unit_test::test_unit_id) {
    boost::test_tools::assertion_result r(have_corpus());
    r.message() << "skipped: the game corpus " << corpus_dir()
                << " is absent (set GDLSC_CORPUS=DIR to point at another one)";
    return r;
}

}  // namespace gdlsc::test

/// A test suite whose every case reads the corpus (the label and precondition on the suite).
#define GDLSC_CORPUS_SUITE(name)                                                                 \
    BOOST_AUTO_TEST_SUITE(name, *boost::unit_test::label("corpus") *                             \
                                    boost::unit_test::precondition(gdlsc::test::corpus_present))

#define GDLSC_CORPUS_CASE(name)                                                                  \
    BOOST_AUTO_TEST_CASE(name, *boost::unit_test::label("corpus") *                              \
                                   boost::unit_test::precondition(gdlsc::test::corpus_present))
