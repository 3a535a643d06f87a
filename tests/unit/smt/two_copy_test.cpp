// The two-copy unrolling (src/smt/two_copy.h) on the coin game of tests/support/coin_game.h,
// whose answers are known by hand: the bounded search finds the first counterexample of each
// property and role at the depth the header of coin_game.h states (legal- and perfect-
// information of player at 1, goal-knowledge of player at 2, perfect information of random
// at 2, none for terminal-knowledge), and its witness is two developments with the same moves
// of the role; when player sees the coin there is none; dropping the same-move constraint
// (the test seam) finds one that is not a counterexample. k-induction proves terminal-
// knowledge, and goal-knowledge when player sees the coin, refutes at the bounded depth,
// is undecided when max_k is too small for the step case, gives the same verdicts when a
// role's state invariants are assumed for the next, and asks the reachable/explore hooks.
// The cone of influence keeps every verdict and depth while it cuts the fluents nothing reads.
// Error path: a deadline already past is an SmtError ("timeout before ...").
#define BOOST_TEST_MODULE smt_two_copy
#include <boost/test/unit_test.hpp>

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <optional>
#include <string>
#include <vector>

#include <fstream>
#include <sstream>

#include "coin_game.h"
#include "game_paths.h"
#include "kif_terms.h"
#include "smt/case_split.h"
#include "smt/solver.h"
#include "smt/two_copy.h"

using namespace gdlsc;
using smt::TwoCopyProperty;

namespace {

constexpr std::size_t kRandom = 0, kPlayer = 1;

// The first depth <= 4 with a counterexample, with it.
std::optional<smt::TwoCopyWitness> first(const test::StepGame& g, std::size_t role, TwoCopyProperty p,
                                         const smt::TwoCopyOptions& o = {}) {
    smt::TwoCopy tc(g.program(), g.init(), role, p, o);
    for (std::size_t d = 0; d <= 4; ++d)
        if (auto w = tc.counterexample(d)) return w;
    return std::nullopt;
}

std::optional<std::size_t> first_depth(const test::StepGame& g, std::size_t role, TwoCopyProperty p) {
    auto w = first(g, role, p);
    return w ? std::optional<std::size_t>(w->depth) : std::nullopt;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_bounded_search_finds_the_known_depths) {
    const auto g = test::step_game(test::coin_game_text());
    using D = std::optional<std::size_t>;
    BOOST_TEST((first_depth(g, kPlayer, TwoCopyProperty::Legal) == D(1)));
    BOOST_TEST((first_depth(g, kPlayer, TwoCopyProperty::Goal) == D(2)));
    BOOST_TEST((first_depth(g, kPlayer, TwoCopyProperty::PerfectInformation) == D(1)));
    BOOST_TEST((first_depth(g, kPlayer, TwoCopyProperty::Terminal) == std::nullopt));
    BOOST_TEST((first_depth(g, kRandom, TwoCopyProperty::Legal) == std::nullopt));
    BOOST_TEST((first_depth(g, kRandom, TwoCopyProperty::Goal) == std::nullopt));
    BOOST_TEST((first_depth(g, kRandom, TwoCopyProperty::Terminal) == std::nullopt));
    BOOST_TEST((first_depth(g, kRandom, TwoCopyProperty::PerfectInformation) == D(2)));
    // player sees the coin: every property holds for it
    const auto seen = test::step_game(test::coin_game_text(true));
    for (auto p : {TwoCopyProperty::Legal, TwoCopyProperty::Goal, TwoCopyProperty::PerfectInformation,
                   TwoCopyProperty::Terminal})
        BOOST_TEST((first_depth(seen, kPlayer, p) == std::nullopt));
}

BOOST_AUTO_TEST_CASE(a_witness_is_two_developments_with_the_same_moves_of_the_role) {
    const auto g = test::step_game(test::coin_game_text());
    {
        const auto w = first(g, kPlayer, TwoCopyProperty::Legal);
        BOOST_TEST_REQUIRE(w.has_value());
        BOOST_TEST_REQUIRE(w->actual.size() == 1u);
        BOOST_TEST_REQUIRE(w->alternative.size() == 1u);
        BOOST_TEST(w->actual[0][kPlayer].to_kif() == "noop");
        BOOST_TEST(w->alternative[0][kPlayer].to_kif() == "noop");
        const std::set<std::string> flips{w->actual[0][kRandom].to_kif(), w->alternative[0][kRandom].to_kif()};
        BOOST_TEST(flips == (std::set<std::string>{"(flip heads)", "(flip tails)"}));
    }
    {
        // goal-knowledge: heads and tails, then both a (b is not legal after tails)
        const auto w = first(g, kPlayer, TwoCopyProperty::Goal);
        BOOST_TEST_REQUIRE(w.has_value());
        BOOST_TEST_REQUIRE(w->actual.size() == 2u);
        BOOST_TEST(w->actual[1][kPlayer].to_kif() == "a");
        BOOST_TEST(w->alternative[1][kPlayer].to_kif() == "a");
        BOOST_TEST(w->actual[0][kRandom].to_kif() != w->alternative[0][kRandom].to_kif());
    }
    {
        // random's perfect information: the same flip (it sees it), heads (b is legal), a against b
        const auto w = first(g, kRandom, TwoCopyProperty::PerfectInformation);
        BOOST_TEST_REQUIRE(w.has_value());
        BOOST_TEST_REQUIRE(w->actual.size() == 2u);
        BOOST_TEST(w->actual[0][kRandom].to_kif() == "(flip heads)");
        BOOST_TEST(w->alternative[0][kRandom].to_kif() == "(flip heads)");
        const std::set<std::string> second{w->actual[1][kPlayer].to_kif(), w->alternative[1][kPlayer].to_kif()};
        BOOST_TEST(second == (std::set<std::string>{"a", "b"}));
    }
}

BOOST_AUTO_TEST_CASE(dropping_the_same_move_constraint_is_caught) {
    // player sees the coin; its own a and b at step 2 then tell the developments apart.
    const auto seen = test::step_game(test::coin_game_text(true));
    smt::TwoCopyOptions mutant;
    mutant.drop_same_move = true;
    const auto w = first(seen, kPlayer, TwoCopyProperty::PerfectInformation, mutant);
    BOOST_TEST_REQUIRE(w.has_value());  // a "counterexample" ...
    BOOST_TEST(w->depth == 2u);
    BOOST_TEST(w->actual[1][kPlayer].to_kif() != w->alternative[1][kPlayer].to_kif());  // ... that is none
}

BOOST_AUTO_TEST_CASE(k_induction_proves_refutes_or_is_undecided) {
    const auto g = test::step_game(test::coin_game_text());
    const auto seen = test::step_game(test::coin_game_text(true));
    using R = smt::InductionResult;
    {
        const auto r = smt::prove_by_induction(g.program(), g.init(), kPlayer, TwoCopyProperty::Terminal, 5);
        BOOST_TEST(r.verdict == R::Proved);
        BOOST_TEST(r.k == 0u);  // "(step s) in both copies or neither": terminal in both or neither
        BOOST_TEST(r.invariants.has_value());
        BOOST_TEST(!r.witness.has_value());
    }
    {
        const auto r = smt::prove_by_induction(seen.program(), seen.init(), kPlayer, TwoCopyProperty::Goal, 5);
        BOOST_TEST(r.verdict == R::Proved);
        // at k = 0 by the invariant "(coin c) in both copies or neither" (without it, the
        // step case needs k = 2 to reach back to the flip that player sees)
        BOOST_TEST(r.k == 0u);
    }
    {
        const auto r = smt::prove_by_induction(g.program(), g.init(), kPlayer, TwoCopyProperty::Goal, 5);
        BOOST_TEST(r.verdict == R::Refuted);
        BOOST_TEST(r.k == 2u);
        BOOST_TEST_REQUIRE(r.witness.has_value());
        BOOST_TEST(r.witness->depth == 2u);
    }
    {
        const auto r =
            smt::prove_by_induction(g.program(), g.init(), kRandom, TwoCopyProperty::PerfectInformation, 5);
        BOOST_TEST(r.verdict == R::Refuted);
        BOOST_TEST(r.k == 2u);
        BOOST_TEST(!r.invariants.has_value());  // perfect information: base case only
    }
    {
        // Perfect information that holds is never proved: the base case alone, up to max_k.
        const auto r =
            smt::prove_by_induction(seen.program(), seen.init(), kPlayer, TwoCopyProperty::PerfectInformation, 3);
        BOOST_TEST(r.verdict == R::Undecided);
        BOOST_TEST(r.k == 3u);
    }
    {
        // legal-knowledge of player fails at depth 1: with max_k = 0 the step case from a pair
        // (heads, tails) after step 1 is not excluded by any invariant: undecided.
        const auto r = smt::prove_by_induction(g.program(), g.init(), kPlayer, TwoCopyProperty::Legal, 0);
        BOOST_TEST(r.verdict == R::Undecided);
        BOOST_TEST(r.k == 0u);
        const auto r1 = smt::prove_by_induction(g.program(), g.init(), kPlayer, TwoCopyProperty::Legal, 1);
        BOOST_TEST(r1.verdict == R::Refuted);
        BOOST_TEST(r1.k == 1u);
    }
}

BOOST_AUTO_TEST_CASE(assumed_invariants_and_the_hooks_keep_the_verdicts) {
    const auto seen = test::step_game(test::coin_game_text(true));
    using R = smt::InductionResult;
    const auto first_role = smt::prove_by_induction(seen.program(), seen.init(), kRandom, TwoCopyProperty::Goal, 5);
    BOOST_TEST(first_role.verdict == R::Proved);
    BOOST_TEST(!first_role.state_invariants.empty());  // e.g. at most one (step s) holds
    smt::TwoCopyOptions o;
    o.assumed = first_role.state_invariants;
    o.view_first = false;  // the player sees the coin: Houdini, whose hooks are tested here, would not run
    std::size_t reachable_calls = 0, explore_calls = 0, progress_calls = 0;
    o.reachable = [&] {
        ++reachable_calls;
        return std::vector<smt::SampledPair>{};
    };
    o.explore = [&](const std::vector<gdl::Term>&, const std::vector<gdl::Term>&) {
        ++explore_calls;
        return std::vector<std::pair<std::vector<gdl::Term>, std::vector<gdl::Term>>>{};
    };
    o.progress = [&](const std::string&) { ++progress_calls; };
    for (auto p : {TwoCopyProperty::Goal, TwoCopyProperty::Legal, TwoCopyProperty::Terminal}) {
        const auto plain = smt::prove_by_induction(seen.program(), seen.init(), kPlayer, p, 5);
        const auto assumed = smt::prove_by_induction(seen.program(), seen.init(), kPlayer, p, 5, o);
        BOOST_TEST(plain.verdict == R::Proved);
        BOOST_TEST(assumed.verdict == plain.verdict);
        // the assumed invariants are reported back with those found
        for (const auto& a : first_role.state_invariants)
            BOOST_TEST(std::count_if(assumed.state_invariants.begin(), assumed.state_invariants.end(), [&](const auto& s) {
                           return !(s < a) && !(a < s);
                       }) == 1);
    }
    BOOST_TEST(reachable_calls >= 1u);
    (void)explore_calls, (void)progress_calls;  // told only when Houdini drops a candidate
}

// The cone of influence (smt::two_copy_cone): the coin game with a fluent nothing reads
// (shown: player's last move, for display), one only random's goal reads (tally) and one a
// legal move reads only under not (blocked). The cone cuts shown for every property and tally
// for all but goal-knowledge, and keeps blocked; the bounded search's verdicts and first
// counterexample depths are the whole program's (the cut is exact for the pair system);
// k-induction on the cut is sound, and here it also gives the same verdicts and k (in general
// its k may differ: the whole program's Houdini may keep invariants over cut fluents).
BOOST_AUTO_TEST_CASE(the_cone_of_influence_keeps_the_verdicts) {
    std::string text = test::coin_game_text();
    text.replace(text.find("(goal random 0)"), std::string("(goal random 0)").size(),
                 "(<= (goal random 50) (true (tally heads)))\n(<= (goal random 0) (not (true (tally heads))))\n"
                 "(<= (next (shown ?m)) (does player ?m))\n(<= (next (tally ?c)) (does random (flip ?c)))\n"
                 "(<= (next (tally ?c)) (true (tally ?c)))\n(<= (next blocked) (does random (flip tails)))\n"
                 "(<= (next blocked) (true blocked))\n(<= (legal player c) (not (true blocked)) (not (true (step 0))))");
    const auto g = test::step_game(text);
    auto fluents = [](const ground::GroundProgram& p) {
        std::set<std::string> out;
        for (const auto& a : p.atoms)
            if (a.step >= 0 && a.atom.name == "true") out.insert(a.atom.args[0].name);
        return out;
    };
    BOOST_TEST((fluents(g.program()) == std::set<std::string>{"blocked", "coin", "step", "shown", "tally"}));
    using R = smt::InductionResult;
    for (auto p : {TwoCopyProperty::Legal, TwoCopyProperty::Terminal, TwoCopyProperty::Goal,
                   TwoCopyProperty::PerfectInformation}) {
        const ground::GroundProgram cone = smt::two_copy_cone(g.program(), p);
        BOOST_TEST_CONTEXT("property " << static_cast<int>(p)) {
            const std::set<std::string> kept = p == TwoCopyProperty::Goal
                                                   ? std::set<std::string>{"blocked", "coin", "step", "tally"}
                                                   : std::set<std::string>{"blocked", "coin", "step"};
            BOOST_TEST((fluents(cone) == kept));
            BOOST_TEST(cone.rules.size() < g.program().rules.size());
            std::vector<gdl::Term> init;  // the kept fluents' initial state
            for (const auto& f : g.init())
                if (kept.count(f.name)) init.push_back(f);
            for (std::size_t role : {kRandom, kPlayer}) {
                smt::TwoCopy whole(g.program(), g.init(), role, p), cut(cone, init, role, p);
                for (std::size_t d = 0; d <= 4; ++d) {
                    const auto a = whole.counterexample(d), b = cut.counterexample(d);
                    BOOST_TEST(a.has_value() == b.has_value(), "depth " << d << " role " << role);
                    if (a && b) {  // the same moves of the role (percepts and moves are kept)
                        for (std::size_t t = 0; t < d; ++t)
                            BOOST_TEST(b->actual[t][role].to_kif() == b->alternative[t][role].to_kif());
                    }
                    if (a || b) break;
                }
                const R x = smt::prove_by_induction(g.program(), g.init(), role, p, 5);
                const R y = smt::prove_by_induction(cone, init, role, p, 5);
                BOOST_TEST(static_cast<int>(x.verdict) == static_cast<int>(y.verdict), "role " << role);
                BOOST_TEST(x.k == y.k, "role " << role);
            }
        }
    }
    // A program whose every fluent is read keeps every rule of the step (the static facts
    // nothing reads, such as init, go).
    auto step_rules = [](const ground::GroundProgram& p) {
        return std::count_if(p.rules.begin(), p.rules.end(), [&](const auto& r) { return p.atoms[r.head].step >= 0; });
    };
    const auto plain = test::step_game(test::coin_game_text());
    const ground::GroundProgram all = smt::two_copy_cone(plain.program(), TwoCopyProperty::Goal);
    BOOST_TEST(step_rules(all) == step_rules(plain.program()));
    BOOST_TEST(step_rules(all) == 18);
}

BOOST_AUTO_TEST_CASE(a_past_deadline_is_an_smt_error) {
    const auto g = test::step_game(test::coin_game_text());
    smt::TwoCopyOptions late;
    late.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    smt::TwoCopy tc(g.program(), g.init(), kPlayer, TwoCopyProperty::Legal, late);
    try {
        tc.counterexample(0);
        BOOST_FAIL("no error past the deadline");
    } catch (const smt::SmtError& e) {
        BOOST_TEST(std::string(e.what()).find("timeout") != std::string::npos);
    }
    BOOST_CHECK_THROW(smt::prove_by_induction(g.program(), g.init(), kPlayer, TwoCopyProperty::Terminal, 3, late),
                      smt::SmtError);
}

// Invariants from the end of a setup phase (InductionResult::invariants_from), on
// tests/fixtures/smt/setup_phase.kif: random sets a code at step 0, the player guesses it five
// times and sees each hit. Samples given by hand (states of real developments, with their
// depths) break "some code holds" only initially and "some guess holds" up to depth 1: the
// invariants start at depth 2 and goal-knowledge is proved at k = 0. Without phases
// (max_invariants_from = 0) a pair with one copy lacking a code persists to the end: not
// 3-inductive. And the samples only choose the depth: where random may also skip the code
// (a development the samples miss), Z3's check at depth 2 drops "some code holds" and the
// base case finds the real counterexample at depth 6 -- a build that trusted the samples
// would "prove" it at k = 0.
// The atoms the property reads keep their candidates past the single cap
// (TwoCopyOptions::houdini_read_cap): here every other single check is given up
// (houdini_give_up_first), and "goal 100 is equal in both copies" -- what the player has won is
// what it has seen hit, and no later percept says it again -- is the invariant k = 0 needs;
// with it given up too (a mutant: the read cap ignored) nothing is k-inductive.
// A code of two colours set by random, then guessed three times by the player, who sees only
// whether a guess hit; its goal is whether some guess hit (what it won is what it saw).
std::string won_game_text() {
    return R"(
(role random) (role player)
(init (round 0))
(colour red) (colour green)
(succ 0 1) (succ 1 2) (succ 2 3)
(<= (legal random (set ?c)) (true (round 0)) (colour ?c))
(<= (legal random watch) (not (true (round 0))))
(<= (legal player wait) (true (round 0)))
(<= (legal player (guess ?c)) (not (true (round 0))) (colour ?c))
(<= (next (round ?n)) (true (round ?m)) (succ ?m ?n))
(<= (next (code ?c)) (does random (set ?c)))
(<= (next (code ?c)) (true (code ?c)))
(<= (next won) (does player (guess ?c)) (true (code ?c)))
(<= (next won) (true won))
(<= (sees player hit) (does player (guess ?c)) (true (code ?c)))
(<= terminal (true (round 3)))
(<= (goal player 100) (true won))
(<= (goal player 0) (not (true won)))
(goal random 0)
)";
}

BOOST_AUTO_TEST_CASE(the_atoms_the_property_reads_pass_the_single_cap) {
    const auto game = test::step_game(won_game_text());
    using R = smt::InductionResult;
    smt::TwoCopyOptions o;
    o.houdini_cap = std::chrono::milliseconds(0);  // one candidate at a time from the start
    o.houdini_give_up_first = 100000;
    const R r = smt::prove_by_induction(game.program(), game.init(), kPlayer, TwoCopyProperty::Goal, 3, o);
    BOOST_TEST(r.verdict == R::Proved);
    BOOST_TEST(r.k == 0u);
    BOOST_TEST(r.houdini_gave_up > 0u);
    smt::TwoCopyOptions mutant = o;
    mutant.houdini_read_cap = mutant.houdini_single_cap;
    mutant.houdini_read_budget = std::chrono::milliseconds(0);
    const R m = smt::prove_by_induction(game.program(), game.init(), kPlayer, TwoCopyProperty::Goal, 3, mutant);
    BOOST_TEST(m.verdict == R::Undecided);
}

BOOST_AUTO_TEST_CASE(invariants_from_the_end_of_a_setup_phase) {
    using test::c;
    using test::f;
    std::ifstream in(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/setup_phase.kif");
    std::stringstream text;
    text << in.rdbuf();
    BOOST_REQUIRE(!text.str().empty());
    const auto game = test::step_game(text.str());
    const auto skip = test::step_game(text.str() + "\n(<= (legal random skip) (true (phase setup)))\n");
    auto samples = [&] {
        std::vector<smt::SampledPair> out;
        auto state = [&](std::size_t d, const std::string& code, const std::string& guess) {
            std::vector<gdl::Term> st{f("phase", {c(d == 0 ? "setup" : "play")}), f("round", {c(std::to_string(d))})};
            if (!code.empty()) st.push_back(f("code", {c(code)}));
            if (!guess.empty()) st.push_back(f("guessed", {c(guess)}));
            return st;
        };
        out.push_back({state(0, "", ""), state(0, "", ""), 0});
        out.push_back({state(1, "red", ""), state(1, "green", ""), 1});
        for (std::size_t d = 2; d <= 6; ++d) {
            out.push_back({state(d, "red", "blue"), state(d, "green", "blue"), d});
            out.push_back({state(d, "red", "red"), state(d, "red", "red"), d});
        }
        return out;
    };
    using R = smt::InductionResult;
    smt::TwoCopyOptions o;
    o.reachable = samples;
    const R phased = smt::prove_by_induction(game.program(), game.init(), kPlayer, TwoCopyProperty::Goal, 3, o);
    BOOST_TEST(phased.verdict == R::Proved);
    BOOST_TEST(phased.k == 0u);
    BOOST_TEST(phased.invariants_from == 2u);
    smt::TwoCopyOptions flat = o;
    flat.max_invariants_from = 0;
    const R from_start = smt::prove_by_induction(game.program(), game.init(), kPlayer, TwoCopyProperty::Goal, 3, flat);
    BOOST_TEST(from_start.verdict == R::Undecided);
    BOOST_TEST(from_start.invariants_from == 0u);
    const R skipped = smt::prove_by_induction(skip.program(), skip.init(), kPlayer, TwoCopyProperty::Goal, 6, o);
    BOOST_TEST(skipped.verdict == R::Refuted);
    BOOST_TEST(skipped.k == 6u);
    // The step case proves only the depths past invariants_from + k: where the game may end
    // during the setup (at depth 1, when the code is blue: the player cannot tell), the base
    // case still searches the depths before and finds it.
    const auto early = test::step_game(text.str() + "\n(<= terminal (true (code blue)) (true (round 1)))\n");
    const R ended = smt::prove_by_induction(early.program(), early.init(), kPlayer, TwoCopyProperty::Terminal, 3, o);
    BOOST_TEST(ended.verdict == R::Refuted);
    BOOST_TEST(ended.k == 1u);
}

// Houdini's single checks by cases of the role's move (TwoCopyOptions::houdini_cube_after; here
// houdini_split_first, since these games' checks never take 500 ms), and the checks of the
// atoms the property reads in the solver of their cone (houdini_read_cone): the parts together
// are the whole check -- every step has exactly one move of the role -- and the cone's solver
// is the same system with only what those candidates read, so the invariants found are the
// same greatest inductive subset, the same verdict and k, on each game, role and property.
// A split that left out a move keeps candidates only that move breaks (caught: 30 failures);
// parts that shared one z3::expr_vector (its copies alias) were unsat at once from the second
// move on (caught). The union of the parts' cores: a_check_by_cases_is_the_whole_check.
BOOST_AUTO_TEST_CASE(checks_split_by_the_roles_move_find_the_same_invariants) {
    std::ifstream in(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/setup_phase.kif");
    std::stringstream setup;
    setup << in.rdbuf();
    BOOST_REQUIRE(!setup.str().empty());
    // z is made only by move a from a state with x, which follows y, true from the start: "z
    // never holds" is preserved under move b alone and "x never holds" not at all (each game
    // three ways: the fluents in another order).
    const std::string chain = R"(
(role p)
(init y)
(legal p a) (legal p b)
(<= (next z) (does p a) (true x))
(<= (next z) (true z))
(<= (next x) (true y))
(<= (next y) (true y))
(<= terminal (true z))
(goal p 0)
)";
    std::string chain_z_last = chain;  // z renamed (zz) and its rules last
    const std::string z_rules = "(<= (next z) (does p a) (true x))\n(<= (next z) (true z))\n";
    chain_z_last.erase(chain_z_last.find(z_rules), z_rules.size());
    chain_z_last += z_rules;
    for (std::size_t at; (at = chain_z_last.find(" z)")) != std::string::npos;) chain_z_last.replace(at, 3, " zz)");
    std::string chain_z_first = chain_z_last;  // named a0: first by name
    for (std::size_t at; (at = chain_z_first.find(" zz)")) != std::string::npos;) chain_z_first.replace(at, 4, " a0)");
    const std::vector<std::string> texts{test::coin_game_text(), test::coin_game_text(true), won_game_text(),
                                         setup.str(), chain, chain_z_last, chain_z_first};
    using R = smt::InductionResult;
    std::size_t split = 0, compared = 0;
    for (const auto& text : texts) {
        const auto game = test::step_game(text);
        for (std::size_t role = 0; role < game.program().roles.size(); ++role)
            for (auto p : {TwoCopyProperty::Legal, TwoCopyProperty::Terminal, TwoCopyProperty::Goal}) {
                smt::TwoCopyOptions whole;
                whole.houdini_cap = std::chrono::milliseconds(0);  // one candidate at a time
                whole.view_first = false;                          // Houdini runs
                whole.houdini_read_cone = false;                   // every candidate in one solver
                smt::TwoCopyOptions parts = whole;
                parts.houdini_split_first = true;
                smt::TwoCopyOptions cone = whole;
                cone.houdini_read_cone = true;
                smt::TwoCopyOptions cone_parts = parts;
                cone_parts.houdini_read_cone = true;
                const R a = smt::prove_by_induction(game.program(), game.init(), role, p, 4, whole);
                BOOST_TEST(a.houdini_split_checks == 0u);
                compared += a.invariants.has_value();
                for (const auto* o : {&parts, &cone, &cone_parts}) {
                    const R b = smt::prove_by_induction(game.program(), game.init(), role, p, 4, *o);
                    if (o->houdini_split_first) split += b.houdini_split_checks;
                    BOOST_TEST(b.verdict == a.verdict);
                    BOOST_TEST(b.k == a.k);
                    BOOST_TEST((b.invariants == a.invariants));
                    BOOST_TEST(b.invariants_from == a.invariants_from);
                    const bool same_state = std::equal(
                        a.state_invariants.begin(), a.state_invariants.end(), b.state_invariants.begin(),
                        b.state_invariants.end(), [](const auto& x, const auto& y) { return !(x < y) && !(y < x); });
                    BOOST_TEST(same_state);
                }
            }
    }
    BOOST_TEST(split > 0u);
    BOOST_TEST(compared > 10u);
}

// Mastermind's goal-knowledge (the player sees which slots of each guess match): the hardest
// goal equalities take 2.4-17 s each to check whole (the machine's load), by cases of the guess
// 1.1-2.5 s; here the checks are split, and the property is proved at k = 0 (doc/engines.md).
GDLSC_CORPUS_CASE(mastermind_goal_equalities_split_by_the_guess) {
    const auto game = test::StepGame{query::load_game_file(test::corpus("gdl2/mastermind448.kif"))};
    smt::TwoCopyOptions o;
    o.invariants_from = [] { return std::size_t{1}; };  // after the code is set (`prove` finds it from samples)
    using R = smt::InductionResult;
    const R r = smt::prove_by_induction(game.program(), game.init(), kPlayer, TwoCopyProperty::Goal, 1, o);
    BOOST_TEST(r.verdict == R::Proved);
    BOOST_TEST(r.k == 0u);
    BOOST_TEST(r.houdini_split_checks > 0u);
}

// check_by_cases (smt/case_split.h) on a hand formula where exactly one of m1, m2, m3 holds
// and the probe p needs x: under m1 the assumption a excludes x, under m2 b does, under m3 a
// and c together. Assuming a, b, c and p every part is unsat, and the core is the union of the
// parts' (a, b and c: a core of the last part alone lacks b); without c the part of m3 is sat,
// with m3 in its model; a part without an answer is none for the whole.
BOOST_AUTO_TEST_CASE(a_check_by_cases_is_the_whole_check) {
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr m1 = ctx.bool_const("m1"), m2 = ctx.bool_const("m2"), m3 = ctx.bool_const("m3");
    const z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c");
    const z3::expr p = ctx.bool_const("p"), x = ctx.bool_const("x");
    z3::expr_vector ms(ctx);
    for (const auto& m : {m1, m2, m3}) ms.push_back(m);
    s.add(z3::mk_or(ms));
    s.add(z3::atmost(ms, 1));
    s.add(z3::implies(p, x));
    s.add(z3::implies(m1 && a, !x));
    s.add(z3::implies(m2 && b, !x));
    s.add(z3::implies(m3 && a && c, !x));
    const std::vector<z3::expr> cases{m1, m2, m3};
    std::size_t parts = 0;
    auto check = [&](const z3::expr_vector& part) -> std::optional<bool> {
        ++parts;
        return s.check(part) == z3::sat;
    };
    auto has = [](const std::vector<z3::expr>& core, const z3::expr& e) {
        return std::any_of(core.begin(), core.end(), [&](const z3::expr& y) { return z3::eq(y, e); });
    };
    z3::expr_vector all(ctx);
    for (const auto& e : {a, b, c, p}) all.push_back(e);
    std::vector<z3::expr> core;
    BOOST_TEST((smt::check_by_cases(s, all, cases, check, core) == std::optional<bool>(false)));
    BOOST_TEST(parts == 3u);
    BOOST_TEST(has(core, a));
    BOOST_TEST(has(core, b));
    BOOST_TEST(has(core, c));
    BOOST_TEST(all.size() == 4u);  // the assumptions are not changed
    z3::expr_vector no_c(ctx);
    for (const auto& e : {a, b, p}) no_c.push_back(e);
    BOOST_TEST((smt::check_by_cases(s, no_c, cases, check, core) == std::optional<bool>(true)));
    BOOST_TEST(s.get_model().eval(m3, true).is_true());
    BOOST_TEST(core.empty());
    parts = 0;
    auto gives_up = [&](const z3::expr_vector& part) -> std::optional<bool> {
        if (++parts == 2) return std::nullopt;
        return s.check(part) == z3::sat;
    };
    BOOST_TEST(!smt::check_by_cases(s, all, cases, gives_up, core).has_value());
    BOOST_TEST(parts == 2u);
}
