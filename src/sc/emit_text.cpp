// The text emitter: the theory as people read it in the paper, one axiom per predicate,
// grouped as roles, compound actions, static predicates, initial situation, derived
// fluents, precondition, successor state axiom, derived action predicates, knowledge.
#include <ostream>
#include <sstream>

#include "sc/emit.h"

namespace gdlsc::sc {

namespace {

std::string term_text(const Term& t) {
    auto list = [](const std::vector<Term>& args) {
        std::string s;
        for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + term_text(args[i]);
        return s;
    };
    switch (t.kind) {
        case Term::Kind::Var:
        case Term::Kind::S0:
        case Term::Kind::Const: return t.name;
        case Term::Kind::Fun: return t.args.empty() ? t.name : t.name + "(" + list(t.args) + ")";
        case Term::Kind::Do:
        case Term::Kind::Act: return t.name + "(" + list(t.args) + ")";
        case Term::Kind::Tuple: return "⟨" + list(t.args) + "⟩";
    }
    return t.name;
}

/// Binding strength; quantifiers extend as far right as possible (weakest).
int precedence(const Formula& f) {
    switch (f.kind) {
        case Formula::Kind::Forall:
        case Formula::Kind::Exists: return 0;
        case Formula::Kind::Iff: return 1;
        case Formula::Kind::Implies: return 2;
        case Formula::Kind::Or: return 3;
        case Formula::Kind::And: return 4;
        case Formula::Kind::Not: return 5;
        default: return 6;
    }
}

/// `rightmost`: nothing follows this formula inside its enclosing group, so a quantifier
/// here needs no parentheses.
std::string text(const Formula& f, bool rightmost);

std::string operand(const Formula& f, int parent_prec, bool last, bool parent_rightmost) {
    bool quant = f.is_quantifier();
    bool parens = quant ? !(last && parent_rightmost) : precedence(f) <= parent_prec;
    if (parens) return "(" + text(f, true) + ")";
    return text(f, last && parent_rightmost);
}

std::string text(const Formula& f, bool rightmost) {
    using K = Formula::Kind;
    switch (f.kind) {
        case K::True: return "⊤";
        case K::False: return "⊥";
        case K::Atom: {
            if (f.args.empty()) return f.pred;
            std::string s = f.pred + "(";
            for (size_t i = 0; i < f.args.size(); ++i) s += (i ? ", " : "") + term_text(f.args[i]);
            return s + ")";
        }
        case K::Eq: return term_text(f.args[0]) + " = " + term_text(f.args[1]);
        case K::Not:
            if (f.subs[0].kind == K::Eq) return term_text(f.subs[0].args[0]) + " ≠ " + term_text(f.subs[0].args[1]);
            return "¬" + operand(f.subs[0], 4, false, rightmost);
        case K::And:
        case K::Or:
        case K::Implies:
        case K::Iff: {
            const char* op = f.kind == K::And ? " ∧ " : f.kind == K::Or ? " ∨ " : f.kind == K::Implies ? " ⊃ " : " ≡ ";
            // ∧ and ∨ are associative; ⊃ and ≡ do not chain without parentheses.
            int p = precedence(f);
            std::string s;
            for (size_t i = 0; i < f.subs.size(); ++i) {
                const bool last = i + 1 == f.subs.size();
                int need = (f.kind == K::Implies || f.kind == K::Iff) ? p : p - 1;
                // a quantifier is bracketed inside ∧ and ∨ (also the last operand, for a uniform
                // look); after ≡ and ⊃ it extends to the right as in the paper
                bool open_end = last && (f.kind == K::Implies || f.kind == K::Iff);
                s += (i ? op : "") + operand(f.subs[i], need, open_end, rightmost);
            }
            return s;
        }
        case K::Forall:
        case K::Exists: {
            std::string s = f.kind == K::Forall ? "∀" : "∃";
            for (size_t i = 0; i < f.vars.size(); ++i) s += (i ? "," : "") + f.vars[i].name;
            const Formula& body = f.subs[0];
            if (body.kind == K::Iff) return s + ". (" + text(body, true) + ")";
            return s + ". " + text(body, true);
        }
    }
    return {};
}

constexpr size_t kLineWidth = 100;

size_t display_width(const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

/// An axiom `lhs ≡ rhs`; a long disjunction is written one disjunct a line.
std::string axiom_text(const Formula& f) {
    std::string one = format_formula(f);
    if (display_width(one) <= kLineWidth || f.kind != Formula::Kind::Iff) return one;
    std::string s = text(f.subs[0], false) + " ≡";
    const Formula& rhs = f.subs[1];
    if (rhs.kind == Formula::Kind::Exists && rhs.subs[0].kind == Formula::Kind::And) {
        // ∃X⃗. c1 ∧ c2 ∧ ...: one conjunct a line
        s += "\n    ∃";
        for (size_t i = 0; i < rhs.vars.size(); ++i) s += (i ? "," : "") + rhs.vars[i].name;
        s += ".";
        const auto& cs = rhs.subs[0].subs;
        for (size_t i = 0; i < cs.size(); ++i)
            s += std::string(i ? "\n      ∧ " : " ") + operand(cs[i], 4, i + 1 == cs.size(), true);
        return s;
    }
    if (rhs.kind != Formula::Kind::Or) return one;
    const auto& ds = f.subs[1].subs;
    for (size_t i = 0; i < ds.size(); ++i) {
        // every quantified disjunct in parentheses, the last one too, for a uniform column
        s += "\n    " + std::string(i ? "∨ " : "  ") + operand(ds[i], 2, false, true);
    }
    return s;
}

void definition(std::ostream& out, const Definition& d) {
    if (!d.defined) out << "% " << d.sig.str() << " has no rules: false in every situation\n";
    if (d.recursive)
        out << "% " << d.sig.str()
            << " is recursive: with positive loops the completion admits unsupported models "
               "(SM[F] / loop formulas, Lin & Zhao 2004)\n";
    out << axiom_text(d.completion) << "\n";
}

void section(std::ostream& out, const std::string& title) { out << "\n## " << title << "\n"; }

}  // namespace

std::string format_formula(const Formula& f) { return text(f, true); }

void emit_text(const Theory& th, const std::string& source_name, std::ostream& out) {
    out << "# Situation calculus theory of " << source_name << " (Schiffel & Thielscher 2011)\n"
        << "# Free variables are universally quantified; A, A' are compound actions, S, S', S'' situations.\n";

    section(out, "Roles");
    out << "% in order:";
    for (size_t i = 0; i < th.roles.size(); ++i) out << (i ? ", " : " ") << th.roles[i];
    out << "\n";
    if (const auto* r = th.find("role", 1)) definition(out, *r);

    section(out, "Compound actions");
    for (const auto& a : th.actions) out << axiom_text(a.formula) << "\n";
    out << axiom_text(th.action_domain.formula) << "   % the sort of actions\n";

    auto group = [&](const char* title, gdl::PredicateClass c) {
        section(out, title);
        for (const auto& d : th.relations)
            if (d.cls == c && !(d.sig.name == "role" && d.sig.arity == 1)) definition(out, d);
    };
    group("Static predicates", gdl::PredicateClass::Static);

    section(out, "Initial situation");
    out << axiom_text(th.initial.completion) << "\n";

    group("Derived fluents", gdl::PredicateClass::DerivedFluent);

    section(out, "Precondition axiom");
    out << "% ¬Terminal(S): only the last state of a development may be terminal (Thielscher 2010)\n";
    out << axiom_text(th.precondition.formula) << "\n";

    section(out, "Successor state axiom");
    out << axiom_text(th.successor.completion) << "\n";

    group("Derived action predicates", gdl::PredicateClass::ActionPredicate);

    section(out, "Knowledge");
    out << axiom_text(th.k_initial.formula) << "\n" << axiom_text(th.k_successor.formula) << "\n";
    out << "Knows(R, Φ, σ) ≝ ∀S'. K(R, S', σ) ⊃ Φ[S']\n";
    out << "CommonKnows(Φ, σ) ≝ ∀S'. CK(S', σ) ⊃ Φ[S']"
        << "   % CK: transitive closure of ∪ K(R, ·, ·) over the roles but random (second order)\n";
}

}  // namespace gdlsc::sc
