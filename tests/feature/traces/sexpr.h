// The expected-output files of the reference tests (BenderNG's Lisp-printed answers such as
// `(BLACK . 100)` and `((TRUE (CELL 1 1 B)) ...)`, which are not GDL) read through gdlsc's own
// KIF lexer (gdl/kif_lexer.h, so with its folding and quoting), and a canonical printer:
// single spaces, symbols as gdlsc prints them.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "gdl/kif_lexer.h"

namespace gdlsc::test {

using gdl::SExpr;

/// Every expression of `text`; throws std::runtime_error on what the lexer reports (unbalanced input).
inline std::vector<SExpr> read_sexprs(const std::string& text) {
    gdl::Diagnostics d;
    auto es = gdl::read_sexprs(gdl::make_source("<expected>", text), d);
    if (d.has_errors()) throw std::runtime_error("s-expression: " + gdl::format_diagnostic(d.sorted().front()));
    return es;
}

/// Canonical text: single spaces; a symbol as kif_symbol writes it, a variable as `?x`.
inline std::string str(const SExpr& e) {
    if (!e.is_list) return e.is_variable() ? e.atom : gdl::kif_symbol(e.atom);
    std::string s = "(";
    for (size_t i = 0; i < e.items.size(); ++i) s += (i ? " " : "") + str(e.items[i]);
    return s + ")";
}

}  // namespace gdlsc::test
