// Histories (src/session/history.h): reading joint moves from the command line and from a file,
// with the locations and messages of every error, the situation term they give, and the
// check against the game (an illegal move names the step, the role, the move and the legal
// moves; a move after a terminal state names the step). The card game of examples/.
#define BOOST_TEST_MODULE session_history
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "base/errors.h"
#include "user_error_of.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "query/answer.h"
#include "query/engines.h"
#include "session/formula.h"
#include "session/history.h"
#include "game_paths.h"
#include "run_gdlsc.h"

using namespace gdlsc;

namespace {

const std::vector<std::string> kRoles = {"jane", "rick", "random"};

std::vector<std::string> kif(const query::History& h) {
    std::vector<std::string> out;
    for (const auto& s : h) {
        std::string j;
        for (const auto& m : s.moves) j += (j.empty() ? "" : " ") + m.to_kif();
        out.push_back(j);
    }
    return out;
}

using test::error_of;

}  // namespace

BOOST_AUTO_TEST_CASE(joint_moves_in_role_order) {
    auto h = query::parse_history("(noop noop (deal king 7)) (allIn noop noop)", kRoles);
    BOOST_TEST(kif(h) == (std::vector<std::string>{"noop noop (deal king 7)", "allin noop noop"}));
    BOOST_TEST(h[1].loc.line == 1);
    BOOST_TEST(h[1].loc.col == 27);
    BOOST_TEST(query::situation_term(h).to_kif() == "(do (a allin noop noop) (do (a noop noop (deal king 7)) s0))");
    BOOST_TEST(query::situation_term({}).to_kif() == "s0");
    BOOST_TEST(query::parse_history("", kRoles).empty());
    // one role: the step may be the move itself
    auto one = query::parse_history("(mark 1 1) ((mark 2 2)) noop", {"x"});
    BOOST_TEST(kif(one) == (std::vector<std::string>{"(mark 1 1)", "(mark 2 2)", "noop"}));
}

BOOST_AUTO_TEST_CASE(malformed_histories_are_located) {
    BOOST_TEST(error_of([] { query::parse_history("(noop noop (deal king 7)) (noop fold)", kRoles); }) ==
               "<history>:1:27: history step 2: 2 moves for 3 roles (jane rick random); write one move per role, in this order");
    BOOST_TEST(error_of([] { query::parse_history("(noop noop (deal ?c 7))", kRoles); }) ==
               "<history>:1:12: history step 1: the move (deal ?c 7) of role random has a variable; moves are ground");
    BOOST_TEST(error_of([] { query::parse_history("noop", kRoles); }).find("history step 1: 'noop' is not a joint move") !=
               std::string::npos);
    BOOST_TEST(error_of([] { query::parse_history("(noop noop", kRoles); }).find("<history>:1:1:") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(history_files_one_joint_move_per_line) {
    gdlsc::test::TempDir d;
    const std::string path = (d.path / "h.txt").string();
    std::ofstream(path) << "; the deal\n(noop noop (deal king 7))\n\nallIn fold noop\n";
    auto h = query::parse_history_file(path, kRoles);
    BOOST_TEST(kif(h) == (std::vector<std::string>{"noop noop (deal king 7)", "allin fold noop"}));
    BOOST_TEST(h[1].loc.line == 4);
    std::ofstream(path) << "(noop noop (deal king 7))\n(noop noop)\n";
    BOOST_TEST(error_of([&] { query::parse_history_file(path, kRoles); }) ==
               path + ":2:1: history step 2: 2 moves for 3 roles (jane rick random); write one move per role, in this order");
}

BOOST_AUTO_TEST_CASE(checked_against_the_game) {
    gdl::Diagnostics diags;
    query::Game g;
    g.program = gdl::read_game_file(gdlsc::test::example("card_game/card_game.kif"), diags);
    g.analysis = gdl::analyze(g.program);
    const gdl::Analysis& a = g.analysis;
    auto ask = [&](const std::string& history) {
        auto f = query::parse_formula("terminal", a);
        return query::answer_text(query::run_query(g, f, query::parse_history(history, a.roles), {}));
    };
    BOOST_TEST(ask("(noop noop (deal king 7))") == "does not hold\n");
    BOOST_TEST(ask("(noop noop (deal king 7)) (allIn allIn noop)") == "holds\n");
    BOOST_TEST(error_of([&] { ask("(noop noop (deal king 7)) (noop noop noop)"); }) ==
               "<history>:1:28: history step 2: move noop of role jane is not legal (legal: allin fold)");
    BOOST_TEST(error_of([&] { ask("(noop noop (deal king 7)) (fold fold noop) (noop noop noop)"); }) ==
               "<history>:1:44: history step 3: the game is already over (terminal state after step 2): no more moves");
}
