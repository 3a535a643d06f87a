// Choosing the state space of the whole-game methods (src/prove/game_space.h): "auto" and
// "network" take the step network where the game has one (the coin game of
// tests/support/coin_game.h), "rules" the game's rules in Prolog; a GDL-III game (Cheryl's
// Birthday of examples/, knows in the rules) has no network: "auto" falls back to the rules
// and says why, "network" is a UserError naming it. GameSpace::state hands the engine the
// same initial state from either space.
#define BOOST_TEST_MODULE prove_game_space
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include "base/errors.h"
#include "coin_game.h"
#include "game_paths.h"
#include "prove/game_space.h"
#include "session/session.h"
#include "user_error_of.h"

using namespace gdlsc;

namespace {

std::set<std::string> kifs(const std::vector<gdl::Term>& ts) {
    std::set<std::string> out;
    for (const auto& t : ts) out.insert(t.to_kif());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_network_where_there_is_one_else_the_rules) {
    const auto g = query::load_game_text("t.kif", test::coin_game_text());
    pl::Engine& e = query::prepare_engine(g, 30);
    for (const std::string which : {"auto", "network"}) {
        BOOST_TEST_CONTEXT(which) {
            auto sp = query::make_game_space(g, e, which);
            BOOST_TEST(sp.network != nullptr);
            BOOST_TEST(sp.rules == nullptr);
            BOOST_TEST(sp.about.rfind("step network (", 0) == 0u, sp.about);
            BOOST_TEST(&sp.get() == static_cast<ground::StateSpace*>(sp.network.get()));
            BOOST_TEST(kifs(e.fluents(sp.state(e, 0))) == (std::set<std::string>{"(step 0)"}));
        }
    }
    auto rules = query::make_game_space(g, e, "rules");
    BOOST_TEST(rules.network == nullptr);
    BOOST_TEST(rules.rules != nullptr);
    BOOST_TEST(rules.about == "the game's rules");
    BOOST_TEST(&rules.get() == static_cast<ground::StateSpace*>(rules.rules.get()));
    BOOST_TEST(kifs(e.fluents(rules.state(e, 0))) == (std::set<std::string>{"(step 0)"}));
    // the two spaces' successors of the start are the same states
    auto net = query::make_game_space(g, e, "network");
    std::set<std::set<std::string>> by_rules, by_net;
    for (const auto& t : rules.get().expand(0).transitions) by_rules.insert(kifs(e.fluents(rules.state(e, t.next))));
    for (const auto& t : net.get().expand(0).transitions) by_net.insert(kifs(e.fluents(net.state(e, t.next))));
    BOOST_TEST(by_rules == by_net);
    BOOST_TEST(by_rules.size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_game_without_a_network) {
    const auto g = query::load_game_file(test::example("cheryl/cheryl.kif"));
    BOOST_TEST_REQUIRE(g.network() == nullptr);
    pl::Engine& e = query::prepare_engine(g, 30);
    auto sp = query::make_game_space(g, e, "auto");
    BOOST_TEST(sp.rules != nullptr);
    BOOST_TEST(sp.about.rfind("the game's rules (no step network: ", 0) == 0u, sp.about);
    const std::string m = test::error_of([&] { query::make_game_space(g, e, "network"); });
    BOOST_TEST(m.rfind("prove: no step network: ", 0) == 0u, m);
}
