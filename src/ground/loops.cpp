// Unfounded atoms by forward chaining on the reduct (a counter per rule), and the
// components (base/sccs.h) of a positive dependency graph.
#include "ground/loops.h"

#include "base/sccs.h"

#include <algorithm>
#include <functional>

namespace gdlsc::ground {

namespace {

bool body_true(const GroundRule& r, const std::vector<bool>& m) {
    for (AtomId a : r.pos)
        if (!m[a]) return false;
    for (AtomId a : r.neg)
        if (m[a]) return false;
    return true;
}

}  // namespace

std::vector<bool> supported_closure(const GroundProgram& gp, const std::vector<bool>& model) {
    const size_t n = gp.atoms.size();
    std::vector<bool> derived(n, false);
    std::vector<std::vector<size_t>> watch(n);  // atom -> rules with it in the positive body
    std::vector<size_t> missing(gp.rules.size(), 0);
    std::vector<AtomId> queue;
    for (size_t i = 0; i < gp.rules.size(); ++i) {
        const auto& r = gp.rules[i];
        bool blocked = false;
        for (AtomId a : r.neg) blocked = blocked || model[a];
        if (blocked) {
            missing[i] = SIZE_MAX;
            continue;
        }
        for (AtomId a : r.pos) watch[a].push_back(i);
        missing[i] = r.pos.size();
        if (missing[i] == 0 && !derived[r.head]) derived[r.head] = true, queue.push_back(r.head);
    }
    while (!queue.empty()) {
        AtomId a = queue.back();
        queue.pop_back();
        for (size_t i : watch[a]) {
            if (--missing[i] == 0 && !derived[gp.rules[i].head]) {
                derived[gp.rules[i].head] = true;
                queue.push_back(gp.rules[i].head);
            }
        }
    }
    return derived;
}

std::vector<AtomId> unfounded_atoms(const GroundProgram& gp, const std::vector<bool>& model) {
    std::vector<bool> derived = supported_closure(gp, model);
    std::vector<AtomId> u;
    for (AtomId a = 0; a < gp.atoms.size(); ++a)
        if (model[a] && !derived[a]) u.push_back(a);
    return u;
}

std::vector<std::vector<AtomId>> violated_loops(const GroundProgram& gp, const std::vector<bool>& model,
                                                const std::vector<AtomId>& unfounded) {
    std::vector<bool> in_u(gp.atoms.size(), false);
    for (AtomId a : unfounded) in_u[a] = true;
    auto edges = [&](AtomId h) {
        std::vector<AtomId> out;
        for (size_t ri : gp.rules_of[h]) {
            const auto& r = gp.rules[ri];
            if (!body_true(r, model)) continue;
            for (AtomId b : r.pos)
                if (in_u[b]) out.push_back(b);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    };
    auto comps = base::sccs(unfounded, edges, gp.atoms.size());
    std::vector<int> comp_of(gp.atoms.size(), -1);
    for (size_t c = 0; c < comps.size(); ++c)
        for (AtomId a : comps[c]) comp_of[a] = static_cast<int>(c);
    std::vector<std::vector<AtomId>> out;
    for (size_t c = 0; c < comps.size(); ++c) {
        bool sink = true, cyclic = comps[c].size() > 1;
        for (AtomId a : comps[c])
            for (AtomId b : edges(a)) {
                if (comp_of[b] != static_cast<int>(c)) sink = false;
                if (b == a) cyclic = true;
            }
        if (sink && cyclic) out.push_back(comps[c]);
    }
    return out;
}

std::vector<std::size_t> external_support(const GroundProgram& gp, const std::vector<AtomId>& loop) {
    std::vector<size_t> out;
    for (AtomId h : loop)
        for (size_t ri : gp.rules_of[h]) {
            bool inside = false;
            for (AtomId b : gp.rules[ri].pos) inside = inside || std::binary_search(loop.begin(), loop.end(), b);
            if (!inside) out.push_back(ri);
        }
    return out;
}

std::vector<std::vector<AtomId>> positive_loops(const GroundProgram& gp) {
    std::vector<AtomId> all(gp.atoms.size());
    for (AtomId a = 0; a < all.size(); ++a) all[a] = a;
    auto edges = [&](AtomId h) {
        std::vector<AtomId> out;
        for (size_t ri : gp.rules_of[h]) out.insert(out.end(), gp.rules[ri].pos.begin(), gp.rules[ri].pos.end());
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    };
    std::vector<std::vector<AtomId>> out;
    for (auto& c : base::sccs(all, edges, gp.atoms.size())) {
        bool cyclic = c.size() > 1;
        if (!cyclic)
            for (AtomId b : edges(c[0])) cyclic = cyclic || b == c[0];
        if (cyclic) out.push_back(std::move(c));
    }
    return out;
}

}  // namespace gdlsc::ground
