// The lint of `gdlsc check` (lint.h): undefined and unused relations, with the name each
// likely misspells.
#include "gdl/lint.h"

#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "gdl/spelling.h"
#include "gdl/validate_util.h"

namespace gdlsc::gdl {
namespace {

// Keywords that may appear in a body (as relations or connectives), and that may head a rule.
const std::vector<Signature>& body_keywords() {
    static const std::vector<Signature> k = {{"true", 1},  {"does", 2},     {"not", 1},  {"distinct", 2}, {"or", 2},
                                             {"and", 2},   {"knows", 2},    {"legal", 2}, {"terminal", 0},
                                             {"goal", 2},  {"role", 1},     {"base", 1}, {"input", 2},
                                             {"percept", 2}};
    return k;
}
const std::vector<Signature>& head_keywords() {
    static const std::vector<Signature> k = {{"legal", 2}, {"next", 1}, {"terminal", 0}, {"goal", 2}, {"sees", 2},
                                             {"init", 1},  {"role", 1}, {"base", 1},     {"input", 2}, {"percept", 2}};
    return k;
}

// "; did you mean legal?" for the near miss of `s` among `candidates`, with the keyword's
// arity when it differs; "" when there is none.
std::string did_you_mean(const Signature& s, const std::vector<Signature>& candidates) {
    auto c = nearest(s, candidates);
    if (!c) return "";
    std::string out = "; did you mean " + c->name + "?";
    auto arity = detail::keyword_arity(c->name);
    if (arity && *arity != s.arity)
        out += " (" + c->name + " takes " + detail::arguments(*arity) + ", not " + std::to_string(s.arity) + ")";
    return out;
}

// Calls f on every relational atom of the bodies, the relation under a knows included.
void for_each_body_relation(const Program& p, const std::function<void(const Term&)>& f) {
    for (const auto& r : p.rules)
        for (const auto& l : r.body)
            for_each_atom(l, [&](const Term& t, bool) {
                if (t.is_variable()) return;
                if (t.name == "knows" && !t.args.empty() && !t.args.back().is_variable()) f(t.args.back());
                f(t);
            });
}

bool defined(const Analysis& a, const Signature& s) {
    const PredicateInfo* i = a.find(s.name, s.arity);
    return i != nullptr && i->rule_count > 0;
}

void undefined_relations(const Program& p, const Analysis& a, Diagnostics& diags) {
    std::vector<Signature> candidates = body_keywords();
    std::map<std::string, std::vector<size_t>> arities;  // defined relations by name
    for (const auto& [s, info] : a.predicates)
        if (info.rule_count > 0 && !is_keyword(s.name)) {
            candidates.push_back(s);
            arities[s.name].push_back(s.arity);
        }
    for_each_body_relation(p, [&](const Term& t) {
        Signature s = signature(t);
        if (is_keyword(s.name) || defined(a, s)) return;
        std::string hint = "a relation without rules is never true";
        for (size_t n : arities[s.name]) hint += "; '" + s.name + "' is defined with " + detail::arguments(n);
        if (detail::connective(s.name))  // (<= terminal not open): a bare `not` is a relation
            hint = "'" + s.name + "' is a connective only as the first item of a list: (" + s.name + " ...)";
        diags.lint(t.loc, "relation '" + s.str() + "' is used but never defined" + did_you_mean(s, candidates), hint);
    });
}

void unused_relations(const Analysis& a, Diagnostics& diags) {
    // Where validation already reported an error (`terminl`: the game has no rules for
    // terminal, did you mean terminal?), the warning would say it again.
    std::set<std::tuple<std::string, int, int>> errors;
    for (const auto& d : diags.sorted())
        if (d.severity == Severity::Error) errors.emplace(d.loc.file(), d.loc.line, d.loc.col);
    // Used: reachable from a keyword relation in the dependency graph.
    std::set<Signature> used;
    std::vector<Signature> todo;
    for (const auto& [s, _] : a.predicates)
        if (is_keyword(s.name) && used.insert(s).second) todo.push_back(s);
    while (!todo.empty()) {
        Signature s = todo.back();
        todo.pop_back();
        if (auto e = a.edges.find(s); e != a.edges.end())
            for (const auto& d : e->second)
                if (used.insert(d.to).second) todo.push_back(d.to);
    }
    std::set<Signature> unused;
    for (const auto& [s, info] : a.predicates)
        if (info.rule_count > 0 && !used.count(s)) unused.insert(s);
    // Reported: the unused relations that no other unused one uses (outside their own cycle).
    std::set<Signature> used_by_unused;
    for (const auto& u : unused)
        if (auto e = a.edges.find(u); e != a.edges.end())
            for (const auto& d : e->second)
                if (unused.count(d.to) && a.predicates.at(d.to).scc != a.predicates.at(u).scc)
                    used_by_unused.insert(d.to);
    std::vector<Signature> candidates = head_keywords();  // and what the used rules use
    for (const auto& [from, deps] : a.edges)
        for (const auto& d : deps)
            if (used.count(from) && !is_keyword(d.to.name)) candidates.push_back(d.to);
    for (const auto& u : unused) {
        const PredicateInfo& info = a.predicates.at(u);
        const Location& at = info.defined_at.front();
        if (used_by_unused.count(u) || errors.count({at.file(), at.line, at.col})) continue;
        std::string hint = "no rule of legal, next, terminal, goal, sees or init uses it, nor a relation they use";
        std::string only;
        for (const auto& r : a.reachable_from(u))
            if (r != u && used_by_unused.count(r)) only += (only.empty() ? "" : ", ") + r.str();
        if (!only.empty()) hint += "; nor are the relations only it uses: " + only;
        diags.lint(at, "relation '" + u.str() + "' is defined but never used" + did_you_mean(u, candidates), hint);
    }
}

}  // namespace

void lint(const Program& p, const Analysis& a, Diagnostics& diags) {
    undefined_relations(p, a, diags);
    unused_relations(a, diags);
}

}  // namespace gdlsc::gdl
