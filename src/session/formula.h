// The query language: a KIF formula about the situation reached by a history
// (doc/usage.md, "query"), parsed into the formula terms of doc/architecture.md that
// gdlsc_formula:eval/2 evaluates. Game relations are checked against the game here,
// so an unknown relation or role is an error at its column, before any evaluation.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/term.h"

namespace gdlsc::query {

struct Formula {
    std::string text;
    /// The formula term: true(F), legal(R,M), terminal, goal(R,V), sees(R,P), does(R,M),
    /// rel(Name, [Args]), distinct(X,Y), not(F), and([Fs]), or([Fs]), exists([Vs],F),
    /// forall([Vs],F), knows(R,F), common(F), kwhether(R,F); lists are "[|]"/"[]" terms.
    gdl::Term term;
    /// Free variables (names without '?'), in order of first occurrence: the answer variables.
    std::vector<std::string> answer_vars;
};

/// Parses `text` (named `source_name` in messages). Throws UserError whose message is
/// the located diagnostics (`<formula>:1:7: error: ...`).
Formula parse_formula(const std::string& text, const gdl::Analysis& analysis,
                      const std::string& source_name = "<formula>");

/// Whether a formula term is about the current state: the first part of `f` that is not -- one
/// that speaks of moves (does, an action predicate), percepts (sees) or knowledge (knows,
/// kwhether, common) -- searched through the connectives (not, and, or) only, since a
/// relation's own arguments are terms whatever their names; none if there is none (a copy:
/// the items of a list are read into a temporary).
/// Quantifiers: `LookThrough` searches their body (belief weighs final states, and a closed
/// quantified formula about the state is evaluated at each); `NotAboutState` counts a
/// quantifier itself as such a part (the whole-game fixpoint evaluates φ on one state, with
/// no variables to bind). One definition for every engine that needs a state formula.
enum class Quantifiers { LookThrough, NotAboutState };
std::optional<gdl::Term> not_about_state(const gdl::Term& f, const gdl::Analysis& a, Quantifiers q);

}  // namespace gdlsc::query
