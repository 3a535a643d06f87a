// Query formulas over the ground program: a formula term of the query language
// (true/legal/terminal/goal/sees/does/rel/distinct/not/and/or/exists/forall, see
// src/session/formula.h) about the last situation of the history becomes a propositional
// formula over ground atoms, quantifiers expanded over the finite term universe.
// The universe is gdlsc_formula's: the rules' ground terms and roles, the state's
// fluents, the legal moves, the last joint move and its percepts, with every subterm; it
// depends on the model, so membership of a term is itself a formula (`in_universe`).
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "gdl/analysis.h"
#include "ground/ground_program.h"

namespace gdlsc::ground {

/// A propositional formula over ground atoms (constants folded when built).
struct GFormula {
    enum class Kind : unsigned char { True, False, Atom, Not, And, Or };
    Kind kind = Kind::True;
    AtomId atom = 0;
    std::vector<GFormula> sub;

    static GFormula truth(bool b);
    static GFormula of_atom(AtomId a);
    static GFormula negation(GFormula f);
    static GFormula conjunction(std::vector<GFormula> fs);
    static GFormula disjunction(std::vector<GFormula> fs);
    bool is_true() const { return kind == Kind::True; }
    bool is_false() const { return kind == Kind::False; }
};

/// The value of f when the atoms take the values of `model` (indexed by AtomId).
bool evaluate(const GFormula& f, const std::vector<bool>& model);

/// Bound on the expansion of one query formula (nodes); beyond it: TooLarge.
inline constexpr std::size_t kMaxFormulaNodes = 5'000'000;
/// Bound on the candidate bindings of the answer variables; beyond it: TooLarge.
inline constexpr std::size_t kMaxAnswerCandidates = 2'000'000;

class QueryGrounder {
public:
    QueryGrounder(const GroundProgram& gp, const gdl::Analysis& analysis);

    /// Every term that can be in the universe of the last situation, sorted.
    const std::vector<gdl::Term>& candidates() const { return candidates_; }
    /// When `t` is in the universe of the last situation.
    GFormula in_universe(const gdl::Term& t) const;
    /// The formula with the variables of `env` replaced by their values. Throws
    /// NotApplicable for knows/common/kwhether, TooLarge beyond kMaxFormulaNodes.
    GFormula ground(const gdl::Term& formula, const std::map<std::string, gdl::Term>& env) const;
    /// The answer: formula ∧ every answer variable in the universe, for one binding.
    GFormula ground_answer(const gdl::Term& formula, const std::vector<std::string>& vars,
                           const std::vector<gdl::Term>& values) const;
    /// The bindings of `vars` (in order) under which the formula holds in `model`, sorted.
    /// With no variables: one empty row if it holds, none otherwise.
    std::vector<std::vector<gdl::Term>> answers(const gdl::Term& formula, const std::vector<std::string>& vars,
                                                const std::vector<bool>& model) const;

private:
    const GroundProgram& gp_;
    const gdl::Analysis& analysis_;
    std::vector<gdl::Term> candidates_;
    std::unordered_map<std::string, std::vector<AtomId>> witnesses_;  // term -> atoms that put it in the universe
    std::unordered_map<std::string, bool> always_;                    // rule terms and the last joint move
    mutable std::size_t nodes_ = 0;

    GFormula atom(const gdl::Term& a, int step) const;
    GFormula build(const gdl::Term& f, std::map<std::string, gdl::Term>& env) const;
};

/// The relations a query formula names with rel(Name, Args) (for ground_program's `keep`).
std::set<gdl::Signature> relations_in(const gdl::Term& formula);

/// True for formulas the ground engine cannot evaluate: knows, common, kwhether.
bool mentions_knowledge(const gdl::Term& formula);

}  // namespace gdlsc::ground
