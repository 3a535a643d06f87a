// `gdlsc simulate` and the facts it must reproduce, through the real binary: the ggp-base
// tic-tac-toe fact (xplayer wins down column 1), the card game's percepts after
// (deal king 7) (Thielscher 2010, Figure 1) in `query` and in the GDL-II play messages of
// the textbook's ch. 17, seeded determinism, the history and step-bound errors, and the
// state counting of --playouts.
#define BOOST_TEST_MODULE simulate
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "../traces/test_support.h"
#include "game_paths.h"

using namespace gdlsc::test;
using nlohmann::json;

namespace {

const std::string kTicTacToe = game_path("gdl1/ticTacToe.kif");
const std::string kCardGame = std::string(GDLSC_SOURCE_DIR) + "/examples/card_game/card_game.kif";
// ticTacToe.kif: (role xplayer) (role oplayer); xplayer has control first.
const std::string kColumnWin = "((mark 1 1) noop) (noop (mark 1 3)) ((mark 3 1) noop) (noop (mark 2 2)) ((mark 2 1) noop)";

std::set<std::string> bindings(const std::string& game, const std::string& history, const std::string& formula,
                               const std::vector<std::string>& vars, bool* holds = nullptr) {
    std::vector<std::string> args = {"query", game, formula, "--json"};
    if (!history.empty()) args.insert(args.end(), {"--history", history});
    auto r = run_gdlsc(args);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, "gdlsc query " << formula << ": exit " << r.exit_code << " " << r.err);
    json j = json::parse(r.out);
    if (holds) *holds = j.at("holds").get<bool>();
    std::set<std::string> out;
    for (const auto& b : j.at("bindings")) {
        std::string row;
        for (size_t i = 0; i < vars.size(); ++i) row += (i ? " " : "") + canonical_kif(b.at("?" + vars[i]));
        out.insert(row);
    }
    return out;
}

std::vector<std::string> lines_with(const std::string& text, const std::string& part) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (l.find(part) != std::string::npos) out.push_back(l);
    return out;
}

}  // namespace

GDLSC_CORPUS_CASE(tictactoe_column_win_is_terminal_with_goals_100_0) {
    bool terminal = false;
    bindings(kTicTacToe, kColumnWin, "terminal", {}, &terminal);
    BOOST_TEST(terminal);
    BOOST_TEST(bindings(kTicTacToe, kColumnWin, "(goal ?r ?v)", {"r", "v"}) ==
               (std::set<std::string>{"oplayer 0", "xplayer 100"}));
    // One move earlier the game is still running, and nobody has a goal of 100.
    const std::string four = "((mark 1 1) noop) (noop (mark 1 3)) ((mark 3 1) noop) (noop (mark 2 2))";
    bindings(kTicTacToe, four, "terminal", {}, &terminal);
    BOOST_TEST(!terminal);

    // simulate with the whole match as history: the same end, and the stop messages.
    auto r = run_gdlsc({"simulate", kTicTacToe, "--history", kColumnWin, "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    json m = json::parse(r.out);
    BOOST_TEST(m.at("end").get<std::string>() == "terminal");
    BOOST_TEST(m.at("steps").size() == 6u);
    BOOST_TEST(m.at("goals").at("xplayer") == json::parse("[100]"));
    BOOST_TEST(m.at("goals").at("oplayer") == json::parse("[0]"));
    BOOST_TEST(m.at("steps")[5].at("messages").at("xplayer").get<std::string>() == "(stop sim1 5 (mark 2 1) nil)");
    BOOST_TEST(m.at("steps")[5].at("messages").at("oplayer").get<std::string>() == "(stop sim1 5 noop nil)");
    BOOST_TEST(m.at("steps")[0].at("messages").at("xplayer").get<std::string>() == "(play sim1 0 nil nil)");
}

BOOST_AUTO_TEST_CASE(card_game_percepts_after_deal_king_7) {
    const std::string deal = "(noop noop (deal king 7))";
    BOOST_TEST(bindings(kCardGame, deal, "(sees jane ?p)", {"p"}) == std::set<std::string>{"(yourcard king)"});
    BOOST_TEST(bindings(kCardGame, deal, "(sees rick ?p)", {"p"}) == std::set<std::string>{"(yourcard 7)"});

    // The same percepts in simulate's messages: (play id turn move percepts), random silent.
    auto r = run_gdlsc({"simulate", kCardGame, "--history", deal, "--seed", "5"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    BOOST_TEST(lines_with(r.out, "jane <- (play sim5 1 ") == std::vector<std::string>{"  jane <- (play sim5 1 noop ((yourcard king)))"});
    BOOST_TEST(lines_with(r.out, "rick <- (play sim5 1 ") == std::vector<std::string>{"  rick <- (play sim5 1 noop ((yourcard 7)))"});
    BOOST_TEST(lines_with(r.out, "random <-").empty());
    BOOST_TEST(lines_with(r.out, "step 1: (noop noop (deal king 7))  ; history").size() == 1u);
    // Betting round, then the end: both players get a stop message after turn 2.
    BOOST_TEST(lines_with(r.out, "(stop sim5 2 ").size() == 2u);
    BOOST_TEST(lines_with(r.out, "terminal after 2 steps").size() == 1u);
}

BOOST_AUTO_TEST_CASE(card_game_showdown_percepts_in_messages) {
    // Both all in: each sees the other's bid and card (Figure 1's last two sees rules).
    auto r = run_gdlsc({"simulate", kCardGame, "--history", "(noop noop (deal king 7)) (allIn allIn noop)", "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    json m = json::parse(r.out);
    BOOST_TEST(m.at("steps")[2].at("messages").at("jane").get<std::string>() ==
               "(stop sim1 2 allin ((ricksbid allin) (rickscard 7)))");
    BOOST_TEST(m.at("steps")[2].at("messages").at("rick").get<std::string>() ==
               "(stop sim1 2 allin ((janesbid allin) (janescard king)))");
    BOOST_TEST(m.at("goals").at("jane") == json::parse("[100]"));
    BOOST_TEST(m.at("goals").at("rick") == json::parse("[0]"));
}

BOOST_AUTO_TEST_CASE(same_seed_same_match_and_random_moves_vary) {
    auto a = run_gdlsc({"simulate", kCardGame, "--seed", "42"});
    auto b = run_gdlsc({"simulate", kCardGame, "--seed", "42"});
    BOOST_REQUIRE(a.exit_code == 0);
    BOOST_TEST(a.out == b.out);
    // random deals uniformly among 56 ordered pairs: ten seeds give more than one deal.
    std::set<std::string> deals;
    for (int seed = 1; seed <= 10; ++seed) {
        auto r = run_gdlsc({"simulate", kCardGame, "--seed", std::to_string(seed)});
        BOOST_REQUIRE(r.exit_code == 0);
        auto l = lines_with(r.out, "step 1: ");
        BOOST_REQUIRE_EQUAL(l.size(), 1u);
        deals.insert(l[0]);
    }
    BOOST_TEST(deals.size() > 1u);
}

GDLSC_CORPUS_CASE(illegal_history_prefix_names_step_role_move) {
    auto r = run_gdlsc({"simulate", kTicTacToe, "--history", "((mark 1 1) noop) ((mark 2 2) noop)"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("history step 2") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("(mark 2 2)") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("xplayer") != std::string::npos, r.err);
    BOOST_TEST(r.out.empty());
    // A move after the end of the game.
    auto t = run_gdlsc({"simulate", kTicTacToe, "--history", kColumnWin + " (noop (mark 3 3))"});
    BOOST_TEST(t.exit_code == 2);
    BOOST_TEST(t.err.find("history step 6") != std::string::npos, t.err);
    BOOST_TEST(t.err.find("already over") != std::string::npos, t.err);
    // A step with the wrong number of moves.
    auto w = run_gdlsc({"simulate", kTicTacToe, "--history", "((mark 1 1))"});
    BOOST_TEST(w.exit_code == 2);
    BOOST_TEST(w.err.find("history step 1") != std::string::npos, w.err);
}

GDLSC_CORPUS_CASE(step_bound_is_reported_with_exit_4) {
    auto r = run_gdlsc({"simulate", kTicTacToe, "--max-steps", "3", "--seed", "9"});
    BOOST_TEST(r.exit_code == 4);
    BOOST_TEST(r.err.find("step bound") != std::string::npos, r.err);
    BOOST_TEST(lines_with(r.out, "not terminal after 3 steps (step bound reached)").size() == 1u, r.out);
    BOOST_TEST(lines_with(r.out, "(stop ").empty());
}

GDLSC_CORPUS_CASE(playouts_count_states_including_initial_ones) {
    // One joint move per playout (tic-tac-toe is never over after one move): each playout
    // visits its initial state and one successor.
    auto r = run_gdlsc({"simulate", kTicTacToe, "--playouts", "50", "--max-steps", "1", "--json"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    json j = json::parse(r.out);
    BOOST_TEST(j.at("playouts").get<long>() == 50);
    BOOST_TEST(j.at("states").get<long>() == 100);
    BOOST_TEST(j.at("seconds").get<double>() > 0.0);
    BOOST_TEST(j.at("states_per_second").get<double>() > 0.0);
    // Full playouts: every match ends terminal after 5 to 9 moves.
    auto f = run_gdlsc({"simulate", kTicTacToe, "--playouts", "40", "--seed", "3", "--json"});
    BOOST_REQUIRE_MESSAGE(f.exit_code == 0, f.err);
    json k = json::parse(f.out);
    BOOST_TEST(k.at("terminal_playouts").get<long>() == 40);
    BOOST_TEST(k.at("states").get<long>() == k.at("moves").get<long>() + 40);
    BOOST_TEST(k.at("states").get<long>() >= 40 * 6);
    BOOST_TEST(k.at("states").get<long>() <= 40 * 10);
    // Seeded: the same count again.
    auto g = run_gdlsc({"simulate", kTicTacToe, "--playouts", "40", "--seed", "3", "--json"});
    BOOST_TEST(json::parse(g.out).at("states") == k.at("states"));
}

BOOST_AUTO_TEST_CASE(options_that_do_not_combine_are_usage_errors) {
    auto r = run_gdlsc({"simulate", kTicTacToe, "--playouts", "5", "--history", "((mark 1 1) noop)"});
    BOOST_TEST(r.exit_code == 64);
    auto v = run_gdlsc({"simulate", kTicTacToe, "--playouts", "5", "--verbose"});
    BOOST_TEST(v.exit_code == 64);
}

GDLSC_CORPUS_CASE(missing_files_and_history_file_positions) {
    auto g = run_gdlsc({"simulate", "/nonexistent/game.kif"});
    BOOST_TEST(g.exit_code == 2);
    BOOST_TEST(g.err.find("/nonexistent/game.kif") != std::string::npos, g.err);
    auto h = run_gdlsc({"simulate", kTicTacToe, "--history-file", "/nonexistent/history.txt"});
    BOOST_TEST(h.exit_code == 2);
    BOOST_TEST(h.err.find("/nonexistent/history.txt") != std::string::npos, h.err);
    // An illegal move in a history file is reported at its file:line:col.
    TempDir dir;
    auto file = dir.file("h.txt", "((mark 1 1) noop)\n(noop (mark 9 9))\n");
    auto r = run_gdlsc({"simulate", kTicTacToe, "--history-file", file});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find(file + ":2:7: history step 2: move (mark 9 9) of role oplayer is not legal") != std::string::npos,
               r.err);
}
