// GDL-III queries with the developments on the step network (src/query/epistemic_network.h)
// against the Prolog runtime alone, through the gdlsc binary: random histories of every
// GDL-III example and fixture (seeded), and at every prefix the query answered both ways
// in one run (GDLSC_NETWORK=check: exit 3 when they differ) -- the state, the legal moves,
// terminal, goals and the last percepts. The network path must apply to each (no note on
// stderr). The known answers of the common/nested knowledge fixture hold under both
// engines; tests/unit/network/network_developments_test.cpp has the engine's own, with a
// mutant; knowledge_gdl3_clingo compares the binary (on the network by default) with clingo.
#define BOOST_TEST_MODULE knowledge_gdl3_network
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;
using gdlsc::test::RunOptions;
using gdlsc::test::RunResult;

namespace {

std::string source(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/" + rel; }
const std::string fixture = source("tests/fixtures/knowledge/gdl3_common_nested.kif");
const std::string static_random = source("tests/fixtures/knowledge/gdl3_static_random.kif");

RunResult query(const std::string& game, const std::string& history, const std::string& formula,
                const std::string& mode) {
    RunOptions o;
    o.env = {"GDLSC_NETWORK=" + mode};
    std::vector<std::string> args = {"query", game, "--json", formula};
    if (!history.empty()) args.insert(args.begin() + 2, {"--history", history});
    return gdlsc::test::run_gdlsc(args, o);
}

nlohmann::json checked(const std::string& game, const std::string& history, const std::string& formula) {
    RunResult r = query(game, history, formula, "check");
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, game << ": " << formula << " after " << history << ": exit " << r.exit_code
                                                 << ": " << r.err);
    BOOST_TEST(r.err.find("note: GDLSC_NETWORK=check") == std::string::npos, game << ": " << r.err);
    return nlohmann::json::parse(r.out);
}

std::vector<std::string> roles_of(const std::string& game) {
    RunResult r = run_gdlsc({"check", game});
    BOOST_REQUIRE(r.exit_code == 0);
    auto at = r.out.find("roles: ");
    BOOST_REQUIRE(at != std::string::npos);
    std::vector<std::string> out;
    std::string line = r.out.substr(at + 7, r.out.find('\n', at) - at - 7), w;
    for (char c : line + " ") {
        if (c == ' ') {
            if (!w.empty()) out.push_back(w);
            w.clear();
        } else {
            w += c;
        }
    }
    return out;
}

// `histories` random developments of at most `depth` steps, every prefix checked.
void random_histories(const std::string& game, int histories, int depth, unsigned seed) {
    const auto roles = roles_of(game);
    std::mt19937 rng(seed);
    for (int h = 0; h < histories; ++h) {
        std::string history;
        for (int step = 0; step <= depth; ++step) {
            checked(game, history, "(true ?f)");
            if (!history.empty()) checked(game, history, "(sees ?r ?p)");
            auto legal = checked(game, history, "(legal ?r ?m)");
            auto over = checked(game, history, "terminal");
            if (over["holds"].get<bool>() || step == depth) {
                checked(game, history, "(goal ?r ?v)");
                break;
            }
            std::string joint = "(";
            for (const auto& role : roles) {
                std::vector<std::string> moves;
                for (const auto& b : legal["bindings"])
                    if (b["?r"].get<std::string>() == role) moves.push_back(b["?m"].get<std::string>());
                BOOST_REQUIRE_MESSAGE(!moves.empty(), game << ": no legal move for " << role << " after " << history);
                joint += moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)] + " ";
            }
            joint.back() = ')';
            history += (history.empty() ? "" : " ") + joint;
        }
    }
}

std::string muddy(int n) {
    std::string python = gdlsc::test::find_on_path("python3");
    RunResult r = gdlsc::test::run_program({python, source("examples/muddy_children/generate.py"), std::to_string(n)});
    BOOST_REQUIRE(r.exit_code == 0);
    return gdlsc::test::temp_file("muddy" + std::to_string(n) + ".kif", r.out);
}

struct Python3Present {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        if (!gdlsc::test::find_on_path("python3").empty()) return true;
        boost::test_tools::assertion_result r(false);
        r.message() << "python3 is not on PATH: examples/muddy_children/generate.py needs it";
        return r;
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(fixture_known_answers_both_ways) {
    const std::string told = "(noop noop (flip heads)) ((tell heads) noop noop)";
    const std::string silent = "(noop noop (flip heads)) (noop noop noop)";
    for (const std::string mode : {"on", "off"}) {
        auto holds = [&](const std::string& h, const std::string& f) {
            RunResult r = query(fixture, h, f, mode);
            BOOST_REQUIRE_MESSAGE(r.exit_code == 0, f << " after " << h << ": " << r.err);
            return nlohmann::json::parse(r.out)["holds"].get<bool>();
        };
        BOOST_TEST(holds(told, "nested"), mode);
        BOOST_TEST(!holds(told, "(true public)"), mode);
        BOOST_TEST(holds(told + " (noop noop noop)", "(true public)"), mode);
        BOOST_TEST(!holds(silent, "nested"), mode);
        BOOST_TEST(!holds(silent + " (noop noop noop)", "(true public)"), mode);
        BOOST_TEST(holds(silent + " (noop noop noop)", "nested"), mode);
        BOOST_TEST(holds(silent + " (noop noop noop)", "(sees b hint)"), mode);  // a knows heads at step 2
        BOOST_TEST(holds("(noop noop (flip heads))", "(legal a (tell heads))"), mode);
        BOOST_TEST(!holds("(noop noop (flip heads))", "(legal a (tell tails))"), mode);
        BOOST_TEST(!holds(silent, "(legal a (tell heads))"), mode);  // only at step 1
        // A move that knowledge makes illegal is refused with its step, role and move.
        RunResult bad = query(fixture, "(noop noop (flip heads)) ((tell tails) noop noop)", "terminal", mode);
        BOOST_TEST(bad.exit_code == 2, mode);
        BOOST_TEST(bad.err.find("(tell tails)") != std::string::npos, mode << ": " << bad.err);
        BOOST_TEST(bad.err.find("step 2") != std::string::npos, mode << ": " << bad.err);
    }
}

// Knowledge of a static relation, random reached by a variable role under `not` (it knows
// nothing), common knowledge beside it: each once answered differently by the network
// engine (a review found them).
BOOST_AUTO_TEST_CASE(static_and_random_known_answers_both_ways) {
    const std::string x = "((choose x) noop (flip x))", y = "((choose y) noop (flip x))";
    for (const std::string mode : {"on", "off"}) {
        auto answer = [&](const std::string& h, const std::string& f) {
            RunResult r = query(static_random, h, f, mode);
            BOOST_REQUIRE_MESSAGE(r.exit_code == 0, f << " after " << h << ": " << r.err);
            auto j = nlohmann::json::parse(r.out);
            std::set<std::string> rows;
            for (const auto& b : j["bindings"]) rows.insert(b.contains("?r") ? b["?r"].get<std::string>() : "");
            return std::make_pair(j["holds"].get<bool>(), rows);
        };
        using Rows = std::set<std::string>;
        BOOST_TEST(answer(x, "ck").first, mode);
        BOOST_TEST((answer(x, "(nk ?r)").second == Rows{"random"}), mode);
        BOOST_TEST((answer(x, "(ncoin ?r)").second == Rows{"a", "b", "random"}), mode);
        BOOST_TEST(answer(x, "ks").first, mode);
        BOOST_TEST(answer(x, "ckstat").first, mode);
        BOOST_TEST((answer(x, "(nks ?r)").second == Rows{"random"}), mode);
        BOOST_TEST(!answer(y, "ck").first, mode);
        BOOST_TEST((answer(y, "(nk ?r)").second == Rows{"a", "b", "random"}), mode);
        BOOST_TEST((answer(x, "(nkt ?r)").second == Rows{"carol"}), mode);
        BOOST_TEST((answer(x, "(kst ?r)").second == Rows{"a"}), mode);
        BOOST_TEST((answer(y, "(nkt ?r)").second == Rows{"a", "carol"}), mode);
    }
}

// A fact beside (not (knows R P)) of it in one rule body: the instance is alive (the
// grounder's dead instances do not take the knows atom's rule as making it true).
BOOST_AUTO_TEST_CASE(a_fact_and_not_knowing_it_in_one_body) {
    const std::string game = source("tests/fixtures/knowledge/gdl3_not_knows.kif");
    const std::string h = "(noop (choose a)) (noop noop)";
    for (const std::string mode : {"on", "off", "check"}) {
        RunResult r = query(game, h, "(true puzzled)", mode);
        BOOST_REQUIRE_MESSAGE(r.exit_code == 0, mode << ": " << r.err);
        BOOST_TEST(nlohmann::json::parse(r.out)["holds"] == true, mode);
        r = query(game, h, "(goal player 100)", mode);
        BOOST_REQUIRE_MESSAGE(r.exit_code == 0, mode << ": " << r.err);
        BOOST_TEST(nlohmann::json::parse(r.out)["holds"] == true, mode);
    }
}

BOOST_AUTO_TEST_CASE(fixture_random_histories) {
    random_histories(fixture, 4, 3, 1);
    random_histories(static_random, 3, 2, 12);
}
BOOST_AUTO_TEST_CASE(number_guessing_random_histories) {
    random_histories(source("examples/number_guessing/number_guessing.kif"), 2, 6, 2);
}
BOOST_AUTO_TEST_CASE(cheryl_random_histories) { random_histories(source("examples/cheryl/cheryl.kif"), 2, 4, 3); }
BOOST_AUTO_TEST_CASE(russian_cards_random_histories) {
    random_histories(source("examples/russian_cards/russian_cards.kif"), 2, 3, 4);
}
BOOST_AUTO_TEST_CASE(sum_and_product_random_histories) {
    random_histories(source("examples/sum_and_product/sum_and_product_10.kif"), 2, 5, 5);
}
BOOST_AUTO_TEST_CASE(three_players_random_histories) {
    random_histories(source("examples/three_players/three_players.kif"), 2, 4, 6);
}
// The time limit stops the developments on the network with the documented exit and message.
BOOST_AUTO_TEST_CASE(time_limit, *boost::unit_test::precondition(Python3Present())) {
    const int n = 9;
    std::string h = "(";
    for (int i = 0; i < n; ++i) h += "noop ";
    h += "(pick";
    for (int i = 0; i < n; ++i) h += " 1";
    h += "))";
    RunResult r = run_gdlsc({"query", muddy(n), "--history", h, "--timeout", "0.0001", "(legal ?c know)"});
    BOOST_TEST(r.exit_code == 4, r.err);
    BOOST_TEST(r.err.find("time limit of 0.0001 s exceeded in") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(muddy_children_random_histories, *boost::unit_test::precondition(Python3Present())) {
    for (int n : {3, 4}) random_histories(muddy(n), 2, n + 1, 7 + static_cast<unsigned>(n));
}
