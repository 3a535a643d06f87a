// The lint of `gdlsc check` (src/gdl/lint.h) on real games, through the binary:
//
// * seeded typo mutants: in every valid game of examples/, tests/fixtures/ and the corpus (gdl1,
//   gdl2), one occurrence of a relation name -- a head, a body atom, the relation under knows,
//   or a KIF connective (not, or, distinct) -- is changed by one or two edits (a letter
//   dropped, added, changed, or two swapped) into a name the game does not use; `check` must
//   report that name at the mutated occurrence's line (a lint warning, or the error of a
//   missing keyword that points at its misspelling);
// * the unmodified games: no lint warning but the documented ones below, each with its reason.
#define BOOST_TEST_MODULE corpus_lint_mutants
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "game_paths.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/spelling.h"
#include "run_gdlsc.h"

namespace fs = std::filesystem;
using gdlsc::test::run_gdlsc;
using gdlsc::test::RunResult;
using namespace gdlsc;

namespace {

// --- the documented warnings of the unmodified games ------------------------------------------

struct Known {
    const char* file;      ///< relative to examples/.., tests/fixtures/.. or the corpus
    const char* warnings;  ///< "line relation/arity" of every lint warning, sorted, space-separated pairs
    const char* why;
};

// Project games (examples/, tests/fixtures/).
const std::vector<Known> kProjectWarnings = {
    {"examples/russian_cards/russian_cards.kif", "8 card/1",
     "the card facts list the deck for the reader and for queries ((card ?c) in a formula); the rules deal "
     "from deal_option"},
    {"tests/fixtures/forward/ring_walk.kif", "16 cell/1", "the cells, for the reader; the rules move by cellsucc"},
    {"tests/fixtures/wellformed/stuck.kif", "7 legl/2",
     "on purpose: issue 27's misspelt head, which leaves the guesser without a legal move (well-formedness tests)"},
    {"tests/fixtures/knowledge/gdl3_static_random.kif", "42 nk/1 43 ncoin/1 44 ks/0 45 nks/1 46 ckstat/0",
     "relations with knows in their bodies that the tests ask about in queries; the rules do not use them"},
};

// The public corpus (gdl1, gdl2). Three are genuine mistakes the lint found.
const std::vector<Known> kCorpusWarnings = {
    {"gdl1/checkers.kif", "479 adjacent/2", "a helper left over: nothing uses it"},
    {"gdl1/ggpbase_test_case_2c.kif", "28 column/1", "column facts that no rule uses (rows and colinc do the work)"},
    {"gdl1/ggpbase_test_case_3c.kif", "7 squee/0 8 squee/0",
     "on purpose: the ggp-base test case checks a proposition that is defined nowhere"},
    {"gdl1/ggpbase_test_invalid_sentence_arities_differ.kif", "12 foo/1 13 foo/2",
     "on purpose: the ggp-base fixture has two arities of an otherwise unused relation"},
    {"gdl2/blackjack.kif", "157 action/1 753 sees_xml/2",
     "action is the move declaration of old GDL (input replaced it); sees_xml is for the Dresden server's viewer"},
    {"gdl2/hold_your_course_ii.kif", "82 score/1",
     "a genuine mistake: (goal player ?s) reads (score ?s) where (true (score ?s)) is meant (and tests the "
     "fluent (true (terminal)), which no rule makes: tests/feature/simulate/corpus_simulate_test.cpp), so the "
     "player never has a goal value"},
    {"gdl2/mastermind.kif", "99 slot/1", "slot facts that no rule uses"},
    {"gdl2/minesweeper.kif", "159 not/0 296 action/1 383 greaterhan/2",
     "two genuine mistakes: (<= terminal not open) needs (not open), so the rule is never true; the base case "
     "of greaterthan is misspelt greaterhan, so greaterthan is never true; action: the old move declaration"},
    {"gdl2/pyggp_dark_split_corridor_3_4.gdl", "13 firstcol/1 16 lastcol/1 62 quadrant/1",
     "helpers of the pyggp source that the rules do not use"},
    {"gdl2/vacuumcleaner_random_big.kif", "250 trajectory/5 553 smaller/2", "helpers that no rule uses"},
};

// "line relation/arity" of every lint warning of `check --json file`, sorted by line.
std::string lint_warnings(const std::string& file) {
    RunResult r = run_gdlsc({"check", "--json", file});
    auto j = nlohmann::json::parse(r.out);
    static const std::regex rel("relation '([^']+)'");
    std::string out;
    for (const auto& d : j.at("diagnostics")) {
        if (!d.at("lint").get<bool>()) continue;
        std::smatch m;
        std::string msg = d.at("message").get<std::string>();
        std::string name = std::regex_search(msg, m, rel) ? m[1].str() : msg;
        out += (out.empty() ? "" : " ") + std::to_string(d.at("line").get<int>()) + " " + name;
    }
    return out;
}

void expect_documented(const std::vector<fs::path>& games, const std::function<std::string(const fs::path&)>& rel,
                       const std::vector<Known>& known) {
    std::map<std::string, std::string> want;
    for (const auto& k : known) want[k.file] = k.warnings;
    std::set<std::string> seen;
    for (const auto& g : games) {
        const std::string r = rel(g);
        seen.insert(r);
        BOOST_TEST(lint_warnings(g.string()) == want[r], r);
    }
    for (const auto& k : known) BOOST_TEST(seen.count(k.file) == 1u, "documented but not checked: " << k.file);
}

// --- mutants ----------------------------------------------------------------------------------

// A name occurrence in the text: its byte offset and the name as read (lower case for KIF).
struct Occurrence {
    std::size_t at;
    std::string name;
};

struct Game {
    std::string text;
    std::vector<Occurrence> occurrences;
    std::set<std::string> symbols;  ///< every name the game uses (relations, functions, constants)
};

void symbols_of(const gdl::Term& t, std::set<std::string>& out) {
    if (!t.is_variable()) out.insert(t.name);
    for (const auto& a : t.args) symbols_of(a, out);
}

// The byte offset of `name` at `loc` (past a KIF '(' and blanks), if the text has it there.
std::optional<std::size_t> name_at(const std::string& text, const gdl::Location& loc, const std::string& name) {
    if (!loc.valid()) return std::nullopt;
    std::size_t i = loc.source->line_starts[static_cast<std::size_t>(loc.line - 1)] + static_cast<std::size_t>(loc.col - 1);
    if (i < text.size() && text[i] == '(')
        for (++i; i < text.size() && std::isspace(static_cast<unsigned char>(text[i])); ++i) {
        }
    if (i + name.size() > text.size()) return std::nullopt;
    for (std::size_t k = 0; k < name.size(); ++k)
        if (std::tolower(static_cast<unsigned char>(text[i + k])) != name[k]) return std::nullopt;
    char after = i + name.size() < text.size() ? text[i + name.size()] : ' ';
    if (!(std::isspace(static_cast<unsigned char>(after)) || after == '(' || after == ')' || after == ',' || after == '.'))
        return std::nullopt;
    return i;
}

Game read(const std::string& path) {
    Game g;
    g.text = gdlsc::test::slurp(path);
    gdl::Diagnostics d;
    gdl::Program p = gdl::read_game_text(path, g.text, d);
    const bool kif = p.syntax == gdl::Syntax::Kif;
    auto add = [&](const gdl::Location& loc, const std::string& name) {
        if (auto at = name_at(g.text, loc, name)) g.occurrences.push_back({*at, name});
    };
    std::function<void(const gdl::Literal&)> literal = [&](const gdl::Literal& l) {
        switch (l.kind) {
            case gdl::Literal::Kind::Atom:
                if (l.atom.is_variable()) return;
                add(l.atom.loc, l.atom.name);
                if (l.atom.name == "knows" && !l.atom.args.empty() && !l.atom.args.back().is_variable())
                    add(l.atom.args.back().loc, l.atom.args.back().name);
                return;
            case gdl::Literal::Kind::Distinct: add(l.loc, "distinct"); return;
            case gdl::Literal::Kind::Not:
            case gdl::Literal::Kind::Or:
            case gdl::Literal::Kind::And:
                // Infix writes not and or as operators (`not p`, `;`): a typo there is a syntax error.
                if (kif && l.kind != gdl::Literal::Kind::And)
                    add(l.loc, l.kind == gdl::Literal::Kind::Not ? "not" : "or");
                for (const auto& s : l.sub) literal(s);
                return;
        }
    };
    for (const auto& r : p.rules) {
        symbols_of(r.head, g.symbols);
        if (!r.head.is_variable()) add(r.head.loc, r.head.name);
        for (const auto& l : r.body) {
            literal(l);
            std::function<void(const gdl::Literal&)> names = [&](const gdl::Literal& x) {
                symbols_of(x.atom, g.symbols);
                for (const auto& s : x.sub) names(s);
            };
            names(l);
        }
    }
    return g;
}

bool reserved(const std::string& n) {
    return gdl::is_keyword(n) || n == "not" || n == "or" || n == "and" || n == "random";
}

// `name` changed by one or two edits into a lower-case name the game does not use.
std::string typo(const std::string& name, const std::set<std::string>& symbols, std::mt19937& rng) {
    static const std::string letters = "abcdefghijklmnopqrstuvwxyz";
    std::uniform_int_distribution<int> edits(1, 2), op(0, 3), letter(0, 25);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string s = name;
        for (int e = edits(rng); e > 0; --e) {
            std::uniform_int_distribution<std::size_t> pos(0, s.empty() ? 0 : s.size() - 1);
            std::size_t i = pos(rng);
            switch (op(rng)) {
                case 0: if (s.size() > 1) s.erase(i, 1); break;
                case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(i), letters[letter(rng)]); break;
                case 2: s[i] = letters[letter(rng)]; break;
                default: if (i + 1 < s.size()) std::swap(s[i], s[i + 1]); break;
            }
        }
        std::size_t d = gdl::edit_distance(s, name);
        if (d >= 1 && d <= 2 && std::islower(static_cast<unsigned char>(s[0])) && !symbols.count(s) && !reserved(s))
            return s;
    }
    return "";
}

// Mutants of `path`: each reported by check at its line; returns how many were made.
int check_mutants(const std::string& path, int count, unsigned seed, const gdlsc::test::TempDir& dir) {
    const Game g = read(path);
    BOOST_REQUIRE_MESSAGE(!g.occurrences.empty(), path << ": no relation name found");
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, g.occurrences.size() - 1);
    int made = 0;
    for (int i = 0; i < count; ++i) {
        const Occurrence& o = g.occurrences[pick(rng)];
        const std::string name = typo(o.name, g.symbols, rng);
        if (name.empty()) continue;
        std::string text = g.text;
        text.replace(o.at, o.name.size(), name);
        const int line = static_cast<int>(std::count(g.text.begin(), g.text.begin() + static_cast<std::ptrdiff_t>(o.at), '\n')) + 1;
        const std::string file = dir.file("mutant" + std::to_string(seed) + "_" + std::to_string(i) +
                                              fs::path(path).extension().string(), text);
        RunResult r = run_gdlsc({"check", file});
        auto quoted = [](const std::string& x) { return std::regex_replace(x, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)"); };
        const std::regex reported("(^|\n)" + quoted(file) + ":" + std::to_string(line) +
                                  ":[0-9]+: (warning|error): [^\n]*'" + quoted(name) + "[/']");
        BOOST_TEST(std::regex_search(r.err, reported),
                   path << ": '" << o.name << "' -> '" << name << "' at line " << line << " not reported; exit "
                        << r.exit_code << "\n" << r.err.substr(0, 1500));
        ++made;
    }
    return made;
}

// The games of `files` that check finds valid.
std::vector<fs::path> valid_games(const std::vector<fs::path>& files) {
    std::vector<fs::path> out;
    for (const auto& f : files)
        if (run_gdlsc({"check", f.string()}).exit_code == 0) out.push_back(f);
    return out;
}

std::vector<fs::path> project_games() {
    std::vector<fs::path> files;
    for (const char* dir : {"examples", "tests/fixtures"})
        for (const auto& e : fs::recursive_directory_iterator(std::string(GDLSC_SOURCE_DIR) + "/" + dir))
            if (e.path().extension() == ".kif" || e.path().extension() == ".gdl") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::string project_relative(const fs::path& p) { return fs::relative(p, GDLSC_SOURCE_DIR).string(); }
std::string corpus_relative(const fs::path& p) { return fs::relative(p, gdlsc::test::corpus_dir()).string(); }

}  // namespace

BOOST_AUTO_TEST_CASE(typos_in_the_project_games_are_reported) {
    gdlsc::test::TempDir dir;
    int made = 0;
    unsigned seed = 1;
    const auto games = valid_games(project_games());
    BOOST_TEST(games.size() >= 10u);
    for (const auto& g : games) made += check_mutants(g.string(), 6, seed++, dir);
    BOOST_TEST(made >= 50);
}

BOOST_AUTO_TEST_CASE(the_project_games_have_only_the_documented_warnings) {
    expect_documented(valid_games(project_games()), project_relative, kProjectWarnings);
}

GDLSC_CORPUS_CASE(typos_in_the_corpus_games_are_reported) {
    gdlsc::test::TempDir dir;
    int made = 0;
    unsigned seed = 101;
    const auto games = valid_games(gdlsc::test::corpus_games());
    BOOST_TEST(games.size() >= 50u);
    for (const auto& g : games) made += check_mutants(g.string(), 4, seed++, dir);
    BOOST_TEST(made >= 200);
}

GDLSC_CORPUS_CASE(the_corpus_games_have_only_the_documented_warnings) {
    expect_documented(valid_games(gdlsc::test::corpus_games()), corpus_relative, kCorpusWarnings);
}
