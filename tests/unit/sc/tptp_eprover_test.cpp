// The TPTP output checked by the E prover (skipped with a message when `eprover` is not
// installed): the theories of the examples and of corpus games parse and E finds no
// contradiction within a short limit, and E proves conjectures about the card game of
// Thielscher 2010 (Fig. 1) from its theory: after the deal the betting round holds, the
// deal is possible in s0, jane does not hold a card she was not dealt, and she does not
// consider possible a deal that would have shown her another card.
#define BOOST_TEST_MODULE sc_tptp_eprover
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "game_paths.h"

namespace fs = std::filesystem;

namespace {

bool have_eprover() { return std::system("eprover --version > /dev/null 2>&1") == 0; }

// Precondition of the cases that run E: without it they are reported skipped, never passed.
struct Eprover {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        if (have_eprover()) return true;
        boost::test_tools::assertion_result r(false);
        r.message() << "eprover is not installed (Debian package eprover; scripts/install-deps installs it)";
        return r;
    }
};

struct Run {
    int status = -1;
    std::string output;
};

Run run(const std::string& cmd) {
    Run r;
    FILE* p = popen((cmd + " 2>&1").c_str(), "r");
    if (!p) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
    int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("gdlsc_tptp_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir / name;
}

/// The TPTP theory of `game` (translate must succeed).
std::string theory(const std::string& game, const std::string& name) {
    fs::path out = scratch(name + ".p");
    Run t = run(std::string("'") + GDLSC_BINARY + "' translate '" + game + "' --format tptp -o '" + out.string() + "'");
    BOOST_TEST_REQUIRE(t.status == 0, "translate " << game << ": " << t.output);
    return out.string();
}

/// E's exit codes: 0 theorem/unsat, 1 satisfiable/counter-satisfiable, 3 input error,
/// 7 resource out. E prints "eprover: <file>:<line>:..." for parse errors.
void check_parses(const std::string& game, const std::string& name) {
    std::string file = theory(game, name);
    Run e = run("eprover --auto --tptp3-format --cpu-limit=2 '" + file + "'");
    BOOST_TEST_INFO(game);
    BOOST_TEST((e.status == 1 || e.status == 7), "eprover exit " << e.status << "\n" << e.output.substr(0, 2000));
    BOOST_TEST(e.output.find("Unsatisfiable") == std::string::npos, "E found the axioms of " << game << " contradictory");
    BOOST_TEST(e.output.find(": error") == std::string::npos);
}

/// Appends `conjecture` to the theory of `game` and returns E's verdict line.
Run prove(const std::string& file, const std::string& conjecture, const std::string& name, int limit) {
    fs::path f = scratch(name + ".p");
    fs::copy_file(file, f, fs::copy_options::overwrite_existing);
    std::ofstream(f, std::ios::app) << "fof(goal, conjecture, " << conjecture << ").\n";
    return run("eprover --auto --tptp3-format --cpu-limit=" + std::to_string(limit) + " '" + f.string() + "'");
}

const std::string kSrc = GDLSC_SOURCE_DIR;
const std::string kGames = gdlsc::test::corpus_dir();

}  // namespace

BOOST_AUTO_TEST_SUITE(with_eprover, *boost::unit_test::precondition(Eprover()))

GDLSC_CORPUS_CASE(examples_and_corpus_games_parse_in_e) {
    for (const char* g : {"card_game", "krieg_tictactoe", "blind_tictactoe"})
        check_parses(kSrc + "/examples/" + g + "/" + g + ".kif", g);
    for (const char* g : {"gdl2/montyhall.kif", "gdl2/kriegtictactoe.kif", "gdl2/meier.kif", "gdl1/ticTacToe.kif",
                          "gdl1/buttons.kif"})
        check_parses(kGames + "/" + g, fs::path(g).stem().string());
}

BOOST_AUTO_TEST_CASE(e_proves_facts_of_the_card_game) {
    std::string file = theory(kSrc + "/examples/card_game/card_game.kif", "card_game_theory");
    const std::string deal = "joint(noop,noop,deal('7','8'))";
    // Successor state axiom: next(bettingRound) :- true(dealingRound), and dealingRound holds in s0.
    Run a = prove(file, "holds(bettinground, do(" + deal + ", s0))", "cg_betting", 30);
    BOOST_TEST(a.output.find("# Proof found!") != std::string::npos, a.output.substr(0, 2000));
    BOOST_TEST(a.output.find("SZS status Theorem") != std::string::npos);
    // Precondition axiom: nothing is terminal in s0 and each role's move is legal.
    Run b = prove(file, "poss(" + deal + ", s0)", "cg_poss", 30);
    BOOST_TEST(b.output.find("SZS status Theorem") != std::string::npos, b.output.substr(0, 2000));
    // Needs the completion (only-if) and unique names: jane got the 7, not the 8.
    Run c = prove(file, "~ holds(hascard(jane,'8'), do(" + deal + ", s0))", "cg_not_8", 60);
    BOOST_TEST(c.output.find("SZS status Theorem") != std::string::npos, c.output.substr(0, 2000));
    // Knowledge (K's successor state axiom): jane tells apart the deal that gave her the 9,
    // she saw yourCard(7).
    Run k = prove(file, "~ k(jane, do(joint(noop,noop,deal('9','8')), s0), do(" + deal + ", s0))", "cg_k", 60);
    BOOST_TEST(k.output.find("SZS status Theorem") != std::string::npos, k.output.substr(0, 2000));
    // And a false conjecture is not proved: jane does not hold the 8.
    Run d = prove(file, "holds(hascard(jane,'8'), do(" + deal + ", s0))", "cg_false", 3);
    BOOST_TEST(d.output.find("SZS status Theorem") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(axiom_files_parse_in_e) {
    size_t n = 0;
    for (const auto& f : fs::directory_iterator(kSrc + "/axioms")) {
        if (f.path().extension() != ".p") continue;
        ++n;
        Run e = run("eprover --auto --tptp3-format --cpu-limit=2 '" + f.path().string() + "'");
        BOOST_TEST_INFO(f.path().string());
        BOOST_TEST((e.status == 1 || e.status == 7), "eprover exit " << e.status << "\n" << e.output.substr(0, 2000));
    }
    BOOST_TEST(n >= 3u);
}

BOOST_AUTO_TEST_SUITE_END()
