// Tokenizer of the infix syntax; see infix_lexer.h.
#include "gdl/infix_lexer.h"

#include <cctype>

namespace gdlsc::gdl::infix {
namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// Splits the text into tokens; reports bad characters, unterminated quotes and comments.
class Lexer {
public:
    Lexer(const SourcePtr& src, Diagnostics& d)
        : src_(src), t_(src->text), diags_(d), stop_at_(d.error_count() + max_errors_per_file) {
        if (t_.rfind("\xEF\xBB\xBF", 0) == 0) pos_ = 3;  // UTF-8 byte order mark
    }

    std::vector<Token> run() {
        std::vector<Token> out;
        for (;;) {
            skip_space();
            Token tk;
            tk.line = line_;
            tk.col = col_;
            if (pos_ < t_.size() && diags_.error_count() >= stop_at_) {
                diags_.error(here(), "too many errors; reading stopped here");
                pos_ = t_.size();
            }
            if (pos_ >= t_.size()) {
                tk.end_line = line_;
                tk.end_col = col_;
                out.push_back(tk);
                return out;
            }
            if (lex(tk)) {
                tk.end_line = line_;
                tk.end_col = col_;
                out.push_back(std::move(tk));
            }
        }
    }

private:
    Location here() const { return Location{src_, line_, col_}; }
    char peek(size_t k = 0) const { return pos_ + k < t_.size() ? t_[pos_ + k] : '\0'; }
    void advance(size_t n = 1) {
        for (; n > 0 && pos_ < t_.size(); --n, ++pos_) {
            if (t_[pos_] == '\n') {
                ++line_;
                col_ = 1;
            } else {
                ++col_;
            }
        }
    }

    void skip_space() {
        while (pos_ < t_.size()) {
            char c = peek();
            if (c == '%') {
                while (pos_ < t_.size() && peek() != '\n') advance();
            } else if (c == '/' && peek(1) == '*') {
                Location start = here();
                size_t e = t_.find("*/", pos_ + 2);
                if (e == std::string::npos) {
                    diags_.error(start, "'/*' comment is never closed", "add the missing '*/'");
                    advance(t_.size() - pos_);
                } else {
                    advance(e + 2 - pos_);
                }
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                advance();
            } else {
                break;
            }
        }
    }

    /// Reads one token into `tk`; returns false (after reporting) for a character that starts none.
    bool lex(Token& tk) {
        char c = peek();
        auto op = [&](Tok k, size_t n) {
            tk.kind = k;
            tk.text = t_.substr(pos_, n);
            advance(n);
            return true;
        };
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '-' && std::isdigit(static_cast<unsigned char>(peek(1)))))
            return number(tk);
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            size_t b = pos_;
            while (ident_char(peek())) advance();
            tk.kind = std::isupper(static_cast<unsigned char>(c)) || c == '_' ? Tok::Var : Tok::Ident;
            tk.text = t_.substr(b, pos_ - b);
            return true;
        }
        if (c == '\'') return quoted(tk);
        if (c == '"') return string(tk);
        switch (c) {
            case '(': return op(Tok::LParen, 1);
            case ')': return op(Tok::RParen, 1);
            case ',': return op(Tok::Comma, 1);
            case '&': return op(Tok::Amp, 1);
            case '|': return op(Tok::Bar, 1);
            case ';': return op(Tok::Semi, 1);
            case '.': return op(Tok::Dot, 1);
            case '~': return op(Tok::Neg, 1);
            default: break;
        }
        if (c == ':' && peek(1) == '-') return op(Tok::If, 2);
        if (c == '<' && peek(1) == '=') return op(Tok::If, 2);
        if (c == '\\' && peek(1) == '+') return op(Tok::Neg, 2);
        Location at = here();
        size_t n = 1;  // skip a whole UTF-8 sequence at once
        while (static_cast<unsigned char>(c) >= 0xC0 && (static_cast<unsigned char>(peek(n)) & 0xC0) == 0x80) ++n;
        diags_.error(at, "unexpected character '" + t_.substr(pos_, n) + "'");
        advance(n);
        return false;
    }

    bool number(Token& tk) {
        size_t b = pos_;
        Location at = here();
        if (peek() == '-') advance();
        while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
        if (peek() == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
            advance();
            while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
        }
        tk.kind = Tok::Number;
        if (ident_char(peek())) {  // `1a`: not a number and not an identifier
            while (ident_char(peek())) advance();
            tk.text = t_.substr(b, pos_ - b);
            diags_.error(at, "'" + tk.text + "' is neither a number nor a name",
                         "names start with a lowercase letter; quote other constants: '" + tk.text + "'");
            return true;
        }
        tk.text = t_.substr(b, pos_ - b);
        return true;
    }

    /// 'quoted atom': `''` or `\'` for a quote, `\\`, `\n`, `\t`; must end on the same line.
    bool quoted(Token& tk) {
        Location at = here();
        advance();
        tk.kind = Tok::Quoted;
        for (;;) {
            char c = peek();
            if (pos_ >= t_.size() || c == '\n') {
                diags_.error(at, "quoted name is never closed", "add the missing \"'\" on the same line");
                return true;
            }
            if (c == '\'' && peek(1) == '\'') {
                tk.text += '\'';
                advance(2);
            } else if (c == '\'') {
                advance();
                return true;
            } else if (c == '\\' && pos_ + 1 < t_.size() && peek(1) != '\n') {
                char e = peek(1);
                tk.text += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                advance(2);
            } else {
                tk.text += c;
                advance();
            }
        }
    }

    /// "string": one constant, kept verbatim with its quotes (as the KIF reader does).
    bool string(Token& tk) {
        Location at = here();
        size_t b = pos_;
        advance();
        while (pos_ < t_.size() && peek() != '"' && peek() != '\n') advance();
        if (peek() == '"') advance();
        else diags_.error(at, "string is never closed", "add the missing '\"' on the same line");
        tk.kind = Tok::String;
        tk.text = t_.substr(b, pos_ - b);
        return true;
    }

    SourcePtr src_;
    const std::string& t_;
    Diagnostics& diags_;
    size_t stop_at_;
    size_t pos_ = 0;
    int line_ = 1;
    int col_ = 1;
};

}  // namespace

std::vector<Token> tokenize(const SourcePtr& src, Diagnostics& diags) { return Lexer(src, diags).run(); }

}  // namespace gdlsc::gdl::infix
