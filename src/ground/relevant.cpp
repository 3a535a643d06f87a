// The relevant part of a ground program (see relevant.h): a depth-first closure over the
// rules grouped by head (counting sort, linear in the program's size).
#include "ground/relevant.h"

#include <string>
#include <unordered_map>

namespace gdlsc::ground {

std::vector<bool> relevant_atoms(std::size_t n, const std::vector<GroundRule>& rules, std::vector<bool> kept) {
    std::vector<std::size_t> first(n + 1, 0), rule_of(rules.size());  // rules by head
    for (const auto& r : rules) ++first[r.head + 1];
    for (std::size_t a = 0; a < n; ++a) first[a + 1] += first[a];
    {
        std::vector<std::size_t> fill(first.begin(), first.end() - 1);
        for (std::size_t i = 0; i < rules.size(); ++i) rule_of[fill[rules[i].head]++] = i;
    }
    std::vector<AtomId> todo;
    for (AtomId a = 0; a < n; ++a)
        if (kept[a]) todo.push_back(a);
    while (!todo.empty()) {
        AtomId a = todo.back();
        todo.pop_back();
        for (std::size_t k = first[a]; k < first[a + 1]; ++k) {
            const GroundRule& r = rules[rule_of[k]];
            for (const auto* part : {&r.pos, &r.neg})
                for (AtomId b : *part)
                    if (!kept[b]) kept[b] = true, todo.push_back(b);
        }
    }
    return kept;
}

GroundProgram cone_of_influence(const GroundProgram& step, const std::function<bool(const Atom&)>& root) {
    const std::size_t n = step.atoms.size();
    std::vector<bool> kept(n, false);
    // next(f) per true(f), by the fluent's text.
    std::unordered_map<std::string, AtomId> next_of;
    for (AtomId a = 0; a < n; ++a) {
        const Atom& at = step.atoms[a];
        kept[a] = root(at);
        if (at.atom.name == "next" && at.atom.args.size() == 1) next_of.emplace(at.atom.args[0].to_kif(), a);
    }
    // One depth-first closure: a kept atom keeps the atoms of its rules, a kept true(f) its next(f).
    // The rules by head: the program's own index when it has one (the step program's has).
    std::vector<std::vector<std::size_t>> own;
    if (step.rules_of.size() != n) {
        own.resize(n);
        for (std::size_t i = 0; i < step.rules.size(); ++i) own[step.rules[i].head].push_back(i);
    }
    const std::vector<std::vector<std::size_t>>& by_head = own.empty() ? step.rules_of : own;
    std::vector<AtomId> todo;
    auto keep = [&](AtomId b) {
        if (!kept[b]) kept[b] = true, todo.push_back(b);
    };
    for (AtomId a = 0; a < n; ++a)
        if (kept[a]) todo.push_back(a);
    while (!todo.empty()) {
        const AtomId a = todo.back();
        todo.pop_back();
        for (std::size_t i : by_head[a]) {
            for (AtomId b : step.rules[i].pos) keep(b);
            for (AtomId b : step.rules[i].neg) keep(b);
        }
        const Atom& at = step.atoms[a];
        if (at.atom.name == "true" && at.atom.args.size() == 1)
            if (auto it = next_of.find(at.atom.args[0].to_kif()); it != next_of.end()) keep(it->second);
    }
    GroundProgram out;
    out.horizon = step.horizon;
    out.roles = step.roles;
    out.rule_terms = step.rule_terms;
    std::vector<AtomId> id(n, 0);
    for (AtomId a = 0; a < n; ++a)
        if (kept[a]) id[a] = out.intern(step.atoms[a].atom, step.atoms[a].step);
    for (const auto& r : step.rules) {
        if (!kept[r.head]) continue;
        GroundRule c{id[r.head], {}, {}};
        for (AtomId p : r.pos) c.pos.push_back(id[p]);
        for (AtomId q : r.neg) c.neg.push_back(id[q]);
        out.rules.push_back(std::move(c));
    }
    out.index_rules();
    return out;
}

}  // namespace gdlsc::ground
