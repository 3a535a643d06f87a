// Safety ("allowed", Lloyd & Topor): every variable of the head, of a negative literal
// and of a distinct must occur in a positive relational literal of the body. An `or`
// binds a variable only if every disjunct binds it; inside a disjunct, the positive
// literals of that disjunct bind too. Facts must be ground. Also warns about capitalised
// symbols that look like Prolog-style variables in a KIF file (a non-standard dialect).
#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

#include "gdl/validate.h"
#include "gdl/validate_util.h"

namespace gdlsc::gdl {
namespace {

using detail::VarSet;

bool any_atom(const Term&) { return true; }

class RuleSafety {
public:
    RuleSafety(const Rule& r, Diagnostics& d) : rule_(r), diags_(d) {}

    void check() {
        VarSet bound;
        for (const auto& l : rule_.body) {
            VarSet b = detail::binds(l, any_atom);
            bound.insert(b.begin(), b.end());
        }
        // Variables that some positive atom mentions, even if an `or` does not bind them.
        VarSet mentioned;
        for (const auto& l : rule_.body)
            for_each_atom(l, [&](const Term& t, bool negative) {
                if (negative) return;
                std::vector<std::string> vs;
                t.collect_variables(vs);
                mentioned.insert(vs.begin(), vs.end());
            });
        std::vector<const Term*> head_vars;
        detail::variable_occurrences(rule_.head, head_vars);
        for (const Term* v : head_vars)
            if (!bound.count(v->name))
                report(*v, "occurs in the head", mentioned.count(v->name) > 0);
        std::vector<const Literal*> top;
        for (const auto& l : rule_.body) top.push_back(&l);
        check_conjunction(top, {}, mentioned);
    }

private:
    // How often the variable `name` occurs in the rule.
    size_t occurrences(const std::string& name) const {
        std::vector<const Term*> vs;
        detail::variable_occurrences(rule_.head, vs);
        for (const auto& l : rule_.body) detail::variable_occurrences(l, vs);
        return static_cast<size_t>(std::count_if(vs.begin(), vs.end(), [&](const Term* t) { return t->name == name; }));
    }

    // Checks negative literals and distincts of a conjunction, given the variables bound outside it.
    void check_conjunction(const std::vector<const Literal*>& lits, const VarSet& outside, const VarSet& mentioned) {
        VarSet bound = outside;
        for (const Literal* l : lits) {
            VarSet b = detail::binds(*l, any_atom);
            bound.insert(b.begin(), b.end());
        }
        for (const Literal* l : lits) check_literal(*l, bound, mentioned);
    }

    void check_literal(const Literal& l, const VarSet& bound, const VarSet& mentioned) {
        switch (l.kind) {
            case Literal::Kind::Atom: break;
            case Literal::Kind::Distinct:
            case Literal::Kind::Not: {
                std::vector<const Term*> vs;
                detail::variable_occurrences(l, vs);
                const char* what = l.kind == Literal::Kind::Not ? "occurs in a negative literal" : "occurs in a distinct";
                for (const Term* v : vs)
                    if (!bound.count(v->name)) report(*v, what, mentioned.count(v->name) > 0);
                break;
            }
            case Literal::Kind::And: {
                std::vector<const Literal*> subs;
                for (const auto& s : l.sub) subs.push_back(&s);
                check_conjunction(subs, bound, mentioned);
                break;
            }
            case Literal::Kind::Or:
                for (const auto& s : l.sub) check_conjunction({&s}, bound, mentioned);
                break;
        }
    }

    void report(const Term& v, const char* where, bool only_in_some_disjuncts) {
        if (!reported_.insert(v.name).second) return;
        if (!v.name.empty() && v.name[0] == '_' && std::string(where) == "occurs in a negative literal" &&
            occurrences(v.name) == 1) {
            // pyggp's infix games: `not true(occupies(_Role, _Col, _Row, carrier))`.
            diags_.deviation(v.loc,
                             "the anonymous variable ?" + v.name +
                                 " occurs only in this negative literal: gdlsc reads it as existential inside the "
                                 "negation (not p(_): no instance of p holds)",
                             "GDL requires every variable of a negative literal to be bound by a positive one");
            return;
        }
        std::string hint = only_in_some_disjuncts
                               ? "an 'or' binds ?" + v.name + " only if every disjunct binds it"
                               : "add a positive literal that binds ?" + v.name + ", e.g. a domain relation";
        if (!v.name.empty() && v.name[0] == '_' && std::string(where) != "occurs in the head")
            hint = "in Prolog and ASP, '_' variables under 'not' mean 'for no value'; GDL requires them bound: "
                   "move the literal into an auxiliary relation without the '_' variables and negate that";
        diags_.error(v.loc, "unsafe rule: variable ?" + v.name + " " + where + " but in no positive body literal",
                     hint);
    }

    const Rule& rule_;
    Diagnostics& diags_;
    VarSet reported_;
};

void check_fact(const Rule& r, Diagnostics& diags) {
    std::vector<const Term*> vs;
    detail::variable_occurrences(r.head, vs);
    VarSet seen;
    for (const Term* v : vs)
        if (seen.insert(v->name).second)
            diags.error(v->loc, "unsafe fact: variable ?" + v->name + " in a fact",
                        "a fact holds for every value of its variables, infinitely many; "
                        "replace ?" + v->name + " by a constant or add a body that binds it");
}

// The symbol as written in the source (the reader folds KIF symbols to lower case).
// A compound term's location is its '(' : the functor follows it.
std::string spelling(const Term& t) {
    if (!t.loc.valid() || t.is_variable()) return t.name;
    auto line = t.loc.source->line_text(t.loc.line);
    size_t b = static_cast<size_t>(t.loc.col - 1);
    if (t.is_compound()) {
        if (b >= line.size() || line[b] != '(') return t.name;
        ++b;
        while (b < line.size() && std::isspace(static_cast<unsigned char>(line[b]))) ++b;
    }
    if (b + t.name.size() > line.size()) return t.name;
    return std::string(line.substr(b, t.name.size()));
}

bool capitalised(const std::string& s) { return !s.empty() && std::isupper(static_cast<unsigned char>(s[0])); }

void collect_constants(const Term& t, std::vector<const Term*>& out) {
    if (t.is_constant()) out.push_back(&t);
    for (const auto& a : t.args) collect_constants(a, out);
}

// KIF is case-insensitive, but a lower-case file whose rules repeat capitalised symbols
// (`(<= (p C) (q C))`) was almost surely written with Prolog-style variables in mind.
void check_prolog_style_variables(const Program& p, Diagnostics& diags) {
    if (p.syntax != Syntax::Kif) return;
    // Is this an upper-case KIF file (as some old Dresden and BenderNG files are)?
    int lower = 0, upper = 0;
    std::function<void(const Term&)> count = [&](const Term& t) {
        if (t.is_variable()) return;
        bool has_lower = false, has_upper = false;
        for (char ch : spelling(t)) {
            has_lower |= std::islower(static_cast<unsigned char>(ch)) != 0;
            has_upper |= std::isupper(static_cast<unsigned char>(ch)) != 0;
        }
        if (has_lower) ++lower;
        else if (has_upper) ++upper;
        for (const auto& a : t.args) count(a);
    };
    for (const auto& r : p.rules) count(r.head);
    if (upper > lower) return;  // an upper-case KIF file: capitals mean nothing
    for (const auto& r : p.rules) {
        if (r.is_fact()) continue;
        std::map<std::string, std::vector<const Term*>> caps;
        auto note = [&](const Term& t) {
            std::vector<const Term*> cs;
            collect_constants(t, cs);
            for (const Term* c : cs)
                if (capitalised(spelling(*c))) caps[c->name].push_back(c);
        };
        for (const auto& a : r.head.args) note(a);
        for (const auto& l : r.body)
            for_each_atom(l, [&](const Term& t, bool) {
                for (const auto& a : t.args) note(a);
            });
        for (const auto& [name, occ] : caps) {
            if (occ.size() < 2) continue;
            std::string s = spelling(*occ[0]);
            diags.warning(occ[0]->loc,
                          "'" + s + "' looks like a Prolog-style variable, but in KIF it is the constant '" + name + "'",
                          "KIF variables start with '?': write ?" + name +
                              " (this file seems to use a non-standard dialect with capitalised variables)");
            return;  // once per file
        }
    }
}

}  // namespace

void check_safety(const Program& p, Diagnostics& diags) {
    for (const auto& r : p.rules) {
        if (r.head.is_variable()) continue;  // reported by check_keywords
        if (r.is_fact()) {
            // A fact headed by a body-only keyword is a misplaced parenthesis (check_keywords).
            if (detail::body_only_keyword(r.head.name) || detail::connective(r.head.name)) continue;
            check_fact(r, diags);
        } else {
            RuleSafety(r, diags).check();
        }
    }
    check_prolog_style_variables(p, diags);
}

}  // namespace gdlsc::gdl
