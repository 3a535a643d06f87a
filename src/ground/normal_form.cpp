// The grounder's normal form (see normal_form.h).
#include "ground/normal_form.h"

#include <algorithm>

#include "gdl/analysis.h"

namespace gdlsc::ground::normal_form {

using gdl::Term;

void pat_vars(const Pat& p, std::vector<int>& out) {
    if (p.var >= 0) {
        if (std::find(out.begin(), out.end(), p.var) == out.end()) out.push_back(p.var);
        return;
    }
    for (const auto& a : p.args) pat_vars(a, out);
}

namespace {

// The conjunctions of one disjunct from each part: the DNF of the conjunction of the parts.
std::vector<Conj> product(const std::vector<std::vector<Conj>>& parts) {
    std::vector<Conj> out{{}};
    for (const auto& part : parts) {
        std::vector<Conj> next;
        for (const auto& c : out)
            for (const auto& d : part) {
                Conj e = c;
                e.insert(e.end(), d.begin(), d.end());
                next.push_back(std::move(e));
            }
        out = std::move(next);
    }
    return out;
}

}  // namespace

std::vector<Conj> body_dnf(const std::vector<Literal>& body) {
    std::vector<std::vector<Conj>> parts;
    for (const auto& l : body) parts.push_back(dnf(l, false));
    return product(parts);
}

std::vector<Conj> dnf(const Literal& l, bool neg) {
    auto sum = [](const std::vector<std::vector<Conj>>& parts) {
        std::vector<Conj> out;
        for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
        return out;
    };
    switch (l.kind) {
        case Literal::Kind::Atom:
        case Literal::Kind::Distinct: return {Conj{{l, neg}}};
        case Literal::Kind::Not: return dnf(l.sub.at(0), !neg);
        case Literal::Kind::Or:
        case Literal::Kind::And: {
            std::vector<std::vector<Conj>> parts;
            for (const auto& s : l.sub) parts.push_back(dnf(s, neg));
            bool conj = (l.kind == Literal::Kind::And) != neg;
            return conj ? product(parts) : sum(parts);
        }
    }
    return {};
}

bool mentions_knows(const Literal& l) {
    bool found = false;
    gdl::for_each_atom(l, [&](const Term& t, bool) { found = found || t.name == "knows"; });
    return found;
}

}  // namespace gdlsc::ground::normal_form
