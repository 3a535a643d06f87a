// Formulas of the situation calculus theory (Schiffel & Thielscher 2011): terms over
// objects, compound actions and situations (s0, Do(A,S), Act(R,A), ⟨m1,...,mk⟩), and
// first-order formulas (atoms, equality, connectives, quantifiers). The translation
// builds them; the emitters (text, TPTP) only print them.
#pragma once
#include <string>
#include <vector>

namespace gdlsc::sc {

/// Sort of a variable: game objects, compound actions, situations.
enum class Sort : unsigned char { Object, Action, Situation };

struct Term {
    enum class Kind : unsigned char {
        Var,    ///< variable `name` of sort `sort`
        Fun,    ///< game function symbol or constant `name(args)`
        S0,     ///< the initial situation s0
        Do,     ///< Do(args[0] action, args[1] situation)
        Act,    ///< Act(args[0] role, args[1] action): the role's move in a compound action
        Tuple,  ///< compound action ⟨args...⟩, one move per role in role order
        Const,  ///< a constant of the theory, not of the game (e.g. the non-move of non-roles)
    };

    Kind kind = Kind::Fun;
    std::string name;
    Sort sort = Sort::Object;
    std::vector<Term> args;

    static Term var(std::string name, Sort sort = Sort::Object);
    static Term fun(std::string name, std::vector<Term> args = {});
    static Term s0();
    static Term do_(Term action, Term situation);
    static Term act(Term role, Term action);
    static Term tuple(std::vector<Term> moves);
    static Term theory_constant(std::string name);

    void collect_variables(std::vector<Term>& out) const;
    friend bool operator==(const Term& a, const Term& b);
};

struct Formula {
    enum class Kind : unsigned char { True, False, Atom, Eq, Not, And, Or, Implies, Iff, Forall, Exists };

    Kind kind = Kind::True;
    std::string pred;          ///< Atom: predicate name (theory symbol such as Holds, or game relation)
    bool builtin = false;      ///< Atom: a symbol of the theory (Holds, Poss, K, Legal, ...), not of the game
    std::vector<Term> args;    ///< Atom arguments; Eq: the two sides
    std::vector<Formula> subs; ///< operands of connectives and the body of a quantifier
    std::vector<Term> vars;    ///< quantified variables

    static Formula top();
    static Formula bottom();
    /// A game relation `name(args)`.
    static Formula atom(std::string name, std::vector<Term> args);
    /// A theory symbol such as Holds(F, S), Poss(A, S), K(R, S', S), Legal(R, M, S).
    static Formula builtin_atom(std::string name, std::vector<Term> args);
    static Formula eq(Term a, Term b);
    static Formula neg(Formula f);
    /// Conjunction; flattens nested conjunctions, drops ⊤, returns ⊤ for none and the operand for one.
    static Formula conj(std::vector<Formula> fs);
    /// Disjunction; flattens, drops ⊥, returns ⊥ for none and the operand for one.
    static Formula disj(std::vector<Formula> fs);
    static Formula implies(Formula a, Formula b);
    static Formula iff(Formula a, Formula b);
    /// Quantifiers; return `body` unchanged when `vars` is empty.
    static Formula forall(std::vector<Term> vars, Formula body);
    static Formula exists(std::vector<Term> vars, Formula body);

    bool is_quantifier() const { return kind == Kind::Forall || kind == Kind::Exists; }
    /// Free variables in order of first occurrence.
    std::vector<Term> free_variables() const;
};

}  // namespace gdlsc::sc
