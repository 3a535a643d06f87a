// GDL-III developments on the step network (src/network/network_developments.h) and the
// rewrite of knows literals (src/ground/epistemic.h), at the library level, with answers
// known by hand: NumberGuessing (the player knows the number after five binary-search
// questions, not after four) and the common/nested knowledge fixture. A mutant network
// whose percepts are dropped (its sees rules removed) must fail the same checks: the
// engine's answers come from the percepts, not from the state alone.
#define BOOST_TEST_MODULE network_developments
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>

#include "ground/epistemic.h"
#include "network/network_developments.h"
#include "network/step_network.h"
#include "epistemic_network.h"

using namespace gdlsc;

namespace {

std::string source(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/" + rel; }

using Built = test::EpistemicNetwork;

// The network of the rewritten game; `drop_sees`: the mutant without percepts.
Built build(const std::string& path, bool drop_sees = false) {
    Built b = test::epistemic_network(path, drop_sees);
    BOOST_REQUIRE(b.epistemic);
    return b;
}

std::int64_t move(const ground::StepNetwork& net, std::size_t role, const std::string& kif) {
    for (std::size_t m = 0; m < net.moves(role).size(); ++m)
        if (net.moves(role)[m].to_kif() == kif) return static_cast<std::int64_t>(m);
    return -1;
}

// The knows inputs true at the end of the path, as "role P" / "common P".
std::vector<std::string> known_at_end(const ground::StepNetwork& net, const ground::EpistemicPath& p) {
    std::vector<std::string> out;
    for (std::uint32_t k : p.knows.back()) {
        const auto& in = net.knows()[k];
        out.push_back((in.role < 0 ? std::string("common") : net.roles()[static_cast<std::size_t>(in.role)]) + " " +
                      in.atom.to_kif());
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// NumberGuessing: the secret 5, binary-search questions (ask_if_less 17, 9, 5, 7, 6).
ground::EpistemicPath guess(const Built& b, std::size_t questions) {
    const auto& net = *b.net;
    std::vector<std::vector<std::int64_t>> h = {{move(net, 0, "noop"), move(net, 1, "(choose 5)")}};
    const int asks[] = {17, 9, 5, 7, 6};
    for (std::size_t q = 0; q < questions; ++q)
        h.push_back({move(net, 0, "(ask_if_less " + std::to_string(asks[q]) + ")"), move(net, 1, "noop")});
    return ground::epistemic_path(net, b.init, h);
}

}  // namespace

BOOST_AUTO_TEST_CASE(knows_literals_become_inputs) {
    Built b = build(source("examples/number_guessing/number_guessing.kif"));
    BOOST_TEST(b.net->knows().size() == 32u);  // (knows player (num n)) for n = 1..32
    for (const auto& k : b.net->knows()) {
        BOOST_TEST(b.net->roles()[static_cast<std::size_t>(k.role)] == "player");
        BOOST_TEST(k.atom.name == "num");
        BOOST_TEST(k.inner != ground::kNoNode);
    }
}

// random is no agent: a variable role under `not` reaches it, but it gets no input (so its
// knowledge is false) and no cells; a static P has its (constant) node.
BOOST_AUTO_TEST_CASE(static_and_random) {
    Built b = build(source("tests/fixtures/knowledge/gdl3_static_random.kif"));
    bool static_p = false;
    for (const auto& k : b.net->knows()) {
        BOOST_TEST(k.inner != ground::kNoNode, k.atom.to_kif());
        if (k.role >= 0) BOOST_TEST(b.net->roles()[static_cast<std::size_t>(k.role)] != "random");
        static_p |= k.atom.name == "color";
    }
    BOOST_TEST(static_p);  // the knows relation is a fluent here: (knows a (color red)) is an input
    const auto& net = *b.net;
    auto p = ground::epistemic_path(net, b.init, {{move(net, 0, "(choose x)"), move(net, 1, "noop"), move(net, 2, "(flip x)")}});
    auto k = known_at_end(net, p);
    BOOST_TEST(contains(k, "a (color red)"));
    BOOST_TEST(contains(k, "common (color red)"));
    BOOST_TEST(contains(k, "common (chosen x)"));
    BOOST_TEST(!contains(k, "a (coin x)"));
}

BOOST_AUTO_TEST_CASE(number_guessing_known_after_five_questions) {
    Built b = build(source("examples/number_guessing/number_guessing.kif"));
    for (std::size_t q = 0; q <= 4; ++q) {
        auto p = guess(b, q);
        BOOST_TEST(p.bad_step == -1);
        BOOST_TEST(known_at_end(*b.net, p).empty(), q << " questions");
        // The closure: the secrets the answers leave (32, 16, 8, 4, 2).
        BOOST_TEST(p.level_sizes.back() == (q == 0 ? 32u : 32u >> q), q << " questions");
    }
    auto p = guess(b, 5);
    BOOST_TEST(known_at_end(*b.net, p) == std::vector<std::string>{"player (num 5)"});
    // The game is over once the player knows: a sixth question is not a development.
    auto h = guess(b, 5);
    std::vector<std::vector<std::int64_t>> six = {{move(*b.net, 0, "noop"), move(*b.net, 1, "(choose 5)")}};
    for (int a : {17, 9, 5, 7, 6, 3}) six.push_back({move(*b.net, 0, "(ask_if_less " + std::to_string(a) + ")"), move(*b.net, 1, "noop")});
    auto bad = ground::epistemic_path(*b.net, b.init, six);
    BOOST_TEST(bad.bad_step == 6);
    BOOST_TEST(bad.bad_role == -1);  // terminal
}

BOOST_AUTO_TEST_CASE(mutant_without_percepts_is_caught) {
    Built m = build(source("examples/number_guessing/number_guessing.kif"), true);
    auto p = guess(m, 5);
    BOOST_TEST(known_at_end(*m.net, p).empty());  // the answers are never seen: nothing is learnt
    BOOST_TEST(p.level_sizes.back() == 32u);
}

BOOST_AUTO_TEST_CASE(common_and_nested_knowledge) {
    Built b = build(source("tests/fixtures/knowledge/gdl3_common_nested.kif"));
    const auto& net = *b.net;
    auto step = [&](const std::string& a, const std::string& r) {
        return std::vector<std::int64_t>{move(net, 0, a), move(net, 1, "noop"), move(net, 2, r)};
    };
    auto told = ground::epistemic_path(net, b.init, {step("noop", "(flip heads)"), step("(tell heads)", "noop")});
    BOOST_TEST(told.bad_step == -1);
    auto k = known_at_end(net, told);
    BOOST_TEST(contains(k, "common (coin heads)"));
    BOOST_TEST(contains(k, "b (coin heads)"));
    BOOST_TEST(contains(k, "a b_knows"));
    auto silent = ground::epistemic_path(net, b.init, {step("noop", "(flip heads)"), step("noop", "noop")});
    k = known_at_end(net, silent);
    BOOST_TEST(!contains(k, "common (coin heads)"));
    BOOST_TEST(!contains(k, "b (coin heads)"));
    BOOST_TEST(contains(k, "a (coin heads)"));
    BOOST_TEST(!contains(k, "a b_knows"));
    // One more step: the hint (or its absence) tells b the coin; a knows that.
    auto later = ground::epistemic_path(net, b.init,
                                        {step("noop", "(flip tails)"), step("noop", "noop"), step("noop", "noop")});
    k = known_at_end(net, later);
    BOOST_TEST(contains(k, "b (coin tails)"));
    BOOST_TEST(contains(k, "a b_knows"));
    BOOST_TEST(contains(k, "common (coin tails)"));  // each cell is that development alone
    // a cannot tell what it does not know: (tell tails) after heads is not legal.
    auto bad = ground::epistemic_path(net, b.init, {step("noop", "(flip heads)"), step("(tell tails)", "noop")});
    BOOST_TEST(bad.bad_step == 1);
    BOOST_TEST(bad.bad_role == 0);
    BOOST_TEST(bad.legal.size() == 2u);  // noop, (tell heads)
}
