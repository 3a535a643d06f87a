// The relevant part of a ground program (src/ground/relevant.h): on a program written by hand
// (answer worked out from the definition), and on Krieg-TicTacToe of examples/ grounded for
// one joint move, where what terminal@1 depends on follows from the rules: the blank cells at
// step 1, made from those at step 0 and xplayer's move, but not the marks (no line can be
// complete yet), whose turn it is or who sees what.
#define BOOST_TEST_MODULE ground_relevant
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "game_paths.h"
#include "ground/grounder.h"
#include "ground/relevant.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::AtomId;

namespace {

gdl::Term term(const std::string& kif) {
    auto g = test::game_from_text("(x " + kif + ")");
    return g.program.rules.at(0).head.args.at(0);
}

// Every rule of a kept head has its whole body kept (the splitting-set property).
bool closed(const std::vector<ground::GroundRule>& rules, const std::vector<bool>& kept) {
    for (const auto& r : rules)
        if (kept[r.head]) {
            for (AtomId b : r.pos)
                if (!kept[b]) return false;
            for (AtomId b : r.neg)
                if (!kept[b]) return false;
        }
    return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(reachable_through_positive_and_negative_bodies) {
    // 0 :- 1, not 2.   2 :- 3.   4 :- 0.   5.   (seed: 0)
    const std::vector<ground::GroundRule> rules = {{0, {1}, {2}}, {2, {3}, {}}, {4, {0}, {}}, {5, {}, {}}};
    const auto kept = ground::relevant_atoms(6, rules, {true, false, false, false, false, false});
    BOOST_TEST((kept == std::vector<bool>{true, true, true, true, false, false}));  // not 4 (uses 0), not 5
    BOOST_TEST(closed(rules, kept));
    // the seed alone when its atom has no rules; nothing from nothing
    BOOST_TEST((ground::relevant_atoms(6, rules, {false, false, false, true, false, false}) ==
                std::vector<bool>{false, false, false, true, false, false}));
    BOOST_TEST((ground::relevant_atoms(6, rules, std::vector<bool>(6, false)) == std::vector<bool>(6, false)));
    // a broken closure (a rule body dropped) is caught by the check
    auto broken = kept;
    broken[3] = false;
    BOOST_TEST(!closed(rules, broken));
}

BOOST_AUTO_TEST_CASE(krieg_terminal_after_one_move) {
    auto g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    const auto gp = ground::ground_program(g.program, g.analysis, {{term("(mark 1 1)"), term("noop")}});
    BOOST_TEST(gp.horizon == 1);
    auto id = [&](const std::string& kif, int step) {
        const auto a = gp.find(term(kif), step);
        BOOST_TEST_REQUIRE(a >= 0, kif << "@" << step << " is not in the ground program");
        return static_cast<AtomId>(a);
    };
    std::vector<bool> seed(gp.atoms.size(), false);
    seed[id("terminal", 1)] = true;
    const auto kept = ground::relevant_atoms(gp.atoms.size(), gp.rules, seed);
    BOOST_TEST(closed(gp.rules, kept));
    // After one move no line can be complete, so the grounder makes no rule for line@1(x):
    // terminal@1 :- not open@1, open@1 <- true@1(cell m n b) <- next@0(cell m n b), which
    // reads validmove@0 (the frame rule) <- does@0(xplayer, (mark 1 1)), true@0(cell 1 1 b)
    for (const auto& [kif, step] : std::vector<std::pair<std::string, int>>{{"open", 1},
                                                                            {"(true (cell 1 1 b))", 1},
                                                                            {"(true (cell 2 2 b))", 1},
                                                                            {"validmove", 0},
                                                                            {"(does xplayer (mark 1 1))", 0},
                                                                            {"(true (cell 1 1 b))", 0}})
        BOOST_TEST(kept[id(kif, step)], kif << "@" << step << " is relevant to terminal@1");
    // the x at (1 1), the line atoms without rules, whose turn it is: in the program, not relevant
    for (const auto& [kif, step] : std::vector<std::pair<std::string, int>>{{"(true (cell 1 1 x))", 1},
                                                                            {"(line x)", 1},
                                                                            {"(true (control oplayer))", 1}})
        BOOST_TEST(!kept[id(kif, step)], kif << "@" << step << " is not relevant to terminal@1");
    const auto sees = gp.find(term("(sees oplayer yourmove)"), 0);
    if (sees >= 0) BOOST_TEST(!kept[sees]);
    // and something is left out at all
    std::size_t n_kept = 0;
    for (bool k : kept) n_kept += k;
    BOOST_TEST(n_kept < gp.atoms.size());
}
