// The s-expression reader of the query language and histories.
#include "query/sexpr.h"

#include <cctype>

namespace gdlsc::query {
namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

class Reader {
public:
    Reader(const gdl::SourcePtr& src, gdl::Diagnostics& d) : src_(src), text_(src->text), diags_(d) {}

    std::vector<SExpr> all() {
        std::vector<SExpr> out;
        for (;;) {
            skip();
            if (pos_ >= text_.size()) return out;
            if (text_[pos_] == ')') {
                diags_.error(here(), "unexpected ')' with no matching '('");
                advance();
                continue;
            }
            out.push_back(one());
        }
    }

private:
    gdl::Location here() const { return gdl::Location{src_, line_, col_}; }
    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            col_ = 1;
        } else {
            ++col_;
        }
        ++pos_;
    }
    void skip() {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == ';') {
                while (pos_ < text_.size() && text_[pos_] != '\n') advance();
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                advance();
            } else {
                return;
            }
        }
    }
    SExpr one() {
        SExpr e;
        e.loc = here();
        if (text_[pos_] == '(') {
            e.is_list = true;
            advance();
            for (;;) {
                skip();
                if (pos_ >= text_.size()) {
                    diags_.error(e.loc, "'(' is never closed", "add the missing ')'");
                    return e;
                }
                if (text_[pos_] == ')') {
                    advance();
                    return e;
                }
                e.items.push_back(one());
            }
        }
        size_t b = pos_;
        if (text_[pos_] == '"') {
            advance();
            while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') advance();
            if (pos_ < text_.size() && text_[pos_] == '"') advance();
            else diags_.error(e.loc, "unterminated string");
            e.atom = text_.substr(b, pos_ - b);
            return e;
        }
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (std::isspace(static_cast<unsigned char>(c)) || c == '(' || c == ')' || c == ';') break;
            advance();
        }
        e.atom = lower(text_.substr(b, pos_ - b));
        return e;
    }

    gdl::SourcePtr src_;
    const std::string& text_;
    gdl::Diagnostics& diags_;
    size_t pos_ = 0;
    int line_ = 1;
    int col_ = 1;
};

}  // namespace

std::vector<SExpr> read_sexprs(const gdl::SourcePtr& src, gdl::Diagnostics& diags) {
    return Reader(src, diags).all();
}

gdl::Term to_term(const SExpr& e, gdl::Diagnostics& diags) {
    if (!e.is_list) {
        if (e.atom == "?") diags.error(e.loc, "'?' must be followed by a variable name");
        if (e.is_variable()) return gdl::Term::variable(e.atom.substr(1), e.loc);
        return gdl::Term::constant(e.atom, e.loc);
    }
    if (e.items.empty()) {
        diags.error(e.loc, "empty list '()' is not a term");
        return gdl::Term::constant("nil", e.loc);
    }
    const SExpr& f = e.items[0];
    if (!f.is_symbol()) {
        diags.error(f.loc, f.is_list ? "a list cannot stand in functor position"
                                     : "variable '" + f.atom + "' in functor position",
                    "the first element of '(...)' must be a function name");
        return gdl::Term::constant("nil", e.loc);
    }
    std::vector<gdl::Term> args;
    for (size_t i = 1; i < e.items.size(); ++i) args.push_back(to_term(e.items[i], diags));
    return gdl::Term::compound(f.atom, std::move(args), e.loc);
}

}  // namespace gdlsc::query
