// The shared KIF lexer (games, formulas, histories): case folding, `|quoted|` symbols and
// strings, locations, errors; and the round trip of every symbol of the corpus through both
// renderings of a term (Term::to_kif and print_term), read back through the lexer.
#define BOOST_TEST_MODULE kif_lexer
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include "gdl/kif_lexer.h"
#include "gdl/printer.h"
#include "gdl/reader.h"
#include "game_paths.h"

using namespace gdlsc::gdl;

namespace {

std::vector<SExpr> lex(const std::string& text, Diagnostics& d) { return read_sexprs(make_source("t", text), d); }

/// The one term `text` reads as (no diagnostics allowed).
Term read_back(const std::string& text) {
    Diagnostics d;
    auto es = lex(text, d);
    BOOST_TEST_REQUIRE(es.size() == 1u, "not one s-expression: " << text);
    Term t = sexpr_term(es[0], d);
    BOOST_TEST(d.empty(), "diagnostics reading back " << text);
    return t;
}

std::vector<std::string> errors(const std::string& text) {
    Diagnostics d;
    for (const auto& e : lex(text, d)) sexpr_term(e, d);
    std::vector<std::string> v;
    for (const auto& x : d.sorted()) v.push_back(x.loc.str() + ": " + x.message);
    return v;
}

void collect_symbols(const Term& t, std::set<std::string>& out) {
    if (!t.is_variable()) out.insert(t.name);
    for (const auto& a : t.args) collect_symbols(a, out);
}
void collect_symbols(const Literal& l, std::set<std::string>& out) {
    collect_symbols(l.atom, out);
    for (const auto& s : l.sub) collect_symbols(s, out);
}

}  // namespace

BOOST_AUTO_TEST_CASE(bare_symbols_fold_quoted_ones_and_strings_do_not) {
    Diagnostics d;
    auto es = lex("(Cell ?X |Mixed Case| \"Str\" |a\\|b\\\\c| ||)", d);
    BOOST_TEST(d.empty());
    BOOST_REQUIRE_EQUAL(es.size(), 1u);
    const auto& it = es[0].items;
    BOOST_REQUIRE_EQUAL(it.size(), 6u);
    BOOST_TEST(it[0].atom == "cell");
    BOOST_TEST(it[1].is_variable());
    BOOST_TEST(it[1].atom == "?x");
    BOOST_TEST((it[2].quoted && it[2].atom == "Mixed Case"));
    BOOST_TEST((!it[3].quoted && it[3].atom == "\"Str\""));
    BOOST_TEST(it[4].atom == "a|b\\c");
    BOOST_TEST((it[5].quoted && it[5].atom.empty()));
    // a quoted symbol is never a variable or a keyword
    es = lex("|?x| |not| not", d);
    BOOST_TEST(!es[0].is_variable());
    BOOST_TEST(!es[1].is_keyword("not"));
    BOOST_TEST(es[2].is_keyword("not"));
}

BOOST_AUTO_TEST_CASE(locations_count_lines_and_columns) {
    Diagnostics d;
    auto es = lex("\xEF\xBB\xBF; comment\n(f  a\n   (g b))", d);
    BOOST_REQUIRE_EQUAL(es.size(), 1u);
    BOOST_TEST(es[0].loc.str() == "t:2:1");
    BOOST_TEST(es[0].items[1].loc.str() == "t:2:5");
    BOOST_TEST(es[0].items[2].loc.str() == "t:3:4");
    BOOST_TEST(es[0].items[2].items[1].loc.str() == "t:3:7");
}

BOOST_AUTO_TEST_CASE(errors_are_located) {
    std::vector<std::string> want{"t:1:1: unexpected ')' with no matching '('",
                                  "t:1:4: variable '?f' in functor position",
                                  "t:1:10: empty list '()' is not a term",
                                  "t:1:13: '?' must be followed by a variable name",
                                  "t:2:1: unterminated string",
                                  "t:3:1: '(' is never closed",
                                  "t:3:2: a list cannot stand in functor position",
                                  "t:3:5: '|' symbol is never closed"};
    BOOST_TEST(errors(") (?f a) () ?\n\"abc\n((a |b c)") == want, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(kif_symbol_quotes_what_bare_kif_cannot_carry) {
    BOOST_TEST(kif_symbol("cell") == "cell");
    BOOST_TEST(kif_symbol("a-b") == "a-b");
    BOOST_TEST(kif_symbol("\"Str\"") == "\"Str\"");
    BOOST_TEST(kif_symbol("bettingRound") == "|bettingRound|");
    BOOST_TEST(kif_symbol("a b") == "|a b|");
    BOOST_TEST(kif_symbol("?x") == "|?x|");
    BOOST_TEST(kif_symbol("a|b\\") == "|a\\|b\\\\|");
    BOOST_TEST(kif_symbol("") == "||");
    Term t = Term::compound("Move", {Term::constant("a b"), Term::variable("x")});
    BOOST_TEST(t.to_kif() == "(|Move| |a b| ?x)");
}

GDLSC_CORPUS_CASE(every_corpus_symbol_reads_back_through_to_kif_and_the_printer) {
    namespace fs = std::filesystem;
    std::set<std::string> symbols = {"Mixed Case", "a|b", "back\\slash", "?x", "?", "(", ")", ";", "\"",
                                     "\"str\"", "", "x y\tz", "not", "<="};
    size_t files = 0;
    for (const auto& e : fs::recursive_directory_iterator(gdlsc::test::corpus_dir())) {
        auto ext = e.path().extension();
        if (!e.is_regular_file() || (ext != ".kif" && ext != ".gdl")) continue;
        Diagnostics d;
        Program p = read_game_file(e.path().string(), d);
        ++files;
        for (const auto& r : p.rules) {
            collect_symbols(r.head, symbols);
            for (const auto& l : r.body) collect_symbols(l, symbols);
        }
    }
    BOOST_TEST(files >= 100u);
    BOOST_TEST(symbols.size() > 1000u);
    BOOST_TEST(std::any_of(symbols.begin(), symbols.end(), [](const std::string& s) {
        return std::any_of(s.begin(), s.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
    }), "the corpus has infix names with upper case letters");
    size_t failures = 0;
    for (const auto& s : symbols) {
        Term c = Term::constant(s), f = Term::compound(s, {Term::constant(s)});
        for (const Term& t : {c, f}) {
            std::string printed = print_term(t, Syntax::Kif);
            BOOST_TEST(t.to_kif() == printed);
            bool ok = read_back(printed) == t;
            BOOST_TEST(ok, "'" << s << "' printed as " << printed << " reads back as " << read_back(printed).name);
            failures += !ok;
        }
        if (failures > 10) break;
    }
}
