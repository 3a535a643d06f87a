// The BDD engine (src/symbolic/pair_bdd.h) against the explicit lockstep fixpoint
// (ground/lockstep.h over network/network_space.h): per agent and property, the same verdict
// and shortest counterexample depth, and when the property holds the same pairs, states and
// levels; every BDD counterexample replayed on the explicit state space (legal moves from
// non-terminal states, the role's move and percepts equal at each step, the final pair
// violating). On the examples, and on every corpus game where both finish within a short
// bound (the sweep, under a minute). A mutated transition relation (one frame rule dropped)
// must be caught, the node bound and the stop flag must end a search, and BuDDy's one
// manager must serve provers one after another.
#define BOOST_TEST_MODULE symbolic_pair_bdd
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>

#include "base/deadline.h"
#include "ground/lockstep.h"
#include "network/network_space.h"
#include "network/step_network.h"
#include "ground/wellformed.h"
#include "symbolic/pair_bdd.h"
#include "game_paths.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::PairProperty;

namespace {

const PairProperty kProperties[] = {PairProperty::LegalKnowledge, PairProperty::TerminalKnowledge,
                                    PairProperty::GoalKnowledge, PairProperty::PerfectInformation};
const char* name(PairProperty p) {
    switch (p) {
        case PairProperty::LegalKnowledge: return "legal-knowledge";
        case PairProperty::TerminalKnowledge: return "terminal-knowledge";
        case PairProperty::GoalKnowledge: return "goal-knowledge";
        case PairProperty::PerfectInformation: return "perfect-information";
        default: return "custom";
    }
}

std::vector<std::size_t> agents(const ground::StepNetwork& net) {
    std::vector<std::size_t> out;
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        if (net.roles()[r] != "random") out.push_back(r);
    return out;
}

symbolic::PairOptions search(std::size_t role, PairProperty p) {
    symbolic::PairOptions o;
    o.role = role;
    o.property = p;
    return o;
}

// The joint move of a transition as move indices.
std::vector<std::uint32_t> indices(const ground::StepNetwork& net, ground::NetworkSpace& space, std::uint32_t joint) {
    std::vector<gdl::Term> terms = space.joint_move(joint);
    std::vector<std::uint32_t> out;
    for (std::size_t r = 0; r < terms.size(); ++r) {
        const auto& ms = net.moves(r);
        out.push_back(static_cast<std::uint32_t>(std::find(ms.begin(), ms.end(), terms[r]) - ms.begin()));
    }
    return out;
}

// Replays a BDD witness on the explicit space: both developments legal step by step, the
// role's observation equal at each step, and the final pair violating the property.
void replay(const ground::StepNetwork& net, std::size_t role, PairProperty p, const symbolic::PairWitness& w) {
    ground::NetworkSpace space(net, net.initial_fluents());
    BOOST_REQUIRE_EQUAL(w.actual.size(), w.depth);
    BOOST_REQUIRE_EQUAL(w.alternative.size(), w.depth);
    ground::StateId a = 0, b = 0;
    bool differ = false;
    for (std::size_t k = 0; k < w.depth; ++k) {
        auto step = [&](ground::StateId s, const std::vector<std::uint32_t>& joint) -> ground::Transition {
            const ground::StateInfo& in = space.expand(s);
            for (const auto& t : in.transitions)
                if (indices(net, space, t.joint) == joint) return t;
            BOOST_FAIL("step " << k + 1 << ": the joint move is not legal (or the state is terminal)");
            return {};
        };
        const ground::Transition ta = step(a, w.actual[k]);
        const ground::Transition tb = step(b, w.alternative[k]);
        BOOST_TEST_REQUIRE(ta.obs[role] == tb.obs[role], "step " << k + 1 << ": the role's observations differ");
        differ |= w.actual[k] != w.alternative[k];
        a = ta.next, b = tb.next;
    }
    const ground::StateInfo &ia = space.info(a), &ib = space.info(b);
    switch (p) {
        case PairProperty::LegalKnowledge: BOOST_TEST((!ia.terminal && !ib.terminal && ia.legal[role] != ib.legal[role])); break;
        case PairProperty::TerminalKnowledge: BOOST_TEST(ia.terminal != ib.terminal); break;
        case PairProperty::GoalKnowledge: BOOST_TEST((ia.terminal && ib.terminal && ia.goals[role] != ib.goals[role])); break;
        case PairProperty::PerfectInformation: BOOST_TEST(differ); break;
        default: break;
    }
}

struct Summary {
    std::size_t compared = 0, refuted = 0, skipped = 0;
    std::size_t invariants = 0;  ///< searches the inductive invariant of equal fluents proved
};

// BDD and lockstep on every agent and property of `net`, each search bounded by `seconds`
// (and the lockstep by `max_pairs`): where both finish, the same verdict, depth, pairs,
// states and levels, and the BDD witness replayed.
void compare(const std::string& what, const ground::StepNetwork& net, Summary& sum, double seconds,
             std::size_t max_pairs = 2'000'000, std::size_t max_nodes = 4'000'000) {
    std::atomic<bool> stop{false};
    std::optional<symbolic::PairProver> prover;
    {
        DeadlineStop d(Deadline::after(seconds), stop);
        symbolic::BddOptions bo;
        bo.max_nodes = max_nodes;
        bo.stop = &stop;
        try {
            prover.emplace(net, bo);
        } catch (const std::exception&) {  // NodeLimit, Stopped: the compiled step passes the bound
            sum.skipped += 4 * agents(net).size();
            return;
        }
    }
    for (std::size_t role : agents(net))
        for (PairProperty p : kProperties) {
            BOOST_TEST_CONTEXT(what << " " << net.roles()[role] << " " << name(p)) {
                ground::NetworkSpace space(net, net.initial_fluents());
                ground::LockstepOptions lo;
                lo.role = role;
                lo.property = p;
                lo.max_pairs = max_pairs;
                ground::LockstepResult ex;
                stop = false;
                try {
                    DeadlineStop d(Deadline::after(seconds), stop);
                    lo.stop = &stop;
                    ex = ground::lockstep(space, lo);
                } catch (const std::exception&) {  // LockstepLimit, LockstepStopped
                    ++sum.skipped;
                    continue;
                }
                symbolic::PairResult r;
                stop = false;
                try {
                    DeadlineStop d(Deadline::after(seconds), stop);
                    r = prover->prove(search(role, p));
                } catch (const std::exception& e) {  // the prover is spent: the game's other searches are skipped
                    BOOST_TEST_MESSAGE("bdd: " << e.what());
                    ++sum.skipped;
                    return;
                }
                ++sum.compared;
                BOOST_TEST(r.holds == ex.holds);
                // The inductive invariant of equal fluents proves only what holds (soundness).
                std::optional<std::vector<symbolic::FluentEquality>> kept;
                stop = false;
                try {
                    DeadlineStop d(Deadline::after(seconds), stop);
                    symbolic::PairOptions io = search(role, p);
                    io.invariant_seconds = seconds;
                    kept = prover->equal_fluents_invariant(io);
                } catch (const std::exception& e) {
                    BOOST_TEST_MESSAGE("bdd invariant: " << e.what());
                    return;
                }
                if (kept) {
                    ++sum.invariants;
                    BOOST_TEST(ex.holds, "an invariant proved a refuted property");
                }
                if (r.holds && ex.holds) {
                    BOOST_TEST(r.pairs == static_cast<double>(ex.pairs));
                    BOOST_TEST(r.states == static_cast<double>(space.size()));
                    BOOST_TEST(r.levels == ex.max_depth);
                }
                if (!r.holds && !ex.holds) {
                    ++sum.refuted;
                    BOOST_TEST(r.witness->depth == ex.witness->depth);
                    replay(net, role, p, *r.witness);
                }
            }
        }
}

const ground::StateProperty kStateProperties[] = {ground::StateProperty::Playability, ground::StateProperty::Termination,
                                                  ground::StateProperty::WeakWinnability, ground::StateProperty::MonotonicGoals};

// Replays a well-formedness counterexample of the BDD engine on the explicit space: every
// joint move legal in its state, and at the end the violation it names.
void replay_states(const ground::StepNetwork& net, const symbolic::StateResult& r) {
    using Why = ground::StateCheckResult::Why;
    ground::NetworkSpace space(net, net.initial_fluents());
    std::vector<ground::StateId> states{0};
    for (std::size_t k = 0; k < r.moves.size(); ++k) {
        const ground::StateInfo& in = space.expand(states.back());
        bool found = false;
        for (const auto& t : in.transitions)
            if (indices(net, space, t.joint) == r.moves[k]) {
                states.push_back(t.next);
                found = true;
                break;
            }
        BOOST_TEST_REQUIRE(found, "step " << k + 1 << ": the joint move is not legal (or the state is terminal)");
    }
    const ground::StateInfo& end = space.expand(states.back());
    switch (r.why) {
        case Why::NoLegalMove:
            BOOST_TEST(!end.terminal);
            BOOST_TEST(space.legal_size(r.role, end.legal[r.role]) == 0u);
            break;
        case Why::Cycle: BOOST_TEST(states.at(r.loop_start) == states.back()); break;
        case Why::GoalCount: BOOST_TEST(space.goal_values(r.role, end.goals[r.role]) == r.goals); break;
        case Why::GoalDecreases: {
            const ground::StateInfo& before = space.info(states.at(states.size() - 2));
            BOOST_TEST(space.goal_values(r.role, before.goals[r.role]) == std::vector<int>{r.goals.at(0)});
            BOOST_TEST(space.goal_values(r.role, end.goals[r.role]) == std::vector<int>{r.goals.at(1)});
            BOOST_TEST(r.goals.at(1) < r.goals.at(0));
            break;
        }
        default: break;
    }
}

// Well-formedness on BDDs (one copy) against the explicit state search: verdict, why,
// the counterexample's length (a cycle: where it starts), the reachable states; the BDD
// counterexample replayed.
void compare_states(const std::string& what, const ground::StepNetwork& net, Summary& sum, double seconds,
                    std::size_t max_states = 200'000) {
    for (ground::StateProperty p : kStateProperties) {
        BOOST_TEST_CONTEXT(what << " property " << static_cast<int>(p)) {
            std::atomic<bool> stop{false};
            ground::NetworkSpace space(net, net.initial_fluents());
            ground::StateCheckOptions so;
            so.property = p;
            so.agents = agents(net);
            so.max_states = max_states;
            ground::StateCheckResult ex;
            try {
                DeadlineStop d(Deadline::after(seconds), stop);
                so.stop = &stop;
                ex = ground::check_states(space, so);
            } catch (const std::exception&) {
                ++sum.skipped;
                continue;
            }
            symbolic::StateResult r;
            stop = false;
            try {
                DeadlineStop d(Deadline::after(seconds), stop);
                symbolic::BddOptions bo;
                bo.max_nodes = 4'000'000;
                bo.stop = &stop;
                symbolic::PairProver prover(net, bo);
                symbolic::StateOptions o;
                o.property = p;
                o.agents = agents(net);
                r = prover.check_states(o);
            } catch (const std::exception& e) {
                BOOST_TEST_MESSAGE("bdd: " << e.what());
                ++sum.skipped;
                continue;
            }
            ++sum.compared;
            BOOST_TEST(r.holds == ex.holds);
            BOOST_TEST((r.why == ex.why));
            if (r.holds != ex.holds) continue;
            if (r.holds && p != ground::StateProperty::WeakWinnability) {
                BOOST_TEST(r.states == static_cast<double>(ex.explored));  // the whole space
                BOOST_TEST(r.levels == ex.depth);
            }
            if (!r.holds) {
                ++sum.refuted;
                // the role may differ: each search meets the level's states in its own order
                // (the replay checks that the named role violates the property)
                if (r.why == ground::StateCheckResult::Why::Cycle) BOOST_TEST(r.loop_start == ex.loop_start);
                else BOOST_TEST(r.moves.size() == ex.joints.size());
                if (r.why == ground::StateCheckResult::Why::NoWin) BOOST_TEST(r.best_goal == ex.best_goal);
                replay_states(net, r);
            }
        }
    }
}

Summary compare_file(const std::string& path, double seconds = 5, std::size_t max_pairs = 2'000'000) {
    Summary sum;
    test::ParsedGame g = test::game_from_file(path);
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    compare(path, net, sum, seconds, max_pairs);
    return sum;
}

}  // namespace

BOOST_AUTO_TEST_CASE(examples_agree_with_the_fixpoint) {
    Summary total;
    for (const char* g : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif"}) {
        Summary s = compare_file(test::example(g));
        total.compared += s.compared, total.refuted += s.refuted;
    }
    BOOST_TEST(total.compared == 24u);  // 2 + 1 + 3 agents, 4 properties
    BOOST_TEST(total.refuted >= 5u);
}

// Krieg-TicTacToe's known verdicts (doc/knowledge.md, "Whole-game verdicts"): the short
// counterexamples, against the fixpoint; the whole-game searches of the holding properties
// are in bench/bdd_bench.py (seconds each).
BOOST_AUTO_TEST_CASE(well_formedness_agrees_with_the_state_search) {
    Summary sum;
    for (const char* f : {"stuck", "cycle", "unwinnable", "dropping_goal"}) {
        const std::string path = std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/wellformed/" + f + ".kif";
        test::ParsedGame g = test::game_from_file(path);
        ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
        compare_states(f, net, sum, 30);
    }
    for (const char* e : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif",
                          "krieg_tictactoe/krieg_tictactoe.kif"}) {
        test::ParsedGame g = test::game_from_file(test::example(e));
        ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
        compare_states(e, net, sum, 60, 0);
    }
    BOOST_TEST(sum.skipped == 0u);
    BOOST_TEST(sum.refuted >= 8u);  // each fixture's, and the examples' monotonic goals
}

// When no state of a level is found on a cycle within the tries (a seam sets them to none),
// termination's counterexample is the fallback lasso: steps inside the states with an endless
// path until one recurs. It must still be a development that returns to a state it had.
BOOST_AUTO_TEST_CASE(the_fallback_lasso_is_a_cycle_too) {
    const std::string path = std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/wellformed/cycle.kif";
    test::ParsedGame g = test::game_from_file(path);
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    symbolic::BddMutation none;
    none.cycle_tries = 0;
    symbolic::PairProver prover(net, {}, none);
    symbolic::StateOptions o;
    o.property = ground::StateProperty::Termination;
    const symbolic::StateResult r = prover.check_states(o);
    BOOST_TEST(!r.holds);
    BOOST_TEST((r.why == ground::StateCheckResult::Why::Cycle));
    BOOST_TEST(r.loop_start < r.moves.size());
    replay_states(net, r);
}

BOOST_AUTO_TEST_CASE(krieg_tictactoe_known_verdicts) {
    test::ParsedGame g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    symbolic::PairProver prover(net);
    // Legal-knowledge holds by an inductive invariant: a player always knows whose turn it is and
    // its own marks (2 + 9 fluents equal in every pair it cannot tell apart), and while it is to
    // move which cells were tried (this encoding's `tried` cells are anyone's: the opponent's
    // tries are not seen, but a valid move clears them). Nothing of the opponent's marks.
    // Terminal-knowledge has no such invariant.
    for (std::size_t role : {0u, 1u}) {
        const std::string me = net.roles()[role], mine = role == 0 ? "x" : "o", theirs = role == 0 ? "o" : "x";
        auto kept = prover.equal_fluents_invariant(search(role, PairProperty::LegalKnowledge));
        BOOST_TEST_REQUIRE(kept.has_value(), me);
        std::size_t control = 0, marks = 0, tried_when_to_move = 0;
        for (const auto& e : *kept) {
            const gdl::Term& t = net.fluents()[e.fluent];
            BOOST_TEST_CONTEXT(t.to_kif() << " for " << me) {
                BOOST_TEST(!(t.name == "cell" && t.args.at(2).name == theirs && !e.guard));
                if (e.guard) {
                    const gdl::Term& g = net.fluents()[*e.guard];
                    if (t.name == "tried" && g.to_kif() == "(control " + me + ")" && e.guard_value) ++tried_when_to_move;
                    continue;
                }
                if (t.name == "control") ++control;
                if (t.name == "cell" && t.args.at(2).name == mine) ++marks;
            }
        }
        BOOST_TEST(control == 2u);
        BOOST_TEST(marks == 9u);
        BOOST_TEST(tried_when_to_move == 9u);
        BOOST_TEST(!prover.equal_fluents_invariant(search(role, PairProperty::TerminalKnowledge)).has_value());
    }
    for (PairProperty p : {PairProperty::TerminalKnowledge, PairProperty::PerfectInformation}) {
        symbolic::PairResult r = prover.prove(search(0, p));
        BOOST_TEST_REQUIRE(!r.holds);
        ground::NetworkSpace space(net, net.initial_fluents());
        ground::LockstepOptions lo;
        lo.property = p;
        ground::LockstepResult ex = ground::lockstep(space, lo);
        BOOST_TEST(!ex.holds);
        BOOST_TEST(r.witness->depth == ex.witness->depth);
        replay(net, 0, p, *r.witness);
    }
}

// A bounded search is the bounded verdict: the first level with a violation, or none up to N.
BOOST_AUTO_TEST_CASE(a_depth_bound_cuts_the_search) {
    test::ParsedGame g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    symbolic::PairProver prover(net);
    symbolic::PairResult whole = prover.prove(search(0, PairProperty::TerminalKnowledge));
    BOOST_TEST_REQUIRE(!whole.holds);
    symbolic::PairOptions o = search(0, PairProperty::TerminalKnowledge);
    o.max_depth = whole.witness->depth - 1;
    symbolic::PairResult cut = prover.prove(o);
    BOOST_TEST(cut.holds);
    BOOST_TEST(cut.levels == whole.witness->depth - 1);
    o.max_depth = whole.witness->depth;
    BOOST_TEST(!prover.prove(o).holds);
}

// A test seam drops one fluent's next function (its frame rule with it): on the exploding
// bomb some fluent's drop must change a verdict or a counterexample's depth, and the mutated
// engine must then disagree with the fixpoint (which is what the comparisons above catch).
BOOST_AUTO_TEST_CASE(a_dropped_frame_rule_is_caught) {
    test::ParsedGame g = test::game_from_file(test::example("exploding_bomb/exploding_bomb.kif"));
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    auto verdicts = [&](std::optional<std::size_t> drop) {
        symbolic::BddMutation mutation;
        mutation.drop_next_fluent = drop;
        symbolic::PairProver prover(net, {}, mutation);
        std::vector<std::pair<bool, std::size_t>> out;
        for (std::size_t role : agents(net))
            for (PairProperty p : kProperties) {
                symbolic::PairResult r = prover.prove(search(role, p));
                out.emplace_back(r.holds, r.holds ? r.levels : r.witness->depth);
                // the invariant on the mutated relation: never a proof of what it refutes
                if (prover.equal_fluents_invariant(search(role, p))) BOOST_TEST(r.holds, "drop " << drop.value_or(999));
            }
        return out;
    };
    const auto reference = verdicts(std::nullopt);
    std::size_t caught = 0;
    for (std::size_t f = 0; f < net.fluents().size(); ++f)
        if (verdicts(f) != reference) ++caught;
    BOOST_TEST_MESSAGE(caught << " of " << net.fluents().size() << " dropped next functions change a verdict");
    BOOST_TEST(caught >= 1u);
    // The same seam in one copy: the reachable states the well-formedness search counts.
    auto reachable = [&](std::optional<std::size_t> drop) {
        symbolic::BddMutation mutation;
        mutation.drop_next_fluent = drop;
        symbolic::PairProver prover(net, {}, mutation);
        symbolic::StateOptions o;
        o.property = ground::StateProperty::Playability;
        return prover.check_states(o).states;
    };
    const double states = reachable(std::nullopt);
    std::size_t changed = 0;
    for (std::size_t f = 0; f < net.fluents().size(); ++f)
        if (reachable(f) != states) ++changed;
    BOOST_TEST(changed >= net.fluents().size() / 2);
}

// The node bound ends the search with NodeLimit, the stop flag with Stopped; the manager is
// released either way, and the next prover (a fresh bdd_init) answers as before.
BOOST_AUTO_TEST_CASE(bounds_end_a_search_and_the_manager_is_reused) {
    test::ParsedGame g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    symbolic::BddOptions small;
    small.max_nodes = 20'000;
    BOOST_CHECK_THROW(
        {
            symbolic::PairProver p(net, small);
            p.prove(search(0, PairProperty::LegalKnowledge));
        },
        symbolic::NodeLimit);
    std::atomic<bool> stop{true};
    symbolic::BddOptions stopped;
    stopped.stop = &stop;
    BOOST_CHECK_THROW(symbolic::prove_pairs(net, stopped, search(0, PairProperty::LegalKnowledge)), symbolic::Stopped);
    for (int i = 0; i < 3; ++i) {  // bdd_done then bdd_init, three times
        symbolic::PairResult r = symbolic::prove_pairs(net, {}, search(1, PairProperty::TerminalKnowledge));
        BOOST_TEST(!r.holds);
        symbolic::PairProver p(net);
        BOOST_TEST(p.stats().circuit_nodes > 0u);
    }
}

// The corpus: every game with a step network, both methods bounded (0.5 s a search, 200,000
// pairs, 2,000,000 BDD nodes); where both finish they agree. About 35 s.
GDLSC_CORPUS_CASE(corpus_games_agree_with_the_fixpoint) {
    const auto t0 = std::chrono::steady_clock::now();
    Summary total, states;
    std::size_t games = 0;
    for (const auto& file : test::corpus_games()) {
        test::ParsedGame g;
        try {
            g = test::game_from_file(file.string());
        } catch (const std::exception&) {
            continue;
        }
        if (g.analysis.epistemic) continue;
        std::optional<ground::StepNetwork> net;
        try {
            net.emplace(g.program, g.analysis, ground::GroundLimits{20'000, 40'000});
        } catch (const std::exception&) {
            continue;
        }
        ++games;
        compare(file.filename().string(), *net, total, 0.5, 200'000, 2'000'000);
        compare_states(file.filename().string(), *net, states, 0.5);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST_MESSAGE(games << " games: " << total.compared << " searches compared (" << total.refuted << " refuted), "
                             << total.skipped << " past a bound, " << secs << " s");
    // On a quiet machine about 150 searches are compared; under load the 0.5 s bound skips more.
    BOOST_TEST(total.compared >= 100u);
    BOOST_TEST(total.refuted >= 25u);
    BOOST_TEST_MESSAGE(total.invariants << " searches proved by an inductive invariant of equal fluents");
    BOOST_TEST(total.invariants >= 20u);
    BOOST_TEST_MESSAGE("well-formedness: " << states.compared << " compared (" << states.refuted << " refuted), "
                                           << states.skipped << " past a bound");
    BOOST_TEST(states.compared >= 100u);
    BOOST_TEST(states.refuted >= 20u);
}
