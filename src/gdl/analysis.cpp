// Dependency analysis: graph, strongly connected components (base/sccs.h), predicate classes.
#include "gdl/analysis.h"

#include "base/sccs.h"

#include <algorithm>
#include <functional>

namespace gdlsc::gdl {

const char* class_name(PredicateClass c) {
    switch (c) {
        case PredicateClass::Static: return "static";
        case PredicateClass::DerivedFluent: return "derived fluent";
        case PredicateClass::ActionPredicate: return "derived action predicate";
    }
    return "static";
}

bool is_keyword(const std::string& n) {
    static const std::set<std::string> k = {"role", "init", "true", "legal", "does", "next", "terminal",
                                            "goal", "sees", "distinct", "base", "input", "percept", "knows"};
    return k.count(n) > 0;
}

const PredicateInfo* Analysis::find(const std::string& name, size_t arity) const {
    auto it = predicates.find(Signature{name, arity});
    return it == predicates.end() ? nullptr : &it->second;
}

std::set<Signature> Analysis::reachable_from(const Signature& s) const {
    std::set<Signature> seen;
    std::vector<Signature> todo{s};
    while (!todo.empty()) {
        Signature x = todo.back();
        todo.pop_back();
        auto it = edges.find(x);
        if (it == edges.end()) continue;
        for (const auto& d : it->second)
            if (seen.insert(d.to).second) todo.push_back(d.to);
    }
    return seen;
}

namespace {

// (<= (next ?f) ... (true ?f) ...): a frame rule that keeps whatever fluent held, so it makes
// no fluent that was not holdable already (Krieg-TicTacToe's "nothing changes after an
// invalid move"). Only a positive (true ?f) of the head's variable at the top of the body.
bool keeps_a_fluent(const Rule& r) {
    const Term& f = r.head.args[0];
    return std::any_of(r.body.begin(), r.body.end(), [&](const Literal& l) {
        return l.kind == Literal::Kind::Atom && l.atom.name == "true" && l.atom.args.size() == 1 &&
               l.atom.args[0].is_variable() && l.atom.args[0].name == f.name;
    });
}

}  // namespace

PredicateClass keyword_class(const Signature& s) {
    if ((s.name == "legal" && s.arity == 2) || (s.name == "terminal" && s.arity == 0) ||
        (s.name == "goal" && s.arity == 2))
        return PredicateClass::DerivedFluent;
    if ((s.name == "next" && s.arity == 1) || (s.name == "sees" && s.arity == 2)) return PredicateClass::ActionPredicate;
    return PredicateClass::Static;
}

Analysis analyze(const Program& p) {
    Analysis a;
    auto note = [&](const Signature& s) -> PredicateInfo& {
        auto& info = a.predicates[s];
        info.sig = s;
        return info;
    };
    auto fluent_arg = [&](const Term& t) {
        if (t.args.size() >= 1 && !t.args[0].is_variable()) a.fluents.insert(signature(t.args[0]));
    };
    for (const auto& r : p.rules) {
        const Term& h = r.head;
        if (h.name == "role" && h.args.size() == 1 && h.args[0].is_constant() && r.body.empty())
            if (std::find(a.roles.begin(), a.roles.end(), h.args[0].name) == a.roles.end())
                a.roles.push_back(h.args[0].name);
        Signature hs = signature(h);
        if (!h.is_variable()) {
            auto& info = note(hs);
            ++info.rule_count;
            info.defined_at.push_back(h.loc);
        }
        if ((h.name == "init" || h.name == "next" || h.name == "base") && h.args.size() == 1) fluent_arg(h);
        if (h.name == "legal" && h.args.size() == 2) {
            if (!h.args[1].is_variable()) a.movable.insert(signature(h.args[1]));
            else a.movable_known = false;
        }
        if ((h.name == "init" || h.name == "next") && h.args.size() == 1) {
            if (!h.args[0].is_variable()) a.holdable.insert(signature(h.args[0]));
            else if (h.name == "init" || !keeps_a_fluent(r)) a.holdable_known = false;
        }
        // true, does and knows are sources: a rule with such a head is invalid (validate.h
        // reports it) and must not make everything that tests the state depend on its body.
        std::vector<Dependency> ignored;
        bool source = (h.name == "true" && h.args.size() == 1) || (h.name == "does" && h.args.size() == 2) ||
                      (h.name == "knows" && (h.args.size() == 1 || h.args.size() == 2));
        auto& out = source ? ignored : a.edges[hs];
        for (const auto& l : r.body) {
            for_each_atom(l, [&](const Term& t, bool neg) {
                if (t.is_variable()) return;
                Signature bs = signature(t);
                if (t.name == "true" && t.args.size() == 1) fluent_arg(t);
                note(bs);
                out.push_back({bs, neg, t.loc});
                // GDL-III: (knows R P) / (knows P) depends on the relation P it reifies.
                if (t.name == "knows" && !source) a.epistemic = true;
                if (t.name == "knows" && (t.args.size() == 1 || t.args.size() == 2) && !t.args.back().is_variable()) {
                    Signature ps = signature(t.args.back());
                    note(ps);
                    out.push_back({ps, neg, t.args.back().loc});
                }
            });
        }
    }
    // true/does are sources, not predicates of the program.
    a.predicates.erase(Signature{"true", 1});
    a.predicates.erase(Signature{"does", 2});
    // knows is a keyword too: what a player knows depends on the state (like true).
    const Signature k1{"knows", 1}, k2{"knows", 2};
    a.predicates.erase(k1);
    a.predicates.erase(k2);

    // Components in dependency order (base/sccs.h) over ids: every relation of the program
    // and every relation an edge reaches (true, does, knows); visited in signature order.
    std::vector<Signature> nodes;
    std::map<Signature, std::uint32_t> id;
    auto id_of = [&](const Signature& s) {
        auto [it, fresh] = id.emplace(s, static_cast<std::uint32_t>(nodes.size()));
        if (fresh) nodes.push_back(s);
        return it->second;
    };
    std::vector<std::uint32_t> roots;
    for (const auto& [s, _] : a.predicates) roots.push_back(id_of(s));
    for (const auto& [from, deps] : a.edges) {
        id_of(from);
        for (const auto& d : deps) id_of(d.to);
    }
    for (const auto& comp : base::sccs(
             roots,
             [&](std::uint32_t v) {
                 std::vector<std::uint32_t> succ;
                 if (auto it = a.edges.find(nodes[v]); it != a.edges.end())
                     for (const auto& d : it->second) succ.push_back(id.at(d.to));
                 return succ;
             },
             nodes.size())) {
        std::vector<Signature> sigs;
        for (std::uint32_t v : comp) sigs.push_back(nodes[v]);
        std::sort(sigs.begin(), sigs.end());
        a.sccs.push_back(std::move(sigs));
    }
    for (size_t i = 0; i < a.sccs.size(); ++i) {
        const auto& comp = a.sccs[i];
        for (const auto& s : comp) {
            auto it = a.predicates.find(s);
            if (it == a.predicates.end()) continue;
            it->second.scc = static_cast<int>(i);
            bool self = false;
            if (auto e = a.edges.find(s); e != a.edges.end())
                for (const auto& d : e->second) self |= d.to == s;
            it->second.recursive = comp.size() > 1 || self;
        }
    }

    // Classes: propagate dependence on true/does in SCC order (dependencies first).
    const Signature t{"true", 1}, d{"does", 2};
    a.true_deps.insert(t);
    a.true_deps.insert(k1);
    a.true_deps.insert(k2);
    a.does_deps.insert(d);
    for (int round = 0; round < 2; ++round)  // components are in order; a second pass is a cheap guard
        for (const auto& comp : a.sccs)
            for (const auto& s : comp) {
                auto e = a.edges.find(s);
                if (e == a.edges.end()) continue;
                for (const auto& dep : e->second) {
                    if (a.true_deps.count(dep.to))
                        for (const auto& m : comp) a.true_deps.insert(m);
                    if (a.does_deps.count(dep.to))
                        for (const auto& m : comp) a.does_deps.insert(m);
                }
            }
    a.true_deps.erase(t);
    a.true_deps.erase(k1);
    a.true_deps.erase(k2);
    a.does_deps.erase(d);
    for (auto& [s, info] : a.predicates) {
        if (a.does_deps.count(s)) info.cls = PredicateClass::ActionPredicate;
        else if (a.true_deps.count(s)) info.cls = PredicateClass::DerivedFluent;
        else info.cls = PredicateClass::Static;
        info.engine_cls = std::max(info.cls, keyword_class(s));
    }
    // Engine classes: each relation at least the class of what it depends on, components in
    // dependency order (members of a component share it).
    for (int round = 0; round < 2; ++round)
        for (const auto& comp : a.sccs) {
            PredicateClass c = PredicateClass::Static;
            for (const auto& s : comp) {
                if (auto it = a.predicates.find(s); it != a.predicates.end()) c = std::max(c, it->second.engine_cls);
                if (auto e = a.edges.find(s); e != a.edges.end())
                    for (const auto& dep : e->second)
                        if (auto it = a.predicates.find(dep.to); it != a.predicates.end())
                            c = std::max(c, it->second.engine_cls);
            }
            for (const auto& s : comp)
                if (auto it = a.predicates.find(s); it != a.predicates.end()) it->second.engine_cls = c;
        }
    return a;
}

PredicateClass engine_class(const Analysis& a, const Signature& sig) {
    if (const PredicateInfo* i = a.find(sig.name, sig.arity)) return i->engine_cls;
    return keyword_class(sig);
}

}  // namespace gdlsc::gdl
