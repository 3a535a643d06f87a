// The BDD variable orders of the fluents (src/symbolic/variable_order.h) on Krieg-TicTacToe of
// examples/: 2 control fluents, 27 cells (3x3 cells, x/o/b) and 9 tried fluents. `sorted` is by
// relation, then arguments; `structure` (coordinate_fluents) puts the control first, then each
// board coordinate's (cell m n x|o|b) and (tried m n) together; a move (mark m n) sits after
// the last fluent of its coordinate.
#define BOOST_TEST_MODULE symbolic_variable_order
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "game_paths.h"
#include "network/step_network.h"
#include "parsed_game.h"
#include "symbolic/variable_order.h"

using namespace gdlsc;

namespace {

struct Krieg {
    test::ParsedGame g = test::game_from_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"));
    ground::StepNetwork net{g.program, g.analysis};

    std::vector<std::string> names(const std::vector<std::uint32_t>& order) const {
        std::vector<std::string> out;
        for (auto f : order) out.push_back(net.fluents().at(f).to_kif());
        return out;
    }
    // The position of each fluent (KIF) in `order`.
    std::map<std::string, std::size_t> positions(const std::vector<std::uint32_t>& order) const {
        std::map<std::string, std::size_t> out;
        const auto n = names(order);
        for (std::size_t i = 0; i < n.size(); ++i) out[n[i]] = i;
        return out;
    }
    bool permutation(std::vector<std::uint32_t> order) const {
        std::sort(order.begin(), order.end());
        for (std::size_t i = 0; i < order.size(); ++i)
            if (order[i] != i) return false;
        return order.size() == net.fluents().size();
    }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(the_fluents_of_krieg, Krieg) {
    BOOST_TEST(net.fluents().size() == 2u + 27u + 9u);
    BOOST_TEST(permutation(symbolic::sorted_fluents(net)));
    BOOST_TEST(permutation(symbolic::coordinate_fluents(net)));
    // the check catches an order that repeats a fluent
    auto broken = symbolic::sorted_fluents(net);
    broken[1] = broken[0];
    BOOST_TEST(!permutation(broken));
}

BOOST_FIXTURE_TEST_CASE(sorted_is_by_relation_then_arguments, Krieg) {
    const auto n = names(symbolic::sorted_fluents(net));
    BOOST_TEST_REQUIRE(n.size() == 38u);
    BOOST_TEST(n.front() == "(cell 1 1 b)");
    BOOST_TEST(n[1] == "(cell 1 1 o)");
    BOOST_TEST(n[2] == "(cell 1 1 x)");
    BOOST_TEST(n[3] == "(cell 1 2 b)");
    BOOST_TEST(n[26] == "(cell 3 3 x)");
    BOOST_TEST(n[27] == "(control oplayer)");
    BOOST_TEST(n[28] == "(control xplayer)");
    BOOST_TEST(n[29] == "(tried 1 1)");
    BOOST_TEST(n.back() == "(tried 3 3)");
}

BOOST_FIXTURE_TEST_CASE(structure_groups_a_coordinate, Krieg) {
    const auto order = symbolic::coordinate_fluents(net);
    const auto pos = positions(order);
    // no numbers (the control) first
    BOOST_TEST(std::max(pos.at("(control xplayer)"), pos.at("(control oplayer)")) == 1u);
    // every coordinate's four fluents on consecutive positions, sorted within the group
    for (int m = 1; m <= 3; ++m)
        for (int k = 1; k <= 3; ++k) {
            const std::string c = std::to_string(m) + " " + std::to_string(k);
            const std::size_t b = pos.at("(cell " + c + " b)");
            BOOST_TEST(pos.at("(cell " + c + " o)") == b + 1, c);
            BOOST_TEST(pos.at("(cell " + c + " x)") == b + 2, c);
            BOOST_TEST(pos.at("(tried " + c + ")") == b + 3, c);
        }
    // unlike sorted, where (cell 1 2 x) and (tried 1 2) are far apart
    const auto spos = positions(symbolic::sorted_fluents(net));
    BOOST_TEST(spos.at("(tried 1 2)") - spos.at("(cell 1 2 x)") > 3u);
}

BOOST_FIXTURE_TEST_CASE(a_move_sits_after_its_coordinate, Krieg) {
    const auto order = symbolic::coordinate_fluents(net);
    const auto pos = positions(order);
    const auto mp = symbolic::move_positions(net, order);
    std::size_t i = 0, marks = 0;
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        for (const auto& mv : net.moves(r)) {
            BOOST_TEST_REQUIRE(i < mp.size());
            if (mv.name == "mark") {
                ++marks;
                const std::string c = mv.args.at(0).to_kif() + " " + mv.args.at(1).to_kif();
                BOOST_TEST(mp[i] == static_cast<std::int64_t>(pos.at("(tried " + c + ")")), mv.to_kif());
            } else {
                BOOST_TEST(mp[i] == -1, mv.to_kif());  // noop: no numbers
            }
            ++i;
        }
    BOOST_TEST(i == mp.size());
    BOOST_TEST(marks == 18u);  // two roles, nine cells each
}
