// KIF reader: text -> s-expressions (the shared lexer, kif_lexer.h) -> rules.
// Bare symbols and `?variables` arrive folded to lower case, as KIF is case-insensitive;
// `|any text|` arrives verbatim and is never a keyword, so the printer can write any name.
#include <cctype>

#include "gdl/kif_lexer.h"
#include "gdl/reader.h"

namespace gdlsc::gdl {
namespace {

class Builder {
public:
    explicit Builder(Diagnostics& d) : diags_(d) {}

    Term term(const SExpr& e) { return sexpr_term(e, diags_); }

    Literal literal(const SExpr& e) {
        if (e.is_list && !e.items.empty() && !e.items[0].is_list && !e.items[0].quoted) {
            const std::string& op = e.items[0].atom;
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
        if (e.is_list && !e.items.empty() && !e.items[0].is_list && e.items[0].is_keyword("<=")) {
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
            const std::string& op = e.items[0].atom;
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
    Builder b(diags);
    auto all = read_sexprs(src, diags);
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
    Builder b(diags);
    std::vector<Term> out;
    for (const auto& e : read_sexprs(src, diags)) out.push_back(b.term(e));
    return out;
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
