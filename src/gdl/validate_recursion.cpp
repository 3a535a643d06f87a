// Stratification and the recursion restriction (Love et al., GDL specification; Strass,
// lecture, "safe, stratified, recursion-restricted"). Stratified: no cycle of the
// dependency graph goes through `not` -- or, a deviation, none of the ground program does. Recursion restriction: in a rule p(a1..an) :- ...,
// q(t1..tk), ... with q in the same cycle as p, every ti is ground, or one of the head
// arguments a1..an, or its variables occur in a positive body literal whose relation is
// not in a cycle with p. This keeps the recursion from building ever larger terms.
#include <algorithm>
#include <map>

#include "gdl/validate.h"
#include "gdl/validate_util.h"

namespace gdlsc::gdl {
namespace {

int scc_of(const Analysis& a, const Signature& s) {
    auto it = a.predicates.find(s);
    return it == a.predicates.end() ? -1 : it->second.scc;
}

// A shortest path from `from` to `to` inside the component `scc` (both in it).
std::vector<Signature> path_in_scc(const Analysis& a, const Signature& from, const Signature& to, int scc) {
    std::map<Signature, Signature> parent;
    std::vector<Signature> todo{from};
    std::set<Signature> seen{from};
    for (size_t i = 0; i < todo.size(); ++i) {
        if (todo[i] == to) break;
        auto e = a.edges.find(todo[i]);
        if (e == a.edges.end()) continue;
        for (const auto& d : e->second)
            if (scc_of(a, d.to) == scc && seen.insert(d.to).second) {
                parent[d.to] = todo[i];
                todo.push_back(d.to);
            }
    }
    std::vector<Signature> path{to};
    while (!(path.back() == from) && parent.count(path.back())) path.push_back(parent[path.back()]);
    std::reverse(path.begin(), path.end());
    return path;
}

// A negative literal in a cycle of the dependency graph: where and the cycle.
struct Unstratified {
    Location loc;
    std::string message;  ///< "'p/1' depends negatively on 's/1', which depends on 'p/1' (cycle ...)"
};

void check_stratified(const Rule& r, const Analysis& a, std::vector<Unstratified>& out) {
    Signature hs = signature(r.head);
    int scc = scc_of(a, hs);
    if (scc < 0) return;
    for (const auto& l : r.body)
        for_each_atom(l, [&](const Term& t, bool negative) {
            if (!negative || t.is_variable()) return;
            Signature bs = signature(t);
            if (scc_of(a, bs) != scc) return;
            std::string cycle = hs.str();
            for (const auto& s : path_in_scc(a, bs, hs, scc)) cycle += " -> " + s.str();
            out.push_back({t.loc, "'" + hs.str() + "' depends negatively on '" + bs.str() + "', which depends on '" +
                                      hs.str() + "' (cycle " + cycle + ")"});
        });
}

// GDL stratifies relations; where the relations are not stratified, the ground program
// (if the caller can ground, and the game has no other error to make grounding moot)
// decides whether the game still has one standard model: a deviation, or an error.
void report_unstratified(const Program& p, const Analysis& a, const std::vector<Unstratified>& found,
                         const GroundStratificationCheck& ground, Diagnostics& diags) {
    if (found.empty()) return;
    const std::string gdl = "GDL requires stratified rules: no recursion through 'not'";
    GroundStratification g;
    if (ground && !diags.has_hard_errors()) g = ground(p, a);
    else g.why = ground ? "the game has other errors" : "";
    for (const auto& u : found) {
        switch (g.verdict) {
            case GroundStratification::Verdict::Stratified:
                diags.deviation(u.loc,
                                "negation stratified only in the ground program: " + u.message +
                                    "; no ground atom depends on itself through 'not', so the game has one "
                                    "standard model, which gdlsc uses",
                                "GDL stratifies relations, not their instances");
                break;
            case GroundStratification::Verdict::NotStratified:
                diags.error(u.loc, "unstratified negation: " + u.message,
                            gdl + "; nor is the ground program stratified: " + g.why);
                break;
            case GroundStratification::Verdict::Unknown:
                diags.error(u.loc, "unstratified negation: " + u.message,
                            g.why.empty() ? gdl : gdl + " (whether the ground program is, was not decided: " + g.why + ")");
                break;
        }
    }
}

// Checks the recursive atoms of one conjunction (the body, or a disjunct of an `or`); a variable
// is bound outside the cycle if a positive literal of this conjunction, or of an enclosing one,
// whose relation is not in the cycle binds it.
class Restriction {
public:
    Restriction(const Rule& r, const Analysis& a, int scc, Diagnostics& d) : rule_(r), a_(a), scc_(scc), diags_(d) {}

    void conjunction(const std::vector<const Literal*>& lits, const detail::VarSet& outside) {
        detail::VarSet bound = outside;
        for (const Literal* l : lits) {
            auto b = detail::binds(*l, [&](const Term& t) { return scc_of(a_, signature(t)) != scc_; });
            bound.insert(b.begin(), b.end());
        }
        for (const Literal* l : lits) literal(*l, bound);
    }

private:
    void literal(const Literal& l, const detail::VarSet& bound) {
        switch (l.kind) {
            case Literal::Kind::Atom: atom(l.atom, bound); break;
            case Literal::Kind::Not:
            case Literal::Kind::Distinct: break;  // negative cycles are check_stratified's
            case Literal::Kind::And: {
                std::vector<const Literal*> subs;
                for (const auto& s : l.sub) subs.push_back(&s);
                conjunction(subs, bound);
                break;
            }
            case Literal::Kind::Or:
                for (const auto& s : l.sub) conjunction({&s}, bound);
                break;
        }
    }

    void atom(const Term& t, const detail::VarSet& bound) {
        if (t.is_variable() || scc_of(a_, signature(t)) != scc_) return;
        Signature hs = signature(rule_.head);
        for (const auto& arg : t.args) {
            if (arg.is_ground()) continue;
            if (std::find(rule_.head.args.begin(), rule_.head.args.end(), arg) != rule_.head.args.end()) continue;
            std::vector<std::string> vs;
            arg.collect_variables(vs);
            std::string unbound;
            for (const auto& v : vs)
                if (!bound.count(v)) unbound += (unbound.empty() ? "?" : ", ?") + v;
            if (unbound.empty()) continue;
            diags_.error(arg.loc,
                         "recursion restriction violated: argument " + arg.to_kif() + " of " + detail::sig_str(t) +
                             " (in a cycle with " + hs.str() + ") is not ground, not a head argument, and " +
                             unbound + " occurs in no positive literal outside the cycle",
                         "bind " + unbound + " with a relation that is not recursive with " + hs.str() +
                             ", or pass the head argument unchanged (GDL specification, recursion restriction)");
        }
    }

    const Rule& rule_;
    const Analysis& a_;
    int scc_;
    Diagnostics& diags_;
};

void check_restricted(const Rule& r, const Analysis& a, Diagnostics& diags) {
    int scc = scc_of(a, signature(r.head));
    if (scc < 0 || !a.predicates.at(signature(r.head)).recursive) return;
    std::vector<const Literal*> body;
    for (const auto& l : r.body) body.push_back(&l);
    Restriction(r, a, scc, diags).conjunction(body, {});
}

}  // namespace

void check_recursion(const Program& p, const Analysis& a, Diagnostics& diags, const GroundStratificationCheck& ground) {
    std::vector<Unstratified> unstratified;
    for (const auto& r : p.rules) {
        if (r.head.is_variable() || r.is_fact()) continue;
        check_stratified(r, a, unstratified);
        check_restricted(r, a, diags);
    }
    report_unstratified(p, a, unstratified, ground, diags);
}

}  // namespace gdlsc::gdl
