// Printer: exact output in both syntaxes, quoting, variable naming, and the round trip
// read -> print (KIF and infix) -> read over every game file of the corpus.
#define BOOST_TEST_MODULE printer
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "gdl/printer.h"
#include "gdl/reader.h"
#include "game_paths.h"

using namespace gdlsc::gdl;

namespace {

Program read(const std::string& text, Syntax s, Diagnostics& d) {
    auto src = make_source(s == Syntax::Kif ? "t.kif" : "t.gdl", text);
    return s == Syntax::Kif ? read_kif(src, d) : read_infix(src, d);
}

Program read_ok(const std::string& text, Syntax s) {
    Diagnostics d;
    auto p = read(text, s, d);
    std::ostringstream os;
    d.print(os);
    BOOST_TEST(d.empty(), "diagnostics reading back:\n" << os.str() << "text:\n" << text);
    return p;
}

std::string kif_to_infix(const std::string& k) { return print_infix(read_ok(k, Syntax::Kif)); }
std::string infix_to_kif(const std::string& i) { return print_kif(read_ok(i, Syntax::Infix)); }

/// Variables renamed V0, V1, ... in order of first occurrence (equality up to variable names).
Rule canonical(Rule r) {
    std::vector<std::string> vs;
    r.head.collect_variables(vs);
    for (const auto& l : r.body) l.collect_variables(vs);
    std::map<std::string, std::string> m;
    for (size_t i = 0; i < vs.size(); ++i) m[vs[i]] = "V" + std::to_string(i);
    auto term = [&](auto& self, Term& t) -> void {
        if (t.is_variable()) t.name = m.at(t.name);
        for (auto& a : t.args) self(self, a);
    };
    auto lit = [&](auto& self, Literal& l) -> void {
        term(term, l.atom);
        for (auto& s : l.sub) self(self, s);
    };
    term(term, r.head);
    for (auto& l : r.body) lit(lit, l);
    return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(kif_prints_as_infix) {
    BOOST_TEST(kif_to_infix("(role white) (<= (legal ?r (mark ?m ?n)) (true (control ?r)) (not (true (tried ?m ?n))))") ==
               "role(white).\nlegal(R, mark(M, N)) :- true(control(R)) & ~true(tried(M, N)).\n");
    BOOST_TEST(kif_to_infix("(<= p (or a (and b c)) (not (or d e)) (or f) (and g) (distinct ?x 1))") ==
               "p :- (a | b & c) & ~(d | e) & or(f) & and(g) & distinct(X, 1).\n");
}

BOOST_AUTO_TEST_CASE(infix_prints_as_kif) {
    BOOST_TEST(infix_to_kif("goal(white, 100) :- line(x) & ~line(o).\nbase(cell(M, N, b)) :- index(M), index(N).") ==
               "(<= (goal white 100) (line x) (not (line o)))\n(<= (base (cell ?m ?n b)) (index ?m) (index ?n))\n");
    BOOST_TEST(infix_to_kif("p :- or(a, b & c), (d ; e).") == "(<= p (or a (and b c)) (or d e))\n");
}

BOOST_AUTO_TEST_CASE(infix_quotes_names_that_are_not_identifiers) {
    BOOST_TEST(kif_to_infix("(p a-b 1a -1 0.5 01 \"Str\" <= |hello world| |it's| x)") ==
               "p('a-b', '1a', -1, 0.5, 01, \"Str\", '<=', 'hello world', 'it\\'s', x).\n");
    // relation names that would read as keywords
    std::string k = "(<= p (|not| a) (|distinct| a b c) (q not))";
    BOOST_TEST(kif_to_infix(k) == "p :- 'not'(a) & 'distinct'(a, b, c) & q(not).\n");
    BOOST_TEST(print_kif(read_ok(kif_to_infix(k), Syntax::Infix)) == "(<= p (|not| a) (|distinct| a b c) (q not))\n");
}

BOOST_AUTO_TEST_CASE(kif_bars_keep_names_verbatim) {
    auto p = read_ok("(p |a b| |Not| |?x| |a\\|b|) (<= (|<=| x) (|or| y))", Syntax::Kif);
    BOOST_REQUIRE_EQUAL(p.rules.size(), 2u);
    std::vector<std::string> names;
    for (const auto& a : p.rules[0].head.args) names.push_back(a.name);
    BOOST_TEST(names == (std::vector<std::string>{"a b", "Not", "?x", "a|b"}), boost::test_tools::per_element());
    BOOST_TEST(p.rules[1].head.name == "<=");
    BOOST_TEST((p.rules[1].body[0].kind == Literal::Kind::Atom));
    BOOST_TEST(print_kif(p) == "(p |a b| |Not| |?x| |a\\|b|)\n(<= (|<=| x) (|or| y))\n");
}

BOOST_AUTO_TEST_CASE(variables_are_renamed_deterministically_and_never_merged) {
    BOOST_TEST(kif_to_infix("(<= (p ?x ?x-1 ?x_1 ?_ ?_y) (q ?x))") == "p(X, X_1, X_1_2, V_, _y) :- q(X).\n");
    BOOST_TEST(infix_to_kif("p(Ab, AB, _x, _) :- q(Ab).") == "(<= (p ?ab ?ab_2 ?_x ?_1) (q ?ab))\n");
    BOOST_TEST(print_term(Term::compound("f", {Term::variable("x"), Term::variable("Y")}), Syntax::Infix) == "f(X, Y)");
    BOOST_TEST(print_term(Term::variable("Y"), Syntax::Kif) == "?y");
}

BOOST_AUTO_TEST_CASE(kif_folds_bare_case_so_upper_case_names_print_quoted) {
    // KIF folds bare symbols on reading, so a name with upper case letters prints as |...|
    std::string k = infix_to_kif("bettingRound(X) :- 'Foo', \"Str\".");
    BOOST_TEST(k == "(<= (|bettingRound| ?x) |Foo| \"Str\")\n");
    BOOST_TEST(print_infix(read_ok(k, Syntax::Kif)) == "bettingRound(X) :- 'Foo' & \"Str\".\n");
    BOOST_TEST(print_infix(read_ok("(<= (BettingRound ?X) Foo)", Syntax::Kif)) == "bettinground(X) :- foo.\n");
}

BOOST_AUTO_TEST_CASE(long_rules_span_lines) {
    std::string i = "next(cell(M, N, x)) :- does(white, mark(M, N)) & true(cell(M, N, b)) & ~does(black, mark(M, N)).";
    BOOST_TEST(print_infix(read_ok(i, Syntax::Infix)) ==
               "next(cell(M, N, x)) :-\n    does(white, mark(M, N)) &\n    true(cell(M, N, b)) &\n"
               "    ~does(black, mark(M, N)).\n");
    BOOST_TEST(infix_to_kif(i) ==
               "(<= (next (cell ?m ?n x))\n    (does white (mark ?m ?n))\n    (true (cell ?m ?n b))\n"
               "    (not (does black (mark ?m ?n))))\n");
}

// Files whose reader reports errors; they are skipped. A new reader error anywhere fails the test.
const std::set<std::string> files_with_reader_errors = {
    "fixtures/benderng/axioms3.kif",           // (?r ...) a variable in functor position
    "fixtures/benderng/expected_output1.kif",  // lists of moves, not a game: ((true ...) ...)
    "fixtures/benderng/expected_output2.kif",
    "fixtures/benderng/expected_output3.kif",
    "gdl2/seven_wonders.kif",                  // (?n1 ?c1 ?n2 ?c2) and (?role ?n2) at line 22
};

GDLSC_CORPUS_CASE(round_trip_over_the_corpus) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(gdlsc::test::corpus_dir())) {
        auto ext = e.path().extension();
        if (e.is_regular_file() && (ext == ".kif" || ext == ".gdl")) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    BOOST_TEST(files.size() >= 100u);
    size_t rules = 0, infix_files = 0;
    for (const auto& f : files) {
        std::string rel = fs::relative(f, gdlsc::test::corpus_dir()).generic_string();
        BOOST_TEST_CONTEXT(rel) {
            Diagnostics d;
            Program p = read_game_file(f.string(), d);
            BOOST_TEST(d.has_errors() == (files_with_reader_errors.count(rel) == 1));
            if (d.has_errors()) continue;
            rules += p.rules.size();
            infix_files += p.syntax == Syntax::Infix;
            Syntax same = p.syntax, other = same == Syntax::Kif ? Syntax::Infix : Syntax::Kif;
            // same syntax: identical, variable names included
            Program p1 = read_ok(print_program(p, same), same);
            BOOST_TEST((p1.rules == p.rules));
            // other syntax: identical up to variable names
            std::string text = print_program(p, other);
            Program p2 = read_ok(text, other);
            BOOST_REQUIRE_EQUAL(p2.rules.size(), p.rules.size());
            for (size_t i = 0; i < p.rules.size(); ++i) {
                Rule want = canonical(p.rules[i]);
                if (!(canonical(p2.rules[i]) == want)) {
                    BOOST_ERROR("rule " << i << " differs: " << print_rule(p.rules[i], same) << " became "
                                        << print_rule(p2.rules[i], same));
                    break;
                }
            }
            // printing what was read back gives the same text
            BOOST_TEST(print_program(p2, other) == text);
        }
    }
    BOOST_TEST_MESSAGE("round trip: " << files.size() << " files, " << infix_files << " infix, " << rules << " rules");
    BOOST_TEST(infix_files >= 6u);
}

// The KIF reader refuses what the infix reader refuses, so every KIF program prints as infix.
BOOST_AUTO_TEST_CASE(kif_reader_refuses_variable_and_keyword_heads_and_deep_nesting) {
    Diagnostics d;
    std::string deep;
    for (int i = 0; i < 3000; ++i) deep += "(f ";
    read("?x\n(<= ?y (p))\n(not a)\n" + deep + "a", Syntax::Kif, d);
    std::vector<std::string> v;
    for (const auto& x : d.sorted()) v.push_back(x.loc.str() + ": " + x.message);
    std::vector<std::string> want{"t.kif:1:1: a variable cannot be the head of a rule",
                                  "t.kif:2:5: a variable cannot be the head of a rule",
                                  "t.kif:3:1: 'not' cannot be the head of a rule",
                                  "t.kif:4:1: '(' is never closed",
                                  "t.kif:4:3001: lists nested deeper than 1000 levels"};
    BOOST_TEST(v == want, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(kif_reading_stops_after_too_many_errors) {
    std::string parens, heads;
    for (int i = 0; i < 150; ++i) parens += ")\n", heads += "?x\n";
    for (const auto& text : {parens, heads}) {
        Diagnostics d;
        read(text, Syntax::Kif, d);
        auto v = d.sorted();
        BOOST_REQUIRE_EQUAL(v.size(), 101u);
        BOOST_TEST(v.back().loc.str() == "t.kif:101:1");
        BOOST_TEST(v.back().message == "too many errors; reading stopped here");
    }
}
