// Game files are untrusted input: seeded random mutants of real games (a token deleted,
// inserted, replaced or swapped with another, one to three times) must each end with a
// documented outcome through the binary -- `check` valid (0) or refused with a located error
// (2); on a valid mutant `simulate` and `query --engine all` end in 0, 2 (with an error
// message) or 4 (a limit), never a crash (5, a signal), a hang past the test's limit, or
// engines that disagree (3). The games of examples/ and the fixtures always run; those of
// the public corpus when it is present.
#define BOOST_TEST_MODULE corpus_mutants
#include <boost/test/unit_test.hpp>

#include <random>
#include <regex>
#include <string>
#include <vector>

#include "game_paths.h"
#include "run_gdlsc.h"

using gdlsc::test::run_gdlsc;
using gdlsc::test::RunResult;

namespace {

// Tokens a mutation inserts: brackets, keywords in and out of place, variables, lexical
// oddities, and whole rules that are wrong in a known way (unstratified, unsafe, random in a
// knows literal, a fluent that is its own next).
const std::vector<std::string> kTokens = {
    "(", ")", "?x", "not", "or", "distinct", "true", "next", "does", "legal", "knows", "sees",
    "role", "init", "terminal", "goal", "<=", "base", "input", "random", "0", "100", "foo", ";",
    "\"", "|", "#", "\\", "'", "(knows ?r (foo))", "(true ?x)", "(<= (next ?x) (true ?x))",
    "(role random)", "(not (true ?x))", "(<= p (not p))", "(<= (p ?x) (p ?x))",
    "(knows random terminal)", "(<= (legal ?r noop) (role ?r))"};

std::vector<std::string> tokens_of(const std::string& text) {
    std::vector<std::string> out;
    static const std::regex token(R"(\(|\)|[^\s()]+|\s+)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), token); it != std::sregex_iterator(); ++it)
        out.push_back(it->str());
    return out;
}

std::string mutant(const std::string& text, std::mt19937& rng) {
    std::vector<std::string> t = tokens_of(text);
    std::uniform_int_distribution<int> times(1, 3), op(0, 3);
    std::uniform_int_distribution<std::size_t> pick_token(0, kTokens.size() - 1);
    for (int n = times(rng); n > 0 && !t.empty(); --n) {
        std::uniform_int_distribution<std::size_t> at(0, t.size() - 1);
        std::size_t k = at(rng);
        switch (op(rng)) {
            case 0: t.erase(t.begin() + static_cast<std::ptrdiff_t>(k)); break;
            case 1: t.insert(t.begin() + static_cast<std::ptrdiff_t>(k), " " + kTokens[pick_token(rng)] + " "); break;
            case 2: t[k] = kTokens[pick_token(rng)]; break;
            default: std::swap(t[k], t[at(rng)]); break;
        }
    }
    std::string s;
    for (const auto& x : t) s += x;
    return s;
}

bool located_error(const RunResult& r, const std::string& file) {
    static const std::regex at(":[0-9]+:[0-9]+: error");
    return r.err.find(file) != std::string::npos && std::regex_search(r.err, at);
}

// A documented outcome of a command on a valid game: 0, 4, or 2 with an error message.
bool documented(const RunResult& r) {
    return r.exit_code == 0 || r.exit_code == 4 || (r.exit_code == 2 && r.err.find("error") != std::string::npos);
}

// Mutants of `game`; returns how many were valid (so that the caller can tell the later
// commands were reached).
int check_mutants(const std::string& game, int count, unsigned seed) {
    const std::string text = gdlsc::test::slurp(game);
    BOOST_REQUIRE(!text.empty());
    std::mt19937 rng(seed);
    gdlsc::test::TempDir dir;
    int valid = 0;
    for (int i = 0; i < count; ++i) {
        const std::string file = dir.file("mutant" + std::to_string(i) + ".kif", mutant(text, rng));
        BOOST_TEST_CONTEXT(game << ", mutant " << i << " (seed " << seed << ")") {
            RunResult c = run_gdlsc({"check", file});
            BOOST_TEST((c.exit_code == 0 || (c.exit_code == 2 && located_error(c, file))),
                       "check: exit " << c.exit_code << ": " << c.err.substr(0, 400));
            if (c.exit_code != 0) continue;
            ++valid;
            RunResult s = run_gdlsc({"simulate", file, "--max-steps", "4", "--timeout", "20"});
            BOOST_TEST(documented(s), "simulate: exit " << s.exit_code << ": " << s.err.substr(0, 400));
            RunResult q = run_gdlsc({"query", file, "(legal ?r ?m)", "--engine", "all", "--timeout", "20"});
            BOOST_TEST(documented(q), "query --engine all: exit " << q.exit_code << ": " << q.err.substr(0, 400));
        }
    }
    BOOST_TEST_MESSAGE(game << ": " << valid << " of " << count << " mutants valid");
    return valid;
}

}  // namespace

BOOST_AUTO_TEST_CASE(mutants_of_the_examples) {
    int valid = 0;
    unsigned seed = 1;
    for (const char* rel : {"examples/number_guessing/number_guessing.kif", "examples/cheryl/cheryl.kif",
                            "tests/fixtures/knowledge/gdl3_static_random.kif"})
        valid += check_mutants(std::string(GDLSC_SOURCE_DIR) + "/" + rel, 20, seed++);
    BOOST_TEST(valid >= 3);  // some mutants pass the validator, so simulate and query ran
}

GDLSC_CORPUS_CASE(mutants_of_corpus_games) {
    int valid = 0;
    unsigned seed = 11;
    for (const char* rel : {"gdl1/ticTacToe.kif", "gdl1/connectFour.kif", "gdl2/montyhall.kif", "gdl2/kriegtictactoe.kif"})
        valid += check_mutants(gdlsc::test::corpus(rel), 20, seed++);
    BOOST_TEST(valid >= 4);
}
