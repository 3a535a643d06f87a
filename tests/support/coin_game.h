// A hand-made game of two steps whose knowledge properties are known by hand, for the unit
// tests of the Z3 and BDD methods (smt/unrolling, smt/two_copy, prove/...). Step 1: random
// flips a coin, (flip heads) or (flip tails), and sees it; player does noop and sees nothing.
// Step 2: random does noop; player does a, or b when the coin is heads. Then terminal; the
// player's goal is 100 for heads, 0 for tails. So for player (role index 1):
//
//     legal-knowledge      fails at depth 1 (after heads b is legal, after tails not)
//     goal-knowledge       fails at depth 2 (both do a: goal 100 against 0)
//     perfect-information  fails at depth 1 (random's flips differ)
//     terminal-knowledge   holds (terminal after exactly two steps)
//
// and for random (role index 0), which sees its own flip but not player's move: perfect-
// information fails at depth 2 (player's a against b after heads), the others hold.
// `player_sees_coin` adds (sees player (coin ?c)): then every property holds for player.
#pragma once
#include <string>
#include <vector>

#include "gdl/term.h"
#include "ground/ground_program.h"
#include "session/game_file.h"

namespace gdlsc::test {

inline std::string coin_game_text(bool player_sees_coin = false) {
    std::string t = R"((role random) (role player)
(init (step 0))
(<= (legal random (flip heads)) (true (step 0)))
(<= (legal random (flip tails)) (true (step 0)))
(<= (legal random noop) (not (true (step 0))))
(<= (legal player noop) (true (step 0)))
(<= (legal player a) (not (true (step 0))))
(<= (legal player b) (true (coin heads)))
(<= (next (coin ?c)) (does random (flip ?c)))
(<= (next (coin ?c)) (true (coin ?c)))
(<= (next (step 1)) (true (step 0)))
(<= (next (step 2)) (true (step 1)))
(<= (sees random (coin ?c)) (does random (flip ?c)))
(<= terminal (true (step 2)))
(<= (goal player 100) (true (coin heads)))
(<= (goal player 0) (true (coin tails)))
(goal random 0)
)";
    if (player_sees_coin) t += "(<= (sees player (coin ?c)) (does random (flip ?c)))\n";
    return t;
}

/// The coin game with two agents: random renamed dealer (an agent like any other role), so that
/// both roles' knowledge is asked.
inline std::string coin_game_with_dealer_text(bool player_sees_coin = false) {
    std::string t = coin_game_text(player_sees_coin);
    const std::string from = "random", to = "dealer";
    for (std::size_t at = t.find(from); at != std::string::npos; at = t.find(from, at + to.size())) t.replace(at, from.size(), to);
    return t;
}

/// The coin game with a dealer (coin_game_with_dealer_text), loaded.
inline query::Game dealer_game(bool player_sees_coin = false) {
    return query::load_game_text("t.kif", coin_game_with_dealer_text(player_sees_coin));
}

/// A loaded game with its ground step program and initial fluents (session/game_file.h).
struct StepGame {
    query::Game game;
    const ground::GroundProgram& program() const { return *game.step().program; }
    std::vector<gdl::Term> init() const {
        std::vector<gdl::Term> out;
        for (std::uint32_t f : game.step().network->initial_fluents()) out.push_back(game.step().network->fluents()[f]);
        return out;
    }
};

inline StepGame step_game(const std::string& text) { return StepGame{query::load_game_text("t.kif", text)}; }

}  // namespace gdlsc::test
