// Splits rule bodies by variable elimination (body_split.h).
#include "gdl/body_split.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gdlsc::gdl {
namespace {

void vars_of(const Term& t, std::vector<std::string>& out) {
    if (t.is_variable()) {
        if (std::find(out.begin(), out.end(), t.name) == out.end()) out.push_back(t.name);
        return;
    }
    for (const auto& a : t.args) vars_of(a, out);
}

void vars_of(const Literal& l, std::vector<std::string>& out) {
    vars_of(l.atom, out);
    for (const auto& s : l.sub) vars_of(s, out);
}

// The relation a body literal reads (its atom, under a negation), or nothing for distinct.
const Term* relation(const Literal& l) {
    if (l.kind == Literal::Kind::Atom) return &l.atom;
    if (l.kind == Literal::Kind::Not && l.sub.size() == 1 && l.sub[0].kind == Literal::Kind::Atom) return &l.sub[0].atom;
    return nullptr;
}


bool splittable(const Rule& r) {
    if (r.is_fact()) return false;
    for (const auto& l : r.body)
        if (l.kind != Literal::Kind::Distinct && !relation(l)) return false;  // or, and
    return true;
}

// The dependency graph of the relations (head -> the relations of its bodies), for the
// recursion test.
class Dependencies {
public:
    explicit Dependencies(const Program& p) {
        for (const auto& r : p.rules)
            for (const auto& l : r.body) {
                if (const Term* a = relation(l)) edges_[signature(r.head)].insert(signature(*a));
                for (const auto& s : l.sub)  // or, and
                    add_nested(signature(r.head), s);
            }
    }
    // Whether `to` is reachable from `from` (through one edge or more).
    bool reaches(const Signature& from, const Signature& to) {
        auto key = std::make_pair(from, to);
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
        std::set<Signature> seen;
        std::vector<Signature> todo{from};
        bool found = false;
        while (!todo.empty() && !found) {
            const Signature s = todo.back();
            todo.pop_back();
            auto it = edges_.find(s);
            if (it == edges_.end()) continue;
            for (const auto& t : it->second) {
                if (t == to) found = true;
                if (seen.insert(t).second) todo.push_back(t);
            }
        }
        return memo_[key] = found;
    }

private:
    std::map<Signature, std::set<Signature>> edges_;
    std::map<std::pair<Signature, Signature>, bool> memo_;
    void add_nested(const Signature& head, const Literal& l) {
        if (l.kind == Literal::Kind::Atom) edges_[head].insert(signature(l.atom));
        for (const auto& s : l.sub) add_nested(head, s);
    }
};

// The literals to move into an auxiliary rule when `v` is eliminated from `r`'s body: those
// that mention it, and the positive literals that bind the variables of their negated and
// distinct literals (a safe auxiliary rule). Empty when that is the whole body or cannot be
// made safe.
std::vector<std::size_t> group_of(const Rule& r, const std::vector<std::vector<std::string>>& lit_vars, const std::string& v) {
    const std::size_t n = r.body.size();
    std::vector<char> in(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        if (std::find(lit_vars[i].begin(), lit_vars[i].end(), v) != lit_vars[i].end()) in[i] = 1;
    for (;;) {
        std::set<std::string> bound, needed;
        for (std::size_t i = 0; i < n; ++i) {
            if (!in[i]) continue;
            for (const auto& x : lit_vars[i]) (r.body[i].kind == Literal::Kind::Atom ? bound : needed).insert(x);
        }
        std::string missing;
        for (const auto& x : needed)
            if (!bound.count(x)) {
                missing = x;
                break;
            }
        if (missing.empty()) break;
        bool added = false;
        for (std::size_t i = 0; i < n && !added; ++i)
            if (!in[i] && r.body[i].kind == Literal::Kind::Atom &&
                std::find(lit_vars[i].begin(), lit_vars[i].end(), missing) != lit_vars[i].end())
                in[i] = 1, added = true;
        if (!added) return {};
    }
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < n; ++i)
        if (in[i]) out.push_back(i);
    if (out.size() == n) return {};
    return out;
}

}  // namespace

Program split_bodies(const Program& p) {
    Program out;
    out.sources = p.sources;
    out.syntax = p.syntax;
    Dependencies deps(p);
    int next = 0;
    bool changed = false;
    for (const auto& original : p.rules) {
        if (!splittable(original) ||
            std::any_of(original.body.begin(), original.body.end(), [&](const Literal& l) {
                const Term* a = relation(l);
                return a && deps.reaches(signature(*a), signature(original.head));
            })) {
            out.rules.push_back(original);
            continue;
        }
        std::deque<Rule> todo{original};
        while (!todo.empty()) {
            Rule r = std::move(todo.front());
            todo.pop_front();
            for (;;) {
                std::vector<std::vector<std::string>> lit_vars(r.body.size());
                for (std::size_t i = 0; i < r.body.size(); ++i) vars_of(r.body[i], lit_vars[i]);
                std::vector<std::string> head_vars;
                vars_of(r.head, head_vars);
                std::vector<std::string> body_vars;
                for (const auto& lv : lit_vars)
                    for (const auto& x : lv)
                        if (std::find(body_vars.begin(), body_vars.end(), x) == body_vars.end()) body_vars.push_back(x);
                // The variable whose group shares the fewest variables with the rest.
                std::vector<std::size_t> best;
                std::vector<std::string> best_shared;
                for (const auto& v : body_vars) {
                    if (std::find(head_vars.begin(), head_vars.end(), v) != head_vars.end()) continue;
                    std::vector<std::size_t> g = group_of(r, lit_vars, v);
                    if (g.empty()) continue;
                    std::vector<std::string> outside = head_vars;
                    for (std::size_t i = 0; i < r.body.size(); ++i)
                        if (!std::binary_search(g.begin(), g.end(), i))
                            for (const auto& x : lit_vars[i]) outside.push_back(x);
                    std::vector<std::string> shared;
                    for (std::size_t i : g)
                        for (const auto& x : lit_vars[i])
                            if (std::find(outside.begin(), outside.end(), x) != outside.end() &&
                                std::find(shared.begin(), shared.end(), x) == shared.end())
                                shared.push_back(x);
                    if (best.empty() || shared.size() < best_shared.size() ||
                        (shared.size() == best_shared.size() && g.size() > best.size()))
                        best = std::move(g), best_shared = std::move(shared);
                }
                if (best.empty()) break;
                changed = true;
                const std::string name = "gdlsc split " + std::to_string(++next);
                std::vector<Term> args;
                for (const auto& x : best_shared) args.push_back(Term::variable(x));
                Term head = args.empty() ? Term::constant(name) : Term::compound(name, args);
                head.loc = r.body[best.front()].loc;
                Rule aux;
                aux.head = head;
                aux.loc = r.loc;
                for (std::size_t i : best) aux.body.push_back(r.body[i]);
                Literal use = Literal::make_atom(head);
                use.loc = head.loc;
                std::vector<Literal> body;
                for (std::size_t i = 0; i < r.body.size(); ++i) {
                    if (i == best.front()) body.push_back(use);
                    if (!std::binary_search(best.begin(), best.end(), i)) body.push_back(r.body[i]);
                }
                r.body = std::move(body);
                todo.push_back(std::move(aux));
            }
            out.rules.push_back(std::move(r));
        }
    }
    return changed ? out : p;
}

}  // namespace gdlsc::gdl
