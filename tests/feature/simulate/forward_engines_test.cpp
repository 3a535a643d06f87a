// The two forward engines play the same matches (issue 14): on every corpus game (gdl1, gdl2)
// that the step network grounds, seeded matches under the network and under progression (the
// game's rules in Prolog, the reference) are compared whole — every state's fluents and legal
// moves, the joint moves drawn, every role's percepts, the end and the goals. A network built
// from the rules with one frame rule dropped (a mutation) must be caught by the same comparison.
// In-process through query::simulate_match and query::Forward.
#define BOOST_TEST_MODULE forward_engines
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <map>
#include <sstream>
#include <sys/wait.h>

#include "corpus_games.h"
#include "game_paths.h"
#include "run_gdlsc.h"
#include "network/network_play.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "session/forward.h"
#include "session/game_file.h"
#include "session/session.h"
#include "simulate/simulation.h"

using namespace gdlsc;

namespace {

std::string text(const std::vector<gdl::Term>& ts) {
    std::string s;
    for (const auto& t : ts) s += " " + t.to_kif();
    return s;
}

// The first difference of two matches, or "" when they are the same.
std::string difference(const query::Match& a, const query::Match& b) {
    std::ostringstream d;
    if (a.states.size() != b.states.size() || a.steps.size() != b.steps.size()) {
        d << "lengths " << a.steps.size() << " / " << b.steps.size() << " steps";
    }
    for (std::size_t k = 0; k < std::min(a.states.size(), b.states.size()); ++k) {
        const auto &x = a.states[k], &y = b.states[k];
        if (text(x.fluents) != text(y.fluents)) return "state " + std::to_string(k) + ":" + text(x.fluents) + "\n vs" + text(y.fluents);
        if (x.terminal != y.terminal) return "terminal at state " + std::to_string(k);
        for (std::size_t r = 0; r < x.legal.size(); ++r)
            if (text(x.legal[r]) != text(y.legal[r]))
                return "legal " + std::to_string(k) + " role " + std::to_string(r) + ":" + text(x.legal[r]) + "\n vs" + text(y.legal[r]);
        if (k < a.steps.size() && k < b.steps.size()) {
            if (text(a.steps[k].joint) != text(b.steps[k].joint)) return "joint move " + std::to_string(k + 1);
            for (std::size_t r = 0; r < a.steps[k].percepts.size(); ++r)
                if (text(a.steps[k].percepts[r]) != text(b.steps[k].percepts[r]))
                    return "percepts of role " + std::to_string(r) + " at step " + std::to_string(k + 1) + ":" +
                           text(a.steps[k].percepts[r]) + "\n vs" + text(b.steps[k].percepts[r]);
        }
    }
    if (a.end != b.end) return "end";
    if (a.goals.size() != b.goals.size()) return "number of goals";
    for (std::size_t i = 0; i < a.goals.size(); ++i)
        if (a.goals[i].first != b.goals[i].first || !(a.goals[i].second == b.goals[i].second)) return "goals";
    return d.str();
}

// Games compared over fewer joint moves and seeds than the others: why.
struct Bound {
    std::size_t steps;
    std::vector<std::uint64_t> seeds;
    const char* why;
};
const std::map<std::string, Bound> kBounds = {
    {"pyggp_battleship.gdl",
     {6, {1},
      "progression takes about 2 s a joint move on it (its tables of forbidden/6 and set/8 grow with every "
      "state) and runs out of table space before 40; 6 joint moves cover the five placement phases "
      "(set_phase, negated instance by instance) and the first shot"}},
};

query::Match play(query::Forward& f, const std::vector<std::string>& roles, std::uint64_t seed, std::size_t max_steps) {
    query::SimulationOptions opt;
    opt.seed = seed;
    opt.max_steps = max_steps;
    opt.record_states = true;
    return query::simulate_match(f, roles, opt);
}

}  // namespace

GDLSC_CORPUS_CASE(network_and_progression_play_the_same_matches) {
    int compared = 0, matches = 0, steps = 0;
    std::string without;
    test::for_each_loading_corpus_game([&](const std::filesystem::path& file, query::Game& g) {
        pl::Engine& engine = query::prepare_engine(g, 120);
        query::BuiltNetwork built = query::build_network(g);
        if (!built.net) {
            without += " " + file.filename().string();
            return;
        }
        ++compared;
        auto net = query::network_forward(built);
        auto rules = query::progression_forward(engine);
        // Long games are compared over their first 40 joint moves; Prolog is the slow side.
        auto bound = kBounds.find(file.filename().string());
        const std::size_t steps_of = bound == kBounds.end() ? 40 : bound->second.steps;
        if (bound != kBounds.end()) BOOST_TEST_MESSAGE(file.filename() << ": " << steps_of << " joint moves: " << bound->second.why);
        for (std::uint64_t seed : bound == kBounds.end() ? std::vector<std::uint64_t>{1, 2, 3} : bound->second.seeds) {
            query::Match a = play(*net, g.analysis.roles, seed, steps_of), b = play(*rules, g.analysis.roles, seed, steps_of);
            std::string d = difference(a, b);
            BOOST_TEST(d.empty(), file.filename().string() << " seed " << seed << ": " << d);
            ++matches;
            steps += static_cast<int>(a.steps.size());
        }
    });
    BOOST_TEST_MESSAGE(compared << " games, " << matches << " matches, " << steps << " joint moves compared; "
                                << "no step network:" << without);
    BOOST_TEST(compared >= 30);
}

GDLSC_CORPUS_CASE(a_network_with_a_dropped_frame_rule_is_caught) {
    query::Game g = query::load_game_file(test::corpus("gdl2/kriegtictactoe.kif"));
    pl::Engine& engine = query::prepare_engine(g, 120);
    query::BuiltNetwork built = query::build_network(g);
    BOOST_REQUIRE(built.net);
    auto good = query::network_forward(built);
    auto rules = query::progression_forward(engine);
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
        BOOST_TEST(difference(play(*good, g.analysis.roles, seed, 40), play(*rules, g.analysis.roles, seed, 40)).empty());
    // Mutants: the rules without one frame rule (a `next` rule whose body reads `true` of its own
    // head: a mark stays, a tried cell stays tried), each grounded into a network of its own.
    int mutants = 0;
    for (std::size_t i = 0; i < g.program.rules.size(); ++i) {
        const auto& r = g.program.rules[i];
        bool frame = false;
        for (const auto& lit : r.body)
            frame |= r.head.name == "next" && lit.kind == gdl::Literal::Kind::Atom && lit.atom.name == "true" &&
                     lit.atom.args.size() == 1 && lit.atom.args[0] == r.head.args[0];
        if (!frame) continue;
        ++mutants;
        query::Game mutant = g;
        mutant.program.rules.erase(mutant.program.rules.begin() + static_cast<std::ptrdiff_t>(i));
        query::BuiltNetwork bad;
        bad.net = std::make_shared<ground::StepNetwork>(mutant.program, mutant.analysis, ground::kEngineNetworkLimits);
        for (std::uint32_t f : built.init)  // its fluents may be in another order: by name
            for (std::uint32_t k = 0; k < bad.net->fluents().size(); ++k)
                if (bad.net->fluents()[k] == built.net->fluents()[f]) bad.init.push_back(k);
        BOOST_REQUIRE_EQUAL(bad.init.size(), built.init.size());
        auto wrong = query::network_forward(bad);
        int caught = 0;
        for (std::uint64_t seed = 1; seed <= 20; ++seed)
            caught += !difference(play(*wrong, g.analysis.roles, seed, 40), play(*rules, g.analysis.roles, seed, 40)).empty();
        BOOST_TEST(caught > 0, "the network without the frame rule at " << r.head.loc.str() << " plays like the rules");
    }
    BOOST_TEST(mutants == 5);  // three for cell, one each for tried and control
}

GDLSC_CORPUS_CASE(network_playouts_count_like_the_prolog_loop) {
    // Every tic-tac-toe match ends terminal after 5 to 9 moves; one state more than moves each.
    query::Game g = query::load_game_file(test::corpus("gdl1/ticTacToe.kif"));
    pl::Engine& engine = query::prepare_engine(g, 120);
    query::BuiltNetwork built = query::build_network(g);
    BOOST_REQUIRE(built.net);
    for (std::int64_t n : {1, 63, 64, 65, 300, 1000}) {
        query::PlayoutReport r = query::run_playouts(built, n, 7, 1000, 0);
        BOOST_TEST(r.terminals == n);
        BOOST_TEST(r.states == r.moves + n);
        BOOST_TEST(r.moves >= 5 * n);
        BOOST_TEST(r.moves <= 9 * n);
        query::PlayoutReport p = query::run_playouts(engine, n, 7, 1000);
        // Other draws, the same distribution: mean match length within 10 % for large n.
        if (n >= 300) BOOST_TEST(std::abs(double(r.moves - p.moves)) / double(p.moves) < 0.1);
    }
    // The step bound: one move each.
    query::PlayoutReport one = query::run_playouts(built, 100, 7, 1, 0);
    BOOST_TEST(one.states == 200);
    BOOST_TEST(one.terminals == 0);
    // Deterministic for a seed.
    BOOST_TEST(query::run_playouts(built, 500, 3, 1000, 0).states == query::run_playouts(built, 500, 3, 1000, 0).states);
}

GDLSC_CORPUS_CASE(limits_end_a_network_run_with_exit_4) {
    const std::string loa = test::corpus("gdl1/linesOfAction.kif");
    // --timeout: the playout loop checks the clock every 4,096 states.
    auto t = test::run_gdlsc({"simulate", loa, "--playouts", "100000000", "--engine", "network", "--timeout", "0.5"});
    BOOST_TEST(t.exit_code == 4);
    BOOST_TEST(t.err.find("time limit of 0.5 s reached after") != std::string::npos, t.err);
    BOOST_TEST(t.seconds < 20);
    // A memory limit (ulimit -v): exit 4 with one line, never a crash -- below what the engine
    // needs at all (100 MB), and where Prolog's tables outgrow their share of it (180 MB).
    test::TempDir dir;
    auto run_limited = [&](const std::string& kb, const std::string& engine, const std::string& slots = "on") {
        std::string out = (dir.path / "out").string(), err = (dir.path / "err").string();
        std::string cmd = "bash -c 'ulimit -v " + kb + "; GDLSC_SLOTS=" + slots + " exec \"" + std::string(GDLSC_BINARY) +
                          "\" simulate \"" + loa + "\" --playouts 3 --engine " + engine + " --json' >" + out + " 2>" + err;
        int status = std::system(cmd.c_str());
        return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, test::slurp(err));
    };
    auto [code, err] = run_limited("100000", "network");
    BOOST_TEST(code == 4);
    BOOST_TEST(err.find("gdlsc: limit: the address-space limit (ulimit -v) of 97 MB is below the 128 MB") == 0, err);
    // Over sorted lists the tables are keyed by whole states (225 MB for these playouts).
    auto [code2, err2] = run_limited("180000", "progression", "off");
    BOOST_TEST(code2 == 4);
    BOOST_TEST(err2 == "gdlsc: limit: Prolog ran out of resources (resource_error(private_table_space)) in playouts/4\n",
               err2);
    // Over slot states they are not (prolog/gdlsc_slots.pl: 18 MB), and the same playouts fit.
    auto [code2s, err2s] = run_limited("180000", "progression");
    BOOST_TEST(code2s == 0, err2s);
    auto [code3, err3] = run_limited("400000", "network");  // the network needs far less
    BOOST_TEST(code3 == 0, err3);
}
