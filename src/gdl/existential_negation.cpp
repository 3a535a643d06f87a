// Rewrites negations over anonymous variables into safe ones (existential_negation.h).
#include "gdl/existential_negation.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace gdlsc::gdl {
namespace {

void variables(const Term& t, std::map<std::string, int>& count) {
    if (t.is_variable()) ++count[t.name];
    for (const auto& a : t.args) variables(a, count);
}

void variables(const Literal& l, std::map<std::string, int>& count) {
    variables(l.atom, count);
    for (const auto& s : l.sub) variables(s, count);
}

}  // namespace

Program existential_negations(const Program& p) {
    Program out;
    out.sources = p.sources;
    out.syntax = p.syntax;
    int next = 0;
    for (const auto& r : p.rules) {
        Rule nr = r;
        std::vector<Rule> aux;
        for (size_t i = 0; i < nr.body.size(); ++i) {
            Literal& l = nr.body[i];
            if (l.kind != Literal::Kind::Not || l.sub.size() != 1 || l.sub[0].kind != Literal::Kind::Atom) continue;
            std::map<std::string, int> inside, outside;
            variables(l, inside);
            variables(nr.head, outside);
            for (size_t j = 0; j < nr.body.size(); ++j)
                if (j != i) variables(nr.body[j], outside);
            bool local = false;
            std::vector<Term> shared;
            for (const auto& [v, n] : inside) {
                if (!outside.count(v) && n == 1 && !v.empty() && v[0] == '_') local = true;
                else shared.push_back(Term::variable(v));
            }
            if (!local) continue;
            std::string name = "gdlsc not " + std::to_string(++next);
            Term head = shared.empty() ? Term::constant(name) : Term::compound(name, shared);
            head.loc = l.loc;
            Rule def;
            def.head = head;
            def.body = {l.sub[0]};
            def.loc = r.loc;
            aux.push_back(def);
            Literal neg;
            neg.kind = Literal::Kind::Not;
            neg.loc = l.loc;
            Literal a;
            a.kind = Literal::Kind::Atom;
            a.atom = head;
            a.loc = l.loc;
            neg.sub = {a};
            l = neg;
        }
        out.rules.push_back(std::move(nr));
        for (auto& a : aux) out.rules.push_back(std::move(a));
    }
    return out;
}

}  // namespace gdlsc::gdl
