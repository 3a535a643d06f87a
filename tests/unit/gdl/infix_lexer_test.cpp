// The tokenizer of the infix syntax (src/gdl/infix_lexer.h) on inline texts, the tokens and
// their positions worked out by hand: every operator, names against variables, numbers
// (negative, decimal), quoted names with their escapes, strings kept with their quotes,
// comments skipped across lines, a byte order mark; and each error (a bad character, a
// malformed number, an unclosed quote, string or comment, too many errors) at its line:col.
#define BOOST_TEST_MODULE gdl_infix_lexer
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "gdl/infix_lexer.h"

using namespace gdlsc::gdl;
using infix::Tok;
using infix::Token;

namespace {

std::vector<Token> lex(const std::string& text, Diagnostics& d) { return infix::tokenize(make_source("t.gdl", text), d); }

// "kind:text@line:col-end_line:end_col" per token, End included.
std::string show(const std::vector<Token>& ts) {
    static const char* names[] = {"Ident", "Var", "Number", "Quoted", "String", "LParen", "RParen", "Comma",
                                  "Amp",   "Bar", "Semi",   "Dot",    "If",     "Neg",    "End"};
    std::string s;
    for (const auto& t : ts)
        s += std::string(s.empty() ? "" : " ") + names[static_cast<int>(t.kind)] + ":" + t.text + "@" +
             std::to_string(t.line) + ":" + std::to_string(t.col) + "-" + std::to_string(t.end_line) + ":" +
             std::to_string(t.end_col);
    return s;
}

// Every diagnostic as "line:col: severity: message".
std::vector<std::string> diags(const Diagnostics& d) {
    std::vector<std::string> v;
    for (const auto& x : d.sorted())
        v.push_back(std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) + ": " + severity_name(x.severity) + ": " +
                    x.message);
    return v;
}

std::vector<int> kinds(const std::vector<Token>& ts) {
    std::vector<int> v;
    for (const auto& t : ts) v.push_back(static_cast<int>(t.kind));
    return v;
}
std::vector<int> kinds(const std::vector<Tok>& ks) {
    std::vector<int> v;
    for (Tok k : ks) v.push_back(static_cast<int>(k));
    return v;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_rule_with_every_operator) {
    Diagnostics d;
    auto ts = lex("next(cell(M,N,x)) :- does(P, mark(M,N)) & ~ true(f) | \\+ q ; r <= s.", d);
    BOOST_TEST(d.empty());
    const std::vector<Tok> want = {Tok::Ident, Tok::LParen, Tok::Ident, Tok::LParen, Tok::Var,   Tok::Comma, Tok::Var,
                                   Tok::Comma, Tok::Ident,  Tok::RParen, Tok::RParen, Tok::If,   Tok::Ident, Tok::LParen,
                                   Tok::Var,   Tok::Comma,  Tok::Ident, Tok::LParen, Tok::Var,   Tok::Comma, Tok::Var,
                                   Tok::RParen, Tok::RParen, Tok::Amp,   Tok::Neg,    Tok::Ident, Tok::LParen, Tok::Ident,
                                   Tok::RParen, Tok::Bar,   Tok::Neg,    Tok::Ident,  Tok::Semi,  Tok::Ident, Tok::If,
                                   Tok::Ident,  Tok::Dot,   Tok::End};
    BOOST_TEST(kinds(ts) == kinds(want), boost::test_tools::per_element());
    BOOST_TEST(ts[11].text == ":-");
    BOOST_TEST(ts[24].text == "~");
    BOOST_TEST(ts[30].text == "\\+");
    BOOST_TEST(ts[34].text == "<=");
    // positions: `:-` at col 19, two bytes long; End just after the last token
    BOOST_TEST(ts[11].col == 19);
    BOOST_TEST(ts[11].end_col == 21);
    BOOST_TEST(ts.back().col == 69);
}

BOOST_AUTO_TEST_CASE(names_variables_numbers_and_positions) {
    Diagnostics d;
    auto ts = lex("role(xplayer)\n  X _y 10 -3 2.5 a_B1", d);
    BOOST_TEST(d.empty());
    BOOST_TEST(show(ts) ==
               "Ident:role@1:1-1:5 LParen:(@1:5-1:6 Ident:xplayer@1:6-1:13 RParen:)@1:13-1:14 "
               "Var:X@2:3-2:4 Var:_y@2:5-2:7 Number:10@2:8-2:10 Number:-3@2:11-2:13 Number:2.5@2:14-2:17 "
               "Ident:a_B1@2:18-2:22 End:@2:22-2:22");
    // `1.` is the number 1 and a dot; `-` before a name is a bad character
    Diagnostics d2;
    ts = lex("p(1).", d2);
    BOOST_TEST(d2.empty());
    BOOST_TEST(show(ts) == "Ident:p@1:1-1:2 LParen:(@1:2-1:3 Number:1@1:3-1:4 RParen:)@1:4-1:5 Dot:.@1:5-1:6 End:@1:6-1:6");
}

BOOST_AUTO_TEST_CASE(quoted_names_and_strings) {
    Diagnostics d;
    auto ts = lex(R"('Mixed Case' 'it''s' 'a\'b\\c\n' "Str ing" '')", d);
    BOOST_TEST(d.empty());
    BOOST_REQUIRE_EQUAL(ts.size(), 6u);
    BOOST_TEST((ts[0].kind == Tok::Quoted));
    BOOST_TEST(ts[0].text == "Mixed Case");
    BOOST_TEST(ts[1].text == "it's");
    BOOST_TEST(ts[2].text == "a'b\\c\n");
    BOOST_TEST((ts[3].kind == Tok::String));
    BOOST_TEST(ts[3].text == "\"Str ing\"");  // kept with its quotes, as the KIF reader keeps it
    BOOST_TEST((ts[4].kind == Tok::Quoted));
    BOOST_TEST(ts[4].text == "");
}

BOOST_AUTO_TEST_CASE(comments_and_byte_order_mark_are_skipped) {
    Diagnostics d;
    auto ts = lex("\xEF\xBB\xBFp % a comment (\n/* two\nlines */ q", d);
    BOOST_TEST(d.empty());
    BOOST_TEST(show(ts) == "Ident:p@1:1-1:2 Ident:q@3:10-3:11 End:@3:11-3:11");
}

BOOST_AUTO_TEST_CASE(errors_at_their_place_and_reading_goes_on) {
    Diagnostics d;
    auto ts = lex("p(a) # q.\n1a r\n'open\ns \"str\n t é", d);
    BOOST_TEST(diags(d) == (std::vector<std::string>{
                               "1:6: error: unexpected character '#'",
                               "2:1: error: '1a' is neither a number nor a name",
                               "3:1: error: quoted name is never closed",
                               "4:3: error: string is never closed",
                               "5:4: error: unexpected character '\xC3\xA9'",  // one error for the two bytes
                           }),
               boost::test_tools::per_element());
    // after each error the tokens go on: q, r, s, t are there
    std::vector<std::string> names;
    for (const auto& t : ts)
        if (t.kind == Tok::Ident) names.push_back(t.text);
    BOOST_TEST(names == (std::vector<std::string>{"p", "a", "q", "r", "s", "t"}), boost::test_tools::per_element());
    // with a hint that says how to fix it
    BOOST_TEST(d.sorted()[1].hint == "names start with a lowercase letter; quote other constants: '1a'");

    Diagnostics d2;
    lex("p /* no end\n q", d2);
    BOOST_TEST(diags(d2) == std::vector<std::string>{"1:3: error: '/*' comment is never closed"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(too_many_errors_stop_the_reading) {
    Diagnostics d;
    std::string text;
    for (std::size_t i = 0; i < max_errors_per_file + 5; ++i) text += "# ";
    auto ts = lex(text, d);
    BOOST_TEST(d.error_count() == max_errors_per_file + 1);
    BOOST_TEST(diags(d).back() == "1:" + std::to_string(2 * max_errors_per_file + 1) +
                                      ": error: too many errors; reading stopped here");
    BOOST_TEST(ts.size() == 1u);  // End
}
