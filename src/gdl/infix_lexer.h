// Tokens of the infix syntax (used by infix_reader.cpp): names, variables, numbers, quoted
// names, strings and operators, each with its position; `%` and `/* */` comments are skipped.
#pragma once
#include <string>
#include <vector>

#include "gdl/diagnostics.h"
#include "gdl/reader.h"

namespace gdlsc::gdl::infix {

/// `If` is `:-` or `<=`; `Neg` is `~` or `\+`; `End` closes every token list.
enum class Tok { Ident, Var, Number, Quoted, String, LParen, RParen, Comma, Amp, Bar, Semi, Dot, If, Neg, End };

struct Token {
    Tok kind = Tok::End;
    std::string text;  ///< name, number or unescaped quoted text; the operator as written
    int line = 1, col = 1;
    int end_line = 1, end_col = 1;  ///< position just after the token
};

/// Splits `src` into tokens ending with one `End`; reports bad characters, unterminated quoted
/// names, strings and comments to `diags` (and goes on after them).
std::vector<Token> tokenize(const SourcePtr& src, Diagnostics& diags);

}  // namespace gdlsc::gdl::infix
