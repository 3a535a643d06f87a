// Restrictions on what keyword relations may depend on (Thielscher 2010; Love et al. for
// base/input): init independent of true, does, legal, next, sees, terminal, goal (and of
// knows, GDL-III); legal, terminal and goal independent of does (and so of sees and next,
// which describe the transition); base, input and percept
// independent of true and does. And the GDL-III conditions on `knows`: a total order on the
// relations under knows (no circular knowledge), none of which depends on does.
// Each violation is reported at the body literal through which the dependency arises.
#include <algorithm>
#include <functional>
#include <map>

#include "gdl/validate.h"
#include "gdl/validate_util.h"

namespace gdlsc::gdl {
namespace {

const Signature kTrue{"true", 1}, kDoes{"does", 2}, kKnows1{"knows", 1}, kKnows2{"knows", 2};

std::string join(const std::vector<std::string>& xs) {
    std::string s;
    for (size_t i = 0; i < xs.size(); ++i) s += (i == 0 ? "" : i + 1 == xs.size() ? " and " : ", ") + xs[i];
    return s;
}

// Which of `forbidden` the body atom `t` is or depends on (in the order of `forbidden`).
std::vector<std::string> forbidden_deps(const Term& t, const Analysis& a, const std::vector<Signature>& forbidden) {
    Signature s = signature(t);
    std::set<Signature> reach;
    bool direct = std::find(forbidden.begin(), forbidden.end(), s) != forbidden.end();
    if (!direct) reach = a.reachable_from(s);
    std::vector<std::string> out;
    for (const auto& f : forbidden)
        if (f == s || reach.count(f) || (f == kTrue && a.depends_on_true(s)) || (f == kDoes && a.depends_on_does(s)))
            if (std::find(out.begin(), out.end(), f.name) == out.end()) out.push_back(f.name);
    return out;
}

void check_rule(const Rule& r, const Analysis& a, Diagnostics& diags) {
    const Term& h = r.head;
    std::vector<Signature> forbidden;
    std::string rule_text, hint;
    if (h.name == "init" && h.args.size() == 1) {
        forbidden = {kTrue, kDoes, {"legal", 2}, {"next", 1}, {"sees", 2}, {"terminal", 0}, {"goal", 2}, kKnows1, kKnows2};
        rule_text = "init must not depend on true, does, legal, next, sees, terminal, goal or knows";
        hint = "the initial state is fixed before the game starts";
    } else if ((h.name == "legal" && h.args.size() == 2) || (h.name == "terminal" && h.args.empty()) ||
               (h.name == "goal" && h.args.size() == 2)) {
        forbidden = {kDoes, {"sees", 2}, {"next", 1}};
        rule_text = "legal, terminal and goal must not depend on does (nor on sees or next)";
        hint = "they are properties of a state, evaluated before the moves are made; "
               "record what you need in a fluent with next";
    } else if ((h.name == "base" && h.args.size() == 1) || (h.name == "input" && h.args.size() == 2) ||
               (h.name == "percept" && h.args.size() == 2)) {
        forbidden = {kTrue, kDoes};
        rule_text = h.name + " is a static declaration and must not depend on true or does";
        hint = "define it from static relations only";
    } else {
        return;
    }
    for (const auto& l : r.body)
        for_each_atom(l, [&](const Term& t, bool) {
            if (t.is_variable()) return;
            auto deps = forbidden_deps(t, a, forbidden);
            if (deps.empty()) return;
            std::string through = std::find(forbidden.begin(), forbidden.end(), signature(t)) != forbidden.end()
                                       ? ""
                                       : " (through " + detail::sig_str(t) + ")";
            diags.error(t.loc, "'" + h.name + "' depends on " + join(deps) + through + ": " + rule_text, hint);
        });
}

// GDL-III restrictions 2 and 3 on the relations that occur as argument of knows.
void check_knows(const Program& p, const Analysis& a, Diagnostics& diags) {
    struct Use {
        Signature head;
        const Term* knows;
    };
    std::map<Signature, std::vector<Use>> under;    // relation under knows -> its uses
    std::map<Signature, std::set<Signature>> known_in;  // rule head -> relations it knows directly
    for (const auto& r : p.rules) {
        if (r.head.is_variable()) continue;
        for (const auto& l : r.body)
            for_each_atom(l, [&](const Term& t, bool) {
                if (t.name != "knows" || (t.args.size() != 1 && t.args.size() != 2) || t.args.back().is_variable())
                    return;
                Signature q = signature(t.args.back());
                under[q].push_back({signature(r.head), &t});
                known_in[signature(r.head)].insert(q);
            });
    }
    // 3. no relation under knows depends on does.
    for (const auto& [q, uses] : under) {
        if (!(q == kDoes || a.depends_on_does(q))) continue;
        for (const auto& u : uses)
            diags.error(u.knows->args.back().loc,
                        "'" + q.str() + "' occurs under knows but depends on does",
                        "GDL-III: knowledge refers to the current state, not to the moves being made");
    }
    // 2. a total order: P > Q whenever P depends on (knows .. Q). Report every cycle. The
    // dependencies followed here do not enter the argument of knows: that step is the order
    // itself, and following it would report p > q > p as the shorter p > p.
    std::map<Signature, std::set<Signature>> plain;
    for (const auto& r : p.rules) {
        if (r.head.is_variable()) continue;
        for (const auto& l : r.body)
            for_each_atom(l, [&](const Term& t, bool) {
                if (!t.is_variable()) plain[signature(r.head)].insert(signature(t));
            });
    }
    auto reachable = [&](const Signature& from) {
        std::set<Signature> seen{from};
        std::vector<Signature> todo{from};
        while (!todo.empty()) {
            Signature x = todo.back();
            todo.pop_back();
            for (const auto& y : plain[x])
                if (seen.insert(y).second) todo.push_back(y);
        }
        return seen;
    };
    std::map<Signature, std::set<Signature>> order;
    for (const auto& [pq, _] : under) {
        std::set<Signature> reach = reachable(pq);
        for (const auto& x : reach)
            if (auto it = known_in.find(x); it != known_in.end())
                for (const auto& q : it->second)
                    if (under.count(q)) order[pq].insert(q);
    }
    std::set<Signature> reported;
    for (const auto& [pq, uses] : under) {
        if (reported.count(pq)) continue;
        // Shortest path pq -> ... -> pq in `order` (BFS).
        std::map<Signature, Signature> parent;
        std::vector<Signature> todo{pq};
        bool found = false;
        for (size_t i = 0; i < todo.size() && !found; ++i)
            for (const auto& nx : order[todo[i]]) {
                if (nx == pq) {
                    parent[pq] = todo[i];
                    found = true;
                    break;
                }
                if (!parent.count(nx)) {
                    parent[nx] = todo[i];
                    todo.push_back(nx);
                }
            }
        if (!found) continue;
        std::vector<Signature> cycle{pq};
        for (Signature s = parent[pq]; !(s == pq); s = parent[s]) cycle.push_back(s);
        cycle.push_back(pq);
        std::reverse(cycle.begin() + 1, cycle.end() - 1);
        std::string text;
        for (const auto& s : cycle) {
            reported.insert(s);
            text += (text.empty() ? "" : " > ") + s.str();
        }
        diags.error(uses.front().knows->args.back().loc,
                    "no total order on the relations under knows: " + text,
                    "GDL-III: a relation may not depend on knowing itself, directly or through others");
    }
}

}  // namespace

void check_dependencies(const Program& p, const Analysis& a, Diagnostics& diags) {
    for (const auto& r : p.rules) check_rule(r, a, diags);
    check_knows(p, a, diags);
}

}  // namespace gdlsc::gdl
