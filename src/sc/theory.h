// The situation calculus theory of a game (Schiffel & Thielscher 2011, DESIGN §2): per
// predicate its class, its rewritten clauses and its Clark completion; the initial
// situation, precondition and successor state axioms; compound actions (Act) and the
// knowledge fluent K. Built by sc::translate; printed by the text and TPTP emitters.
#pragma once
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "sc/formula.h"

namespace gdlsc::sc {

/// One rewritten rule `head ⊂ body` (init/true/next/does replaced, situation arguments added).
struct Clause {
    gdl::Location loc;  ///< the rule in the game file
    Formula head;       ///< atom
    Formula body;       ///< conjunction of rewritten literals (⊤ for a fact)
};

/// A predicate of the game with its completion `head(X⃗, [A,] [S]) ≡ ∨ (X⃗ = t⃗ ∧ ∃Y⃗. body)`.
struct Definition {
    enum class Kind : unsigned char {
        Relation,  ///< a relation of the game (keywords legal, goal, terminal, sees, role included)
        Init,      ///< the clauses of init: the initial situation axiom Holds(F, s0) ≡ ...
        Next,      ///< the clauses of next: the successor state axiom Holds(F, Do(A, S)) ≡ ...
    };
    Kind kind = Kind::Relation;
    gdl::Signature sig;  ///< GDL name/arity (init/1 and next/1 for the two axioms)
    gdl::PredicateClass cls = gdl::PredicateClass::Static;
    bool recursive = false;     ///< in a cycle of the dependency graph (completion may be too weak)
    bool defined = false;       ///< has at least one rule in the game
    std::vector<Clause> clauses;
    Formula completion;         ///< Iff(head atom, disjunction); free variables are universal
};

/// A fixed axiom of the theory with a short name (also its TPTP name).
struct Axiom {
    std::string name;
    Formula formula;  ///< free variables are universally quantified
};

struct Theory {
    std::vector<std::string> roles;  ///< in order of the role facts (random included)
    /// Every relation of the game in output order: statics, derived fluents, action predicates.
    std::vector<Definition> relations;
    Definition initial;    ///< Holds(F, s0) ≡ ...
    Definition successor;  ///< Holds(F, Do(A, S)) ≡ ...
    std::vector<Axiom> actions;  ///< Act(r_i, ⟨M1,...,Mk⟩) = M_i; ¬role(R) ⊃ Act(R, A) = nomove
    /// ∃M⃗. A = ⟨M1,...,Mk⟩: the sort of actions. Not in the untyped TPTP (there A ranges
    /// over everything, situations included, and the axiom would be contradictory).
    Axiom action_domain;
    Axiom precondition;          ///< Poss(A, S) ≡ ¬Terminal(S) ∧ ∀R. role(R) ⊃ Legal(R, Act(R, A), S)
    Axiom k_initial;             ///< K(R, S', s0) ≡ S' = s0
    Axiom k_successor;           ///< the successor state axiom of K
    bool uses_common_knowledge = false;  ///< a rule uses GDL-III (knows φ): CK appears

    const Definition* find(const std::string& name, size_t arity) const;
};

/// Translates a game. `program` should be valid (safe, stratified, keyword restrictions);
/// the translation itself never fails.
Theory translate(const gdl::Program& program, const gdl::Analysis& analysis);

/// Knows(R, Φ, σ) ≝ ∀S'. K(R, S', σ) ⊃ Φ[S'] where `phi` mentions the situation variable
/// `situation_var` (it is quantified here).
Formula knows(Term role, const Term& situation_var, Formula phi, Term sigma);

/// Display name of a keyword relation in the theory (legal → Legal, ...); empty if none.
std::string builtin_name(const std::string& gdl_name);

}  // namespace gdlsc::sc
