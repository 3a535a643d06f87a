// The BDD engine (src/symbolic/pair_bdd.h) against the explicit lockstep fixpoint
// (ground/lockstep.h over ground/network_space.h) on every example and fixture game and on
// the corpus games both decide within seconds: per agent and property, the same verdict and
// counterexample depth, and when the property holds the same pairs and states. Every BDD
// counterexample is replayed on the explicit state space (legal moves from non-terminal
// states, the role's move and percepts equal at each step, the final pair violating), and a
// mutated transition relation (one frame rule dropped) must change a verdict.
#define BOOST_TEST_MODULE symbolic_pair_bdd
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>

#include "ground/lockstep.h"
#include "ground/network_space.h"
#include "ground/step_network.h"
#include "symbolic/pair_bdd.h"
#include "symbolic/variable_order.h"
#include "game_paths.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::PairProperty;

namespace {

const PairProperty kProperties[] = {PairProperty::LegalKnowledge, PairProperty::TerminalKnowledge,
                                    PairProperty::GoalKnowledge, PairProperty::PerfectInformation};
const char* name(PairProperty p) {
    switch (p) {
        case PairProperty::LegalKnowledge: return "legal";
        case PairProperty::TerminalKnowledge: return "terminal";
        case PairProperty::GoalKnowledge: return "goal";
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

// The joint move of transition `t` as move indices.
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
    for (std::size_t k = 0; k < w.depth; ++k) {
        auto step = [&](ground::StateId s, const std::vector<std::uint32_t>& joint) -> const ground::Transition& {
            const ground::StateInfo& in = space.expand(s);
            for (const auto& t : in.transitions)
                if (indices(net, space, t.joint) == joint) return t;
            BOOST_FAIL("step " << k + 1 << ": the joint move is not legal (or the state is terminal)");
            throw 0;
        };
        const ground::Transition ta = step(a, w.actual[k]);
        const ground::Transition tb = step(b, w.alternative[k]);
        BOOST_TEST_REQUIRE(ta.obs[role] == tb.obs[role], "step " << k + 1 << ": the role's observations differ");
        a = ta.next, b = tb.next;
    }
    const ground::StateInfo &ia = space.info(a), &ib = space.info(b);
    switch (p) {
        case PairProperty::LegalKnowledge: BOOST_TEST((!ia.terminal && !ib.terminal && ia.legal[role] != ib.legal[role])); break;
        case PairProperty::TerminalKnowledge: BOOST_TEST(ia.terminal != ib.terminal); break;
        case PairProperty::GoalKnowledge: BOOST_TEST((ia.terminal && ib.terminal && ia.goals[role] != ib.goals[role])); break;
        case PairProperty::PerfectInformation: BOOST_TEST((w.actual != w.alternative)); break;
        default: break;
    }
}

struct Summary {
    std::size_t compared = 0, refuted = 0;
};

// BDD and lockstep agree on every agent and property of the game (lockstep limited to `max_pairs`:
// beyond it the property is skipped, and so is the BDD run past `max_nodes`).
Summary compare_game(const std::string& path, std::size_t max_pairs = 3'000'000,
                     const symbolic::BddOptions& bo = {}) {
    Summary sum;
    test::ParsedGame g = test::game_from_file(path);
    ground::StepNetwork net(g.program, g.analysis, ground::kEngineNetworkLimits);
    symbolic::PairProver prover(net, bo);
    for (std::size_t role : agents(net))
        for (PairProperty p : kProperties) {
            BOOST_TEST_CONTEXT(path << " " << net.roles()[role] << " " << name(p)) {
                ground::NetworkSpace space(net, net.initial_fluents());
                ground::LockstepOptions lo;
                lo.role = role;
                lo.property = p;
                lo.max_pairs = max_pairs;
                ground::LockstepResult explicit_result;
                try {
                    explicit_result = ground::lockstep(space, lo);
                } catch (const ground::LockstepLimit&) {
                    continue;
                }
                symbolic::PairResult r = prover.prove({role, p});
                ++sum.compared;
                BOOST_TEST(r.holds == explicit_result.holds);
                if (r.holds && explicit_result.holds) {
                    BOOST_TEST(r.pairs == static_cast<double>(explicit_result.pairs));
                    BOOST_TEST(r.states == static_cast<double>(space.size()));
                    BOOST_TEST(r.levels == explicit_result.max_depth);
                }
                if (!r.holds && !explicit_result.holds) {
                    ++sum.refuted;
                    BOOST_TEST(r.witness->depth == explicit_result.witness->depth);
                    replay(net, role, p, *r.witness);
                }
            }
        }
    return sum;
}

std::string fixture(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/" + rel; }

}  // namespace

BOOST_AUTO_TEST_CASE(examples_agree_with_the_fixpoint) {
    Summary total;
    for (const char* g : {"card_game/card_game.kif", "exploding_bomb/exploding_bomb.kif", "three_players/three_players.kif",
                          "blind_tictactoe/blind_tictactoe.kif", "krieg_tictactoe/krieg_tictactoe.kif"}) {
        Summary s = compare_game(test::example(g), 40'000'000);
        total.compared += s.compared, total.refuted += s.refuted;
    }
    BOOST_TEST(total.compared >= 40u);
    BOOST_TEST(total.refuted >= 15u);
}
