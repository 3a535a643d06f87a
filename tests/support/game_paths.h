// Paths of the games the tests read: the project's examples/ and the public corpus
// (GDLSC_GAMES, ../shared/games unless configured otherwise), and a Boost.Test precondition
// that reports a corpus test as skipped, naming the folder, when the corpus is absent.
#pragma once
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <string>

namespace gdlsc::test {

inline std::string example(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/examples/" + rel; }
inline std::string corpus(const std::string& rel) { return std::string(GDLSC_GAMES) + "/" + rel; }
inline bool have_corpus() { return std::filesystem::is_directory(GDLSC_GAMES); }

/// `BOOST_AUTO_TEST_CASE(name, *boost::unit_test::precondition(gdlsc::test::corpus_present))`
inline boost::test_tools::assertion_result corpus_present(boost::unit_test::test_unit_id) {
    boost::test_tools::assertion_result r(have_corpus());
    r.message() << "skipped: the game corpus " << GDLSC_GAMES
                << " is absent (configure with -DGDLSC_SHARED_DIR=DIR for another shared/ folder)";
    return r;
}

}  // namespace gdlsc::test
