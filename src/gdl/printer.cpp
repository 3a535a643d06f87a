// Printers for KIF and infix GDL; see printer.h for how names are rendered so that
// every printed program reads back to the same program.
#include "gdl/printer.h"

#include <cctype>
#include <map>
#include <set>

namespace gdlsc::gdl {
namespace {

bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)); }
bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)); }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool all_ident(const std::string& s, size_t from) {
    for (size_t i = from; i < s.size(); ++i)
        if (!ident_char(s[i])) return false;
    return true;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool infix_ident(const std::string& n) { return !n.empty() && is_lower(n[0]) && all_ident(n, 1); }
bool infix_var(const std::string& n) {
    return !n.empty() && n != "_" && (is_upper(n[0]) || n[0] == '_') && all_ident(n, 1);
}
/// -?digits(.digits)? — what the infix lexer reads as a number.
bool infix_number(const std::string& n) {
    size_t i = n.size() > 1 && n[0] == '-' ? 1 : 0, d = i;
    while (i < n.size() && is_digit(n[i])) ++i;
    if (i == d) return false;
    if (i < n.size() && n[i] == '.') {
        size_t f = ++i;
        while (i < n.size() && is_digit(n[i])) ++i;
        if (i == f) return false;
    }
    return i == n.size();
}
std::string quote(const std::string& n, char q) {
    std::string s(1, q);
    for (char c : n) {
        if (c == '\n' && q == '\'') {  // an infix quoted name ends at the end of its line
            s += "\\n";
            continue;
        }
        if (c == q || c == '\\') s += '\\';
        s += c;
    }
    return s + q;
}

bool infix_keyword(const std::string& n) { return n == "not" || n == "or" || n == "and" || n == "distinct"; }
bool kif_keyword(const std::string& n) {
    std::string l = lower(n);
    return l == "not" || l == "or" || l == "and" || l == "distinct" || l == "<=";
}

std::string infix_constant(const std::string& n) {
    return infix_ident(n) || infix_number(n) || string_token(n) ? n : quote(n, '\'');
}

/// The name a variable would like in syntax `s`.
std::string natural_name(const std::string& n, Syntax s) {
    if (s == Syntax::Kif) {
        std::string r = lower(n);
        for (auto& c : r)
            if (std::isspace(static_cast<unsigned char>(c)) || c == '(' || c == ')' || c == ';') c = '_';
        return r.empty() ? "v" : r;
    }
    if (infix_var(n)) return n;
    std::string r = n;
    for (auto& c : r)
        if (!ident_char(c)) c = '_';
    if (r.empty() || r == "_") return "V" + r;
    if (is_lower(r[0])) r[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(r[0])));
    else if (!is_upper(r[0]) && r[0] != '_') r = "V" + r;
    return r;
}

/// Printed names for the variables `vars` (in order of first occurrence), all distinct. Names
/// that print unchanged are kept first; the others get their natural name or a `_<k>` suffix.
std::map<std::string, std::string> name_variables(const std::vector<std::string>& vars, Syntax s) {
    std::map<std::string, std::string> out;
    std::set<std::string> taken;
    for (const auto& v : vars)
        if (natural_name(v, s) == v) taken.insert(out[v] = v);
    for (const auto& v : vars) {
        if (out.count(v)) continue;
        std::string base = natural_name(v, s), name = base;
        for (int k = 2; taken.count(name); ++k) name = base + "_" + std::to_string(k);
        taken.insert(out[v] = name);
    }
    return out;
}

class Printer {
public:
    Printer(Syntax s, std::map<std::string, std::string> vars) : kif_(s == Syntax::Kif), vars_(std::move(vars)) {}

    std::string term(const Term& t) const {
        switch (t.kind) {
            case Term::Kind::Variable: return (kif_ ? "?" : "") + vars_.at(t.name);
            case Term::Kind::Constant: return kif_ ? kif_symbol(t.name) : infix_constant(t.name);
            case Term::Kind::Compound: return compound(t, false);
        }
        return t.name;
    }

    /// A term in the position of a relation (rule head or atom), where keywords must be quoted.
    std::string relation(const Term& t) const {
        if (t.is_variable()) return term(t);
        if (t.is_compound()) return compound(t, true);
        if (kif_) return kif_symbol(t.name);
        return infix_keyword(t.name) ? quote(t.name, '\'') : infix_constant(t.name);
    }

    std::string literal(const Literal& l) const {
        using K = Literal::Kind;
        switch (l.kind) {
            case K::Atom: return relation(l.atom);
            case K::Distinct:
                if (l.atom.args.size() != 2) return relation(l.atom);  // only from a hand-built AST
                return kif_ ? "(distinct " + term(l.atom.args[0]) + " " + term(l.atom.args[1]) + ")"
                            : "distinct(" + term(l.atom.args[0]) + ", " + term(l.atom.args[1]) + ")";
            case K::Not:
                if (l.sub.size() != 1)  // only from a hand-built AST
                    return kif_ ? "(not" + join(l.sub, " ", " ", false) + ")"
                                : "~(" + join(l.sub, "", " & ", false) + ")";
                return kif_ ? "(not " + literal(l.sub[0]) + ")" : "~" + literal(l.sub[0]);
            case K::Or:
            case K::And: {
                const char* kw = l.kind == K::Or ? "or" : "and";
                if (kif_) return "(" + std::string(kw) + join(l.sub, " ", " ", false) + ")";
                if (l.sub.size() < 2) return kw + ("(" + join(l.sub, "", ", ", true) + ")");
                return "(" + join(l.sub, "", l.kind == K::Or ? " | " : " & ", l.kind == K::Or) + ")";
            }
        }
        return {};
    }

    std::string rule(const Rule& r) const {
        std::string head = relation(r.head);
        if (r.body.empty()) return kif_ ? head : head + ".";
        std::vector<std::string> ls;
        size_t len = head.size() + 5;
        for (const auto& l : r.body) {
            ls.push_back(literal(l));
            len += ls.back().size() + 3;
        }
        bool wrap = len > 80;
        std::string sep = kif_ ? (wrap ? "\n    " : " ") : (wrap ? " &\n    " : " & ");
        std::string s = kif_ ? "(<= " + head + (wrap ? "\n    " : " ") : head + (wrap ? " :-\n    " : " :- ");
        for (size_t i = 0; i < ls.size(); ++i) s += (i ? sep : "") + ls[i];
        return s + (kif_ ? ")" : ".");
    }

private:
    std::string compound(const Term& t, bool rel) const {
        bool keyword = rel && (kif_ ? kif_keyword(t.name) : infix_keyword(t.name));
        std::string s;
        if (kif_) s = "(" + (keyword ? quote(t.name, '|') : kif_symbol(t.name));
        else s = (infix_ident(t.name) && !keyword ? t.name : quote(t.name, '\'')) + "(";
        for (size_t i = 0; i < t.args.size(); ++i) s += (kif_ ? " " : i ? ", " : "") + term(t.args[i]);
        return s + ")";
    }

    /// Sub-literals joined by `sep` (each preceded by `lead`). Inside an infix disjunction or an
    /// `or(...)`/`and(...)` argument list, a conjunction of two or more is written `a & b` bare.
    std::string join(const std::vector<Literal>& ls, const char* lead, const char* sep, bool bare_and) const {
        std::string s;
        for (size_t i = 0; i < ls.size(); ++i) {
            s += (i ? sep : lead);
            const Literal& l = ls[i];
            if (bare_and && l.kind == Literal::Kind::And && l.sub.size() >= 2) s += join(l.sub, "", " & ", false);
            else s += literal(l);
        }
        return s;
    }

    bool kif_;
    std::map<std::string, std::string> vars_;
};

std::vector<std::string> variables(const Rule& r) {
    std::vector<std::string> v;
    r.head.collect_variables(v);
    for (const auto& l : r.body) l.collect_variables(v);
    return v;
}

}  // namespace

std::string print_rule(const Rule& r, Syntax s) { return Printer(s, name_variables(variables(r), s)).rule(r); }

std::string print_term(const Term& t, Syntax s) {
    std::vector<std::string> v;
    t.collect_variables(v);
    return Printer(s, name_variables(v, s)).term(t);
}

std::string print_program(const Program& p, Syntax s) {
    std::string out;
    for (const auto& r : p.rules) out += print_rule(r, s) + "\n";
    return out;
}

std::string print_kif(const Program& p) { return print_program(p, Syntax::Kif); }
std::string print_infix(const Program& p) { return print_program(p, Syntax::Infix); }

}  // namespace gdlsc::gdl
