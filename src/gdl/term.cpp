// Terms of GDL.
#include "gdl/term.h"

#include <algorithm>

#include "gdl/kif_lexer.h"

namespace gdlsc::gdl {
namespace {

Term make(Term::Kind kind, std::string name, std::vector<Term> args, Location loc) {
    Term t;
    t.kind = kind;
    t.name = std::move(name);
    t.args = std::move(args);
    t.loc = std::move(loc);
    return t;
}

}  // namespace

Term Term::constant(std::string name, Location loc) { return make(Kind::Constant, std::move(name), {}, std::move(loc)); }

Term Term::variable(std::string name, Location loc) { return make(Kind::Variable, std::move(name), {}, std::move(loc)); }

Term Term::compound(std::string name, std::vector<Term> args, Location loc) {
    Kind k = args.empty() ? Kind::Constant : Kind::Compound;
    return make(k, std::move(name), std::move(args), std::move(loc));
}

bool Term::is_ground() const {
    if (kind == Kind::Variable) return false;
    return std::all_of(args.begin(), args.end(), [](const Term& a) { return a.is_ground(); });
}

void Term::collect_variables(std::vector<std::string>& out) const {
    if (kind == Kind::Variable) {
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
        return;
    }
    for (const auto& a : args) a.collect_variables(out);
}

std::string Term::to_kif() const {
    switch (kind) {
        case Kind::Variable: return "?" + name;
        case Kind::Constant: return kif_symbol(name);
        case Kind::Compound: {
            std::string s = "(" + kif_symbol(name);
            for (const auto& a : args) s += " " + a.to_kif();
            return s + ")";
        }
    }
    return name;
}

bool operator==(const Term& a, const Term& b) {
    return a.kind == b.kind && a.name == b.name && a.args == b.args;
}

bool operator<(const Term& a, const Term& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.name != b.name) return a.name < b.name;
    return std::lexicographical_compare(a.args.begin(), a.args.end(), b.args.begin(), b.args.end());
}

bool standard_order_less(const Term& a, const Term& b) {
    if (a.kind != b.kind) {
        auto rank = [](Term::Kind k) { return k == Term::Kind::Variable ? 0 : k == Term::Kind::Constant ? 1 : 2; };
        return rank(a.kind) < rank(b.kind);
    }
    if (a.is_compound()) {
        if (a.args.size() != b.args.size()) return a.args.size() < b.args.size();
        if (a.name != b.name) return a.name < b.name;
        for (std::size_t i = 0; i < a.args.size(); ++i) {
            if (standard_order_less(a.args[i], b.args[i])) return true;
            if (standard_order_less(b.args[i], a.args[i])) return false;
        }
        return false;
    }
    return a.name < b.name;
}

Term make_list(const std::vector<Term>& items) {
    Term out = Term::constant("[]");
    // The rest moved into each cell: an initializer list would copy it, once per cell (quadratic).
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
        std::vector<Term> cell;
        cell.reserve(2);
        cell.push_back(*it);
        cell.push_back(std::move(out));
        out = Term::compound("[|]", std::move(cell));
    }
    return out;
}

std::vector<Term> list_items(const Term& list) {
    std::vector<Term> out;
    const Term* t = &list;
    while (t->is_compound() && t->name == "[|]" && t->args.size() == 2) {
        out.push_back(t->args[0]);
        t = &t->args[1];
    }
    return out;
}

std::vector<std::string> list_items_kif(const Term& list) {
    std::vector<std::string> out;
    for (const auto& t : list_items(list)) out.push_back(t.to_kif());
    return out;
}

}  // namespace gdlsc::gdl
