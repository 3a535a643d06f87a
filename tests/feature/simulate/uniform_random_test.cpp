// The execution model's chance moves are uniform (Thielscher 2010: random "always makes a
// purely random choice among its legal moves"): over 1,500 seeded Monty Hall matches, run
// in-process through query::simulate_match, random hides the car behind each of the three
// doors and the candidate picks each door about equally often (chi-square, 2 degrees of
// freedom, below 13.8, the p = 0.001 quantile), and when random must open one of two doors
// it opens each about half the time.
#define BOOST_TEST_MODULE uniform_random
#include <boost/test/unit_test.hpp>
#include <map>

#include "prolog/engine.h"
#include "session/game_file.h"
#include "simulate/simulation.h"
#include "game_paths.h"

using namespace gdlsc;

namespace {

double chi_square(const std::map<std::string, int>& counts, int n, size_t k) {
    double expected = static_cast<double>(n) / static_cast<double>(k), x = 0;
    for (const auto& [_, c] : counts) x += (c - expected) * (c - expected) / expected;
    return x;
}

}  // namespace

GDLSC_CORPUS_CASE(monty_hall_chance_moves_are_uniform) {
    auto game = query::load_game_file(gdlsc::test::corpus_dir() + "/gdl2/montyhall.kif");
    auto& engine = pl::Engine::instance();
    engine.load_game(game.program, game.analysis);
    BOOST_REQUIRE(engine.roles() == (std::vector<std::string>{"random", "candidate"}));
    const int n = 1500;
    std::map<std::string, int> car, choice, opened_when_two;
    int two_choices = 0;
    for (int seed = 1; seed <= n; ++seed) {
        query::SimulationOptions opt;
        opt.seed = static_cast<std::uint64_t>(seed);
        opt.max_steps = 2;
        opt.record_states = true;
        query::Match m = query::simulate_match(engine, opt);
        BOOST_REQUIRE_GE(m.steps.size(), 2u);
        ++car[m.steps[0].joint[0].to_kif()];
        ++choice[m.steps[0].joint[1].to_kif()];
        // Step 2: random opens a door that hides no car and was not chosen; when the
        // candidate chose the car's door, two doors qualify.
        if (m.states[1].legal[0].size() == 2) {
            ++two_choices;
            ++opened_when_two[m.steps[1].joint[0].to_kif() == m.states[1].legal[0][0].to_kif() ? "first" : "second"];
        }
    }
    for (const auto& [d, c] : car) BOOST_TEST_MESSAGE("car " << d << ": " << c);
    for (const auto& [d, c] : choice) BOOST_TEST_MESSAGE("choice " << d << ": " << c);
    BOOST_TEST_MESSAGE("two doors to open: " << two_choices << ", first " << opened_when_two["first"]);
    BOOST_TEST(car.size() == 3u);
    BOOST_TEST(choice.size() == 3u);
    BOOST_TEST(chi_square(car, n, 3) < 13.8, "car placement counts not uniform");
    BOOST_TEST(chi_square(choice, n, 3) < 13.8, "candidate's choices not uniform");
    // About a third of the matches (candidate picked the car): 500 expected.
    BOOST_TEST(two_choices > 400);
    BOOST_TEST(two_choices < 600);
    BOOST_TEST(chi_square(opened_when_two, two_choices, 2) < 10.8, "door opening not uniform");  // p = 0.001, 1 df
}
