// Cross-check of the progression engine against an independent GDL interpreter: for a set of
// corpus games, a seeded `gdlsc simulate --verbose --json` match is replayed by
// bench/naive_gdl.pl (a vanilla Prolog meta-interpreter over the KIF rules, sharing no code
// with gdlsc), and at every state the fluents, the terminal flag and every role's legal moves
// must be equal, and so must every role's percepts on every move. The games are those whose rules a left-to-right meta-interpreter evaluates
// faithfully (no negation before the literals that bind its variables, no left recursion).
#define BOOST_TEST_MODULE naive_crosscheck
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "../traces/test_support.h"
#include "game_paths.h"

using namespace gdlsc::test;
using nlohmann::json;

namespace {

std::set<std::string> strings(const json& a) {
    std::set<std::string> out;
    for (const auto& s : a) out.insert(canonical_kif(s.get<std::string>()));
    return out;
}

void crosscheck(const std::string& game, int seed) {
    auto r = run_gdlsc({"simulate", game, "--seed", std::to_string(seed), "--verbose", "--json", "--max-steps", "300"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, game << ": gdlsc simulate exit " << r.exit_code << ": " << r.err);
    json m = json::parse(r.out);
    const auto roles = m.at("roles").get<std::vector<std::string>>();
    const auto& steps = m.at("steps");
    std::string history;
    for (size_t k = 1; k < steps.size(); ++k) {
        std::string line;
        for (const auto& mv : steps[k].at("joint_move")) line += (line.empty() ? "" : " ") + mv.get<std::string>();
        history += "(" + line + ")\n";
    }
    TempDir dir;
    auto naive = run_program({"/usr/bin/env", "swipl", std::string(GDLSC_SOURCE_DIR) + "/bench/naive_gdl.pl", "--replay",
                              game, dir.file("history.txt", history)},
                             300);
    BOOST_REQUIRE_MESSAGE(naive.exit_code == 0, game << ": naive interpreter exit " << naive.exit_code << ": " << naive.err);
    std::istringstream lines(naive.out);
    size_t k = 0;
    for (std::string line; std::getline(lines, line); ++k) {
        BOOST_REQUIRE_LT(k, steps.size());
        json n = json::parse(line);
        const json& g = steps[k];
        BOOST_TEST(strings(g.at("state")) == strings(n.at("state")),
                   game << " seed " << seed << " state " << k << ":"
                        << set_difference_text(strings(n.at("state")), strings(g.at("state"))));
        if (k > 0)
            for (const auto& role : roles) {
                if (role == "random") continue;
                auto want = strings(n.at("percepts").at(role)), got = strings(g.at("percepts").at(role));
                BOOST_TEST(got == want, game << " seed " << seed << " percepts of " << role << " at step " << k << ":"
                                             << set_difference_text(want, got));
            }
        const bool terminal = !g.contains("legal");
        BOOST_TEST(terminal == n.at("terminal").get<bool>(), game << " state " << k << " terminal");
        if (terminal) continue;
        for (const auto& role : roles) {
            auto want = strings(n.at("legal").at(role)), got = strings(g.at("legal").at(role));
            BOOST_TEST(got == want, game << " seed " << seed << " state " << k << " legal moves of " << role << ":"
                                         << set_difference_text(want, got));
        }
    }
    BOOST_TEST(k == steps.size(), game << ": the interpreter printed " << k << " states, gdlsc " << steps.size());
}

}  // namespace

GDLSC_CORPUS_CASE(gdl_games) {
    for (const char* g : {"gdl1/ticTacToe.kif", "gdl1/connectFour.kif", "gdl1/nim1.kif", "gdl1/sheepAndWolf.kif",
                          "gdl1/breakthrough.kif", "gdl1/buttons.kif", "gdl1/hex.kif", "gdl1/hanoi.kif",
                          "gdl1/checkers.kif"})
        crosscheck(game_path(g), 3);
}

GDLSC_CORPUS_CASE(gdl2_games) {
    for (const char* g : {"gdl2/kriegtictactoe.kif", "gdl2/latenttictactoe.kif", "gdl2/montyhall.kif",
                          "gdl2/montyhall_ggpserver.kif", "gdl2/meier.kif", "gdl2/two_generals.kif",
                          "gdl2/banker_and_thief.kif", "gdl2/blindbreakthrough.kif", "gdl2/kriegTTT_5x5.kif",
                          "gdl2/minesweeper.kif", "gdl2/stratego.kif"})
        crosscheck(game_path(g), 3);
    crosscheck(std::string(GDLSC_SOURCE_DIR) + "/examples/card_game/card_game.kif", 3);
}
