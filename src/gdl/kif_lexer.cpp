// The KIF lexer shared by games, formulas and histories, the term builder on top of it, and
// the quoting of symbols that makes every name read back (used by the printer and to_kif).
#include "gdl/kif_lexer.h"

#include <cctype>

#include "gdl/reader.h"

namespace gdlsc::gdl {
namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool symbol_char(char c) {
    return !std::isspace(static_cast<unsigned char>(c)) && c != '(' && c != ')' && c != ';';
}

class Lexer {
public:
    Lexer(const SourcePtr& src, Diagnostics& d) : src_(src), text_(src->text), diags_(d) {
        if (text_.rfind("\xEF\xBB\xBF", 0) == 0) pos_ = 3;  // UTF-8 byte order mark
    }

    std::vector<SExpr> all() {
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
            out.push_back(one());
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

    SExpr one() {
        SExpr e;
        e.loc = here();
        char c = text_[pos_];
        if (c == '(') return list(std::move(e));
        if (c == '"') {  // a string: one constant, kept verbatim with its quotes
            size_t b = pos_;
            advance();
            while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') advance();
            if (pos_ < text_.size() && text_[pos_] == '"') advance();
            else diags_.error(e.loc, "unterminated string");
            e.atom = text_.substr(b, pos_ - b);
            return e;
        }
        if (c == '|') {  // a quoted symbol: verbatim, `\|` and `\\` escape
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
        e.atom = lower(text_.substr(b, pos_ - b));
        return e;
    }

    SExpr list(SExpr e) {
        if (depth_ >= max_kif_depth) {
            diags_.error(e.loc, "lists nested deeper than " + std::to_string(max_kif_depth) + " levels");
            for (int open = 0; pos_ < text_.size(); advance()) {  // skip the whole list
                open += text_[pos_] == '(' ? 1 : text_[pos_] == ')' ? -1 : 0;
                if (open == 0) break;
            }
            if (pos_ < text_.size()) advance();
            e.atom = "_error_";
            return e;
        }
        e.is_list = true;
        ++depth_;
        struct Leave {
            int& d;
            ~Leave() { --d; }
        } leave{depth_};
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
            e.items.push_back(one());
        }
    }

    SourcePtr src_;
    const std::string& text_;
    Diagnostics& diags_;
    size_t pos_ = 0;
    int line_ = 1;
    int col_ = 1;
    int depth_ = 0;
};

}  // namespace

std::vector<SExpr> read_sexprs(const SourcePtr& src, Diagnostics& diags) { return Lexer(src, diags).all(); }

Term sexpr_term(const SExpr& e, Diagnostics& diags) {
    if (!e.is_list) {
        if (e.is_variable()) return Term::variable(e.atom.substr(1), e.loc);
        if (!e.quoted && e.atom == "?") {
            diags.error(e.loc, "'?' must be followed by a variable name");
            return Term::variable("_", e.loc);
        }
        return Term::constant(e.atom, e.loc);
    }
    if (e.items.empty()) {
        diags.error(e.loc, "empty list '()' is not a term");
        return Term::constant("nil", e.loc);
    }
    const SExpr& f = e.items[0];
    if (f.is_list) {
        diags.error(f.loc, "a list cannot stand in functor position",
                    "the first element of '(...)' must be a relation or function name");
        return Term::constant("_error_", e.loc);
    }
    if (!f.quoted && !f.atom.empty() && f.atom[0] == '?') {
        diags.error(f.loc, "variable '" + f.atom + "' in functor position",
                    "GDL is first-order: relation and function names must be constants");
        return Term::constant("_error_", e.loc);
    }
    std::vector<Term> args;
    for (size_t i = 1; i < e.items.size(); ++i) args.push_back(sexpr_term(e.items[i], diags));
    return Term::compound(f.atom, std::move(args), e.loc);
}

bool string_token(const std::string& n) {
    if (n.size() < 2 || n.front() != '"' || n.back() != '"') return false;
    return n.find_first_of("\"\n", 1) == n.size() - 1;
}

bool kif_bare_symbol(const std::string& n) {
    if (n.empty() || n[0] == '?' || n[0] == '"') return false;
    for (char c : n)
        if (!symbol_char(c) || c == '|' || std::isupper(static_cast<unsigned char>(c))) return false;
    return true;
}

std::string kif_symbol(const std::string& n) {
    if (kif_bare_symbol(n) || string_token(n)) return n;
    std::string s = "|";
    for (char c : n) {
        if (c == '|' || c == '\\') s += '\\';
        s += c;
    }
    return s + "|";
}

}  // namespace gdlsc::gdl
