// Constructors and variable collection for situation calculus terms and formulas.
#include "sc/formula.h"

#include <algorithm>

namespace gdlsc::sc {

Term Term::var(std::string name, Sort sort) {
    Term t;
    t.kind = Kind::Var;
    t.name = std::move(name);
    t.sort = sort;
    return t;
}

Term Term::fun(std::string name, std::vector<Term> args) {
    Term t;
    t.kind = Kind::Fun;
    t.name = std::move(name);
    t.args = std::move(args);
    return t;
}

Term Term::s0() {
    Term t;
    t.kind = Kind::S0;
    t.name = "s0";
    t.sort = Sort::Situation;
    return t;
}

Term Term::do_(Term action, Term situation) {
    Term t;
    t.kind = Kind::Do;
    t.name = "Do";
    t.sort = Sort::Situation;
    t.args = {std::move(action), std::move(situation)};
    return t;
}

Term Term::act(Term role, Term action) {
    Term t;
    t.kind = Kind::Act;
    t.name = "Act";
    t.args = {std::move(role), std::move(action)};
    return t;
}

Term Term::tuple(std::vector<Term> moves) {
    Term t;
    t.kind = Kind::Tuple;
    t.sort = Sort::Action;
    t.args = std::move(moves);
    return t;
}

Term Term::theory_constant(std::string name) {
    Term t;
    t.kind = Kind::Const;
    t.name = std::move(name);
    return t;
}

void Term::collect_variables(std::vector<Term>& out) const {
    if (kind == Kind::Var) {
        if (std::find(out.begin(), out.end(), *this) == out.end()) out.push_back(*this);
        return;
    }
    for (const auto& a : args) a.collect_variables(out);
}

bool operator==(const Term& a, const Term& b) {
    return a.kind == b.kind && a.name == b.name && a.sort == b.sort && a.args == b.args;
}

Formula Formula::top() { return Formula{}; }

Formula Formula::bottom() {
    Formula f;
    f.kind = Kind::False;
    return f;
}

Formula Formula::atom(std::string name, std::vector<Term> args) {
    Formula f;
    f.kind = Kind::Atom;
    f.pred = std::move(name);
    f.args = std::move(args);
    return f;
}

Formula Formula::builtin_atom(std::string name, std::vector<Term> args) {
    Formula f = atom(std::move(name), std::move(args));
    f.builtin = true;
    return f;
}

Formula Formula::eq(Term a, Term b) {
    Formula f;
    f.kind = Kind::Eq;
    f.args = {std::move(a), std::move(b)};
    return f;
}

Formula Formula::neg(Formula g) {
    Formula f;
    f.kind = Kind::Not;
    f.subs.push_back(std::move(g));
    return f;
}

namespace {

Formula junction(Formula::Kind k, std::vector<Formula> fs) {
    const auto unit = k == Formula::Kind::And ? Formula::Kind::True : Formula::Kind::False;
    const auto zero = k == Formula::Kind::And ? Formula::Kind::False : Formula::Kind::True;
    Formula f;
    f.kind = k;
    for (auto& g : fs) {
        if (g.kind == unit) continue;
        if (g.kind == zero) return g;
        if (g.kind == k)
            for (auto& h : g.subs) f.subs.push_back(std::move(h));
        else
            f.subs.push_back(std::move(g));
    }
    if (f.subs.empty()) return k == Formula::Kind::And ? Formula::top() : Formula::bottom();
    if (f.subs.size() == 1) return std::move(f.subs[0]);
    return f;
}

}  // namespace

Formula Formula::conj(std::vector<Formula> fs) { return junction(Kind::And, std::move(fs)); }
Formula Formula::disj(std::vector<Formula> fs) { return junction(Kind::Or, std::move(fs)); }

Formula Formula::implies(Formula a, Formula b) {
    Formula f;
    f.kind = Kind::Implies;
    f.subs = {std::move(a), std::move(b)};
    return f;
}

Formula Formula::iff(Formula a, Formula b) {
    Formula f;
    f.kind = Kind::Iff;
    f.subs = {std::move(a), std::move(b)};
    return f;
}

static Formula quantifier(Formula::Kind k, std::vector<Term> vars, Formula body) {
    if (vars.empty()) return body;
    Formula f;
    f.kind = k;
    f.vars = std::move(vars);
    f.subs.push_back(std::move(body));
    return f;
}

Formula Formula::forall(std::vector<Term> vars, Formula body) {
    return quantifier(Kind::Forall, std::move(vars), std::move(body));
}

Formula Formula::exists(std::vector<Term> vars, Formula body) {
    return quantifier(Kind::Exists, std::move(vars), std::move(body));
}

static void free_vars(const Formula& f, std::vector<Term>& bound, std::vector<Term>& out) {
    auto add = [&](const Term& t) {
        std::vector<Term> vs;
        t.collect_variables(vs);
        for (auto& v : vs)
            if (std::find(bound.begin(), bound.end(), v) == bound.end() &&
                std::find(out.begin(), out.end(), v) == out.end())
                out.push_back(v);
    };
    for (const auto& t : f.args) add(t);
    if (f.is_quantifier()) {
        size_t n = bound.size();
        bound.insert(bound.end(), f.vars.begin(), f.vars.end());
        free_vars(f.subs[0], bound, out);
        bound.resize(n);
        return;
    }
    for (const auto& s : f.subs) free_vars(s, bound, out);
}

std::vector<Term> Formula::free_variables() const {
    std::vector<Term> bound, out;
    free_vars(*this, bound, out);
    return out;
}

}  // namespace gdlsc::sc
