// A one-step program's move disjunctions by their complement (see move_complement.h).
#include "ground/move_complement.h"

#include <algorithm>
#include <map>
#include <vector>

namespace gdlsc::ground {

std::size_t complement_move_groups(GroundProgram& gp) {
    // U_r: the does@0(r, m) atoms of each role.
    std::vector<std::int32_t> role_of(gp.atoms.size(), -1);
    std::vector<std::vector<AtomId>> universe(gp.roles.size());
    for (AtomId a = 0; a < gp.atoms.size(); ++a) {
        const Atom& at = gp.atoms[a];
        if (at.step != 0 || at.atom.name != "does" || at.atom.args.size() != 2 || !at.atom.args[0].is_constant()) continue;
        auto it = std::find(gp.roles.begin(), gp.roles.end(), at.atom.args[0].name);
        if (it == gp.roles.end()) continue;
        role_of[a] = static_cast<std::int32_t>(it - gp.roles.begin());
        universe[static_cast<std::size_t>(role_of[a])].push_back(a);
    }
    // Static atoms that certainly hold (a least fixpoint over the static rules whose negative
    // literals name atoms without rules): left out of the bodies below, where they are one
    // per move (blindbreakthrough's (distinctcell x1 y1 x3 y3)).
    std::vector<char> holds(gp.atoms.size(), 0), has_rules(gp.atoms.size(), 0);
    std::vector<const GroundRule*> statics;  // one pass per level of the static rules' recursion
    for (const GroundRule& r : gp.rules) {
        has_rules[r.head] = 1;
        if (gp.atoms[r.head].step == -1) statics.push_back(&r);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const GroundRule* rp : statics) {
            const GroundRule& r = *rp;
            if (holds[r.head]) continue;
            bool all = std::all_of(r.pos.begin(), r.pos.end(), [&](AtomId b) { return holds[b] != 0; }) &&
                       std::none_of(r.neg.begin(), r.neg.end(), [&](AtomId b) { return has_rules[b] != 0; });
            if (all) holds[r.head] = 1, changed = true;
        }
    }
    // Groups: the rules with exactly one positive does literal, by (head, role, the rest of
    // the body); each member's does atom.
    struct Group {
        std::vector<std::size_t> rules;
        std::vector<AtomId> moves;
    };
    std::map<std::vector<AtomId>, Group> groups;
    for (std::size_t i = 0; i < gp.rules.size(); ++i) {
        const GroundRule& r = gp.rules[i];
        std::size_t at = r.pos.size();
        int found = 0;
        for (std::size_t j = 0; j < r.pos.size(); ++j)
            if (role_of[r.pos[j]] >= 0) ++found, at = j;
        if (found != 1) continue;
        std::vector<AtomId> key{r.head, static_cast<AtomId>(role_of[r.pos[at]])};
        std::vector<AtomId> pos, neg(r.neg);
        for (std::size_t j = 0; j < r.pos.size(); ++j)
            if (j != at && !holds[r.pos[j]]) pos.push_back(r.pos[j]);
        std::sort(pos.begin(), pos.end());
        std::sort(neg.begin(), neg.end());
        key.push_back(static_cast<AtomId>(pos.size()));  // where pos ends and neg begins
        key.insert(key.end(), pos.begin(), pos.end());
        key.insert(key.end(), neg.begin(), neg.end());
        auto [it, fresh] = groups.try_emplace(std::move(key));
        it->second.rules.push_back(i);
        it->second.moves.push_back(r.pos[at]);
    }
    // The groups worth rewriting: fewer moves outside S than in it.
    std::vector<char> drop(gp.rules.size(), 0);
    std::vector<std::pair<std::size_t, GroundRule>> added;  // at the place of the group's first rule
    std::size_t removed = 0;
    for (auto& [key, g] : groups) {
        std::vector<AtomId> in = g.moves;
        std::sort(in.begin(), in.end());
        in.erase(std::unique(in.begin(), in.end()), in.end());
        const std::vector<AtomId>& all = universe[key[1]];
        if (all.size() - in.size() + 1 >= in.size()) continue;
        GroundRule nr;
        const GroundRule& first = gp.rules[g.rules.front()];
        nr.head = first.head;
        for (AtomId b : first.pos)
            if (role_of[b] < 0 && !holds[b]) nr.pos.push_back(b);
        nr.neg = first.neg;
        for (AtomId m : all)
            if (!std::binary_search(in.begin(), in.end(), m)) nr.neg.push_back(m);
        for (std::size_t i : g.rules) drop[i] = 1;
        added.emplace_back(g.rules.front(), std::move(nr));
        removed += g.rules.size() - 1;
    }
    if (added.empty()) return 0;
    std::sort(added.begin(), added.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<GroundRule> out;
    out.reserve(gp.rules.size() - removed);
    std::size_t next = 0;
    for (std::size_t i = 0; i < gp.rules.size(); ++i) {
        if (next < added.size() && added[next].first == i) out.push_back(std::move(added[next++].second));
        if (!drop[i]) out.push_back(std::move(gp.rules[i]));
    }
    gp.rules = std::move(out);
    if (!gp.rules_of.empty()) gp.index_rules();
    return removed;
}

}  // namespace gdlsc::ground
