// The step network (src/network/step_network.h) on the loop fixture of the smt tests, whose
// values are known by hand: reachability over a cyclic graph with a locked door (derived
// with negation), a positive loop p <-> q with outside support, legal moves, terminal and
// successor fluents, for several rows (states and joint moves) evaluated at once; and
// k_step on a small information set.
#define BOOST_TEST_MODULE step_network
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "network/k_step.h"
#include "network/step_network.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::NodeId;
using ground::StepNetwork;

namespace {

const test::ParsedGame& loops() {
    static test::ParsedGame g =
        test::game_from_file(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/smt/positive_loops.kif");
    return g;
}

gdl::Term term(const std::string& kif) {
    test::ParsedGame g = test::game_from_text("(x " + kif + ")");
    return g.program.rules.at(0).head.args.at(0);
}

std::uint32_t index_of(const std::vector<gdl::Term>& v, const std::string& kif) {
    auto it = std::find(v.begin(), v.end(), term(kif));
    BOOST_REQUIRE_MESSAGE(it != v.end(), kif << " is not in the network");
    return static_cast<std::uint32_t>(it - v.begin());
}

}  // namespace

BOOST_AUTO_TEST_CASE(universe_of_the_loop_game) {
    StepNetwork net(loops().program, loops().analysis);
    // Fluents: (at x) for every room the rules let the robot go to, the locked door, and
    // the doors the rules ask about only under `not` (inputs that no state makes true).
    std::vector<std::string> fluents;
    for (const auto& f : net.fluents()) fluents.push_back(f.to_kif());
    std::sort(fluents.begin(), fluents.end());
    BOOST_TEST(fluents == (std::vector<std::string>{"(at a)", "(at b)", "(at c)", "(at d)", "(at e)", "(locked a b)",
                                                    "(locked b a)", "(locked b c)", "(locked b e)", "(locked c b)",
                                                    "(locked c d)", "(locked d c)"}),
               boost::test_tools::per_element());
    // Only (at x) and (locked b c) can be next.
    std::size_t nexts = 0;
    for (std::size_t f = 0; f < net.fluents().size(); ++f) nexts += net.next_node(f) != ground::kNoNode;
    BOOST_TEST(nexts == 6u);
    BOOST_TEST(net.roles() == std::vector<std::string>{"robot"});
    BOOST_TEST(net.moves(0).size() == 7u);  // go a..e, wait, unlock b c
}

BOOST_AUTO_TEST_CASE(rows_evaluate_recursion_and_negation) {
    StepNetwork net(loops().program, loops().analysis);
    const auto at_a = index_of(net.fluents(), "(at a)"), at_b = index_of(net.fluents(), "(at b)"),
               at_e = index_of(net.fluents(), "(at e)"), locked = index_of(net.fluents(), "(locked b c)"),
               at_d = index_of(net.fluents(), "(at d)");
    const auto go_c = index_of(net.moves(0), "(go c)"), go_d = index_of(net.moves(0), "(go d)"),
               wait = index_of(net.moves(0), "wait"), unlock = index_of(net.moves(0), "(unlock b c)");
    std::vector<NodeId> targets{net.terminal_node(), net.legal_node(0, go_c), net.legal_node(0, go_d),
                                net.legal_node(0, wait), net.legal_node(0, unlock), net.next_node(at_d),
                                net.next_node(locked), net.next_node(at_b)};
    ground::Rows rows(net, targets);
    // 70 rows, so that two words are used: row i is one of four cases by i % 4.
    //  0: at a, door locked, wait      -> c not legal (locked), wait legal (p false), door stays
    //  1: at b, door open, go c        -> next (at c); (go c) legal; (locked b c) not next
    //  2: at e, door locked, unlock    -> terminal; p holds (e unsafe): wait illegal; door opens
    //  3: at d, door open, go c        -> (go c) legal from d; next (at c), not (at d)
    const std::size_t n = 70;
    rows.reset(n);
    for (std::size_t i = 0; i < n; ++i) {
        switch (i % 4) {
            case 0: rows.set_fluent(i, at_a), rows.set_fluent(i, locked), rows.set_move(i, 0, wait); break;
            case 1: rows.set_fluent(i, at_b), rows.set_move(i, 0, go_c); break;
            case 2: rows.set_fluent(i, at_e), rows.set_fluent(i, locked), rows.set_move(i, 0, unlock); break;
            case 3: rows.set_fluent(i, at_d), rows.set_move(i, 0, go_c); break;
        }
    }
    rows.run();
    for (std::size_t i = 0; i < n; ++i) {
        const int c = static_cast<int>(i % 4);
        BOOST_TEST_INFO("row " << i);
        BOOST_TEST(rows.holds(net.terminal_node(), i) == (c == 2));
        BOOST_TEST(rows.holds(net.legal_node(0, wait), i) == (c != 2));
        BOOST_TEST(rows.holds(net.legal_node(0, go_c), i) == (c == 1 || c == 3));
        BOOST_TEST(rows.holds(net.legal_node(0, go_d), i) == false);  // no edge into d from a, b, e
        BOOST_TEST(rows.holds(net.legal_node(0, unlock), i) == (c == 0 || c == 2));
        BOOST_TEST(rows.holds(net.next_node(locked), i) == (c == 0));
        BOOST_TEST(rows.holds(net.next_node(at_d), i) == false);
        BOOST_TEST(rows.holds(net.next_node(at_b), i) == false);
    }
}

BOOST_AUTO_TEST_CASE(k_step_merges_children_by_state) {
    StepNetwork net(loops().program, loops().analysis);
    const auto at_a = index_of(net.fluents(), "(at a)"), at_b = index_of(net.fluents(), "(at b)"),
               locked = index_of(net.fluents(), "(locked b c)");
    const auto go_b = index_of(net.moves(0), "(go b)");
    std::vector<std::vector<std::uint32_t>> order(1);
    for (std::uint32_t m = 0; m < net.moves(0).size(); ++m) order[0].push_back(m);
    // Parents: at a with the door locked, at a with it open, at b (go b not legal there).
    std::vector<std::vector<std::uint32_t>> parents{{at_a, locked}, {at_a}, {at_b}};
    auto step = ground::k_step(net, parents, 0, go_b, {}, order);
    BOOST_TEST(step.joint_moves == (std::vector<std::uint64_t>{1, 1, 0}), boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(step.children.size(), 2u);
    std::vector<std::uint32_t> s0{at_b, locked}, s1{at_b};
    std::sort(s0.begin(), s0.end());
    BOOST_TEST(step.children[0].fluents == s0, boost::test_tools::per_element());
    BOOST_TEST(step.children[1].fluents == s1, boost::test_tools::per_element());
    BOOST_TEST(step.children[1].parent == 1u);
    BOOST_TEST(step.children[0].from == std::vector<std::uint32_t>{0});
}

// The initial state comes from the network's own init atoms (no Prolog): the loop game
// starts at a with the door b-c locked.
BOOST_AUTO_TEST_CASE(initial_state_from_the_init_atoms) {
    StepNetwork net(loops().program, loops().analysis);
    std::vector<std::string> init;
    for (std::uint32_t f : net.initial_fluents()) init.push_back(net.fluents()[f].to_kif());
    std::sort(init.begin(), init.end());
    BOOST_TEST(init == (std::vector<std::string>{"(at a)", "(locked b c)"}), boost::test_tools::per_element());
    BOOST_TEST(std::is_sorted(net.initial_fluents().begin(), net.initial_fluents().end()));
}

// An init fact derived through a static relation with negation is folded like any static atom.
BOOST_AUTO_TEST_CASE(initial_state_through_static_rules) {
    test::ParsedGame g = test::game_from_text(
        "(role p) (n 1) (n 2) (n 3) (big 3) (<= (init (c ?x)) (n ?x) (not (big ?x)))"
        "(legal p go) (<= (next (c ?x)) (true (c ?x))) (<= terminal (true (c 3))) (goal p 0)");
    StepNetwork net(g.program, g.analysis);
    std::vector<std::string> init;
    for (std::uint32_t f : net.initial_fluents()) init.push_back(net.fluents()[f].to_kif());
    std::sort(init.begin(), init.end());
    BOOST_TEST(init == (std::vector<std::string>{"(c 1)", "(c 2)"}), boost::test_tools::per_element());
}
