// The one KIF lexer: text -> s-expressions with a Location on every node. The game reader
// (kif_reader.cpp) and the query language and histories (src/session) all read through it,
// so one rule holds for every KIF text (doc/usage.md, "Symbols and case"): bare symbols
// and `?variables` are folded to lower case, `"strings"` and `|quoted symbols|` are verbatim.
#pragma once
#include <string>
#include <vector>

#include "gdl/diagnostics.h"
#include "gdl/term.h"

namespace gdlsc::gdl {

struct SExpr {
    bool is_list = false;
    /// Symbol name when !is_list: folded to lower case when bare (`?x` for a variable),
    /// verbatim for a `"string"` (quotes included) and for `|...|` (bars and escapes removed).
    std::string atom;
    bool quoted = false;  ///< read as `|...|`: never a variable or a keyword
    std::vector<SExpr> items;
    Location loc;

    bool is_variable() const { return !is_list && !quoted && atom.size() > 1 && atom[0] == '?'; }
    bool is_symbol() const { return !is_list && !is_variable(); }
    /// True for the bare (unquoted) symbol `word`, e.g. a connective such as `not`.
    bool is_keyword(const std::string& word) const { return !is_list && !quoted && atom == word; }
};

/// Lists nested deeper than this are refused (the readers and everything after them recurse).
constexpr int max_kif_depth = 1000;

/// Reads every top-level s-expression of `src` (a UTF-8 byte order mark is skipped). Errors
/// (unbalanced parentheses, unterminated strings and `|...|`, too deep) go to `diags`;
/// reading stops after max_errors_per_file errors.
std::vector<SExpr> read_sexprs(const SourcePtr& src, Diagnostics& diags);

/// The GDL term an s-expression denotes: a constant, `?x` the variable x, `(f a ...)` a
/// compound (`(f)` is the constant f). Reports a list or a variable in functor position,
/// an empty list and a lone `?`.
Term sexpr_term(const SExpr& e, Diagnostics& diags);

/// True for a complete `"string"` as the lexers keep it: quotes included, none inside, no newline.
bool string_token(const std::string& name);
/// How `name` is written as a KIF symbol so that the lexer reads it back as `name`: bare
/// when it can be, a `"string"` as it is, otherwise `|...|` with `|` and `\` escaped.
std::string kif_symbol(const std::string& name);
/// True if `name` may be written bare: it reads back unchanged (no upper case letter, no
/// space, parenthesis, `;`, `|`, no leading `?` or `"`).
bool kif_bare_symbol(const std::string& name);

}  // namespace gdlsc::gdl
