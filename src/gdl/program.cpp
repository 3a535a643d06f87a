// A GDL program.
#include "gdl/program.h"

namespace gdlsc::gdl {

Literal Literal::make_atom(Term t) {
    Literal l;
    l.kind = Kind::Atom;
    l.loc = t.loc;
    l.atom = std::move(t);
    return l;
}

Literal Literal::make_not(Literal sub, Location loc) {
    Literal l;
    l.kind = Kind::Not;
    l.loc = std::move(loc);
    l.sub.push_back(std::move(sub));
    return l;
}

Literal Literal::make_distinct(Term a, Term b, Location loc) {
    Literal l;
    l.kind = Kind::Distinct;
    l.loc = loc;
    l.atom = Term::compound("distinct", {std::move(a), std::move(b)}, std::move(loc));
    return l;
}

Literal Literal::make_or(std::vector<Literal> subs, Location loc) {
    Literal l;
    l.kind = Kind::Or;
    l.loc = std::move(loc);
    l.sub = std::move(subs);
    return l;
}

Literal Literal::make_and(std::vector<Literal> subs, Location loc) {
    Literal l;
    l.kind = Kind::And;
    l.loc = std::move(loc);
    l.sub = std::move(subs);
    return l;
}

void Literal::collect_variables(std::vector<std::string>& out) const {
    if (kind == Kind::Atom || kind == Kind::Distinct) atom.collect_variables(out);
    for (const auto& s : sub) s.collect_variables(out);
}

std::string Literal::to_kif() const {
    auto list = [&](const char* op) {
        std::string s = std::string("(") + op;
        for (const auto& x : sub) s += " " + x.to_kif();
        return s + ")";
    };
    switch (kind) {
        case Kind::Atom:
        case Kind::Distinct: return atom.to_kif();
        case Kind::Not: return list("not");
        case Kind::Or: return list("or");
        case Kind::And: return list("and");
    }
    return {};
}

bool operator==(const Literal& a, const Literal& b) {
    return a.kind == b.kind && a.atom == b.atom && a.sub == b.sub;
}

std::string Rule::to_kif() const {
    if (body.empty()) return head.to_kif();
    std::string s = "(<= " + head.to_kif();
    for (const auto& l : body) s += " " + l.to_kif();
    return s + ")";
}

}  // namespace gdlsc::gdl
