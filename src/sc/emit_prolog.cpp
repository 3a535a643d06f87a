// Emits the game as the Prolog module `game` (contract: doc/architecture.md).
// Body literals are reordered: positive literals keep their order, and each negation,
// distinct or disjunction that needs variables is placed right after the literals that
// bind them, so \+ and \== never see an unbound variable in a safe rule.
#include "sc/emit_prolog.h"
#include "sc/prolog_atom.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace gdlsc::sc {
namespace {

using gdl::Literal;
using gdl::PredicateClass;
using gdl::Signature;
using gdl::Term;
using VarSet = std::set<std::string>;

// The development marker in the states of a GDL-III game, as a pattern (kWorldMarkerName).
const std::string kWorldMarker = "'" + std::string(kWorldMarkerName) + "'(_)";

// The extra arguments of every relation come from its engine class (gdl::Analysis: the
// keyword conventions, carried along dependencies), the one classification every engine uses.
using ClassMap = std::map<Signature, PredicateClass>;

ClassMap effective_classes(const gdl::Analysis& a) {
    ClassMap cls;
    for (const auto& [s, info] : a.predicates) cls[s] = info.engine_cls;
    return cls;
}

class RuleWriter {
public:
    RuleWriter(const ClassMap& cls, const std::vector<std::string>& roles, bool epistemic)
        : cls_(cls), roles_(roles), epistemic_(epistemic) {}

    std::string rule(const gdl::Rule& r) {
        counts_.clear();
        names_.clear();
        fresh_ = 0;
        count(r.head);
        for (const auto& l : r.body) count(l);
        head_vars_.clear();
        vars_of(r.head, head_vars_);
        std::string out = head(r.head);
        if (r.body.empty()) return out + ".\n";
        VarSet bound;
        std::string slow = conjunction(r.body, bound, "\n    ");
        // Fast path: when the caller binds the head variables of a later `true` literal
        // (the role of a legal move, say), that membership test goes first. Reordering
        // positive literals changes neither the answers nor their number.
        VarSet guard;
        std::vector<Literal> fast;
        for (size_t i = 1; i < r.body.size() && guard.empty(); ++i) {
            const Literal& l = r.body[i];
            if (l.kind != Literal::Kind::Atom || l.atom.name != "true" || l.atom.args.size() != 1) continue;
            VarSet v;
            vars_of(l.atom, v);
            if (!v.empty() && subset(v, head_vars_)) guard = v;
        }
        if (guard.empty()) return out + " :-\n    " + slow + ".\n";
        std::vector<Literal> rest;
        for (const auto& l : r.body) {
            VarSet v;
            vars_of(l.atom, v);
            bool check = l.kind == Literal::Kind::Atom && l.atom.name == "true" && subset(v, guard);
            (check ? fast : rest).push_back(l);
        }
        fast.insert(fast.end(), rest.begin(), rest.end());
        std::string g = ground_test(guard, "");
        VarSet fast_bound = guard;
        std::string quick = conjunction(fast, fast_bound, "\n        ");
        slow_guard_ = guard;
        std::string general = conjunction(r.body, bound = {}, "\n        ");
        slow_guard_.clear();
        return out + " :-\n    (   " + g + "\n    ->  " + quick + "\n    ;   " + general + "\n    ).\n";
    }

    std::string term(const Term& t) {
        switch (t.kind) {
            case Term::Kind::Variable: return var(t.name);
            // The constant [] is Prolog's empty list, as on the C++ side (src/prolog/convert.cpp).
            case Term::Kind::Constant: return t.name == "[]" ? std::string("[]") : prolog_atom(t.name);
            case Term::Kind::Compound: {
                std::string s = prolog_atom(t.name) + "(";
                for (size_t i = 0; i < t.args.size(); ++i) s += (i ? ", " : "") + term(t.args[i]);
                return s + ")";
            }
        }
        return "_";
    }

private:
    void count(const Term& t) {
        if (t.is_variable()) ++counts_[t.name];
        for (const auto& a : t.args) count(a);
    }
    void count(const Literal& l) {
        count(l.atom);
        for (const auto& s : l.sub) count(s);
    }
    std::string var(const std::string& n) {
        if (counts_[n] <= 1) return "_";
        auto it = names_.find(n);
        if (it != names_.end()) return it->second;
        std::string v = "V" + std::to_string(names_.size());
        names_[n] = v;
        return v;
    }

    PredicateClass class_of(const Signature& s) const {
        auto it = cls_.find(s);
        return it == cls_.end() ? gdl::keyword_class(s) : it->second;
    }

    // The test that the variables `vs` (of `term`, when given) are bound to ground terms:
    // nonvar/1 of each first, which the VM runs inline, so that the usual failing case
    // (a variable left free by the caller) never reaches ground/1, a foreign call; then
    // ground/1 of the term, or of each variable.
    std::string ground_test(const VarSet& vs, const std::string& term_text) {
        std::string g;
        for (const auto& v : vs) g += (g.empty() ? "nonvar(" : ", nonvar(") + var(v) + ")";
        if (!term_text.empty()) return g + ", ground(" + term_text + ")";
        for (const auto& v : vs) g += ", ground(" + var(v) + ")";
        return g;
    }

    // 'g:p'(Args[, A], S) by class.
    std::string call(const Term& t) {
        PredicateClass c = class_of(gdl::signature(t));
        std::vector<std::string> args;
        for (const auto& a : t.args) args.push_back(term(a));
        if (c == PredicateClass::ActionPredicate) args.push_back("A");
        if (c != PredicateClass::Static) args.push_back(state_);
        std::string s = prolog_atom("g:" + t.name);
        if (args.empty()) return s;
        s += "(";
        for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i];
        return s + ")";
    }

    std::string head(const Term& h) { return call(h); }

    static void vars_of(const Term& t, VarSet& out) {
        if (t.is_variable()) out.insert(t.name);
        for (const auto& a : t.args) vars_of(a, out);
    }

    // Variables a literal binds when it succeeds (generators) and those it needs bound first (tests).
    static VarSet binds(const Literal& l) {
        VarSet out;
        switch (l.kind) {
            case Literal::Kind::Atom: vars_of(l.atom, out); break;
            case Literal::Kind::Not:
            case Literal::Kind::Distinct: break;
            case Literal::Kind::And:
                for (const auto& s : l.sub) {
                    VarSet b = binds(s);
                    out.insert(b.begin(), b.end());
                }
                break;
            case Literal::Kind::Or: {
                bool first = true;
                for (const auto& s : l.sub) {
                    VarSet b = binds(s);
                    if (first) out = b;
                    else {
                        VarSet i;
                        std::set_intersection(out.begin(), out.end(), b.begin(), b.end(), std::inserter(i, i.end()));
                        out = i;
                    }
                    first = false;
                }
                break;
            }
        }
        return out;
    }
    static VarSet needs(const Literal& l) {
        VarSet out;
        switch (l.kind) {
            case Literal::Kind::Atom: break;
            case Literal::Kind::Not:
            case Literal::Kind::Distinct:
                for (const auto& s : l.sub) vars_of_literal(s, out);
                vars_of(l.atom, out);
                break;
            case Literal::Kind::And:
            case Literal::Kind::Or:
                for (const auto& s : l.sub) {
                    VarSet n = needs(s), b = binds(s);
                    if (l.kind == Literal::Kind::And) {
                        VarSet all_b = binds(l);
                        for (const auto& v : n)
                            if (!all_b.count(v)) out.insert(v);
                    } else {
                        for (const auto& v : n)
                            if (!b.count(v)) out.insert(v);
                    }
                }
                break;
        }
        return out;
    }
    static void vars_of_literal(const Literal& l, VarSet& out) {
        vars_of(l.atom, out);
        for (const auto& s : l.sub) vars_of_literal(s, out);
    }
    static bool is_test(const Literal& l) { return !needs(l).empty() || l.kind == Literal::Kind::Not ||
                                                   l.kind == Literal::Kind::Distinct; }
    static bool subset(const VarSet& a, const VarSet& b) {
        return std::all_of(a.begin(), a.end(), [&](const std::string& v) { return b.count(v) > 0; });
    }

    // Orders and renders a conjunction; `bound` is updated with the variables it binds.
    // A `true` (or `does` of a known role) literal whose variables are all bound by the
    // literals before it is a pure membership test: it can run as soon as they are bound.
    static bool early_test(const Literal& l, const VarSet& avail) {
        if (l.kind != Literal::Kind::Atom) return false;
        const Term& t = l.atom;
        bool membership = (t.name == "true" && t.args.size() == 1) ||
                          (t.name == "does" && t.args.size() == 2 && t.args[0].is_constant());
        if (!membership) return false;
        VarSet v;
        vars_of(t, v);
        return subset(v, avail);
    }

    // Orders and renders a conjunction; `bound` is updated with the variables it binds.
    // Generators keep their order; every test (negation, distinct, a disjunction that
    // needs outer variables, a membership test) goes right after the generators that
    // bind its variables.
    std::string conjunction(const std::vector<Literal>& lits, VarSet& bound, const std::string& sep) {
        std::vector<std::string> parts;
        std::vector<std::pair<const Literal*, VarSet>> pending;
        std::vector<const Literal*> generators;
        VarSet avail = bound;
        for (const auto& l : lits) {
            if (is_test(l)) {
                pending.emplace_back(&l, needs(l));
            } else if (early_test(l, avail)) {
                VarSet v;
                vars_of(l.atom, v);
                pending.emplace_back(&l, v);
            } else {
                generators.push_back(&l);
            }
            VarSet b = binds(l);
            avail.insert(b.begin(), b.end());
        }
        auto flush = [&] {
            for (auto it = pending.begin(); it != pending.end();) {
                if (subset(it->second, bound)) {
                    parts.push_back(literal(*it->first, bound));
                    it = pending.erase(it);
                } else {
                    ++it;
                }
            }
        };
        flush();
        for (const Literal* g : generators) {
            parts.push_back(literal(*g, bound));
            flush();
        }
        for (const auto& [l, n] : pending) parts.push_back(literal(*l, bound));  // unsafe rule: keep it anyway
        if (parts.empty()) return "true";
        std::string out;
        for (size_t i = 0; i < parts.size(); ++i) out += (i ? "," + sep : "") + parts[i];
        return out;
    }

    std::string literal(const Literal& l, VarSet& bound) {
        switch (l.kind) {
            case Literal::Kind::Atom: {
                std::string s = atom(l.atom, bound);
                vars_of(l.atom, bound);
                return s;
            }
            case Literal::Kind::Distinct:
                return term(l.atom.args.at(0)) + " \\== " + term(l.atom.args.at(1));
            case Literal::Kind::Not: {
                VarSet inner = bound;
                return "\\+ ( " + literal(l.sub.at(0), inner) + " )";
            }
            case Literal::Kind::And: return "( " + conjunction(l.sub, bound, " ") + " )";
            case Literal::Kind::Or: {
                std::string s = "( ";
                VarSet after;
                bool first = true;
                for (const auto& d : l.sub) {
                    VarSet b = bound;
                    std::vector<Literal> conj = d.kind == Literal::Kind::And ? d.sub : std::vector<Literal>{d};
                    s += (first ? "" : " ; ") + conjunction(conj, b, " ");
                    if (first) after = b;
                    else {
                        VarSet i;
                        std::set_intersection(after.begin(), after.end(), b.begin(), b.end(), std::inserter(i, i.end()));
                        after = i;
                    }
                    first = false;
                }
                bound = after;
                return s + " )";
            }
        }
        return "true";
    }

    std::string atom(const Term& t, const VarSet& bound) {
        const std::string& S = state_;
        if (t.name == "true" && t.args.size() == 1) {
            VarSet v;
            vars_of(t, v);
            std::string f = term(t.args[0]);
            // A ground fluent is looked up with ord_memberchk: the state is sorted, so a
            // miss stops at the first larger fluent instead of scanning the whole list.
            if (subset(v, bound)) return "ord_memberchk(" + f + ", " + S + ")";
            // In a GDL-III game the state carries its development's marker (kWorldMarker,
            // prolog/gdlsc_developments.pl): (true ?x) must not enumerate it.
            std::string enumerate = "member(" + f + ", " + S + ")";
            if (epistemic_ && t.args[0].is_variable()) enumerate += ", " + f + " \\= " + kWorldMarker;
            // Variables of the head may be bound by the caller (e.g. the role of a legal
            // move): then one lookup beats enumerating the state.
            VarSet maybe = bound;
            maybe.insert(head_vars_.begin(), head_vars_.end());
            // In the general order of a guarded rule some guard variable was not ground on
            // entry; if the fluent holds every guard variable and no literal has bound one
            // since, it cannot be ground: enumerate without testing.
            if (subset(v, maybe) && !slow_guard_.empty() && subset(slow_guard_, v) &&
                std::none_of(slow_guard_.begin(), slow_guard_.end(), [&](const std::string& g) { return bound.count(g) > 0; }))
                return enumerate;
            if (subset(v, maybe))
                return "( " + ground_test(v, f) + " -> ord_memberchk(" + f + ", " + S + ") ; " + enumerate + " )";
            return enumerate;
        }
        if (t.name == "does" && t.args.size() == 2) {
            const Term& r = t.args[0];
            if (r.is_variable()) {
                std::string i = "I" + std::to_string(fresh_++);
                return "role_index(" + term(r) + ", " + i + "), arg(" + i + ", A, " + term(t.args[1]) + ")";
            }
            auto it = std::find(roles_.begin(), roles_.end(), r.name);
            if (it == roles_.end() || !r.is_constant()) return "fail";
            return "arg(" + std::to_string(it - roles_.begin() + 1) + ", A, " + term(t.args[1]) + ")";
        }
        if (t.name == "knows" && (t.args.size() == 1 || t.args.size() == 2)) return knows(t, bound);
        return call(t);
    }

    // GDL-III (knows R P) / (knows P): a call of the knowledge runtime with P as a term and as a goal over
    // a state variable of its own, which the runtime binds to the state of each development
    // of the information set (or of the common-knowledge closure). The validation has
    // checked that P is a relation that does not depend on does.
    std::string knows(const Term& t, const VarSet& bound) {
        const Term& p = t.args.back();
        std::string k = "K" + std::to_string(fresh_++);
        std::string saved = state_;
        state_ = k;
        std::string goal = atom(p, bound);
        state_ = saved;
        // P itself (as a term) comes first: a development whose knowledge was computed
        // outside Prolog (on the step network) answers by looking P up.
        if (t.args.size() == 1)
            return "gdlsc_developments:rule_common(" + term(p) + ", " + k + ", (" + goal + "), " + state_ + ")";
        return "gdlsc_developments:rule_knows(" + term(t.args[0]) + ", " + term(p) + ", " + k + ", (" + goal + "), " +
               state_ + ")";
    }

    const ClassMap& cls_;
    const std::vector<std::string>& roles_;
    bool epistemic_ = false;    // the game has knows in its rules (GDL-III)
    std::string state_ = "S";  // the state variable of the literal being written
    std::map<std::string, int> counts_;
    std::map<std::string, std::string> names_;
    VarSet head_vars_;
    VarSet slow_guard_;  // while writing the general order of a guarded rule: the guard's variables
    int fresh_ = 0;
};

void ground_subterms(const Term& t, std::set<Term>& out) {
    for (const auto& a : t.args) ground_subterms(a, out);
    if (t.is_ground()) {
        Term c = t;
        out.insert(c);
    }
}

const char* class_word(PredicateClass c) {
    switch (c) {
        case PredicateClass::Static: return "static";
        case PredicateClass::DerivedFluent: return "fluent";
        case PredicateClass::ActionPredicate: return "action";
    }
    return "static";
}

int extra_args(PredicateClass c) {
    return c == PredicateClass::ActionPredicate ? 2 : c == PredicateClass::DerivedFluent ? 1 : 0;
}

}  // namespace

std::string emit_prolog(const gdl::Program& program, const gdl::Analysis& analysis) {
    ClassMap cls = effective_classes(analysis);
    // Keyword relations always exist (possibly without rules), so the runtime never
    // meets an unknown predicate.
    const std::vector<Signature> keywords = {{"role", 1}, {"init", 1},     {"legal", 2}, {"next", 1},
                                             {"terminal", 0}, {"goal", 2}, {"sees", 2}};
    for (const auto& k : keywords)
        if (!cls.count(k)) cls[k] = gdl::keyword_class(k);

    const bool epistemic = analysis.epistemic;
    RuleWriter w(cls, analysis.roles, epistemic);
    std::ostringstream out;
    std::string name = program.sources.empty() ? std::string("<game>") : program.sources.front()->name;
    out << "% The game " << prolog_atom(name) << " as Prolog, generated by gdlsc (doc/architecture.md).\n"
        << "% Game symbols are quoted atoms; relation p is the predicate 'g:p'.\n"
        << ":- module(game, []).\n"
        << ":- use_module(library(ordsets), [ord_memberchk/2]).\n"
        << ":- style_check(-singleton).\n"
        << ":- style_check(-discontiguous).\n\n";

    out << "roles([";
    for (size_t i = 0; i < analysis.roles.size(); ++i) out << (i ? ", " : "") << prolog_atom(analysis.roles[i]);
    out << "]).\n";
    for (size_t i = 0; i < analysis.roles.size(); ++i)
        out << "role_index(" << prolog_atom(analysis.roles[i]) << ", " << i + 1 << ").\n";

    out << "\n% epistemic: the rules use GDL-III knows; every state the runtime passes carries\n"
        << "% the marker " << kWorldMarker << " of its development.\n"
        << (epistemic ? "epistemic.\n" : ":- dynamic(epistemic/0).\n");
    out << "\n% relation(Name, Arity, Class): every relation and its extra arguments.\n";
    for (const auto& [s, c] : cls) out << "relation(" << prolog_atom(s.name) << ", " << s.arity << ", " << class_word(c) << ").\n";

    // Predicates with rules, in order of first definition; the rest are declared empty.
    std::vector<Signature> order;
    std::map<Signature, std::vector<const gdl::Rule*>> rules;
    for (const auto& r : program.rules) {
        if (r.head.is_variable() || r.head.name == "true" || r.head.name == "does" || r.head.name == "distinct")
            continue;
        Signature s = gdl::signature(r.head);
        if (!rules.count(s)) order.push_back(s);
        rules[s].push_back(&r);
    }
    out << "\n";
    for (const auto& [s, c] : cls) {
        if (rules.count(s)) continue;
        out << ":- dynamic(" << prolog_atom("g:" + s.name) << "/" << s.arity + extra_args(c) << ").\n";
    }
    for (const auto& [s, info] : analysis.predicates) {
        if (!info.recursive || !rules.count(s)) continue;
        out << ":- table(" << prolog_atom("g:" + s.name) << "/" << s.arity + extra_args(cls[s]) << ").\n";
    }

    std::set<Term> universe;
    for (const auto& r : program.rules) {
        for (const auto& a : r.head.args) ground_subterms(a, universe);
        for (const auto& l : r.body)
            gdl::for_each_atom(l, [&](const Term& t, bool) {
                for (const auto& a : t.args) ground_subterms(a, universe);
            });
    }
    for (const auto& r : analysis.roles) universe.insert(Term::constant(r));
    out << "\n% universe_term(T): the ground terms of the program (quantifier domain, with the state's).\n";
    for (const auto& t : universe) out << "universe_term(" << w.term(t) << ").\n";

    for (const auto& s : order) {
        out << "\n% " << s.str() << "\n";
        for (const auto* r : rules[s]) out << w.rule(*r);
    }
    return out.str();
}

}  // namespace gdlsc::sc
