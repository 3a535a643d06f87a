// The pair system of a role as constrained Horn clauses (src/smt/pair_chc.cpp), solved by PDR
// (src/smt/pdr.cpp) or Z3's Spacer: `prove --engine chc` (src/prove/prove_chc.cpp). Its
// whole-game verdicts equal the fixpoint's (verdict, shortest counterexample's depth and
// role); it decides what k-induction leaves undecided; Spacer and PDR agree; a mutation of
// the clauses is caught; the clauses have the shape pair_chc.h states.
#define BOOST_TEST_MODULE smt_pair_chc
#include <boost/test/unit_test.hpp>

#include <cerrno>
#include <chrono>
#include <string>
#include <vector>

#include <sys/wait.h>

#include "ground/grounder.h"
#include "session/game_file.h"
#include "prove/proof.h"
#include "prove/prove_chc.h"
#include "prove/prove_testing.h"
#include "smt/pair_chc.h"
#include "game_paths.h"
#include "parsed_game.h"
#include "prove_run.h"

using gdlsc::test::corpus;
using gdlsc::test::example;
using gdlsc::test::kKnowledgeProperties;

namespace {

using Run = gdlsc::test::ProveRun;

Run prove(const std::string& game, const std::string& property, const std::vector<std::string>& extra) {
    return gdlsc::test::prove_json(game, property, extra, 120);
}

// prove_chc gives the fixpoint's verdict, and for a refutation a counterexample of the same
// depth and role: two developments of that depth with the same percepts of the role.
void same_as_fixpoint(const std::string& file, const std::string& property) {
    using namespace gdlsc;
    BOOST_TEST_CONTEXT(file << " " << property) {
        query::Game g = query::load_game_file(file);
        query::WholeGameOptions wo;
        wo.timeout_seconds = 60;
        const query::ProveReport fix = query::prove_whole_game(g, property, wo);
        query::ChcProveOptions co;
        co.timeout_seconds = 60;
        const query::ProveReport chc = query::prove_chc(g, property, co);
        BOOST_TEST(chc.whole_game);
        BOOST_TEST(chc.solver == "both");  // the default: PDR and Spacer race
        if (chc.holds)
            BOOST_TEST(chc.solved_by.size() + 1 >= g.analysis.roles.size());  // every agent's answer says who gave it
        else
            BOOST_TEST(chc.solved_by.count(chc.role) == 1u);  // who refuted it (the bounded search first)
        BOOST_TEST(chc.holds == fix.holds);
        if (!fix.holds) {
            BOOST_TEST(chc.at_depth == fix.at_depth);
            BOOST_TEST(chc.role == fix.role);
            BOOST_TEST(chc.actual.size() == chc.at_depth);
            BOOST_TEST(chc.alternative.size() == chc.at_depth);
            BOOST_TEST(chc.actual_percepts == chc.alternative_percepts);
        } else {
            BOOST_TEST(!chc.invariants.empty());
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(examples_agree_with_the_fixpoint) {
    for (const char* g : {"exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif"})
        for (const char* p : kKnowledgeProperties) same_as_fixpoint(example(g), p);
    // positive loops in the rules (reachability over a cyclic graph): unfolded in the clauses
    for (const char* p : kKnowledgeProperties)
        same_as_fixpoint(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/positive_loops.kif", p);
}

GDLSC_CORPUS_CASE(corpus_agrees_with_the_fixpoint) {
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/pennies.kif", "gdl2/guess6.kif"})
        for (const char* p : kKnowledgeProperties) same_as_fixpoint(corpus(g), p);
    same_as_fixpoint(corpus("gdl2/montyhall_2candidates.kif"), "goal-knowledge");  // refuted at 3 (candidate)
}

// two_generals: its relaxed one-step grounding is infinite (messages nest one level deeper each
// round); grounded step by step until (round 9) ends the game, the chc engine applies to it.
GDLSC_CORPUS_CASE(two_generals_is_decided) {
    const std::string g = corpus("gdl2/two_generals.kif");
    Run goal = prove(g, "goal-knowledge", {"--engine", "chc"});
    BOOST_TEST(goal.exit_code == 0, goal.err);
    BOOST_TEST(goal.j["method"] == "chc");
    BOOST_TEST(goal.j["solver"] == "both");
    BOOST_TEST(goal.j["whole_game"] == true);
    same_as_fixpoint(g, "perfect-information");  // refuted at 1 (generala)
}

// A property the fixpoint proves that is not k-inductive for k < 5 (tests/fixtures/smt/
// not_inductive.kif: the invariant "(q 1) iff (q 2)" is none of Houdini's candidates):
// k-induction up to k = 2 says undecided, PDR proves it; and guess6's goal-knowledge, which
// k-induction leaves undecided up to k = 5, is refuted at depth 6 as the fixpoint refutes it.
BOOST_AUTO_TEST_CASE(decides_what_k_induction_leaves_undecided) {
    const std::string g = std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/not_inductive.kif";
    Run ind = prove(g, "legal-knowledge", {"--engine", "smt", "--induction", "--max-k", "2"});
    BOOST_TEST(ind.exit_code == 6);
    Run chc = prove(g, "legal-knowledge", {"--engine", "chc"});
    BOOST_TEST(chc.exit_code == 0, chc.err);
    BOOST_TEST(chc.j["holds"] == true);
    BOOST_TEST(chc.j["invariants"]["player"].get<std::size_t>() > 0u);
}

GDLSC_CORPUS_CASE(refutes_what_k_induction_leaves_undecided) {
    const std::string g = corpus("gdl2/guess6.kif");
    Run ind = prove(g, "goal-knowledge", {"--engine", "smt", "--induction", "--max-k", "5"});
    BOOST_TEST(ind.exit_code == 6);
    Run chc = prove(g, "goal-knowledge", {"--engine", "chc"});
    BOOST_TEST(chc.exit_code == 1, chc.err);
    BOOST_TEST(chc.j["counterexample"]["depth"] == 6);
}

// Spacer, solving the same clauses, agrees with PDR (verdicts and counterexamples).
BOOST_AUTO_TEST_CASE(spacer_agrees_with_pdr) {
    using namespace gdlsc;
    for (const char* g : {"exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif"}) {
        query::Game game = query::load_game_file(example(g));
        for (const char* p : kKnowledgeProperties) {
            BOOST_TEST_CONTEXT(g << " " << p) {
                query::ChcProveOptions o;
                o.timeout_seconds = 60;
                o.solver = "pdr";
                auto pdr = query::prove_chc(game, p, o);
                BOOST_TEST(pdr.solver == "pdr");
                for (const auto& [role, by] : pdr.solved_by) BOOST_TEST(by == "pdr");
                o.solver = "spacer";
                auto spacer = query::prove_chc(game, p, o);
                BOOST_TEST(spacer.solver == "spacer");
                for (const auto& [role, by] : spacer.solved_by) BOOST_TEST(by == "spacer");
                BOOST_TEST(spacer.holds == pdr.holds);
                BOOST_TEST(spacer.at_depth == pdr.at_depth);
                BOOST_TEST(spacer.role == pdr.role);
            }
        }
    }
}

// The race runs Spacer in a child process (pair_chc.cpp: an interrupted Z3 fixedpoint may
// throw from its destructor): whoever wins, and at a time limit, the child is killed and
// reaped before prove_chc returns -- this process has no child left.
BOOST_AUTO_TEST_CASE(spacer_child_is_reaped) {
    using namespace gdlsc;
    auto no_child_left = [] { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; };
    query::ChcProveOptions o;
    o.timeout_seconds = 60;
    query::Game krieg = query::load_game_file(example("krieg_tictactoe/krieg_tictactoe.kif"));
    auto r = query::prove_chc(krieg, "legal-knowledge", o);
    BOOST_TEST(r.holds);
    BOOST_TEST(no_child_left());
    query::Game counter =
        query::load_game_file(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/prove/hidden_counter.kif");
    o.timeout_seconds = 1;
    const auto t0 = std::chrono::steady_clock::now();
    BOOST_CHECK_THROW(query::prove_chc(counter, "legal-knowledge", o), std::exception);
    BOOST_TEST(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 10.0);
    BOOST_TEST(no_child_left());
}

// Spacer's answer crosses from the child: mastermind448's legal-knowledge, which Spacer proves
// in seconds and PDR does not (doc/knowledge.md), is proved by the race with Spacer named.
GDLSC_CORPUS_CASE(spacer_answer_reaches_the_parent) {
    Run r = prove(corpus("gdl2/mastermind448.kif"), "legal-knowledge", {"--engine", "chc", "--timeout", "100"});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.j["holds"] == true);
    BOOST_TEST(r.j["solved_by"]["player"] == "spacer");
    BOOST_TEST(r.j["invariants"]["player"].get<std::size_t>() > 0u);
}

// Dropping the constraint that both copies make the same move of the role lets a role confuse
// developments it tells apart by its own moves: Blind Tic-Tac-Toe's legal-knowledge, which
// holds (PDR proves it here; the fixpoint over 393,491 states, doc/knowledge.md), is refuted
// at depth 1 (white's own mark decides which cells it may try next).
BOOST_AUTO_TEST_CASE(mutation_dropping_same_move_is_caught) {
    using namespace gdlsc;
    query::Game game = query::load_game_file(example("blind_tictactoe/blind_tictactoe.kif"));
    query::ChcProveOptions o;
    o.timeout_seconds = 60;
    auto real = query::prove_chc(game, "legal-knowledge", o);
    BOOST_TEST(real.holds);
    query::testing::ProveMutation drop;
    drop.drop_same_move = true;
    auto mutant = query::testing::prove_chc(game, "legal-knowledge", o, drop);
    BOOST_TEST(!mutant.holds);
    BOOST_TEST(mutant.at_depth == 1u);
}

// The clauses as pair_chc.h states them: one relation over two copies of the fluents, the
// initial pair, one step rule, one query.
BOOST_AUTO_TEST_CASE(clauses_have_the_stated_shape) {
    using namespace gdlsc;
    test::ParsedGame g = test::game_from_text(R"(
(role p) (init (at 0)) (succ 0 1) (succ 1 2)
(<= (legal p (go ?y)) (true (at ?x)) (succ ?x ?y))
(<= (next (at ?y)) (does p (go ?y)))
(<= (sees p ?y) (does p (go ?y)))
(<= terminal (true (at 2)))
(goal p 100)
)");
    ground::GroundProgram step = ground::ground_step(g.program, g.analysis);
    step.index_rules();
    const std::vector<gdl::Term> init{gdl::Term::compound("at", {gdl::Term::constant("0")})};
    const std::string text = smt::pair_chc_text(step, init, 0, smt::TwoCopyProperty::Legal);
    BOOST_TEST_MESSAGE(text);
    BOOST_TEST(text.find("(declare-rel pair (Bool Bool Bool Bool Bool Bool))") != std::string::npos, text);  // 3 fluents, 2 copies
    BOOST_TEST(text.find(":named init") != std::string::npos);
    BOOST_TEST(text.find(":named step") != std::string::npos);
    BOOST_TEST(text.find(":named violation") != std::string::npos);
    BOOST_TEST(text.find("(query bad)") != std::string::npos);
    for (auto engine : {smt::ChcEngine::Pdr, smt::ChcEngine::Spacer}) {
        smt::ChcOptions o;
        o.engine = engine;
        BOOST_TEST(smt::prove_by_chc(step, init, 0, smt::TwoCopyProperty::Legal, o).verdict == smt::ChcResult::Proved);
        BOOST_TEST(smt::prove_by_chc(step, init, 0, smt::TwoCopyProperty::Terminal, o).verdict == smt::ChcResult::Proved);
        // one role, no random: one joint move per state, so the pairs are diagonal and
        // perfect information holds
        BOOST_TEST(smt::prove_by_chc(step, init, 0, smt::TwoCopyProperty::PerfectInformation, o).verdict ==
                   smt::ChcResult::Proved);
    }
}

// Formulas are the fixpoint's; --depth is refused; --timeout bounds the whole proof.
BOOST_AUTO_TEST_CASE(what_it_refuses_and_its_time_limit) {
    const std::string card = example("card_game/card_game.kif");
    Run f = prove(card, "(knows jane (or terminal (not terminal)))", {"--engine", "chc"});
    BOOST_TEST(f.exit_code == 2);
    BOOST_TEST(f.err.find("the chc engine decides") != std::string::npos, f.err);
    Run d = prove(card, "legal-knowledge", {"--engine", "chc", "--depth", "2"});
    BOOST_TEST(d.exit_code == 2);
    const auto t0 = std::chrono::steady_clock::now();
    // refuted only after 2^24 joint moves: far beyond what Spacer unrolls in 2 s
    Run t = prove(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/prove/hidden_counter.kif", "legal-knowledge",
                  {"--engine", "chc", "--timeout", "2"});
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST(t.exit_code == 4);
    BOOST_TEST(t.err.find("time limit of 2 s") != std::string::npos, t.err);
    BOOST_TEST(secs < 15.0);  // as prove_smt_test: the machine is shared
}
