// The query language: a KIF formula about the situation reached by a history
// (doc/usage.md, "query"), parsed into the formula terms of doc/architecture.md that
// gdlsc_formula:eval/2 evaluates. Game relations are checked against the game here,
// so an unknown relation or role is an error at its column, before any evaluation.
#pragma once
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

}  // namespace gdlsc::query
