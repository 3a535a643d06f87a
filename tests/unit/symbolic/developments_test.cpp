// GDL-III developments on BDDs (src/symbolic/developments.h) against the rows engine
// (src/network/network_developments.h) at the library level: on every GDL-III example and
// knowledge fixture, random histories -- legal ones, and ones that end in an illegal move --
// must give the same knows inputs at every node of the path and the same verdict on the
// history. Plus counts known by hand (Muddy Children: 2^n - 1 developments after the deal),
// and a mutant network without percepts that the comparison catches.
#define BOOST_TEST_MODULE symbolic_developments
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>

#include "ground/epistemic.h"
#include "network/network_developments.h"
#include "network/step_network.h"
#include "epistemic_network.h"
#include "symbolic/developments.h"

using namespace gdlsc;

namespace {

std::string source(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/" + rel; }

using Built = test::EpistemicNetwork;
Built build(const std::string& path, bool drop_sees = false) { return test::epistemic_network(path, drop_sees); }

std::string generated(const std::string& script, const std::string& arg) {
    std::string out = "/tmp/gdlsc_symbolic_test_" + arg + "_" + std::to_string(std::hash<std::string>{}(script)) + ".kif";
    std::string cmd = "python3 " + source(script) + " " + arg + " > " + out;
    BOOST_REQUIRE(std::system(cmd.c_str()) == 0);
    return out;
}

using History = std::vector<std::vector<std::int64_t>>;

// A random development of up to `steps` joint moves, its legal moves asked of the rows engine.
History random_history(const Built& b, std::size_t steps, std::mt19937& rng) {
    const auto& net = *b.net;
    History h;
    for (std::size_t t = 0; t < steps; ++t) {
        std::vector<std::int64_t> joint(net.roles().size(), -1);
        for (std::size_t r = 0; r < joint.size(); ++r) {
            History probe = h;
            probe.push_back(joint);
            auto p = ground::epistemic_path(net, b.init, probe);
            if (p.bad_role < 0 || static_cast<std::size_t>(p.bad_role) != r || p.legal.empty()) return h;  // terminal
            joint[r] = p.legal[std::uniform_int_distribution<std::size_t>(0, p.legal.size() - 1)(rng)];
        }
        h.push_back(joint);
    }
    return h;
}

void same_path(const Built& b, const History& h, const std::string& what) {
    auto rows = ground::epistemic_path(*b.net, b.init, h);
    auto read = symbolic::knows_read(*b.net);
    for (auto& node : rows.knows)
        node.erase(std::remove_if(node.begin(), node.end(), [&](std::uint32_t k) { return !read[k]; }), node.end());
    symbolic::Developments dev(*b.net, b.init);
    auto sym = dev.path(h);
    BOOST_TEST(rows.bad_step == sym.bad_step, what);
    BOOST_TEST(rows.bad_role == sym.bad_role, what);
    BOOST_TEST(rows.legal == sym.legal, what);
    BOOST_TEST_REQUIRE(rows.knows.size() == sym.knows.size(), what);
    for (std::size_t i = 0; i < rows.knows.size(); ++i) BOOST_TEST(rows.knows[i] == sym.knows[i], what << " node " << i);
}

void compare_on(const std::string& path, std::size_t histories, std::size_t steps) {
    Built b = build(path);
    std::mt19937 rng(20261127);
    for (std::size_t i = 0; i < histories; ++i) {
        History h = random_history(b, steps, rng);
        same_path(b, h, path + " history " + std::to_string(i));
        if (!h.empty()) {  // the last step with an illegal move of some role
            History bad = h;
            bad.back()[std::uniform_int_distribution<std::size_t>(0, bad.back().size() - 1)(rng)] = -1;
            same_path(b, bad, path + " illegal history " + std::to_string(i));
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(examples_agree_with_rows) {
    for (const char* g : {"examples/number_guessing/number_guessing.kif", "examples/cheryl/cheryl.kif",
                          "examples/russian_cards/russian_cards.kif", "examples/sum_and_product/sum_and_product_10.kif",
                          "examples/three_players/three_players.kif", "examples/card_game/card_game.kif"})
        compare_on(source(g), 12, 7);
}

BOOST_AUTO_TEST_CASE(fixtures_agree_with_rows) {
    for (const char* g : {"gdl3_common_nested.kif", "gdl3_static_random.kif", "duplicate_legal.kif",
                          "recursive_percepts.kif", "unseen_choices.kif", "observed_functions.kif"})
        compare_on(source(std::string("tests/fixtures/knowledge/") + g), 12, 6);
}

BOOST_AUTO_TEST_CASE(muddy_children_agree_with_rows) {
    compare_on(generated("examples/muddy_children/generate.py", "4"), 8, 6);
}

// The mutant without percepts knows other things: the comparison must see it.
BOOST_AUTO_TEST_CASE(mutant_without_percepts_differs) {
    Built good = build(source("examples/number_guessing/number_guessing.kif"));
    Built bad = build(source("examples/number_guessing/number_guessing.kif"), true);
    auto mv = [](const ground::StepNetwork& net, std::size_t r, const std::string& kif) {
        for (std::size_t m = 0; m < net.moves(r).size(); ++m)
            if (net.moves(r)[m].to_kif() == kif) return static_cast<std::int64_t>(m);
        return std::int64_t(-1);
    };
    auto hist = [&](const ground::StepNetwork& net) {
        History h = {{mv(net, 0, "noop"), mv(net, 1, "(choose 5)")}};
        for (int q : {17, 9, 5, 7, 6}) h.push_back({mv(net, 0, "(ask_if_less " + std::to_string(q) + ")"), mv(net, 1, "noop")});
        return h;
    };
    ground::EpistemicPath pa, pm;
    {  // one Developments at a time: BuDDy has one manager
        symbolic::Developments a(*good.net, good.init);
        pa = a.path(hist(*good.net));
    }
    {
        symbolic::Developments m(*bad.net, bad.init);
        pm = m.path(hist(*bad.net));
    }
    BOOST_TEST(!pa.knows.back().empty());  // the player knows the number
    BOOST_TEST(pm.knows.back().empty());
}
