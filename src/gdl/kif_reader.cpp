// KIF reader: text -> s-expressions (with locations) -> rules.
// Symbols are folded to lower case, as KIF is case-insensitive; variables are `?name`.
// `|any text|` is a symbol kept verbatim (no folding, never a keyword or variable; `\|` and
// `\\` escape), so the printer can write names that bare KIF cannot carry.
#include <cctype>

#include "gdl/reader.h"

namespace gdlsc::gdl {
namespace {

struct SExpr {
    bool is_list = false;
    std::string atom;  // symbol text (as read) when !is_list
    bool quoted = false;  // read as |...|: taken verbatim
    std::vector<SExpr> items;
    Location loc;
};

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

class Lexer {
public:
    Lexer(const SourcePtr& src, Diagnostics& d) : src_(src), text_(src->text), diags_(d) {
        if (text_.rfind("\xEF\xBB\xBF", 0) == 0) pos_ = 3;  // UTF-8 byte order mark
    }

    /// Parses all top-level s-expressions.
    std::vector<SExpr> parse_all() {
        std::vector<SExpr> out;
        size_t stop_at = diags_.error_count() + max_errors_per_file;
        for (;;) {
            skip_space();
            if (pos_ >= text_.size()) break;
            if (diags_.error_count() >= stop_at) {
                diags_.error(here(), "too many errors; reading stopped here");
                break;
            }
            if (text_[pos_] == ')') {
                diags_.error(here(), "unexpected ')' with no matching '('",
                             "delete it, or add the missing '(' before it");
                advance();
                continue;
            }
            out.push_back(parse());
        }
        return out;
    }

private:
    Location here() const { return Location{src_, line_, col_}; }
    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            col_ = 1;
        } else {
            ++col_;
        }
        ++pos_;
    }
    void skip_space() {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == ';') {
                while (pos_ < text_.size() && text_[pos_] != '\n') advance();
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                advance();
            } else {
                break;
            }
        }
    }
    static bool symbol_char(char c) {
        return !std::isspace(static_cast<unsigned char>(c)) && c != '(' && c != ')' && c != ';';
    }

    /// Deeper lists are refused (the readers and everything after them recurse on terms).
    static constexpr int max_depth = 1000;

    SExpr parse() {
        SExpr e;
        e.loc = here();
        if (text_[pos_] == '(' && depth_ >= max_depth) {
            diags_.error(e.loc, "lists nested deeper than " + std::to_string(max_depth) + " levels");
            for (int open = 0; pos_ < text_.size(); advance()) {  // skip the whole list
                open += text_[pos_] == '(' ? 1 : text_[pos_] == ')' ? -1 : 0;
                if (open == 0) break;
            }
            if (pos_ < text_.size()) advance();
            e.atom = "_error_";
            return e;
        }
        if (text_[pos_] == '(') {
            e.is_list = true;
            ++depth_;
            struct Leave { int& d; ~Leave() { --d; } } leave{depth_};
            advance();
            for (;;) {
                skip_space();
                if (pos_ >= text_.size()) {  // reported once, for the outermost list
                    if (depth_ == 1) diags_.error(e.loc, "'(' is never closed", "add the missing ')'");
                    return e;
                }
                if (text_[pos_] == ')') {
                    advance();
                    return e;
                }
                e.items.push_back(parse());
            }
        }
        if (text_[pos_] == '"') {  // quoted string: one constant, kept verbatim
            size_t b = pos_;
            advance();
            while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') advance();
            if (pos_ < text_.size() && text_[pos_] == '"') advance();
            else diags_.error(e.loc, "unterminated string");
            e.atom = text_.substr(b, pos_ - b);
            return e;
        }
        if (text_[pos_] == '|') {
            e.quoted = true;
            advance();
            while (pos_ < text_.size() && text_[pos_] != '|') {
                if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) advance();
                e.atom += text_[pos_];
                advance();
            }
            if (pos_ < text_.size()) advance();
            else diags_.error(e.loc, "'|' symbol is never closed", "add the missing '|'");
            return e;
        }
        size_t b = pos_;
        while (pos_ < text_.size() && symbol_char(text_[pos_])) advance();
        e.atom = text_.substr(b, pos_ - b);
        return e;
    }

    SourcePtr src_;
    const std::string& text_;
    Diagnostics& diags_;
    size_t pos_ = 0;
    int line_ = 1;
    int col_ = 1;
    int depth_ = 0;
};

class Builder {
public:
    explicit Builder(Diagnostics& d) : diags_(d) {}

    Term term(const SExpr& e) {
        if (!e.is_list) {
            if (e.quoted) return Term::constant(e.atom, e.loc);
            if (e.atom.size() > 1 && e.atom[0] == '?') return Term::variable(lower(e.atom.substr(1)), e.loc);
            if (e.atom == "?") {
                diags_.error(e.loc, "'?' must be followed by a variable name");
                return Term::variable("_", e.loc);
            }
            return Term::constant(e.atom[0] == '"' ? e.atom : lower(e.atom), e.loc);
        }
        if (e.items.empty()) {
            diags_.error(e.loc, "empty list '()' is not a term");
            return Term::constant("nil", e.loc);
        }
        const SExpr& f = e.items[0];
        if (f.is_list) {
            diags_.error(f.loc, "a list cannot stand in functor position",
                         "the first element of '(...)' must be a relation or function name");
            return Term::constant("_error_", e.loc);
        }
        if (!f.quoted && !f.atom.empty() && f.atom[0] == '?') {
            diags_.error(f.loc, "variable '" + f.atom + "' in functor position",
                         "GDL is first-order: relation and function names must be constants");
            return Term::constant("_error_", e.loc);
        }
        std::vector<Term> args;
        for (size_t i = 1; i < e.items.size(); ++i) args.push_back(term(e.items[i]));
        std::string name = f.quoted ? f.atom : lower(f.atom);
        if (args.empty()) return Term::constant(std::move(name), e.loc);
        return Term::compound(std::move(name), std::move(args), e.loc);
    }

    Literal literal(const SExpr& e) {
        if (e.is_list && !e.items.empty() && !e.items[0].is_list && !e.items[0].quoted) {
            std::string op = lower(e.items[0].atom);
            size_t n = e.items.size() - 1;
            if (op == "not") {
                if (n != 1) diags_.error(e.loc, "'not' takes exactly one argument, not " + std::to_string(n));
                if (n == 0) return Literal::make_atom(Term::constant("true", e.loc));
                return Literal::make_not(literal(e.items[1]), e.loc);
            }
            if (op == "distinct") {
                if (n != 2) {
                    diags_.error(e.loc, "'distinct' takes exactly two arguments, not " + std::to_string(n));
                    return Literal::make_atom(term(e));
                }
                return Literal::make_distinct(term(e.items[1]), term(e.items[2]), e.loc);
            }
            if (op == "or" || op == "and") {
                std::vector<Literal> subs;
                for (size_t i = 1; i < e.items.size(); ++i) subs.push_back(literal(e.items[i]));
                if (subs.empty()) diags_.error(e.loc, "'" + op + "' needs at least one argument");
                return op == "or" ? Literal::make_or(std::move(subs), e.loc)
                                  : Literal::make_and(std::move(subs), e.loc);
            }
        }
        if (!e.is_list && !e.quoted && !e.atom.empty() && e.atom[0] == '?') {
            diags_.error(e.loc, "a variable cannot be a literal",
                         "write a relation, e.g. (true " + e.atom + ")");
        }
        return Literal::make_atom(term(e));
    }

    void top(const SExpr& e, Program& p) {
        if (e.is_list && !e.items.empty() && !e.items[0].is_list && !e.items[0].quoted && e.items[0].atom == "<=") {
            if (e.items.size() < 2) {
                diags_.error(e.loc, "'<=' needs a head");
                return;
            }
            Rule r;
            r.loc = e.loc;
            r.head = head(e.items[1]);
            for (size_t i = 2; i < e.items.size(); ++i) r.body.push_back(literal(e.items[i]));
            p.rules.push_back(std::move(r));
            return;
        }
        Rule r;
        r.loc = e.loc;
        r.head = head(e);
        p.rules.push_back(std::move(r));
    }

    /// The head of a rule or a fact: a relation, neither a variable nor a keyword.
    Term head(const SExpr& e) {
        Term t = term(e);
        if (t.is_variable()) diags_.error(e.loc, "a variable cannot be the head of a rule");
        if (e.is_list && !e.items.empty() && !e.items[0].is_list && !e.items[0].quoted) {
            std::string op = lower(e.items[0].atom);
            if (op == "not" || op == "or" || op == "and" || op == "distinct")
                diags_.error(e.loc, "'" + op + "' cannot be the head of a rule");
        }
        return t;
    }

private:
    Diagnostics& diags_;
};

}  // namespace

Program read_kif(const SourcePtr& src, Diagnostics& diags) {
    Program p;
    p.syntax = Syntax::Kif;
    p.sources.push_back(src);
    Lexer lx(src, diags);
    Builder b(diags);
    auto all = lx.parse_all();
    size_t stop_at = diags.error_count() + max_errors_per_file;
    for (const auto& e : all) {
        if (diags.error_count() >= stop_at) {
            diags.error(e.loc, "too many errors; reading stopped here");
            break;
        }
        b.top(e, p);
    }
    return p;
}

std::vector<Term> read_kif_terms(const SourcePtr& src, Diagnostics& diags) {
    Lexer lx(src, diags);
    Builder b(diags);
    std::vector<Term> out;
    for (const auto& e : lx.parse_all()) out.push_back(b.term(e));
    return out;
}

bool read_kif_term(const SourcePtr& src, Term& out, Diagnostics& diags) {
    size_t before = diags.error_count();
    auto ts = read_kif_terms(src, diags);
    if (ts.size() != 1) {
        diags.error(Location{src, 1, 1},
                    ts.empty() ? "expected a term, found nothing" : "expected one term, found " + std::to_string(ts.size()));
        return false;
    }
    out = std::move(ts[0]);
    return diags.error_count() == before;
}

Syntax detect_syntax(const Source& src) {
    const std::string& t = src.text;
    size_t i = t.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;  // UTF-8 byte order mark
    while (i < t.size()) {
        char c = t[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == ';' || c == '%') {
            while (i < t.size() && t[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
            size_t e = t.find("*/", i + 2);
            i = e == std::string::npos ? t.size() : e + 2;
        } else {
            return c == '(' ? Syntax::Kif : Syntax::Infix;
        }
    }
    return Syntax::Kif;
}

Program read_game_text(const std::string& name, std::string text, Diagnostics& diags) {
    auto src = make_source(name, std::move(text));
    return detect_syntax(*src) == Syntax::Kif ? read_kif(src, diags) : read_infix(src, diags);
}

Program read_game_file(const std::string& path, Diagnostics& diags) {
    auto src = load_source(path);
    return detect_syntax(*src) == Syntax::Kif ? read_kif(src, diags) : read_infix(src, diags);
}

}  // namespace gdlsc::gdl
