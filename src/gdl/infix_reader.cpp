// Infix reader: the Prolog-like syntax of the papers, the GGP textbook and pyggp.
// `head :- l1 & l2.` / `head <= l1, l2.` / `head.`; negation `~l`, `not l`, `\+ l`;
// `distinct(X,Y)`; disjunction `or(a,b)` or `(a | b)` / `(a ; b)`; tuples `(a,b)`
// become the function `tuple(a,b)`; names are case-sensitive.
// Each bare `_` is a fresh variable named `_<n>` (the smallest n unused in its clause).
#include <algorithm>
#include <set>

#include "gdl/infix_lexer.h"
#include "gdl/reader.h"

namespace gdlsc::gdl {
namespace {

using infix::Tok;
using infix::Token;

struct Abort {};  // thrown after a syntax error has been reported; the clause is skipped

/// Marker for an anonymous variable before the clause's variables are known (renamed in finish()).
const std::string anon_prefix = "\x01";

class Parser {
public:
    Parser(const SourcePtr& src, std::vector<Token> toks, Diagnostics& d)
        : src_(src), toks_(std::move(toks)), diags_(d) {}

    void run(Program& p) {
        size_t stop_at = diags_.error_count() + max_errors_per_file;
        while (cur().kind != Tok::End) {
            if (diags_.error_count() >= stop_at) {
                diags_.error(loc(cur()), "too many errors; reading stopped here");
                return;
            }
            depth_ = 0;
            try {
                Rule r;
                if (clause(r)) p.rules.push_back(finish(std::move(r)));
            } catch (const Abort&) {
                resync();
            }
        }
    }

private:
    const Token& cur() const { return toks_[i_]; }
    const Token& next() const { return toks_[std::min(i_ + 1, toks_.size() - 1)]; }
    const Token& prev() const { return toks_[i_ > 0 ? i_ - 1 : 0]; }
    Token take() { return toks_[i_ < toks_.size() - 1 ? i_++ : i_]; }
    Location loc(const Token& t) const { return Location{src_, t.line, t.col}; }
    bool is_word(const Token& t, const char* w) const { return t.kind == Tok::Ident && t.text == w; }
    bool starts_literal(const Token& t) const {
        return t.kind == Tok::Ident || t.kind == Tok::Var || t.kind == Tok::Number || t.kind == Tok::Quoted ||
               t.kind == Tok::String || t.kind == Tok::LParen || t.kind == Tok::Neg;
    }

    static std::string describe(const Token& t) {
        return t.kind == Tok::End ? std::string("end of file") : "'" + t.text + "'";
    }

    [[noreturn]] void fail(const Token& at, std::string msg, std::string hint = {}) {
        diags_.error(loc(at), std::move(msg), std::move(hint));
        throw Abort{};
    }

    /// After an error: skips to just after the next '.' (the rest of the clause is not read).
    void resync() {
        while (cur().kind != Tok::End) {
            if (take().kind == Tok::Dot) return;
        }
    }

    /// Reads one clause; returns false for an empty one (a stray '.').
    bool clause(Rule& r) {
        const Token& first = cur();
        if (first.kind == Tok::Dot) {
            take();
            return false;
        }
        if (first.kind == Tok::RParen) fail(first, "unexpected ')' with no matching '('");
        if (first.kind == Tok::If) fail(first, "a clause cannot start with '" + first.text + "'",
                                        "directives are not part of GDL; write 'head :- body.'");
        if (first.kind == Tok::Neg || is_word(first, "not") || is_word(first, "distinct") ||
            is_word(first, "or") || is_word(first, "and"))
            fail(first, "'" + first.text + "' cannot be the head of a rule");
        if (first.kind == Tok::Var && next().kind != Tok::LParen)
            fail(first, "a variable cannot be the head of a rule");
        if (first.kind == Tok::LParen) fail(first, "a rule head must be a relation, not a parenthesised term");
        r.head = term();
        r.loc = r.head.loc;
        if (cur().kind == Tok::If) {
            take();
            body(r.body);
            end_of_clause("',', '&' or '.' after a literal");
        } else {
            end_of_clause("':-' or '.' after the head");
        }
        return true;
    }

    /// Expects the final '.'. At the end of the file it may be left out; before a new line it is
    /// reported as missing and the next line is read as the next clause.
    void end_of_clause(const char* expected) {
        const Token& t = cur();
        if (t.kind == Tok::Dot) {
            take();
            return;
        }
        if (t.kind == Tok::End) return;
        if (t.line > prev().end_line && starts_literal(t)) {
            diags_.error(Location{src_, prev().end_line, prev().end_col}, "missing '.' at the end of the clause",
                         "end every clause with '.'");
            return;
        }
        fail(t, std::string("expected ") + expected + ", found " + describe(t));
    }

    /// body := conj (('|' | ';') conj)*; a top-level disjunction becomes one `or` literal.
    void body(std::vector<Literal>& out) {
        Location at = loc(cur());
        std::vector<std::vector<Literal>> disjuncts;
        disjuncts.push_back(conj(true));
        while (cur().kind == Tok::Bar || cur().kind == Tok::Semi) {
            take();
            disjuncts.push_back(conj(true));
        }
        if (disjuncts.size() == 1) {
            out = std::move(disjuncts[0]);
            return;
        }
        out.push_back(make_or(std::move(disjuncts), at));
    }

    static Literal conjunction(std::vector<Literal> ls, const Location& at) {
        if (ls.size() == 1) return std::move(ls[0]);
        return Literal::make_and(std::move(ls), at);
    }
    static Literal make_or(std::vector<std::vector<Literal>> ds, const Location& at) {
        std::vector<Literal> subs;
        for (auto& d : ds) {
            Location l = d[0].loc;
            subs.push_back(conjunction(std::move(d), l));
        }
        return Literal::make_or(std::move(subs), at);
    }

    /// conj := literal (('&' | ',') literal)*; ',' only where it is not an argument separator.
    std::vector<Literal> conj(bool comma) {
        std::vector<Literal> ls;
        ls.push_back(literal());
        while (cur().kind == Tok::Amp || (comma && cur().kind == Tok::Comma)) {
            take();
            ls.push_back(literal());
        }
        return ls;
    }

    /// Counts nesting in literal() and term(); deeper input is refused rather than overflowing
    /// the stack (everything after the reader recurses on terms too).
    struct Nest {
        Parser& p;
        explicit Nest(Parser& parser) : p(parser) {
            if (p.depth_ >= max_depth)
                p.fail(p.cur(), "nesting deeper than " + std::to_string(max_depth) + " levels");
            ++p.depth_;
        }
        ~Nest() { --p.depth_; }
    };
    static constexpr int max_depth = 1000;

    Literal literal() {
        Nest nest(*this);
        const Token& t = cur();
        Location at = loc(t);
        if (t.kind == Tok::Neg || (is_word(t, "not") && starts_literal(next()))) {
            take();
            return Literal::make_not(literal(), at);
        }
        if (t.kind == Tok::LParen) return group();
        if (next().kind == Tok::LParen && (is_word(t, "or") || is_word(t, "and"))) return keyword_list();
        if (is_word(t, "distinct") && next().kind == Tok::LParen) {
            Term d = term();
            if (d.args.size() != 2) {
                diags_.error(at, "'distinct' takes exactly two arguments, not " + std::to_string(d.args.size()));
                return Literal::make_atom(std::move(d));
            }
            return Literal::make_distinct(std::move(d.args[0]), std::move(d.args[1]), at);
        }
        if (t.kind == Tok::Var && next().kind != Tok::LParen) {
            diags_.error(at, "a variable cannot be a literal", "write a relation, e.g. true(" + t.text + ")");
        }
        if (!starts_literal(t)) fail(t, "expected a literal, found " + describe(t));
        return Literal::make_atom(term());
    }

    /// '(' disjunction ')' in a body: `(a & b | c)` is or(and(a,b), c); `(a)` is just a.
    Literal group() {
        Token open = take();
        std::vector<std::vector<Literal>> ds;
        ds.push_back(conj(true));
        while (cur().kind == Tok::Bar || cur().kind == Tok::Semi) {
            take();
            ds.push_back(conj(true));
        }
        close(open, "'|', '&' or ')'");
        if (ds.size() == 1) return conjunction(std::move(ds[0]), loc(open));
        return make_or(std::move(ds), loc(open));
    }

    /// or(a, b & c, ...) / and(a, b): arguments are conjunctions written with '&'.
    Literal keyword_list() {
        Token kw = take();
        Token open = take();
        std::vector<Literal> subs;
        if (cur().kind != Tok::RParen) {
            for (;;) {
                Location l = loc(cur());
                subs.push_back(conjunction(conj(false), l));
                if (cur().kind != Tok::Comma) break;
                take();
            }
        }
        close(open, "',' or ')'");
        if (subs.empty()) diags_.error(loc(kw), "'" + kw.text + "' needs at least one argument");
        return kw.text == "or" ? Literal::make_or(std::move(subs), loc(kw))
                               : Literal::make_and(std::move(subs), loc(kw));
    }

    /// Expects ')' closing `open`; `expected` lists what else could have come.
    void close(const Token& open, const char* expected) {
        const Token& t = cur();
        if (t.kind == Tok::RParen) {
            take();
            return;
        }
        if (t.kind == Tok::End || t.kind == Tok::Dot || t.kind == Tok::If)
            fail(open, "'(' is never closed (found " + describe(t) + ")", "add the missing ')'");
        fail(t, std::string("expected ") + expected + ", found " + describe(t));
    }

    Term term() {
        Nest nest(*this);
        if (cur().kind == Tok::End) fail(cur(), "expected a term, found end of file");
        Token t = take();
        Location at = loc(t);
        switch (t.kind) {
            case Tok::Var: {
                if (cur().kind == Tok::LParen) {
                    diags_.error(at, "variable '" + t.text + "' in functor position",
                                 "GDL is first-order: relation and function names must be constants");
                    args();
                    return Term::constant("_error_", at);
                }
                if (t.text == "_") return Term::variable(anon_prefix + std::to_string(anon_++), at);
                return Term::variable(t.text, at);
            }
            case Tok::Ident:
            case Tok::Quoted:
                if (cur().kind == Tok::LParen) {
                    auto as = args();
                    if (as.empty()) {
                        diags_.error(at, "empty argument list", "write '" + t.text + "' without '()' for a constant");
                    }
                    return Term::compound(t.text, std::move(as), at);
                }
                return Term::constant(t.text, at);
            case Tok::Number:
                if (cur().kind == Tok::LParen && cur().col == t.end_col && cur().line == t.end_line)
                    fail(t, "a number cannot be a function or relation name",
                         "quote it if you mean a name: '" + t.text + "'(...)");
                return Term::constant(t.text, at);
            case Tok::String: return Term::constant(t.text, at);
            case Tok::LParen: {  // (t) is t; (t1, ..., tn) is tuple(t1, ..., tn)
                --i_;
                auto as = args();
                if (as.empty()) fail(t, "empty parentheses '()' are not a term");
                if (as.size() == 1) return std::move(as[0]);
                return Term::compound("tuple", std::move(as), at);
            }
            default: --i_; fail(t, "expected a term, found " + describe(t));
        }
    }

    /// '(' term (',' term)* ')' — the current token is the '('.
    std::vector<Term> args() {
        Token open = take();
        std::vector<Term> out;
        if (cur().kind == Tok::RParen) {
            take();
            return out;
        }
        for (;;) {
            if (cur().kind == Tok::End) fail(open, "'(' is never closed (found end of file)", "add the missing ')'");
            out.push_back(term());
            if (cur().kind != Tok::Comma) break;
            take();
        }
        close(open, "',' or ')'");
        return out;
    }

    /// Gives each anonymous variable of the clause the smallest free name `_<n>`.
    Rule finish(Rule r) {
        std::vector<std::string> vars;
        r.head.collect_variables(vars);
        for (const auto& l : r.body) l.collect_variables(vars);
        std::set<std::string> used;
        for (const auto& v : vars)
            if (v.rfind(anon_prefix, 0) != 0) used.insert(v);
        int n = 1;
        auto rename = [&](auto& self, Term& t) -> void {
            if (t.is_variable() && t.name.rfind(anon_prefix, 0) == 0) {
                while (used.count("_" + std::to_string(n))) ++n;
                t.name = "_" + std::to_string(n++);
            }
            for (auto& a : t.args) self(self, a);
        };
        auto rename_lit = [&](auto& self, Literal& l) -> void {
            rename(rename, l.atom);
            for (auto& s : l.sub) self(self, s);
        };
        rename(rename, r.head);
        for (auto& l : r.body) rename_lit(rename_lit, l);
        return r;
    }

    SourcePtr src_;
    std::vector<Token> toks_;
    Diagnostics& diags_;
    size_t i_ = 0;
    int anon_ = 0;
    int depth_ = 0;
};

}  // namespace

Program read_infix(const SourcePtr& src, Diagnostics& diags) {
    Program p;
    p.syntax = Syntax::Infix;
    p.sources.push_back(src);
    Parser ps(src, infix::tokenize(src, diags), diags);
    ps.run(p);
    return p;
}

}  // namespace gdlsc::gdl
