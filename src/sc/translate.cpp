// The translation of a GDL-II program into a situation calculus theory (Schiffel &
// Thielscher 2011, "The mapping"): classify relations, rewrite init/true/next/does and add
// situation (and action) arguments, then take Clark's completion of every relation.
//
//   for every relation p with rules p(t⃗_i) :- body_i:
//     choose argument names X⃗ (the variable most used at each position, else X1..Xn)
//     for every rule: rename its variables apart from X⃗, A, S;
//                     a head variable at its first position j becomes X_j (no equation),
//                     any other head argument gives the equation X_j = t_j;
//                     disjunct_i = ∃(other variables). equations ∧ rewritten body
//     p(X⃗ [,A] [,S]) ≡ ∨_i disjunct_i          (⊥ when p has no rules)
#include <algorithm>
#include <map>
#include <set>

#include "sc/theory.h"

namespace gdlsc::sc {

namespace {

using gdl::PredicateClass;
using gdl::Signature;

const Term kA = Term::var("A", Sort::Action);
const Term kS = Term::var("S", Sort::Situation);

std::string capitalize(const std::string& name) {
    std::string s = name.empty() ? std::string("V") : name;
    if (s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    else if (!(s[0] >= 'A' && s[0] <= 'Z')) s = "V" + s;
    return s;
}

/// Relations and their classes after the overrides of the paper: legal, terminal and goal
/// are derived fluents, sees is a derived action predicate, and a relation whose rules use
/// GDL-III `knows` depends on the situation.
struct Classes {
    std::map<Signature, PredicateClass> cls;
    std::vector<std::string> roles;

    PredicateClass of(const Signature& s) const {
        auto it = cls.find(s);
        return it == cls.end() ? PredicateClass::Static : it->second;
    }
};

bool is_term_literal_keyword(const std::string& n) {
    return n == "not" || n == "and" || n == "or" || n == "distinct";
}

/// Rewrites the literals of one rule; `rename` maps GDL variable names to theory names.
class Rewriter {
public:
    Rewriter(const Classes& c, std::map<std::string, std::string> rename, Term a, Term s)
        : classes_(c), rename_(std::move(rename)), a_(std::move(a)), s_(std::move(s)) {}

    Term term(const gdl::Term& t) const {
        if (t.is_variable()) {
            auto it = rename_.find(t.name);
            return Term::var(it == rename_.end() ? capitalize(t.name) : it->second);
        }
        std::vector<Term> args;
        for (const auto& x : t.args) args.push_back(term(x));
        return Term::fun(t.name, std::move(args));
    }

    std::vector<Term> terms(const std::vector<gdl::Term>& ts) const {
        std::vector<Term> out;
        for (const auto& t : ts) out.push_back(term(t));
        return out;
    }

    Formula literal(const gdl::Literal& l) {
        switch (l.kind) {
            case gdl::Literal::Kind::Atom: return atom(l.atom);
            case gdl::Literal::Kind::Distinct:
                return Formula::neg(Formula::eq(term(l.atom.args[0]), term(l.atom.args[1])));
            case gdl::Literal::Kind::Not: return Formula::neg(literals(l.sub));
            case gdl::Literal::Kind::And: return literals(l.sub);
            case gdl::Literal::Kind::Or: {
                std::vector<Formula> fs;
                for (const auto& s : l.sub) fs.push_back(literal(s));
                return Formula::disj(std::move(fs));
            }
        }
        return Formula::top();
    }

    Formula literals(const std::vector<gdl::Literal>& ls) {
        std::vector<Formula> fs;
        for (const auto& l : ls) fs.push_back(literal(l));
        return Formula::conj(std::move(fs));
    }

    /// A relational atom with the rewriting of the paper (rules 1-5).
    Formula atom(const gdl::Term& t) {
        const auto& n = t.name;
        const size_t k = t.args.size();
        if (t.is_variable()) return Formula::atom(capitalize(n), {});
        if (n == "true" && k == 1) return Formula::builtin_atom("Holds", {term(t.args[0]), s_});
        if (n == "init" && k == 1) return Formula::builtin_atom("Holds", {term(t.args[0]), Term::s0()});
        if (n == "next" && k == 1)
            return Formula::builtin_atom("Holds", {term(t.args[0]), Term::do_(a_, s_)});
        if (n == "does" && k == 2) return Formula::eq(Term::act(term(t.args[0]), a_), term(t.args[1]));
        if (n == "knows" && (k == 1 || k == 2)) return knows_atom(t);
        std::vector<Term> args = terms(t.args);
        PredicateClass c = classes_.of(gdl::signature(t));
        if (c != PredicateClass::Static) {
            if (c == PredicateClass::ActionPredicate) args.push_back(a_);
            args.push_back(s_);
        }
        std::string b = builtin_name(n);
        if (!b.empty()) return Formula::builtin_atom(b, std::move(args));
        return Formula::atom(n, std::move(args));
    }

private:
    /// GDL-III: (knows R φ) → ∀S'. K(R, S', S) ⊃ φ[S'];  (knows φ) → ∀S'. CK(S', S) ⊃ φ[S'].
    Formula knows_atom(const gdl::Term& t) {
        Term inner = Term::var(s_.kind == Term::Kind::Var ? s_.name + "'" : "S'", Sort::Situation);
        Rewriter sub(classes_, rename_, a_, inner);
        Formula phi = sub.literal(term_literal(t.args.back()));
        if (t.args.size() == 2) return knows(term(t.args[0]), inner, std::move(phi), s_);
        return Formula::forall({inner},
                               Formula::implies(Formula::builtin_atom("CK", {inner, s_}), std::move(phi)));
    }

    /// A formula written as a term inside `knows`: (not φ), (and ...), (or ...), (distinct x y), atoms.
    static gdl::Literal term_literal(const gdl::Term& t) {
        if (t.is_compound() && is_term_literal_keyword(t.name)) {
            if (t.name == "distinct" && t.args.size() == 2)
                return gdl::Literal::make_distinct(t.args[0], t.args[1], t.loc);
            std::vector<gdl::Literal> subs;
            for (const auto& a : t.args) subs.push_back(term_literal(a));
            if (t.name == "not") return gdl::Literal::make_not(gdl::Literal::make_and(std::move(subs), t.loc), t.loc);
            if (t.name == "and") return gdl::Literal::make_and(std::move(subs), t.loc);
            return gdl::Literal::make_or(std::move(subs), t.loc);
        }
        return gdl::Literal::make_atom(t);
    }

    const Classes& classes_;
    std::map<std::string, std::string> rename_;
    Term a_, s_;
};

/// Preferred argument names of keyword relations (as in the papers).
std::vector<std::string> keyword_arg_names(const std::string& n, size_t arity) {
    if ((n == "legal" || n == "input") && arity == 2) return {"R", "M"};
    if (n == "goal" && arity == 2) return {"R", "N"};
    if ((n == "sees" || n == "percept") && arity == 2) return {"R", "P"};
    if ((n == "init" || n == "next" || n == "base") && arity == 1) return {"F"};
    if (n == "role" && arity == 1) return {"R"};
    return {};
}

/// Argument names X⃗ of a completion: keyword names, else the variable most often used at
/// each position (earliest on ties), else Xj; never A, S or a name chosen before.
std::vector<std::string> choose_arg_names(const Signature& sig, const std::vector<const gdl::Rule*>& rules) {
    std::vector<std::string> names = keyword_arg_names(sig.name, sig.arity);
    if (!names.empty()) return names;
    std::set<std::string> taken = {"A", "S"};
    for (size_t j = 0; j < sig.arity; ++j) {
        std::map<std::string, int> count;
        std::vector<std::string> order;
        for (const auto* r : rules) {
            const auto& t = r->head.args[j];
            if (!t.is_variable()) continue;
            std::string c = capitalize(t.name);
            if (!count.count(c)) order.push_back(c);
            ++count[c];
        }
        std::string best;
        for (const auto& c : order)
            if (!taken.count(c) && (best.empty() || count[c] > count[best])) best = c;
        if (best.empty()) {
            const std::string base = sig.arity == 1 ? "X" : "X" + std::to_string(j + 1);
            best = base;
            for (int i = 1; taken.count(best); ++i) best = base + "_" + std::to_string(i);
        }
        taken.insert(best);
        names.push_back(best);
    }
    return names;
}

std::string fresh(const std::string& base, const std::set<std::string>& used) {
    if (!used.count(base)) return base;
    for (int i = 1;; ++i) {
        std::string c = base + std::to_string(i);
        if (!used.count(c)) return c;
    }
}

/// The head atom of a completion or clause: p(args [,A] [,S]), Holds(F, s0), Holds(F, Do(A,S)).
Formula head_atom(Definition::Kind kind, const Signature& sig, PredicateClass cls, std::vector<Term> args) {
    if (kind == Definition::Kind::Init) return Formula::builtin_atom("Holds", {args[0], Term::s0()});
    if (kind == Definition::Kind::Next) return Formula::builtin_atom("Holds", {args[0], Term::do_(kA, kS)});
    if (cls == PredicateClass::ActionPredicate) args.push_back(kA);
    if (cls != PredicateClass::Static) args.push_back(kS);
    std::string b = builtin_name(sig.name);
    return b.empty() ? Formula::atom(sig.name, std::move(args)) : Formula::builtin_atom(b, std::move(args));
}

Definition define(Definition::Kind kind, const Signature& sig, PredicateClass cls, bool recursive,
                  const std::vector<const gdl::Rule*>& rules, const Classes& classes) {
    Definition d;
    d.kind = kind;
    d.sig = sig;
    d.cls = cls;
    d.recursive = recursive;
    d.defined = !rules.empty();
    const Term s = kind == Definition::Kind::Init ? Term::s0() : kS;
    const std::vector<std::string> h = choose_arg_names(sig, rules);
    std::set<std::string> reserved = {"A", "S"};
    std::vector<Term> hvars;
    for (const auto& n : h) {
        reserved.insert(n);
        hvars.push_back(Term::var(n));
    }

    std::vector<Formula> disjuncts;
    for (const auto* r : rules) {
        std::vector<std::string> vars;
        r->head.collect_variables(vars);
        for (const auto& l : r->body) l.collect_variables(vars);

        // The stored clause: variables capitalised, apart from A and S.
        std::map<std::string, std::string> plain;
        std::set<std::string> used = {"A", "S"};
        for (const auto& v : vars) used.insert(plain[v] = fresh(capitalize(v), used));
        Rewriter pr(classes, plain, kA, s);
        d.clauses.push_back({r->loc, head_atom(kind, sig, cls, pr.terms(r->head.args)), pr.literals(r->body)});

        // The disjunct of the completion.
        std::map<std::string, std::string> rename;
        std::vector<bool> bound_here(h.size(), false);
        for (size_t j = 0; j < r->head.args.size() && j < h.size(); ++j) {
            const auto& t = r->head.args[j];
            if (t.is_variable() && !rename.count(t.name)) {
                rename[t.name] = h[j];
                bound_here[j] = true;
            }
        }
        used = reserved;
        for (const auto& v : vars)
            if (!rename.count(v)) used.insert(rename[v] = fresh(capitalize(v), used));
        Rewriter rw(classes, rename, kA, s);
        std::vector<Formula> parts;
        for (size_t j = 0; j < r->head.args.size() && j < h.size(); ++j)
            if (!bound_here[j]) parts.push_back(Formula::eq(hvars[j], rw.term(r->head.args[j])));
        parts.push_back(rw.literals(r->body));
        Formula body = Formula::conj(std::move(parts));
        std::vector<Term> evars;
        for (const auto& v : body.free_variables())
            if (v.sort == Sort::Object && !reserved.count(v.name)) evars.push_back(v);
        disjuncts.push_back(Formula::exists(std::move(evars), std::move(body)));
    }
    d.completion = Formula::iff(head_atom(kind, sig, cls, hvars), Formula::disj(std::move(disjuncts)));
    return d;
}

Axiom make_axiom(std::string name, Formula f) { return Axiom{std::move(name), std::move(f)}; }

}  // namespace

std::string builtin_name(const std::string& n) {
    if (n == "legal") return "Legal";
    if (n == "terminal") return "Terminal";
    if (n == "goal") return "Goal";
    if (n == "sees") return "Sees";
    return {};
}

Formula knows(Term role, const Term& situation_var, Formula phi, Term sigma) {
    return Formula::forall({situation_var},
                           Formula::implies(Formula::builtin_atom("K", {std::move(role), situation_var, std::move(sigma)}),
                                            std::move(phi)));
}

const Definition* Theory::find(const std::string& name, size_t arity) const {
    for (const auto& d : relations)
        if (d.sig.name == name && d.sig.arity == arity) return &d;
    return nullptr;
}

Theory translate(const gdl::Program& program, const gdl::Analysis& an) {
    Theory th;
    th.roles = an.roles;

    // Relations to define: every relation of the program but the rewritten keywords,
    // plus the keywords the axioms refer to.
    const std::set<Signature> rewritten = {{"true", 1}, {"does", 2}, {"distinct", 2}, {"init", 1},
                                           {"next", 1}, {"knows", 1}, {"knows", 2}};
    Classes classes;
    classes.roles = an.roles;
    std::vector<Signature> order;  // first occurrence in the program
    auto see = [&](const Signature& s) {
        if (rewritten.count(s) || std::find(order.begin(), order.end(), s) != order.end()) return;
        order.push_back(s);
    };
    for (const auto& r : program.rules) {
        if (!r.head.is_variable()) see(gdl::signature(r.head));
        for (const auto& l : r.body)
            gdl::for_each_atom(l, [&](const gdl::Term& t, bool) {
                if (!t.is_variable()) see(gdl::signature(t));
            });
    }
    for (const Signature& s : std::vector<Signature>{{"role", 1}, {"legal", 2}, {"terminal", 0}, {"goal", 2}, {"sees", 2}})
        see(s);

    for (const auto& s : order) classes.cls[s] = gdl::engine_class(an, s);

    auto rules_of = [&](const Signature& s) {
        std::vector<const gdl::Rule*> rs;
        for (const auto& r : program.rules)
            if (!r.head.is_variable() && gdl::signature(r.head) == s) rs.push_back(&r);
        return rs;
    };
    auto recursive = [&](const Signature& s) {
        const auto* info = an.find(s.name, s.arity);
        return info && info->recursive;
    };

    // Output order: statics, derived fluents, action predicates; keywords first in each.
    const std::vector<Signature> first = {{"role", 1}, {"legal", 2}, {"terminal", 0}, {"goal", 2}, {"sees", 2}};
    std::stable_sort(order.begin(), order.end(), [&](const Signature& x, const Signature& y) {
        auto rank = [&](const Signature& s) {
            auto it = std::find(first.begin(), first.end(), s);
            return std::pair<int, long>(static_cast<int>(classes.of(s)), it == first.end() ? 99 : it - first.begin());
        };
        return rank(x) < rank(y);
    });
    for (const auto& s : order)
        th.relations.push_back(define(Definition::Kind::Relation, s, classes.of(s), recursive(s), rules_of(s), classes));

    th.initial = define(Definition::Kind::Init, {"init", 1}, PredicateClass::Static, false, rules_of({"init", 1}), classes);
    th.successor = define(Definition::Kind::Next, {"next", 1}, PredicateClass::ActionPredicate, false,
                          rules_of({"next", 1}), classes);
    th.uses_common_knowledge = false;
    for (const auto& r : program.rules)
        for (const auto& l : r.body)
            gdl::for_each_atom(l, [&](const gdl::Term& t, bool) {
                if (t.name == "knows" && t.args.size() == 1) th.uses_common_knowledge = true;
            });

    // Compound actions: Act(r_i, ⟨M1,...,Mk⟩) = M_i, and every action is such a tuple.
    std::vector<Term> ms;
    for (size_t i = 0; i < th.roles.size(); ++i) ms.push_back(Term::var("M" + std::to_string(i + 1)));
    for (size_t i = 0; i < th.roles.size(); ++i)
        th.actions.push_back(make_axiom("act_" + std::to_string(i + 1),
                                        Formula::eq(Term::act(Term::fun(th.roles[i]), Term::tuple(ms)), ms[i])));
    th.action_domain = make_axiom("action_tuples", Formula::exists(ms, Formula::eq(kA, Term::tuple(ms))));
    const Term r = Term::var("R");
    th.actions.push_back(make_axiom(
        "act_non_roles", Formula::implies(Formula::neg(Formula::atom("role", {r})),
                                          Formula::eq(Term::act(r, kA), Term::theory_constant("nomove")))));

    // Poss(A, S) ≡ ¬Terminal(S) ∧ ∀R. role(R) ⊃ Legal(R, Act(R, A), S)
    th.precondition = make_axiom(
        "precondition",
        Formula::iff(Formula::builtin_atom("Poss", {kA, kS}),
                     Formula::conj({Formula::neg(Formula::builtin_atom("Terminal", {kS})),
                                    Formula::forall({r}, Formula::implies(Formula::atom("role", {r}),
                                                                          Formula::builtin_atom(
                                                                              "Legal", {r, Term::act(r, kA), kS})))})));

    // K(R, S', s0) ≡ S' = s0
    const Term s1 = Term::var("S'", Sort::Situation), s2 = Term::var("S''", Sort::Situation);
    const Term a1 = Term::var("A'", Sort::Action), p = Term::var("P");
    th.k_initial = make_axiom("k_initial", Formula::iff(Formula::builtin_atom("K", {r, s1, Term::s0()}),
                                                        Formula::eq(s1, Term::s0())));
    // K(R, S'', Do(A, S)) ≡ ∃A', S'. S'' = Do(A', S') ∧ K(R, S', S) ∧ Poss(A', S') ∧
    //                        Act(R, A) = Act(R, A') ∧ ∀P. Sees(R, P, A, S) ≡ Sees(R, P, A', S')
    th.k_successor = make_axiom(
        "k_successor",
        Formula::iff(Formula::builtin_atom("K", {r, s2, Term::do_(kA, kS)}),
                     Formula::exists(
                         {a1, s1},
                         Formula::conj({Formula::eq(s2, Term::do_(a1, s1)), Formula::builtin_atom("K", {r, s1, kS}),
                                        Formula::builtin_atom("Poss", {a1, s1}),
                                        Formula::eq(Term::act(r, kA), Term::act(r, a1)),
                                        Formula::forall({p}, Formula::iff(Formula::builtin_atom("Sees", {r, p, kA, kS}),
                                                                          Formula::builtin_atom("Sees", {r, p, a1, s1})))}))));
    return th;
}

}  // namespace gdlsc::sc
