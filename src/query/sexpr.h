// A small s-expression reader for the query language and histories. Unlike a game
// rule, a history step may start with a list (`((deal king 7) noop)`), so queries and
// histories are read here, with the KIF conventions: symbols folded to lower case,
// `?x` variables, `;` comments, "strings" kept verbatim, and a Location on every node.
#pragma once
#include <string>
#include <vector>

#include "gdl/diagnostics.h"
#include "gdl/term.h"

namespace gdlsc::query {

struct SExpr {
    bool is_list = false;
    std::string atom;  ///< folded symbol text, `?x` for variables (lists: empty)
    std::vector<SExpr> items;
    gdl::Location loc;

    bool is_variable() const { return !is_list && atom.size() > 1 && atom[0] == '?'; }
    bool is_symbol() const { return !is_list && !is_variable(); }
};

/// Reads every top-level s-expression of `src`; errors (unbalanced parentheses) go to `diags`.
std::vector<SExpr> read_sexprs(const gdl::SourcePtr& src, gdl::Diagnostics& diags);

/// The GDL term an s-expression denotes: a constant, `?x` a variable, `(f a ...)` a
/// compound. Reports a list in functor position or an empty list.
gdl::Term to_term(const SExpr& e, gdl::Diagnostics& diags);

}  // namespace gdlsc::query
