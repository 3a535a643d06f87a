// `gdlsc translate --format asp` read by clingo (issue 29 item 2): after the first joint moves
// of a seeded match (`simulate --seed S --json --verbose`, which also prints gdlsc's state,
// legal moves and percepts at every step and the goals at the last), the export with that
// --history has one answer set, and its true/2, legal/3, sees/3, terminal/1 and goal/3 at
// every time point are exactly gdlsc's -- on every example and every corpus game (those
// clingo cannot ground within a few seconds listed with why). For the GDL-III puzzles, the
// developments in which clingo finds the puzzle's formula true at the last time point are
// exactly `gdlsc solve`'s solutions; with --sequences, the GDL-II examples' information sets
// equal `gdlsc infoset`'s. A history that fixes every joint move selects the staged encoding
// (the time in the names; chess included); the examples are compared in the time encoding too.
// Corrupted programs (a negation dropped, in both; the staged encoding's demand rules dropped;
// knowledge over every development instead of the information set; percepts ignored) must fail
// the same comparisons.
// Skipped without clingo (Debian gringo); the corpus cases without ../shared.
#define BOOST_TEST_MODULE interop_clingo
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "asp.h"
#include "game_paths.h"
#include "run_gdlsc.h"
#include "sc/emit_asp.h"

using gdlsc::test::run_gdlsc;
using gdlsc::test::run_program;
using nlohmann::json;
namespace asp = gdlsc::test::asp;

namespace {

boost::test_tools::assertion_result have_clingo(boost::unit_test::test_unit_id) {
    boost::test_tools::assertion_result r(!gdlsc::test::find_on_path("clingo").empty());
    r.message() << "skipped: clingo is not on PATH (Debian package gringo)";
    return r;
}

// A term clingo printed, in KIF as gdlsc prints it: identifiers and numbers as they are,
// strings without quotes, gdl_f("name",args) and name(args) as (name args).
std::string kif(const asp::Value& v) {
    if (v.is_string || v.args.empty()) return v.name;
    size_t first = 0;
    std::string s = "(" + v.name;
    if (v.name == "gdl_f" && !v.args.empty() && v.args[0].is_string) {
        s = "(" + v.args[0].name;
        first = 1;
    }
    for (size_t i = first; i < v.args.size(); ++i) s += " " + kif(v.args[i]);
    return s + ")";
}

// What holds at one time point: gdlsc's or clingo's.
struct Point {
    std::set<std::string> state, legal, percepts, goals;  ///< "f", "role move", "role percept", "role value"
    bool terminal = false;
    friend bool operator==(const Point& a, const Point& b) {
        return a.state == b.state && a.legal == b.legal && a.percepts == b.percepts && a.goals == b.goals &&
               a.terminal == b.terminal;
    }
};

struct Match {
    std::string history;        ///< the joint moves played, as --history
    std::vector<Point> points;  ///< gdlsc's, time 0 .. the history's length
    std::set<std::string> roles;
    bool ok = false;            ///< simulate ran (exit 0 or the step bound)
    std::string why;
};

// The seeded match of at most `steps` joint moves, and what gdlsc says at every point of it.
// Percepts of time t are those told after the move at t (simulate prints them with step t+1);
// goals only at the last point (simulate prints them at the end); random has neither.
Match gdlsc_match(const std::string& game, int seed, int steps) {
    Match m;
    auto r = run_gdlsc({"simulate", game, "--seed", std::to_string(seed), "--json", "--verbose", "--max-steps",
                        std::to_string(steps)});
    if (r.exit_code != 0 && r.exit_code != 4) {
        m.why = "simulate exits " + std::to_string(r.exit_code) + ": " + r.err.substr(0, 200);
        return m;
    }
    const json j = json::parse(r.out);
    for (const auto& role : j["roles"]) m.roles.insert(role.get<std::string>());
    for (const auto& s : j["steps"]) {
        Point p;
        for (const auto& f : s["state"]) p.state.insert(f.get<std::string>());
        if (s.contains("legal"))
            for (const auto& [role, moves] : s["legal"].items())
                for (const auto& mv : moves) p.legal.insert(role + " " + mv.get<std::string>());
        if (s.contains("joint_move")) {
            std::string step;
            for (const auto& mv : s["joint_move"]) step += (step.empty() ? "" : " ") + mv.get<std::string>();
            m.history += (m.history.empty() ? "(" : " (") + step + ")";
            for (const auto& [role, ps] : s["percepts"].items())
                for (const auto& x : ps) m.points.back().percepts.insert(role + " " + x.get<std::string>());
        }
        m.points.push_back(p);
    }
    m.points.back().terminal = j["terminal"].get<bool>();
    if (!j["steps"].back().contains("legal")) {  // simulate prints none at the last state: ask
        std::vector<std::string> q = {"query", game, "(legal ?r ?m)", "--json"};
        if (!m.history.empty()) q.insert(q.end(), {"--history", m.history});
        auto l = run_gdlsc(q);
        BOOST_REQUIRE_MESSAGE(l.exit_code == 0, l.err);
        const json answer = json::parse(l.out);
        for (const auto& b : answer["bindings"])
            m.points.back().legal.insert(b["?r"].get<std::string>() + " " + b["?m"].get<std::string>());
    }
    for (const auto& [role, vs] : j["goals"].items())
        for (const auto& v : vs) m.points.back().goals.insert(role + " " + (v.is_string() ? v.get<std::string>() : v.dump()));
    m.ok = true;
    return m;
}

struct ClingoRun {
    std::vector<Point> points;
    bool timed_out = false;
    std::string error;
    double seconds = 0;
};

// Runs clingo on `program` (asking for two answer sets: there must be one) and reads the
// shown atoms into points 0..n.
ClingoRun clingo_points(const std::string& program, size_t n, double seconds, const std::set<std::string>& roles) {
    ClingoRun c;
    const std::string file = gdlsc::test::temp_file("export.lp", program);
    auto r = run_program({gdlsc::test::find_on_path("clingo"), "--outf=0", "-V0", file, "2"},
                         gdlsc::test::kill_after(seconds));
    c.seconds = r.seconds;
    if (r.timed_out) {
        c.timed_out = true;
        return c;
    }
    if (r.exit_code != 10 && r.exit_code != 30) {
        c.error = "clingo exits " + std::to_string(r.exit_code) + ": " + r.out.substr(0, 300) + r.err.substr(0, 300);
        return c;
    }
    std::istringstream lines(r.out);
    std::string line, second;
    std::getline(lines, line);
    if (std::getline(lines, second) && second.find("SATISFIABLE") == std::string::npos) {
        c.error = "more than one answer set";
        return c;
    }
    c.points.resize(n + 1);
    auto at = [&](const asp::Value& t) -> Point* {
        long i = std::stol(t.name);
        return i >= 0 && static_cast<size_t>(i) <= n ? &c.points[i] : nullptr;
    };
    std::istringstream atoms(line);
    std::string text;
    while (atoms >> text) {
        const asp::Value v = asp::read_value(text);
        const auto& a = v.args;
        Point* p = a.empty() ? nullptr : at(a.back());
        if (!p) continue;
        // legal moves, percepts and goals of the roles (a rule may name other constants,
        // e.g. (sees ?x ...) for a non-role ?x: gdlsc reports roles only); random has no
        // percepts or goals.
        const std::string who = a.size() == 3 ? kif(a[0]) : "";
        if (a.size() == 3 && !roles.count(who)) continue;
        if (v.name == "true" && a.size() == 2) p->state.insert(kif(a[0]));
        else if (v.name == "legal" && a.size() == 3) p->legal.insert(who + " " + kif(a[1]));
        else if (v.name == "sees" && a.size() == 3 && who != "random") p->percepts.insert(who + " " + kif(a[1]));
        else if (v.name == "goal" && a.size() == 3 && who != "random") p->goals.insert(who + " " + kif(a[1]));
        else if (v.name == "terminal" && a.size() == 1) p->terminal = true;
    }
    return c;
}

// A corruption of the export (the mutants): the program text in, a wrong program out.
using Mutation = std::string (*)(const std::string&);

// Drops the first "not " of a rule of the game (after its comment line): a negation lost.
std::string drop_a_negation(const std::string& p) {
    std::istringstream in(p);
    std::string line, out;
    bool done = false, after_comment = false;
    while (std::getline(in, line)) {
        size_t k = line.find(", not ");
        if (!done && after_comment && k != std::string::npos) {
            line.erase(k + 2, 4);
            done = true;
        }
        after_comment = line.rfind("% (<=", 0) == 0;
        out += line + "\n";
    }
    return out;
}

// Demand forgotten: the staged encoding's gdl_need rules dropped, so the relations computed on
// demand are false everywhere.
std::string drop_demand(const std::string& p) {
    static const std::regex need(R"(\ngdl_need[^\n]*)");
    return std::regex_replace(p, need, "");
}

// Knowledge over every development of the same time, not over the information set.
std::string know_over_every_development(const std::string& p) {
    static const std::regex ind(R"(gdl_ind_(\d+)\(R,S,S2\))");
    return std::regex_replace(p, ind, "gdl_seq_$1(S2)");
}

// Percepts ignored: the rules telling developments apart by what a role saw are dropped.
std::string ignore_percepts(const std::string& p) {
    static const std::regex dif(R"(\ngdl_dif_\d+\(R,C1,C2\) :- [^\n]*)");
    return std::regex_replace(p, dif, "");
}

// Compares gdlsc and clingo along a seeded match; returns the number of time points where
// they differ (checked unless `mutant`), or -1 when clingo ran out of time. When gdlsc cannot
// play the game (simulate fails), `unplayable` gets why and -2 is returned; without it, a failure.
int compare_match(const std::string& game, int seed, int steps, double clingo_seconds, Mutation mutant = nullptr,
                  std::string* unplayable = nullptr, const std::string& encoding = "") {
    Match m = gdlsc_match(game, seed, steps);
    if (!m.ok && unplayable) {
        *unplayable = m.why;
        return -2;
    }
    BOOST_REQUIRE_MESSAGE(m.ok, game << ": " << m.why);
    const size_t n = m.points.size() - 1;
    std::vector<std::string> args = {"translate", game, "--format", "asp"};
    if (n > 0) args.insert(args.end(), {"--history", m.history});
    else args.insert(args.end(), {"--horizon", "0"});
    if (!encoding.empty()) args.insert(args.end(), {"--encoding", encoding});
    auto t = run_gdlsc(args);
    BOOST_REQUIRE_MESSAGE(t.exit_code == 0, game << ": " << gdlsc::test::command_line(args) << ": " << t.err);
    ClingoRun c = clingo_points(mutant ? mutant(t.out) : t.out, n, clingo_seconds, m.roles);
    if (c.timed_out) return -1;
    if (mutant && !c.error.empty()) return 1;
    BOOST_REQUIRE_MESSAGE(c.error.empty(), game << " after " << m.history << ": " << c.error);
    int differ = 0;
    for (size_t i = 0; i <= n; ++i) {
        Point& mine = m.points[i];
        const Point& theirs = c.points[i];
        if (i < n) mine.goals = theirs.goals;  // gdlsc's simulate prints goals at the end only
        if (mine == theirs) continue;
        ++differ;
        if (mutant) continue;
        auto only = [](const std::set<std::string>& a, const std::set<std::string>& b) {
            std::string s;
            for (const auto& x : a)
                if (!b.count(x)) s += " [" + x + "]";
            return s;
        };
        BOOST_TEST_MESSAGE(game << " seed " << seed << " time " << i << ": only gdlsc:" << only(mine.state, theirs.state) << only(mine.legal, theirs.legal)
                                         << only(mine.percepts, theirs.percepts) << only(mine.goals, theirs.goals)
                                         << "; only clingo:" << only(theirs.state, mine.state)
                                         << only(theirs.legal, mine.legal) << only(theirs.percepts, mine.percepts)
                                         << only(theirs.goals, mine.goals));
        BOOST_TEST_CONTEXT(game << " seed " << seed << " at time " << i << " of " << m.history) {
            BOOST_TEST(mine.state == theirs.state, "state");
            BOOST_TEST(mine.legal == theirs.legal, "legal moves");
            BOOST_TEST(mine.percepts == theirs.percepts, "percepts");
            BOOST_TEST(mine.terminal == theirs.terminal, "terminal");
            BOOST_TEST(mine.goals == theirs.goals, "goals");
        }
    }
    return differ;
}

// The examples' games (every .kif under examples/), GDL-III ones included.
std::vector<std::string> example_games() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(GDLSC_SOURCE_DIR) + "/examples"))
        if (e.path().extension() == ".kif") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

// ---- the GDL-III puzzles: clingo's developments against solve's solutions

// The KIF history of a development term do(m(...), do(..., s0)), first move first.
std::string history_of(const asp::Value& s) {
    std::vector<std::string> steps;
    for (const asp::Value* v = &s; v->name == "do" && v->args.size() == 2; v = &v->args[1]) {
        std::string j;
        for (const auto& mv : v->args[0].args) j += (j.empty() ? "" : " ") + kif(mv);
        steps.insert(steps.begin(), "(" + j + ")");
    }
    std::string h;
    for (const auto& x : steps) h += (h.empty() ? "" : " ") + x;
    return h;
}

// The ASP term of a ground KIF term written as (f a b) or a (the export's mapping).
std::string asp_term(const std::string& kif_text, size_t& i) {
    while (kif_text[i] == ' ') ++i;
    if (kif_text[i] != '(') {
        size_t j = kif_text.find_first_of(" )", i);
        std::string name = kif_text.substr(i, j - i);
        i = j;
        return gdlsc::sc::asp_constant(name);
    }
    ++i;
    size_t j = kif_text.find_first_of(" )", i);
    std::string name = kif_text.substr(i, j - i), s = name + "(";
    i = j;
    for (bool first = true; kif_text[i] != ')'; first = false) s += (first ? "" : ",") + asp_term(kif_text, i);
    ++i;
    return s + ")";
}

// Developments (histories) of at most `depth` joint moves where `(true F)` holds at the end:
// clingo on the history-less export, one rule per time appended.
std::set<std::string> clingo_solutions(const std::string& game, int depth, const std::string& fluent,
                                       Mutation mutant = nullptr) {
    auto t = run_gdlsc({"translate", game, "--format", "asp", "--horizon", std::to_string(depth)});
    BOOST_REQUIRE_MESSAGE(t.exit_code == 0, t.err);
    std::string program = mutant ? mutant(t.out) : t.out;
    size_t i = 0;
    const std::string f = asp_term(fluent, i);
    for (int d = 0; d <= depth; ++d)
        program += "gdl_answer(S) :- true_" + std::to_string(d) + "(" + f + ",S).\n";
    program += "#show gdl_answer/1.\n";
    const std::string file = gdlsc::test::temp_file("puzzle.lp", program);
    auto r = run_program({gdlsc::test::find_on_path("clingo"), "--outf=0", "-V0", file}, 120);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 10 || r.exit_code == 30, "clingo exits " << r.exit_code << ": " << r.err);
    std::istringstream lines(r.out);
    std::string line, text;
    std::getline(lines, line);
    std::set<std::string> out;
    std::istringstream atoms(line);
    while (atoms >> text) out.insert(history_of(asp::read_value(text).args.at(0)));
    return out;
}

std::set<std::string> solve_solutions(const std::string& game, int depth, const std::string& fluent) {
    auto r = run_gdlsc({"solve", game, "--depth", std::to_string(depth), "(true " + fluent + ")", "--json", "--limit",
                        "100000"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    std::set<std::string> out;
    const json answer = json::parse(r.out);
    for (const auto& s : answer["solutions"]) {
        std::string h;
        for (const auto& joint : s["history"]) {
            std::string j;
            for (const auto& mv : joint) j += (j.empty() ? "" : " ") + mv.get<std::string>();
            h += (h.empty() ? "(" : " (") + j + ")";
        }
        out.insert(h);
    }
    return out;
}

// The roles (not random) whose information set after the seeded match differs between the
// export with --sequences (the developments S2 with gdl_ind_n(R,H,S2), H the history's, and
// their states) and `gdlsc infoset --json`.
size_t information_sets_differ(const std::string& game, int seed, int steps, Mutation mutant = nullptr) {
    Match m = gdlsc_match(game, seed, steps);
    BOOST_REQUIRE(m.ok);
    const std::string n = std::to_string(m.points.size() - 1);
    auto t = run_gdlsc({"translate", game, "--format", "asp", "--sequences", "--history", m.history});
    BOOST_REQUIRE_MESSAGE(t.exit_code == 0, t.err);
    size_t differ = 0;
    for (const auto& role : m.roles) {
        if (role == "random") continue;
        std::string program = mutant ? mutant(t.out) : t.out;
        program += "gdl_is(S2) :- gdl_history(" + n + ",S), gdl_ind_" + n + "(" + gdlsc::sc::asp_constant(role) +
                   ",S,S2).\ngdl_is_true(S2,F) :- gdl_is(S2), true_" + n + "(F,S2).\n#show gdl_is/1.\n#show gdl_is_true/2.\n";
        const std::string file = gdlsc::test::temp_file("infoset.lp", program);
        auto r = run_program({gdlsc::test::find_on_path("clingo"), "--outf=0", "-V0", file}, 60);
        BOOST_REQUIRE_MESSAGE(r.exit_code == 10 || r.exit_code == 30, r.err);
        std::istringstream lines(r.out);
        std::string line, text;
        std::getline(lines, line);
        std::map<std::string, std::set<std::string>> developments;  // development -> its state
        std::istringstream atoms(line);
        while (atoms >> text) {
            const asp::Value v = asp::read_value(text);
            if (v.name == "gdl_is" && v.args.size() == 1) developments[v.args[0].text()];
            if (v.name == "gdl_is_true" && v.args.size() == 2) developments[v.args[0].text()].insert(kif(v.args[1]));
        }
        std::set<std::set<std::string>> theirs;
        for (const auto& [d, state] : developments) theirs.insert(state);
        auto g = run_gdlsc({"infoset", game, "--role", role, "--history", m.history, "--json"});
        BOOST_REQUIRE_MESSAGE(g.exit_code == 0, g.err);
        const json j = json::parse(g.out);
        std::set<std::set<std::string>> mine;
        for (const auto& st : j["state_list"]) {
            std::set<std::string> state;
            for (const auto& f : st) state.insert(f.get<std::string>());
            mine.insert(state);
        }
        const bool same = j["developments"].get<size_t>() == developments.size() && mine == theirs;
        if (!same) ++differ;
        if (!mutant)
            BOOST_TEST(same, game << " after " << m.history << ": " << role << "'s information set: gdlsc "
                                  << j["developments"].get<size_t>() << " developments, " << mine.size()
                                  << " states; clingo " << developments.size() << ", " << theirs.size());
    }
    return differ;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(clingo, *boost::unit_test::precondition(have_clingo))

// Every example after two seeded matches of up to five joint moves; GDL-III ones up to
// two: their sequence encoding holds every development up to the history's length
// (NumberGuessing has 32^k developments of k joint moves).
BOOST_AUTO_TEST_CASE(examples_after_seeded_matches) {
    size_t games = 0;
    for (const auto& game : example_games()) {
        const int steps = gdlsc::test::slurp(game).find("(knows ") != std::string::npos ? 2 : 5;
        for (int seed = 1; seed <= 2; ++seed)
            BOOST_TEST(compare_match(game, seed, steps, 30) == 0, game << " seed " << seed);
        // (the history fixes every joint move: the staged encoding above; the time encoding here)
        if (steps == 5) BOOST_TEST(compare_match(game, 1, steps, 30, nullptr, nullptr, "time") == 0, game << " time");
        ++games;
    }
    BOOST_TEST(games >= 9u);
}

// The GDL-II examples in the sequence encoding (--sequences), after seeded matches of one or
// two joint moves: the same answers along the history, and each role's information set at its end --
// the developments gdl_ind relates to the history's, with their states -- equal to `gdlsc
// infoset`'s (the knowledge relation a query over the export would use).
BOOST_AUTO_TEST_CASE(sequence_encoding_and_information_sets) {
    // (the tic-tac-toes after one joint move: 162 developments; after two, some 20,000, and
    // gdl_ind relates pairs of them)
    const std::vector<std::pair<const char*, int>> games = {
        {"card_game/card_game.kif", 2}, {"blind_tictactoe/blind_tictactoe.kif", 1},
        {"exploding_bomb/exploding_bomb.kif", 2}, {"krieg_tictactoe/krieg_tictactoe.kif", 1},
        {"three_players/three_players.kif", 2}};
    for (const auto& [rel, steps] : games) {
        const std::string game = gdlsc::test::example(rel);
        BOOST_TEST(compare_match(game, 1, steps, 30, nullptr, nullptr, "sequences") == 0, game);
        BOOST_TEST(information_sets_differ(game, 1, steps) == 0u, game);
    }
    // A wrong indistinguishability relation (percepts ignored) is caught.
    BOOST_TEST(information_sets_differ(gdlsc::test::example("card_game/card_game.kif"), 1, 2, ignore_percepts) > 0u);
}

// Without a history the moves are chosen: the staged encoding (choices per time point, demand)
// has the same answer sets -- the matches of up to three joint moves, with everything shown --
// as the time encoding; a dropped negation changes them.
BOOST_AUTO_TEST_CASE(staged_and_time_encodings_have_the_same_matches) {
    auto matches = [](const std::string& game, const std::string& encoding, Mutation mutant) {
        auto t = run_gdlsc({"translate", game, "--format", "asp", "--horizon", "3", "--encoding", encoding});
        BOOST_REQUIRE_MESSAGE(t.exit_code == 0, t.err);
        const std::string file = gdlsc::test::temp_file("matches.lp", mutant ? mutant(t.out) : t.out);
        auto r = run_program({gdlsc::test::find_on_path("clingo"), "--outf=0", "-V0", file, "0"}, 60);
        // (a mutant may have no answer set: exit 20)
        BOOST_REQUIRE_MESSAGE(r.exit_code == 10 || r.exit_code == 30 || (mutant && r.exit_code == 20),
                              "clingo exits " << r.exit_code << ": " << r.err);
        std::set<std::set<std::string>> out;
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);) {
            if (line.find("SATISFIABLE") != std::string::npos) continue;
            std::istringstream atoms(line);
            std::set<std::string> m;
            for (std::string a; atoms >> a;) m.insert(a);
            out.insert(m);
        }
        return out;
    };
    for (const char* rel : {"card_game/card_game.kif", "krieg_tictactoe/krieg_tictactoe.kif"}) {
        const std::string game = gdlsc::test::example(rel);
        const auto time = matches(game, "time", nullptr);
        BOOST_TEST(time.size() > 50u, game);
        BOOST_TEST((matches(game, "staged", nullptr) == time), game);
        BOOST_TEST((matches(game, "staged", drop_a_negation) != time), game);
    }
}

// The puzzles' answers: the developments where the formula holds, clingo's = solve's.
BOOST_AUTO_TEST_CASE(puzzles_answers_equal_solve) {
    struct Puzzle {
        std::string game;
        int depth;
        std::string fluent;
        size_t at_least;  ///< solutions (the known answers, so that an empty agreement fails)
    };
    const std::vector<Puzzle> puzzles = {
        {gdlsc::test::example("cheryl/cheryl.kif"), 4, "(said statement3)", 1},
        {gdlsc::test::example("cheryl/cheryl.kif"), 2, "(said statement1)", 5},
        {gdlsc::test::example("sum_and_product/sum_and_product_10.kif"), 5, "(said s_knows_now)", 1},
        {gdlsc::test::example("number_guessing/number_guessing.kif"), 2, "(step 2)", 2},
    };
    // Muddy Children (n = 3) is generated: skipped, saying so, without python3.
    std::vector<Puzzle> all = puzzles;
    if (const std::string py = gdlsc::test::find_on_path("python3"); !py.empty()) {
        auto g = run_program({py, gdlsc::test::example("muddy_children/generate.py"), "3"});
        BOOST_REQUIRE(g.exit_code == 0);
        // every pick, then two rounds of answers that knowledge makes the only legal ones
        all.push_back({gdlsc::test::temp_file("muddy3.kif", g.out), 3, "(round 3)", 7});
    } else {
        BOOST_TEST_MESSAGE("skipped: Muddy Children: python3 is not on PATH (the generator cannot run)");
    }
    for (const auto& p : all) {
        const auto theirs = clingo_solutions(p.game, p.depth, p.fluent);
        const auto mine = solve_solutions(p.game, p.depth, p.fluent);
        BOOST_TEST_CONTEXT(p.game << " --depth " << p.depth << " (true " << p.fluent << ")") {
            BOOST_TEST(mine.size() >= p.at_least);
            BOOST_TEST(std::vector<std::string>(theirs.begin(), theirs.end()) ==
                           std::vector<std::string>(mine.begin(), mine.end()),
                       boost::test_tools::per_element());
        }
    }
}

// The comparisons can fail: a program with one negation dropped differs from gdlsc on a
// seeded match; knowledge over every development of a time finds other Cheryl dates.
BOOST_AUTO_TEST_CASE(corrupted_programs_are_caught) {
    const std::string blind = gdlsc::test::example("blind_tictactoe/blind_tictactoe.kif");
    BOOST_TEST(compare_match(blind, 1, 5, 60, drop_a_negation) > 0);  // staged
    BOOST_TEST(compare_match(blind, 1, 5, 60, drop_a_negation, nullptr, "time") > 0);
    BOOST_TEST(compare_match(blind, 1, 9, 60, drop_demand) > 0);
    BOOST_TEST(compare_match(gdlsc::test::example("cheryl/cheryl.kif"), 1, 3, 60, know_over_every_development) > 0);
    const std::string cheryl = gdlsc::test::example("cheryl/cheryl.kif");
    BOOST_TEST(clingo_solutions(cheryl, 2, "(said statement1)", know_over_every_development) !=
               solve_solutions(cheryl, 2, "(said statement1)"));
}

BOOST_AUTO_TEST_SUITE_END()

GDLSC_CORPUS_SUITE(corpus)

// Every corpus game that gdlsc plays, after a seeded match of up to four joint moves; a game
// whose export clingo cannot ground and solve within 5 s is listed (and must be one of
// the known ones below, with why), never passed silently.
BOOST_AUTO_TEST_CASE(corpus_games_after_seeded_matches, *boost::unit_test::precondition(have_clingo)) {
    // Games whose export clingo cannot ground within the limit, not run (measured: see why).
    const std::map<std::string, std::string> too_large = {};
    size_t compared = 0;
    std::vector<std::string> skipped;
    for (const auto& path : gdlsc::test::corpus_games()) {
        const std::string game = path.string();
        const std::string name = path.parent_path().filename().string() + "/" + path.filename().string();
        if (auto it = too_large.find(name); it != too_large.end()) {
            skipped.push_back(name + " (" + it->second + ")");
            continue;
        }
        std::string why;
        const int d = compare_match(game, 1, 4, 5, nullptr, &why);
        if (d == -2) {
            skipped.push_back(name + " (gdlsc does not play it: " + why + ")");
            continue;
        }
        if (d < 0) {
            skipped.push_back(name + " (clingo: more than 5 s)");
            BOOST_TEST(false, name << ": clingo ran out of time, and it is not a known large game");
            continue;
        }
        BOOST_TEST(d == 0, name);
        ++compared;
    }
    for (const auto& s : skipped) BOOST_TEST_MESSAGE("skipped: " << s);
    BOOST_TEST_MESSAGE(compared << " corpus games compared, " << skipped.size() << " skipped");
    BOOST_TEST(compared >= 40u);
}

BOOST_AUTO_TEST_SUITE_END()

// The export's errors exit 2 and say where: an illegal history step (step, role, move), a
// horizon shorter than the history, the asp options with another format; the symbol mapping
// keeps apart what GDL keeps apart (1 and 01, a relation and our per-time names).
BOOST_AUTO_TEST_CASE(errors_and_symbols) {
    const std::string card = gdlsc::test::example("card_game/card_game.kif");
    auto r = run_gdlsc({"translate", card, "--format", "asp", "--history", "(noop noop noop)"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("step 1") != std::string::npos, r.err);
    r = run_gdlsc({"translate", card, "--format", "asp", "--history", "(noop noop (deal ace king))", "--horizon", "0"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("--horizon 0 is shorter than the history (1 joint moves)") != std::string::npos, r.err);
    r = run_gdlsc({"translate", card, "--format", "text", "--horizon", "2"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("--format asp") != std::string::npos, r.err);
    r = run_gdlsc({"translate", gdlsc::test::example("cheryl/cheryl.kif"), "--format", "asp", "--encoding", "staged"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("knowledge needs the sequence encoding") != std::string::npos, r.err);
    r = run_gdlsc({"translate", card, "--format", "asp", "--encoding", "time", "--sequences"});
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.err.find("contradict") != std::string::npos, r.err);
    // The encoding chosen: staged when the history fixes every joint move up to the horizon.
    r = run_gdlsc({"translate", card, "--format", "asp", "--history", "(noop noop (deal ace king))"});
    BOOST_TEST(r.out.find("% Encoding: staged.") != std::string::npos);
    r = run_gdlsc({"translate", card, "--format", "asp", "--history", "(noop noop (deal ace king))", "--horizon", "2"});
    BOOST_TEST(r.out.find("% Encoding: time.") != std::string::npos);
    r = run_gdlsc({"translate", card, "--format", "asp", "--horizon", "2", "--encoding", "staged"});
    BOOST_TEST(r.out.find("1 { does_1(R,M) : legal_1(R,M) } 1 :- role(R), gdl_moved_1.") != std::string::npos, r.out);

    BOOST_TEST(gdlsc::sc::asp_constant("1") == "1");
    BOOST_TEST(gdlsc::sc::asp_constant("01") == "\"01\"");
    BOOST_TEST(gdlsc::sc::asp_constant("not") == "\"not\"");
    BOOST_TEST(gdlsc::sc::asp_constant("gdl_time") == "\"gdl_time\"");
    BOOST_TEST(gdlsc::sc::asp_constant("my-card") == "\"my-card\"");
    BOOST_TEST(gdlsc::sc::asp_constant("a\"b") == "\"a\\\"b\"");
    BOOST_TEST(gdlsc::sc::asp_variable("x") == "Vx");
    BOOST_TEST(gdlsc::sc::asp_variable("my-var") != gdlsc::sc::asp_variable("my_var"));
    const std::string game = gdlsc::test::temp_file("symbols.kif", R"((role a)
(init x)
(cell_3 x)
(<= (p_3 ?y) (cell_3 ?y))
(<= (my-rel 01) (true x))
(<= (legal a (go ?n)) (my-rel ?n))
(<= (legal a (go 1)) (p_3 x))
(<= (next x) (true x))
(<= terminal (true y))
(<= (goal a 100) (true x))
)");
    r = run_gdlsc({"translate", game, "--format", "asp", "--horizon", "0", "--sequences"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find("gdl_rel(\"p_3\",Vy) :- gdl_rel(\"cell_3\",Vy).") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("gdl_rel_0(\"my-rel\",\"01\",S)") != std::string::npos, r.out);
}
