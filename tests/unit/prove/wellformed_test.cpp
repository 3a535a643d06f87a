// Well-formedness as whole-game properties (src/ground/wellformed.cpp, src/query/
// prove_wellformed.cpp): known answers on fixtures written to fail one property each
// (tests/fixtures/wellformed), with the shortest counterexample and its explanation; the
// step network's state space and the rules' (the embedded engine: an independent
// computation of the same states) agree on fixtures, examples and corpus games; `check
// --well-formed` and `prove` through the binary (exit codes, text, JSON).
#define BOOST_TEST_MODULE wellformed
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/errors.h"
#include "game_paths.h"
#include "prove_run.h"
#include "session/game_file.h"
#include "prove/prove_wellformed.h"
#include "prove/step_program.h"
#include "smt/one_copy.h"
#include "run_gdlsc.h"

using namespace gdlsc;
using gdlsc::test::corpus;
using gdlsc::test::example;

namespace {

std::string fixture(const std::string& name) {
    return std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/wellformed/" + name + ".kif";
}

query::ProveReport wf(const std::string& file, const std::string& property, const std::string& space = "network",
                      std::optional<std::size_t> depth = std::nullopt) {
    query::Game g = query::load_game_file(file);
    query::WholeGameOptions o;
    o.space = space;
    o.timeout_seconds = 60;
    o.max_depth = depth;
    return query::prove_wellformed(g, property, o);
}

// Both state spaces give the same verdict, counterexample length, role and explanation (the
// developments may differ: each space tries the joint moves in its own order).
void spaces_agree(const std::string& file) {
    for (const auto& p : query::wellformedness_properties()) {
        BOOST_TEST_CONTEXT(file << " " << p) {
            const query::ProveReport n = wf(file, p, "network"), r = wf(file, p, "rules");
            BOOST_TEST(n.space == "network");
            BOOST_TEST(r.space == "rules");
            BOOST_TEST(n.holds == r.holds);
            BOOST_TEST(n.at_depth == r.at_depth);
            BOOST_TEST(n.role == r.role);
            BOOST_TEST(n.explanation == r.explanation);
            BOOST_TEST(n.actual.size() == r.actual.size());  // shortest both; which one may differ (move order)
            if (n.holds && p != "weak-winnability") BOOST_TEST(n.states == r.states);  // the whole space
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_role_without_a_legal_move_is_found_at_its_step) {
    auto r = wf(fixture("stuck"), "playability");
    BOOST_TEST(!r.holds);
    BOOST_TEST(r.role == "guesser");
    BOOST_TEST(r.at_depth == 1u);
    BOOST_REQUIRE_EQUAL(r.actual.size(), 1u);
    BOOST_TEST(r.actual[0][0].find("(guess ") == 0u);
    BOOST_TEST(r.explanation == "guesser has no legal move after step 1, and the game is not over");
    // developments of length 0 only: the initial state has legal moves
    BOOST_TEST(wf(fixture("stuck"), "playability", "network", 0).holds);
    BOOST_TEST(!wf(fixture("stuck"), "playability", "network", 1).holds);
    // stuck before the end: no terminal state is reachable
    auto w = wf(fixture("stuck"), "weak-winnability");
    BOOST_TEST(!w.holds);
    BOOST_TEST(w.no_development);
    BOOST_TEST(w.explanation == "no terminal state is reachable, so guesser cannot win");
    BOOST_TEST(wf(fixture("stuck"), "termination").holds);
}

BOOST_AUTO_TEST_CASE(a_cycle_is_a_lasso_from_the_shallowest_state_on_it) {
    auto r = wf(fixture("cycle"), "termination");
    BOOST_TEST(!r.holds);
    BOOST_TEST(r.at_depth == 2u);
    BOOST_REQUIRE(r.loop_start.has_value());
    BOOST_TEST(*r.loop_start == 0u);
    BOOST_TEST((r.actual == std::vector<std::vector<std::string>>{{"switch"}, {"switch"}}));
    for (const char* p : {"playability", "weak-winnability", "monotonic-goals"}) BOOST_TEST(wf(fixture("cycle"), p).holds, p);
    // termination is about the whole game
    BOOST_CHECK_THROW(wf(fixture("cycle"), "termination", "network", 3), UserError);
}

BOOST_AUTO_TEST_CASE(an_agent_that_cannot_win_is_named_with_its_best_goal) {
    auto r = wf(fixture("unwinnable"), "weak-winnability");
    BOOST_TEST(!r.holds);
    BOOST_TEST(r.role == "b");
    BOOST_TEST(r.explanation == "no reachable terminal state gives b the goal value 100 (its best: 50)");
    for (const char* p : {"playability", "termination", "monotonic-goals"}) BOOST_TEST(wf(fixture("unwinnable"), p).holds, p);
}

BOOST_AUTO_TEST_CASE(a_goal_that_drops_is_found_at_the_step_it_drops) {
    auto r = wf(fixture("dropping_goal"), "monotonic-goals");
    BOOST_TEST(!r.holds);
    BOOST_TEST(r.at_depth == 2u);
    BOOST_TEST((r.actual == std::vector<std::vector<std::string>>{{"wait"}, {"lose"}}));
    BOOST_TEST(r.explanation == "a's goal value drops from 50 to 0 at step 2");
    // goals only in terminal states (most games): no goal value in the initial state
    auto card = wf(example("card_game/card_game.kif"), "monotonic-goals");
    BOOST_TEST(!card.holds);
    BOOST_TEST(card.at_depth == 0u);
    BOOST_TEST(card.explanation.find("has no goal value after step 0") != std::string::npos, card.explanation);
}

BOOST_AUTO_TEST_CASE(examples_are_well_formed) {
    for (const char* g : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif"})
        for (const char* p : {"playability", "termination", "weak-winnability"}) BOOST_TEST(wf(example(g), p).holds, g << " " << p);
}

BOOST_AUTO_TEST_CASE(the_two_state_spaces_agree) {
    for (const char* f : {"stuck", "cycle", "unwinnable", "dropping_goal"}) spaces_agree(fixture(f));
    for (const char* g : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif"})
        spaces_agree(example(g));
}

// Z3 on the step program unrolled in one copy finds the same shortest violations as the state
// search cut at the same depth (termination: a lasso within the bound, the whole-game search's
// counterexample when it is that short).
void smt_agrees(const std::string& file, std::size_t depth) {
    query::Game g = query::load_game_file(file);
    for (const auto& p : query::wellformedness_properties()) {
        BOOST_TEST_CONTEXT(file << " " << p << " depth " << depth) {
            const query::ProveReport z = query::prove_wellformed_smt(g, p, depth, 60);
            BOOST_TEST((z.method == query::ProveMethod::SmtBounded));
            if (p == "termination") {
                const query::ProveReport whole = wf(file, p);
                if (!whole.holds && whole.at_depth <= depth) {
                    BOOST_TEST(!z.holds);
                    BOOST_TEST(z.at_depth == whole.at_depth);
                } else if (whole.holds) {
                    BOOST_TEST(z.holds);
                }
                continue;
            }
            const query::ProveReport f = wf(file, p, "network", depth);
            BOOST_TEST(z.holds == f.holds);
            BOOST_TEST(z.at_depth == f.at_depth);
            BOOST_TEST(z.role == f.role);
        }
    }
}

BOOST_AUTO_TEST_CASE(smt_agrees_with_the_state_search) {
    for (const char* f : {"stuck", "cycle", "unwinnable", "dropping_goal"}) smt_agrees(fixture(f), 4);
    smt_agrees(example("card_game/card_game.kif"), 3);
    smt_agrees(example("exploding_bomb/exploding_bomb.kif"), 4);
    smt_agrees(example("three_players/three_players.kif"), 3);
    // a depth too short for the violation: both say it holds so far
    BOOST_TEST(query::prove_wellformed_smt(query::load_game_file(fixture("dropping_goal")), "monotonic-goals", 1, 60).holds);
}

// IC3/PDR on one copy (the chc row), for the whole game: the verdicts of the state search, and
// its shortest counterexample (PDR's own is only a bound: the bounded search then finds the
// shortest); termination by the bounded search's completeness bound or PDR's lasso reduction.
void chc_agrees(const std::string& file) {
    query::Game g = query::load_game_file(file);
    for (const auto& p : query::wellformedness_properties()) {
        BOOST_TEST_CONTEXT(file << " " << p) {
            query::ChcProveOptions o;
            o.timeout_seconds = 60;
            const query::ProveReport z = query::prove_wellformed_chc(g, p, o);
            const query::ProveReport f = wf(file, p);
            BOOST_TEST((z.method == query::ProveMethod::Chc));
            BOOST_TEST(z.whole_game);
            BOOST_TEST(z.holds == f.holds);
            // a lasso: Z3's is the shortest development with a repeated state, the state
            // search's a shortest path to the shallowest state on a cycle and round it
            if (p == "termination") BOOST_TEST(z.at_depth <= f.at_depth);
            else BOOST_TEST(z.at_depth == f.at_depth);
            BOOST_TEST(z.role == f.role);
            BOOST_TEST(z.no_development == f.no_development);
            BOOST_TEST(z.loop_start.has_value() == f.loop_start.has_value());
            if (p == "termination" && z.holds && z.solver == "bounded") BOOST_TEST(z.depth == f.depth);  // the longest development
        }
    }
}

BOOST_AUTO_TEST_CASE(pdr_agrees_with_the_state_search_for_the_whole_game) {
    for (const char* f : {"stuck", "cycle", "unwinnable", "dropping_goal"}) chc_agrees(fixture(f));
    chc_agrees(example("card_game/card_game.kif"));
    chc_agrees(example("exploding_bomb/exploding_bomb.kif"));
    chc_agrees(example("three_players/three_players.kif"));
    // PDR alone on termination's lasso reduction (the chc row asks the bounded search first):
    // a cycle is reachable in the fixture, none in the card game
    query::Game cycle = query::load_game_file(fixture("cycle"));
    for (const auto& [game, cyclic] : {std::pair{fixture("cycle"), true}, std::pair{example("card_game/card_game.kif"), false},
                                       std::pair{example("exploding_bomb/exploding_bomb.kif"), false}}) {
        query::Game gm = query::load_game_file(game);
        const query::StepProgram sp = query::step_program(gm, "chc");
        const smt::OneCopyProof p = smt::prove_one_copy(sp.program, sp.init, smt::OneCopyProperty::Termination, {});
        BOOST_TEST(p.holds == !cyclic, game);
        // and playability's answer is the state search's
        BOOST_TEST(smt::prove_one_copy(sp.program, sp.init, smt::OneCopyProperty::Playability, {}).holds ==
                   wf(game, "playability").holds, game);
    }
    std::string spacer;
    try {
        query::ChcProveOptions o;
        o.solver = "spacer";
        query::prove_wellformed_chc(cycle, "termination", o);
    } catch (const UserError& e) {
        spacer = e.what();
    }
    BOOST_TEST(spacer.find("--chc-solver pdr") != std::string::npos, spacer);
}

GDLSC_CORPUS_CASE(pdr_agrees_on_the_corpus) {
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/pennies.kif", "gdl2/two_generals.kif", "gdl2/guess6.kif"})
        chc_agrees(corpus(g));
}

GDLSC_CORPUS_CASE(smt_agrees_on_the_corpus) {
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/pennies.kif", "gdl2/two_generals.kif"}) smt_agrees(corpus(g), 3);
}

GDLSC_CORPUS_CASE(the_two_state_spaces_agree_on_the_corpus) {
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/guess6.kif", "gdl2/pennies.kif", "gdl2/two_generals.kif",
                          "gdl1/ticTacToe.kif"})
        spaces_agree(corpus(g));
}

BOOST_AUTO_TEST_CASE(check_well_formed_through_the_binary) {
    using gdlsc::test::run_gdlsc;
    auto bad = run_gdlsc({"check", fixture("stuck"), "--well-formed", "--quiet"});
    BOOST_TEST(bad.exit_code == 1, bad.err);
    BOOST_TEST(bad.out.find("playability       does not hold: guesser has no legal move after step 1") != std::string::npos,
               bad.out);
    BOOST_TEST(bad.out.find("the game is not well-formed") != std::string::npos, bad.out);
    auto good = run_gdlsc({"check", example("card_game/card_game.kif"), "--well-formed", "--quiet", "--json"});
    BOOST_TEST(good.exit_code == 0, good.err);
    auto j = nlohmann::json::parse(good.out);
    BOOST_TEST(j["valid"] == true);
    BOOST_TEST(j["well_formedness"]["well_formed"] == true);
    BOOST_TEST(j["well_formedness"]["properties"]["playability"]["holds"] == true);
    BOOST_TEST(j["well_formedness"]["properties"]["monotonic-goals"]["holds"] == false);  // not required
    // without --well-formed nothing is proved
    auto plain = run_gdlsc({"check", fixture("stuck")});
    BOOST_TEST(plain.exit_code == 0);
    BOOST_TEST(plain.out.find("well-formedness") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(prove_through_the_binary) {
    using gdlsc::test::run_gdlsc;
    auto p = gdlsc::test::prove_json(fixture("cycle"), "termination", {});
    BOOST_TEST(p.exit_code == 1, p.err);
    BOOST_TEST(p.j["counterexample"]["loop_start"] == 0);
    BOOST_TEST(p.j["counterexample"]["depth"] == 2);
    BOOST_TEST(p.j["counterexample"]["explanation"].get<std::string>().find("never ends") != std::string::npos);
    auto text = run_gdlsc({"prove", fixture("cycle"), "termination", "--quiet"});
    BOOST_TEST(text.out.find("the state after step 0 recurs after step 2") != std::string::npos, text.out);
    // explicit with --depth checks the state graph to that depth (no developments method)
    auto bounded = gdlsc::test::prove_json(fixture("stuck"), "playability", {"--depth", "1"});
    BOOST_TEST(bounded.exit_code == 1, bounded.err);
    BOOST_TEST(bounded.j["method"] == "fixpoint");
    // --engine all with --depth: the state search cut at the depth and Z3 in one copy agree;
    // without --depth the two-copy methods do not decide them and are listed
    auto bounded_all = gdlsc::test::prove_json(fixture("stuck"), "playability", {"--engine", "all", "--depth", "3"});
    BOOST_TEST(bounded_all.exit_code == 1, bounded_all.err);
    BOOST_TEST(bounded_all.j["agree"] == true);
    BOOST_REQUIRE(bounded_all.j["engines"].size() == 3u);
    BOOST_TEST(bounded_all.j["engines"][1]["report"]["method"] == "bdd");
    BOOST_TEST(bounded_all.j["engines"][2]["report"]["method"] == "smt");
    for (const auto& e : bounded_all.j["engines"]) BOOST_TEST(e["report"]["counterexample"]["depth"] == 1);
    // without --depth the state search and IC3/PDR on one copy agree; the two-copy methods do not
    // decide them and are listed
    auto all = gdlsc::test::prove_json(fixture("stuck"), "playability", {"--engine", "all"});
    BOOST_TEST(all.exit_code == 1, all.err);
    BOOST_TEST(all.j["agree"] == true);
    BOOST_REQUIRE(all.j["engines"].size() >= 2u);
    BOOST_TEST(all.j["engines"].back()["engine"] == "chc");
    for (const auto& e : all.j["engines"]) BOOST_TEST(e["report"]["counterexample"]["depth"] == 1);
    BOOST_TEST(all.j["engines"][1]["engine"] == "bdd");
    BOOST_TEST(all.j["not_applicable"].dump().find("does not decide well-formedness") != std::string::npos, all.j.dump());
    auto by_bdd = run_gdlsc({"prove", fixture("cycle"), "termination", "--engine", "bdd", "--quiet"});
    BOOST_TEST(by_bdd.exit_code == 1, by_bdd.err);
    BOOST_TEST(by_bdd.out.find("the state after step 0 recurs after step 2") != std::string::npos, by_bdd.out);
    auto proved = run_gdlsc({"prove", example("card_game/card_game.kif"), "playability", "--engine", "chc"});
    BOOST_TEST(proved.exit_code == 0, proved.err);
    BOOST_TEST(proved.out.find("proved by IC3/PDR on one copy of the game's states") != std::string::npos, proved.out);
    auto witness = run_gdlsc({"prove", fixture("stuck"), "playability", "--witness", fixture("stuck")});
    BOOST_TEST(witness.exit_code == 2);
    BOOST_TEST(witness.err.find("one development") != std::string::npos, witness.err);
    // GDL-III: refused with why, with or without --depth, and by check --well-formed
    for (const auto& args : {std::vector<std::string>{"prove", example("cheryl/cheryl.kif"), "playability"},
                             std::vector<std::string>{"prove", example("cheryl/cheryl.kif"), "playability", "--depth", "2"},
                             std::vector<std::string>{"prove", example("cheryl/cheryl.kif"), "playability", "--engine", "chc"},
                             std::vector<std::string>{"check", example("cheryl/cheryl.kif"), "--well-formed"}}) {
        auto g3 = run_gdlsc(args);
        BOOST_TEST(g3.exit_code == 2);
        BOOST_TEST(g3.err.find("not decided for GDL-III games") != std::string::npos, g3.err);
    }
    auto typo = run_gdlsc({"prove", fixture("stuck"), "playabilty"});
    BOOST_TEST(typo.exit_code == 2);
    BOOST_TEST(typo.err.find("did you mean playability?") != std::string::npos, typo.err);
}
