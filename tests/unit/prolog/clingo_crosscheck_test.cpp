// Cross-check of the generated Prolog program against clingo: for a few corpus games
// (ticTacToe, the recursive nim1 and hanoi, and atariGoVariant_7x7 with positive loops),
// along a fixed history, the legal moves, next state, terminal and goals computed by the
// engine must equal the answer set clingo computes from the same rules and state.
// GDL rules are almost ASP: the converter (tests/support/asp.h) quotes every constant as a
// string and writes compounds as f("name", args...); relations are r("name", args...).
#define BOOST_TEST_MODULE prolog_clingo_crosscheck
#include <boost/test/unit_test.hpp>

#include <set>

#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/validate.h"
#include "prolog/engine.h"
#include "asp.h"
#include "run_gdlsc.h"
#include "game_paths.h"

using namespace gdlsc;
using gdl::Literal;
using gdl::Term;

namespace {

using test::asp::str;
using test::asp::term;

std::string asp_string(const std::string& s) { return str(s); }
std::string asp_term(const Term& t) { return term(t); }

std::string asp_atom(const Term& t) {
    if (t.name == "true" && t.args.size() == 1) return "true(" + asp_term(t.args[0]) + ")";
    if (t.name == "does" && t.args.size() == 2) return "does(" + asp_term(t.args[0]) + "," + asp_term(t.args[1]) + ")";
    std::string s = "r(" + asp_string(t.name);
    for (const auto& a : t.args) s += "," + asp_term(a);
    return s + ")";
}

std::string asp_program(const gdl::Program& p) {
    std::string out;
    for (const auto& r : p.rules)
        for (const auto& alt : test::asp::body(r.body, asp_atom)) {
            out += asp_atom(r.head);
            for (size_t i = 0; i < alt.size(); ++i) out += (i ? ", " : " :- ") + alt[i];
            out += ".\n";
        }
    return out;
}

// The atoms of the unique answer set whose text starts with one of the prefixes.
std::set<std::string> clingo_atoms(const std::string& program) {
    std::string file = test::temp_file("crosscheck.lp", program);
    auto r = test::run_program({"/usr/bin/env", "clingo", "--outf=0", "-V0", file});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 10 || r.exit_code == 30, "clingo exit " << r.exit_code << ": " << r.err);
    std::istringstream in(r.out);
    std::string line;
    std::set<std::string> atoms;
    std::getline(in, line);  // the (only) answer set
    std::istringstream as(line);
    std::string a;
    while (as >> a)
        if (a.rfind("r(\"legal\"", 0) == 0 || a.rfind("r(\"next\"", 0) == 0 || a.rfind("r(\"goal\"", 0) == 0 || a.rfind("r(\"sees\"", 0) == 0 ||
            a == "r(\"terminal\")")
            atoms.insert(a);
    std::filesystem::remove(file);
    return atoms;
}

std::string rel(const std::string& name, const std::vector<Term>& args) {
    return asp_atom(Term::compound(name, args));
}

void crosscheck_program(const std::string& game, const gdl::Program& p, int steps) {
    auto a = gdl::analyze(p);
    auto& e = pl::Engine::instance();
    e.load_game(p, a);
    std::string rules = asp_program(p);
    auto s = e.initial_state();
    size_t compared = 0;
    for (int step = 0; step <= steps; ++step) {
        auto joints = e.joint_moves(s);
        bool term = e.terminal(s);
        pl::JointMove joint;
        if (!joints.empty()) joint = joints[(step * 7 + 3) % joints.size()];
        std::set<std::string> mine;
        for (const auto& r : a.roles)
            for (const auto& m : e.legal_moves(r, s)) mine.insert(rel("legal", {Term::constant(r), m}));
        if (term) mine.insert("r(\"terminal\")");
        for (const auto& [r, v] : e.goals(s)) mine.insert(rel("goal", {Term::constant(r), v}));
        std::string facts;
        for (const auto& f : e.fluents(s)) facts += "true(" + asp_term(f) + ").\n";
        if (!joint.empty()) {
            for (const auto& f : e.fluents(e.next_state(s, joint))) mine.insert(rel("next", {f}));
            for (const auto& r : a.roles)
                for (const auto& p : e.percepts(r, joint, s)) mine.insert(rel("sees", {Term::constant(r), p}));
            for (size_t i = 0; i < joint.size(); ++i)
                facts += "does(" + asp_string(a.roles[i]) + "," + asp_term(joint[i]) + ").\n";
        }
        auto theirs = clingo_atoms(rules + facts);
        if (joint.empty())  // no joint move (terminal): next and sees are not asked
            std::erase_if(theirs, [](const std::string& x) {
                return x.rfind("r(\"next\"", 0) == 0 || x.rfind("r(\"sees\"", 0) == 0;
            });
        BOOST_TEST(mine.size() >= 2u, game << " step " << step << ": too little to compare");
        compared += mine.size();
        BOOST_TEST(mine == theirs, game << " step " << step << ": engine and clingo differ");
        if (mine != theirs) {
            for (const auto& x : mine)
                if (!theirs.count(x)) BOOST_TEST_MESSAGE("only engine: " << x);
            for (const auto& x : theirs)
                if (!mine.count(x)) BOOST_TEST_MESSAGE("only clingo: " << x);
        }
        if (joint.empty() || term) break;
        s = e.next_state(s, joint);
    }
    BOOST_TEST_MESSAGE(game << ": " << compared << " atoms compared");
}

void crosscheck(const std::string& game, int steps) {
    gdl::Diagnostics d;
    std::string path = game.find('/') == std::string::npos ? "/gdl1/" + game : "/" + game;
    auto p = gdl::read_game_file(gdlsc::test::corpus_dir() + path, d);
    if (!d.has_errors()) gdl::validate(p, gdl::analyze(p), d);
    // A listed game that does not validate is a defect of the list, not a pass.
    BOOST_REQUIRE_MESSAGE(!d.has_errors(), game << ": not a valid game");
    crosscheck_program(game, p, steps);
}

// Left recursion (static and over the state) and negation over tabled predicates,
// stratified: reach is tabled, unreached negates it; conn is tabled per state.
const char* kStratified = R"(
(role p)
(edge a b) (edge b c) (edge c a) (edge d e)
(node a) (node b) (node c) (node d) (node e)
(<= (reach ?x ?y) (edge ?x ?y))
(<= (reach ?x ?z) (reach ?x ?y) (edge ?y ?z))
(<= (unreached ?x ?y) (node ?x) (node ?y) (not (reach ?x ?y)))
(init (at a))
(init (link a d)) (init (link d c))
(<= (conn ?x ?y) (true (link ?x ?y)))
(<= (conn ?x ?z) (conn ?x ?y) (true (link ?y ?z)))
(<= (lit ?y) (true (at ?x)) (reach ?x ?y))
(<= (dark ?y) (node ?y) (not (lit ?y)))
(<= (legal p (go ?y)) (true (at ?x)) (edge ?x ?y))
(<= (legal p (jump ?y)) (true (at ?x)) (unreached ?x ?y))
(<= (legal p (fly ?y)) (true (at ?x)) (conn ?x ?y) (not (reach ?x ?y)))
(<= (next (at ?y)) (does p (go ?y)))
(<= (next (at ?y)) (does p (jump ?y)))
(<= (next (at ?y)) (does p (fly ?y)))
(<= (next (link ?x ?y)) (true (link ?x ?y)))
(<= (next (link ?y ?x)) (true (at ?x)) (or (does p (go ?y)) (does p (jump ?y))))
(<= (next (seen ?y)) (node ?y) (not (dark ?y)))
(<= terminal (true (at e)))
(<= (goal p 100) (true (at e)))
(<= (goal p 0) (not (true (at e))))
)";

}  // namespace

BOOST_AUTO_TEST_CASE(stratified_recursion_with_negation) {
    gdl::Diagnostics d;
    auto p = gdl::read_game_text("stratified.kif", kStratified, d);
    BOOST_REQUIRE(!d.has_errors());
    crosscheck_program("stratified.kif", p, 8);
}

GDLSC_CORPUS_CASE(tictactoe) { crosscheck("ticTacToe.kif", 6); }
GDLSC_CORPUS_CASE(nim1_recursive) { crosscheck("nim1.kif", 6); }
GDLSC_CORPUS_CASE(hanoi_recursive) { crosscheck("hanoi.kif", 6); }
GDLSC_CORPUS_CASE(atarigo_positive_loops) { crosscheck("atariGoVariant_7x7.kif", 6); }
GDLSC_CORPUS_CASE(connect_four) { crosscheck("connectFour.kif", 6); }
// GDL-II: random, percepts (sees is compared too).
GDLSC_CORPUS_CASE(gdl2_with_percepts) {
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/kriegtictactoe.kif", "gdl2/meier.kif", "gdl2/minesweeper.kif",
                          "gdl2/backgammon.kif"})
        crosscheck(g, 8);
}
GDLSC_CORPUS_CASE(larger_boards) {
    for (const char* g : {"checkers.kif", "breakthrough.kif", "hex.kif"}) crosscheck(g, 8);
}
// Environment override for a wider sweep: GDLSC_CROSSCHECK="gdl2/montyhall.kif gdl1/chess.kif";
// without it the case is reported skipped.
struct CrosscheckList {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        const char* env = std::getenv("GDLSC_CROSSCHECK");
        if (env && *env) return true;
        boost::test_tools::assertion_result r(false);
        r.message() << "GDLSC_CROSSCHECK is not set (a list of corpus games for a wider sweep)";
        return r;
    }
};
BOOST_AUTO_TEST_CASE(games_from_environment, *boost::unit_test::precondition(CrosscheckList())) {
    const char* env = std::getenv("GDLSC_CROSSCHECK");
    std::istringstream in(env ? env : "");
    std::string g;
    while (in >> g) crosscheck(g, 8);
}
