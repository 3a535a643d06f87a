// Readers for game descriptions: KIF (prefix, the competition standard) and the
// infix syntax of the papers and the GGP textbook. Errors go to Diagnostics;
// a reader always returns what it could read.
#pragma once
#include <string>

#include "gdl/diagnostics.h"
#include "gdl/program.h"

namespace gdlsc::gdl {

/// A reader stops after this many errors in one file (a binary file must not flood the output).
constexpr size_t max_errors_per_file = 100;

/// KIF: `(<= head body...)` rules and facts; `;` comments; symbols folded to lower case.
Program read_kif(const SourcePtr& src, Diagnostics& diags);

/// Infix: `head :- l1 & l2.` / `head <= l1, l2.`; `~`/`not`; uppercase or `_` variables.
Program read_infix(const SourcePtr& src, Diagnostics& diags);

/// Picks the syntax from the text: KIF when the first token (after comments) is '('.
Syntax detect_syntax(const Source& src);

/// Reads a file in either syntax. Throws std::runtime_error if the file cannot be read.
Program read_game_file(const std::string& path, Diagnostics& diags);
/// Same, from an in-memory text.
Program read_game_text(const std::string& name, std::string text, Diagnostics& diags);

/// Reads a sequence of KIF terms (e.g. a history of joint moves).
std::vector<Term> read_kif_terms(const SourcePtr& src, Diagnostics& diags);

}  // namespace gdlsc::gdl
