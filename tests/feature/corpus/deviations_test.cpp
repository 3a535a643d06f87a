// The ten public GDL-II games that depart from the GDL specification in a way gdlsc accepts
// (doc/validation.md, "Accepted deviations"): each is valid with a located warning, refused by
// --strict, simulates to a terminal state, answers a knowledge query after the first steps of
// that match, and the engines agree on it there (`query --engine all`). Needs the public corpus.
#define BOOST_TEST_MODULE corpus_deviations
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game_paths.h"
#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;

namespace {

struct Case {
    const char* file;
    const char* warning;  ///< a part of the warning's text
};

const std::vector<Case> kCases = {
    {"gdl2/pennies.kif", "function 'coins' is used with"},
    {"gdl2/mastermind.kif", "function 'set' is used with"},
    {"gdl2/mastermind448.kif", "function 'set' is used with"},
    {"gdl2/hold_your_course_ii.kif", "function 'distract' is used with"},
    {"gdl2/blackjack.kif", "relation 'next-player' is used with"},
    {"gdl2/transit.kif", "'next' in the body of a sees rule"},
    {"gdl2/vis_pacman3p.kif", "'next' in the body of a sees rule"},
    {"gdl2/pyggp_dark_split_corridor_3_4.gdl", "occurs only in this negative literal"},
    {"gdl2/pyggp_phantom_connect_4_4_4.gdl", "occurs only in this negative literal"},
};

std::string history_of(const nlohmann::json& match, size_t steps) {
    std::string h;
    for (const auto& s : match["steps"]) {
        if (!s.contains("joint_move")) continue;
        if (steps-- == 0) break;
        h += h.empty() ? "(" : " (";
        bool first = true;
        for (const auto& m : s["joint_move"]) {
            h += (first ? "" : " ") + m.get<std::string>();
            first = false;
        }
        h += ")";
    }
    return h;
}

}  // namespace

GDLSC_CORPUS_CASE(accepted_with_a_warning_and_working) {
    for (const auto& c : kCases) {
        const std::string game = gdlsc::test::corpus(c.file);
        BOOST_TEST_CONTEXT(c.file) {
            auto r = run_gdlsc({"check", game});
            BOOST_TEST(r.exit_code == 0, r.err);
            BOOST_TEST(r.err.find(c.warning) != std::string::npos, r.err);
            BOOST_TEST(r.err.find(": warning: ") != std::string::npos, r.err);
            r = run_gdlsc({"check", "--strict", game});
            BOOST_TEST(r.exit_code == 2);
            BOOST_TEST(r.err.find(c.warning) != std::string::npos, r.err);

            r = run_gdlsc({"simulate", game, "--seed", "3", "--json"});
            BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
            BOOST_TEST(r.err.find(c.warning) != std::string::npos, "the warning on stderr: " << r.err);
            auto match = nlohmann::json::parse(r.out);
            BOOST_TEST(match["end"] == "terminal");
            const std::string role = match["roles"][0] == "random" ? match["roles"][1] : match["roles"][0];
            const std::string h = history_of(match, 2);

            r = run_gdlsc({"query", game, "--history", h, "(knows " + role + " (legal " + role + " ?m))", "--json"});
            BOOST_TEST(r.exit_code == 0, h << ": " << r.err);
            if (r.exit_code == 0) BOOST_TEST(nlohmann::json::parse(r.out)["holds"] == true, h);
            // The engines agree after the first two joint moves (regression included: a query
            // with nothing left to bind no longer regresses the whole term universe, which
            // took blackjack past any limit).
            r = run_gdlsc({"query", game, "--history", h, "(legal " + role + " ?m)", "--engine", "all", "--timeout", "20"});
            BOOST_TEST(r.exit_code == 0, h << ": " << r.out << r.err);
            r = run_gdlsc({"infoset", game, "--role", role, "--history", h, "--json"});
            BOOST_TEST(r.exit_code == 0, h << ": " << r.err);
        }
    }
}
