// The optimised progressive information-set update (gdlsc_infoset:state_step/5)
// against straightforward reference implementations (infoset_reference.pl: the
// obvious progressive update and brute-force enumeration of developments), on
// random histories of several corpus games, through infoset_step_check.pl; and
// `gdlsc infoset` in the embedded engine giving the same output with 1, 2 and 3
// threads (GDLSC_INFOSET_THREADS), with a known answer on Krieg-TicTacToe 4x4.
#define BOOST_TEST_MODULE knowledge_infoset_step
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

#include "run_gdlsc.h"
#include "game_paths.h"

namespace {

using gdlsc::test::run_gdlsc;
using gdlsc::test::run_program;
using gdlsc::test::TempDir;

const TempDir& temp_dir() {
    static TempDir dir;
    return dir;
}

// The game as generated Prolog, in the temporary directory: the corpus game
// gdl2/<name>.kif, or a path ending in .kif.
std::string translated(const std::string& name) {
    bool path = name.size() > 4 && name.ends_with(".kif");
    std::string kif = path ? name : gdlsc::test::corpus_dir() + "/gdl2/" + name + ".kif";
    auto out = (temp_dir().path / (std::filesystem::path(kif).stem().string() + ".pl")).string();
    auto r = run_gdlsc({"translate", "-f", "prolog", kif, "-o", out});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    return out;
}

// infoset_step_check.pl on one game; its report goes to the test log.
void check(const std::string& game, const std::string& role, int depth, int histories, int seed, int brute) {
    std::string script = std::string(GDLSC_SOURCE_DIR) + "/tests/feature/knowledge/infoset_step_check.pl";
    auto r = run_program({"/usr/bin/env", "swipl", script, "--", translated(game), role, std::to_string(depth),
                          std::to_string(histories), std::to_string(seed), std::to_string(brute)},
                         600);
    BOOST_TEST_MESSAGE(game << " " << role << ":\n" << r.out << r.err);
    BOOST_TEST(r.exit_code == 0, game << " " << role << ": " << r.out << r.err);
}

// `gdlsc infoset ... --json` with GDLSC_INFOSET_THREADS=n.
std::string infoset_json(int threads, const std::string& game, const std::string& role, const std::string& history) {
    auto r = run_program({"/usr/bin/env", "GDLSC_INFOSET_THREADS=" + std::to_string(threads), GDLSC_BINARY, "infoset",
                          gdlsc::test::corpus_dir() + "/gdl2/" + game + ".kif", "--role", role, "--history", history,
                          "--json"},
                         300);
    BOOST_TEST(r.exit_code == 0, r.err);
    return r.out;
}

}  // namespace

GDLSC_CORPUS_CASE(krieg_tictactoe_both_roles) {
    check("kriegtictactoe", "xplayer", 9, 3, 1, 5);
    check("kriegtictactoe", "oplayer", 9, 3, 2, 5);
}

GDLSC_CORPUS_CASE(krieg_tictactoe_4x4) {
    check("kriegTTT_4x4", "xplayer", 4, 1, 1, 3);
}

GDLSC_CORPUS_CASE(random_and_three_roles) {
    check("montyhall_20door", "candidate", 4, 3, 1, 4);
    check("montyhall_2candidates", "candidate", 5, 5, 1, 5);
    check("meier", "p2", 9, 5, 3, 4);
    check("banker_and_thief", "thief", 8, 3, 1, 3);
}

GDLSC_CORPUS_CASE(blind_breakthrough) {
    check("blindbreakthrough", "white", 6, 1, 1, 4);
}

// Legal moves derived twice by the rules count once, in both representations.
BOOST_AUTO_TEST_CASE(duplicate_legal_derivations) {
    check(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/knowledge/duplicate_legal.kif", "p", 2, 4, 1, 2);
}

// Recursive (tabled) rules: worker threads have their own tables.
GDLSC_CORPUS_CASE(tabled_rules_in_threads) {
    check("vacuumcleaner_random_big", "agent", 5, 1, 1, 3);
}

// Threads in the embedded engine: the same output whatever their number, and the
// known size of the set (64,899 developments in 2,789 states, also what the
// implementation before the optimisation printed).
GDLSC_CORPUS_CASE(infoset_command_same_with_threads) {
    const std::string h =
        "((mark 3 4) (mark 4 3)) ((mark 1 3) (mark 2 4)) ((mark 4 2) (mark 1 3)) ((mark 2 4) (mark 4 2)) "
        "((mark 1 2) (mark 4 4))";
    auto one = infoset_json(1, "kriegTTT_4x4", "xplayer", h);
    BOOST_TEST(one.find("\"developments\": 64899") != std::string::npos, one.substr(0, 200));
    BOOST_TEST(one.find("\"states\": 2789") != std::string::npos, one.substr(0, 200));
    BOOST_TEST(infoset_json(2, "kriegTTT_4x4", "xplayer", h) == one);
    BOOST_TEST(infoset_json(3, "kriegTTT_4x4", "xplayer", h) == one);
}
