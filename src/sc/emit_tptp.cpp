// The TPTP emitter: the theory as first-order formulas (FOF) that E and other provers read.
// TPTP wants lower-case functors and upper-case variables, and one arity per symbol:
// game symbols keep their name when it is a TPTP lower_word, are quoted otherwise ('7',
// 'bettingRound'), get a `g_` prefix when they collide with a symbol of the theory (holds,
// do, ...) and an arity suffix (`_p2`, `_f1`) when one name is used with several arities or
// as both relation and function. Unique names: every constructor f/n gets
// symbol_of(f(X⃗)) = "f/n" (E treats "..." as distinct objects) and is injective.
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "sc/emit.h"

namespace gdlsc::sc {

namespace {

bool is_lower_word(const std::string& s) {
    if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

std::string quote(const std::string& s, char q) {
    std::string out(1, q);
    for (char c : s) {
        if (c == q || c == '\\') out += '\\';
        out += c;
    }
    return out + q;
}

/// Theory symbols and their TPTP names.
const std::map<std::string, std::string>& builtin_symbols() {
    static const std::map<std::string, std::string> m = {
        {"Holds", "holds"}, {"Poss", "poss"}, {"K", "k"},     {"CK", "ck"},         {"Legal", "legal"},
        {"Terminal", "terminal"}, {"Goal", "goal"}, {"Sees", "sees"}, {"Do", "do"}, {"Act", "act"},
        {"s0", "s0"},     {"nomove", "nomove"}, {"<tuple>", "joint"}, {"<symbol_of>", "symbol_of"}};
    return m;
}

struct Symbol {
    bool pred = false;
    std::string name;
    size_t arity = 0;
    friend auto operator<=>(const Symbol&, const Symbol&) = default;
};

void collect(const Term& t, std::set<Symbol>& out) {
    if (t.kind == Term::Kind::Fun) out.insert({false, t.name, t.args.size()});
    for (const auto& a : t.args) collect(a, out);
}

void collect(const Formula& f, std::set<Symbol>& out) {
    if (f.kind == Formula::Kind::Atom && !f.builtin) out.insert({true, f.pred, f.args.size()});
    for (const auto& t : f.args) collect(t, out);
    for (const auto& s : f.subs) collect(s, out);
}

std::vector<const Formula*> all_formulas(const Theory& th) {
    std::vector<const Formula*> fs;
    for (const auto& d : th.relations) fs.push_back(&d.completion);
    fs.push_back(&th.initial.completion);
    fs.push_back(&th.successor.completion);
    for (const auto& a : th.actions) fs.push_back(&a.formula);
    fs.push_back(&th.action_domain.formula);
    fs.push_back(&th.precondition.formula);
    fs.push_back(&th.k_initial.formula);
    fs.push_back(&th.k_successor.formula);
    return fs;
}

/// The names of all game symbols of a theory.
class Names {
public:
    explicit Names(const Theory& th) {
        for (const auto* f : all_formulas(th)) collect(*f, game_);
        std::set<std::string> taken;
        for (const auto& [_, n] : builtin_symbols()) taken.insert(n);
        std::map<std::string, int> uses;
        for (const auto& s : game_) ++uses[s.name];
        for (const auto& s : game_) {
            std::string raw = s.name;
            for (const auto& [_, n] : builtin_symbols())
                if (raw == n) raw = "g_" + raw;
            if (uses[s.name] > 1) raw += std::string("_") + (s.pred ? "p" : "f") + std::to_string(s.arity);
            while (taken.count(raw)) raw += "_";
            taken.insert(raw);
            names_[s] = raw;
        }
    }

    std::string symbol(bool pred, const std::string& name, size_t arity) const {
        auto it = names_.find({pred, name, arity});
        std::string raw = it == names_.end() ? name : it->second;
        return is_lower_word(raw) ? raw : quote(raw, '\'');
    }

    /// Every constructor of the Herbrand universe: game functions (not relations).
    std::vector<Symbol> functions() const {
        std::vector<Symbol> out;
        for (const auto& s : game_)
            if (!s.pred) out.push_back(s);
        return out;
    }

private:
    std::set<Symbol> game_;
    std::map<Symbol, std::string> names_;
};

/// Prints one formula; variables are renamed to TPTP upper_words, injectively per axiom.
class Printer {
public:
    explicit Printer(const Names& n) : names_(n) {}

    std::string var(const std::string& name) {
        auto it = vars_.find(name);
        if (it != vars_.end()) return it->second;
        std::string s;
        for (char c : name) {
            if (c == '\'') s += "p";
            else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') s += c;
            else s += "_";
        }
        if (s.empty() || !(s[0] >= 'A' && s[0] <= 'Z')) s = "V" + s;
        while (used_.count(s)) s += "_";
        used_.insert(s);
        return vars_[name] = s;
    }

    std::string term(const Term& t) {
        const auto& b = builtin_symbols();
        switch (t.kind) {
            case Term::Kind::Var: return var(t.name);
            case Term::Kind::S0: return b.at("s0");
            case Term::Kind::Const: return b.count(t.name) ? b.at(t.name) : quote(t.name, '\'');
            case Term::Kind::Do: return b.at("Do") + args(t.args);
            case Term::Kind::Act: return b.at("Act") + args(t.args);
            case Term::Kind::Tuple: return b.at("<tuple>") + args(t.args);
            case Term::Kind::Fun: return names_.symbol(false, t.name, t.args.size()) + args(t.args);
        }
        return {};
    }

    std::string args(const std::vector<Term>& ts) {
        if (ts.empty()) return {};
        std::string s = "(";
        for (size_t i = 0; i < ts.size(); ++i) s += (i ? "," : "") + term(ts[i]);
        return s + ")";
    }

    std::string formula(const Formula& f) {
        using K = Formula::Kind;
        switch (f.kind) {
            case K::True: return "$true";
            case K::False: return "$false";
            case K::Atom: {
                const auto& b = builtin_symbols();
                std::string n = f.builtin ? (b.count(f.pred) ? b.at(f.pred) : quote(f.pred, '\''))
                                          : names_.symbol(true, f.pred, f.args.size());
                return n + args(f.args);
            }
            case K::Eq: return term(f.args[0]) + " = " + term(f.args[1]);
            case K::Not:
                if (f.subs[0].kind == K::Eq) return term(f.subs[0].args[0]) + " != " + term(f.subs[0].args[1]);
                return "~ " + operand(f.subs[0]);
            case K::And:
            case K::Or:
            case K::Implies:
            case K::Iff: {
                const char* op = f.kind == K::And ? " & " : f.kind == K::Or ? " | " : f.kind == K::Implies ? " => " : " <=> ";
                std::string s;
                for (size_t i = 0; i < f.subs.size(); ++i) s += (i ? op : "") + operand(f.subs[i]);
                return s;
            }
            case K::Forall:
            case K::Exists: {
                std::string s = f.kind == K::Forall ? "![" : "?[";
                for (size_t i = 0; i < f.vars.size(); ++i) s += (i ? "," : "") + var(f.vars[i].name);
                return s + "]: " + operand(f.subs[0]);
            }
        }
        return {};
    }

    std::string operand(const Formula& f) {
        switch (f.kind) {
            case Formula::Kind::True:
            case Formula::Kind::False:
            case Formula::Kind::Atom:
            case Formula::Kind::Eq: return formula(f);
            case Formula::Kind::Not: return formula(f);
            default: return "(" + formula(f) + ")";
        }
    }

    /// The universal closure of an axiom.
    std::string closed(const Formula& f) {
        auto free = f.free_variables();
        if (free.empty()) return formula(f);
        return formula(Formula::forall(free, f));
    }

private:
    const Names& names_;
    std::map<std::string, std::string> vars_;
    std::set<std::string> used_;
};

std::string axiom_name(const std::string& prefix, const std::string& name, size_t arity) {
    std::string s = prefix;
    for (char c : name) s += ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? c : '_';
    return s + "_" + std::to_string(arity);
}

void fof(std::ostream& out, const std::string& name, const Names& names, const Formula& f, const char* role = "axiom") {
    Printer p(names);
    out << "fof(" << name << ", " << role << ",\n    " << p.closed(f) << ").\n";
}

void una(std::ostream& out, const Names& names, const Theory& th) {
    // Constructors: game functions and the theory's s0, Do, ⟨...⟩ and nomove (Act is not one).
    std::vector<Term> cons;
    auto vars = [](const char* base, size_t n) {
        std::vector<Term> v;
        for (size_t i = 0; i < n; ++i) v.push_back(Term::var(base + std::to_string(i + 1)));
        return v;
    };
    for (const auto& s : names.functions()) cons.push_back(Term::fun(s.name, vars("X", s.arity)));
    cons.push_back(Term::s0());
    cons.push_back(Term::do_(Term::var("X1"), Term::var("X2")));
    cons.push_back(Term::tuple(vars("X", th.roles.size())));
    cons.push_back(Term::theory_constant("nomove"));
    size_t k = 0;
    for (const auto& c : cons) {
        Printer p(names);
        std::string head = p.term(c);
        std::string sym = head.substr(0, head.find('(')) + "/" + std::to_string(c.args.size());
        Printer q(names);
        std::string vs;
        for (const auto& a : c.args) vs += (vs.empty() ? "" : ",") + q.term(a);
        ++k;
        out << "fof(una_" << k << ", axiom, " << (vs.empty() ? "" : "![" + vs + "]: ") << "symbol_of(" << q.term(c)
            << ") = " << quote(sym, '"') << ").\n";
        if (c.args.empty()) continue;
        Term d = c;
        d.args = vars("Y", c.args.size());
        std::vector<Formula> eqs;
        for (size_t i = 0; i < c.args.size(); ++i) eqs.push_back(Formula::eq(c.args[i], d.args[i]));
        fof(out, "una_" + std::to_string(k) + "_injective", names,
            Formula::implies(Formula::eq(c, d), Formula::conj(std::move(eqs))));
    }
}

}  // namespace

void emit_tptp(const Theory& th, const std::string& source_name, std::ostream& out) {
    Names names(th);
    out << "% Situation calculus theory of " << source_name << " in TPTP FOF (Schiffel & Thielscher 2011).\n"
        << "% Generated by gdlsc translate --format tptp; check with: eprover --auto --tptp3-format FILE\n"
        << "% Not first-order, hence left out: induction on situations, SM[F]/loop formulas for\n"
        << "% recursive relations, common knowledge as a least transitive closure (axioms/README.md).\n";

    out << "\n% --- Unique names: distinct constructors have distinct values, constructors are injective\n";
    una(out, names, th);

    out << "\n% --- Compound actions: Act(r_i, joint(M1,...,Mk)) = M_i in role order (";
    for (size_t i = 0; i < th.roles.size(); ++i) out << (i ? ", " : "") << th.roles[i];
    out << ")\n";
    for (const auto& a : th.actions) fof(out, a.name, names, a.formula);
    out << "% (Every action is some joint(M1,...,Mk): a sort constraint, not stated in untyped FOF.)\n";

    auto relations = [&](const char* title, gdl::PredicateClass c) {
        out << "\n% --- " << title << "\n";
        size_t i = 0;
        for (const auto& d : th.relations) {
            ++i;
            if (d.cls != c) continue;
            out << "% " << d.sig.str() << (d.defined ? "" : " (no rules)") << (d.recursive ? " (recursive)" : "") << "\n";
            fof(out, axiom_name("def" + std::to_string(i) + "_", d.sig.name, d.sig.arity), names, d.completion);
        }
    };
    relations("Static predicates (Clark completion)", gdl::PredicateClass::Static);
    out << "\n% --- Initial situation\n";
    fof(out, "initial_situation", names, th.initial.completion);
    relations("Derived fluents", gdl::PredicateClass::DerivedFluent);
    out << "\n% --- Precondition axiom (only the last state of a development may be terminal)\n";
    fof(out, th.precondition.name, names, th.precondition.formula);
    out << "\n% --- Successor state axiom\n";
    fof(out, "successor_state", names, th.successor.completion);
    relations("Derived action predicates", gdl::PredicateClass::ActionPredicate);
    out << "\n% --- Knowledge (Scherl & Levesque 2003, multi-agent): Knows(R,F,S) is the macro\n"
        << "% ![Sp]: (k(R,Sp,S) => F[Sp])\n";
    fof(out, th.k_initial.name, names, th.k_initial.formula);
    fof(out, th.k_successor.name, names, th.k_successor.formula);
    if (th.uses_common_knowledge) {
        // CK contains the union of the agents' K and is transitive; that it is the least such
        // relation is second order and left out.
        const Term r = Term::var("R"), s1 = Term::var("S1", Sort::Situation), s2 = Term::var("S2", Sort::Situation),
                   s3 = Term::var("S3", Sort::Situation);
        out << "\n% --- Common knowledge accessibility CK (upper part only: contains K, transitive)\n";
        fof(out, "ck_contains_k", names,
            Formula::implies(Formula::conj({Formula::atom("role", {r}), Formula::neg(Formula::eq(r, Term::fun("random"))),
                                            Formula::builtin_atom("K", {r, s1, s2})}),
                             Formula::builtin_atom("CK", {s1, s2})));
        fof(out, "ck_transitive", names,
            Formula::implies(Formula::conj({Formula::builtin_atom("CK", {s1, s2}), Formula::builtin_atom("CK", {s2, s3})}),
                             Formula::builtin_atom("CK", {s1, s3})));
    }
}

}  // namespace gdlsc::sc
