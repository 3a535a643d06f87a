// Infix reader: syntax variants, locations, comments, numbers, anonymous variables, errors.
#define BOOST_TEST_MODULE infix_reader
#include <boost/test/unit_test.hpp>

#include "gdl/printer.h"
#include "gdl/reader.h"

using namespace gdlsc::gdl;

namespace {

Program infix(const std::string& text, Diagnostics& d) { return read_infix(make_source("t.gdl", text), d); }

Program infix_ok(const std::string& text) {
    Diagnostics d;
    auto p = infix(text, d);
    std::ostringstream os;
    d.print(os);
    BOOST_TEST(d.empty(), "unexpected diagnostics:\n" << os.str());
    return p;
}

/// All diagnostics as "line:col: message" lines.
std::vector<std::string> errors(const std::string& text) {
    Diagnostics d;
    infix(text, d);
    std::vector<std::string> out;
    for (const auto& x : d.sorted())
        out.push_back(std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) + ": " + x.message);
    return out;
}

std::string kif(const Program& p) { return print_kif(p); }

}  // namespace

BOOST_AUTO_TEST_CASE(reads_the_textbook_syntax_with_locations) {
    auto p = infix_ok("% Blind Tic-Tac-Toe\nrole(white).\nlegal(W,mark(X,Y)) :-\n  true(cell(X,Y,b)) &\n  ~true(tried(W,X,Y)).\n");
    BOOST_REQUIRE_EQUAL(p.rules.size(), 2u);
    BOOST_TEST((p.syntax == Syntax::Infix));
    BOOST_TEST(p.rules[0].to_kif() == "(role white)");
    BOOST_TEST(p.rules[0].loc.str() == "t.gdl:2:1");
    const Rule& r = p.rules[1];
    BOOST_TEST(r.to_kif() == "(<= (legal ?W (mark ?X ?Y)) (true (cell ?X ?Y b)) (not (true (tried ?W ?X ?Y))))");
    BOOST_TEST(r.loc.str() == "t.gdl:3:1");
    BOOST_TEST(r.head.args[1].loc.str() == "t.gdl:3:9");     // mark(...)
    BOOST_TEST(r.head.args[1].args[1].loc.str() == "t.gdl:3:16");  // Y
    BOOST_TEST(r.body[0].loc.str() == "t.gdl:4:3");
    BOOST_TEST(r.body[1].loc.str() == "t.gdl:5:3");           // the '~'
    BOOST_TEST(r.body[1].sub[0].loc.str() == "t.gdl:5:4");    // true(...)
}

BOOST_AUTO_TEST_CASE(conjunction_negation_and_arrow_variants_agree) {
    auto base = infix_ok("p(X) :- q(X) & ~r(X) & s.");
    for (const char* v : {"p(X) :- q(X), not r(X), s.", "p(X) <= q(X) & not(r(X)) & s.", "p(X) :- q(X), \\+ r(X) & s.",
                          "p(X)\n  :- q(X) ,\n ~ r(X), s"}) {
        auto p = infix_ok(v);
        BOOST_TEST((p.rules == base.rules), v);
    }
}

BOOST_AUTO_TEST_CASE(disjunction_forms_agree_with_kif) {
    Diagnostics d;
    auto k = read_kif(make_source("t.kif", "(<= p (or a (and b c) (not d)))"), d);
    BOOST_TEST(!d.has_errors());
    for (const char* v : {"p :- or(a, b & c, ~d).", "p :- (a | b & c | ~d).", "p :- (a ; b, c ; not d).",
                          "p :- a ; b & c ; \\+ d."}) {
        auto p = infix_ok(v);
        BOOST_TEST((p.rules == k.rules), v << " read as " << kif(p));
    }
    // a parenthesised conjunction stays a conjunction, a parenthesised literal is the literal
    BOOST_TEST(kif(infix_ok("p :- (a, b), (c), not (d & e).")) == "(<= p (and a b) c (not (and d e)))\n");
}

BOOST_AUTO_TEST_CASE(comments_numbers_and_quoted_names) {
    auto p = infix_ok("/* a block\n comment */ goal(caller, -4) :- % line\n  true(x /* inline */).\n"
                      "f(0, 01, 10, 2.5, 'hello world', 'it''s', 'a\\'b', \"Str ing\", bettingRound).");
    BOOST_REQUIRE_EQUAL(p.rules.size(), 2u);
    BOOST_TEST(p.rules[0].loc.str() == "t.gdl:2:13");
    BOOST_TEST(p.rules[0].head.args[1].name == "-4");
    BOOST_TEST(p.rules[0].head.args[1].loc.str() == "t.gdl:2:26");
    std::vector<std::string> names;
    for (const auto& a : p.rules[1].head.args) names.push_back(a.name);
    std::vector<std::string> want{"0", "01", "10", "2.5", "hello world", "it's", "a'b", "\"Str ing\"", "bettingRound"};
    BOOST_TEST(names == want, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(anonymous_variables_are_fresh_and_avoid_clause_names) {
    auto p = infix_ok("p(_, _) :- q(_, _1, _Length).\nr(_) :- s(_).");
    BOOST_REQUIRE_EQUAL(p.rules.size(), 2u);
    BOOST_TEST(p.rules[0].to_kif() == "(<= (p ?_2 ?_3) (q ?_4 ?_1 ?_Length))");
    BOOST_TEST(p.rules[1].to_kif() == "(<= (r ?_1) (s ?_2))");  // numbering restarts per clause
}

BOOST_AUTO_TEST_CASE(names_are_case_sensitive_and_tuples_are_terms) {
    auto p = infix_ok("cell((a, 1)) :- col(a), 'Row'(b).");
    BOOST_TEST(kif(p) == "(<= (cell (tuple a 1)) (col a) (|Row| b))\n");
    auto q = infix_ok("crossing((C1, (R)), x).");
    BOOST_TEST(q.rules[0].to_kif() == "(crossing (tuple ?C1 ?R) x)");
    BOOST_TEST(q.rules[0].head.args[0].loc.str() == "t.gdl:1:10");
    auto s = infix_ok("index (N) :- n(N).");  // the textbook's `index (N)`
    BOOST_TEST(s.rules[0].to_kif() == "(<= (index ?N) (n ?N))");
}

BOOST_AUTO_TEST_CASE(keywords_as_plain_names) {
    // `not` before a non-literal is the 0-ary relation; quoted keywords are plain names
    auto p = infix_ok("p :- not, 'not'(a), 'distinct'(a, b, c), q(not, or(a)).");
    BOOST_REQUIRE_EQUAL(p.rules[0].body.size(), 4u);
    BOOST_TEST((p.rules[0].body[0].kind == Literal::Kind::Atom));
    BOOST_TEST((p.rules[0].body[1].kind == Literal::Kind::Atom));
    BOOST_TEST(p.rules[0].body[2].atom.args.size() == 3u);
    BOOST_TEST(p.rules[0].body[3].to_kif() == "(q not (or a))");
}

BOOST_AUTO_TEST_CASE(last_clause_may_lack_its_dot) {
    auto p = infix_ok("a.\nb :- a");
    BOOST_TEST(p.rules.size() == 2u);
}

BOOST_AUTO_TEST_CASE(missing_dot_between_clauses_is_reported_and_both_are_read) {
    Diagnostics d;
    auto p = infix("role(x)\nrole(o).\nnext(a) :- true(b)\n  next(c) :- true(d).", d);
    BOOST_TEST(p.rules.size() == 4u);
    auto v = d.sorted();
    BOOST_REQUIRE_EQUAL(v.size(), 2u);
    BOOST_TEST(format_diagnostic(v[0]) ==
               "t.gdl:1:8: error: missing '.' at the end of the clause\n  role(x)\n         ^\n"
               "t.gdl:1:8: note: end every clause with '.'\n");
    BOOST_TEST(v[1].loc.str() == "t.gdl:3:19");
}

BOOST_AUTO_TEST_CASE(syntax_errors_are_located_and_all_collected) {
    auto v = errors(
        "p(a b).\n"              // 1: missing comma
        "q(X) :- r(X) s(X).\n"   // 2: missing '&' on one line
        "X(a) :- b.\n"           // 3: variable functor
        "p :- Y.\n"              // 4: variable literal
        "~p :- q.\n"             // 5: negated head
        "p :- f(a, g(b).\n"      // 6: unclosed parenthesis
        "p :- a & .\n"           // 7: missing literal
        "p :- distinct(a).\n"    // 8: wrong arity
        "p(1a) :- f().\n"        // 9: bad number, empty argument list
        "p :- or().\n"           // 10
        "p :- q @ r.\n"          // 11: bad character (then a missing '&')
        ") good(x).\n"           // 12: stray ')'
        "p('abc\n");             // 13: unterminated quote
    std::vector<std::string> want{
        "1:5: expected ',' or ')', found 'b'",
        "2:14: expected ',', '&' or '.' after a literal, found 's'",
        "3:1: variable 'X' in functor position",
        "4:6: a variable cannot be a literal",
        "5:1: '~' cannot be the head of a rule",
        "6:7: '(' is never closed (found '.')",
        "7:10: expected a literal, found '.'",
        "8:6: 'distinct' takes exactly two arguments, not 1",
        "9:3: '1a' is neither a number nor a name",
        "9:10: empty argument list",
        "10:6: 'or' needs at least one argument",
        "11:8: unexpected character '@'",
        "11:10: expected ',', '&' or '.' after a literal, found 'r'",
        "12:1: unexpected ')' with no matching '('",
        "13:2: '(' is never closed (found end of file)",
        "13:3: quoted name is never closed",
    };
    BOOST_TEST(v == want, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(unclosed_at_end_of_file_and_unclosed_comment) {
    BOOST_TEST(errors("p :- q(a,\n  b") == std::vector<std::string>{"1:7: '(' is never closed (found end of file)"},
               boost::test_tools::per_element());
    BOOST_TEST(errors("p.\n/* never\nclosed") == std::vector<std::string>{"2:1: '/*' comment is never closed"},
               boost::test_tools::per_element());
    BOOST_TEST(errors("p :- ") == std::vector<std::string>{"1:6: expected a literal, found end of file"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(read_game_text_detects_infix) {
    Diagnostics d;
    auto p = read_game_text("g.gdl", "% comment\nrole(r).\nterminal :- true(done).", d);
    BOOST_TEST(!d.has_errors());
    BOOST_TEST((p.syntax == Syntax::Infix));
    BOOST_TEST(p.rules.size() == 2u);
    // a UTF-8 byte order mark is skipped by the detection and by both readers
    auto i = read_game_text("b.gdl", "\xEF\xBB\xBFrole(r).", d);
    auto k = read_game_text("b.kif", "\xEF\xBB\xBF(role r)", d);
    BOOST_TEST(!d.has_errors());
    BOOST_TEST((i.syntax == Syntax::Infix && k.syntax == Syntax::Kif));
    BOOST_TEST((i.rules == k.rules));
    BOOST_TEST(i.rules[0].loc.str() == "b.gdl:1:1");
}

BOOST_AUTO_TEST_CASE(deep_nesting_is_refused_not_a_crash) {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "f(";
    deep += "a";
    for (int i = 0; i < 100000; ++i) deep += ")";
    auto v = errors("p :- " + deep + ".\nq :- " + std::string(5000, '~') + "r.\nok.");
    BOOST_TEST(v == (std::vector<std::string>{"1:2004: nesting deeper than 1000 levels",
                                              "2:1006: nesting deeper than 1000 levels"}),
               boost::test_tools::per_element());
    Diagnostics d;
    auto p = infix("p :- " + deep + ".\nok.", d);
    BOOST_TEST(p.rules.size() == 1u);  // reading goes on after the refused clause
}

BOOST_AUTO_TEST_CASE(reading_stops_after_too_many_errors) {
    std::string bad_chars, bad_clauses;
    for (int i = 0; i < 150; ++i) bad_chars += "@\n", bad_clauses += "p(a b).\n";
    for (const auto& text : {bad_chars, bad_clauses}) {
        auto v = errors(text);
        BOOST_REQUIRE_EQUAL(v.size(), 101u);
        BOOST_TEST(v.back() == "101:1: too many errors; reading stopped here");
    }
}

BOOST_AUTO_TEST_CASE(long_lines_are_quoted_around_the_error) {
    std::string line = "p :- " + std::string(2000, ' ') + "q @ r.";
    Diagnostics d;
    infix(line, d);
    auto v = d.sorted();
    BOOST_REQUIRE(!v.empty());
    BOOST_TEST(v[0].loc.str() == "t.gdl:1:2008");
    std::istringstream in(format_diagnostic(v[0]));
    std::string first, src, caret;
    std::getline(in, first), std::getline(in, src), std::getline(in, caret);
    BOOST_TEST(src.size() < 200u);
    BOOST_REQUIRE(caret.size() == src.find('@') + 1);
    BOOST_TEST(caret.back() == '^');
}
