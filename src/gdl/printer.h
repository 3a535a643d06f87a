// Printers for GDL programs in KIF and in infix syntax. What they print reads back to the
// same program (tests/unit/gdl/printer_test.cpp checks this over the whole game corpus):
//
// * Infix: names that are not lowercase identifiers or numbers are quoted ('a-b', '1a', '<=');
//   variables keep their name when it is a valid infix variable, otherwise they are renamed
//   deterministically (KIF `?x` prints as `X`, `?x-1` as `X_1`), so a KIF program read back
//   from infix equals the original up to the names of variables.
// * KIF: variables print lower-cased (`X` as `?x`), renamed `?x_2` if two would clash.
//   Symbols print as kif_symbol (kif_lexer.h) writes them: bare when the KIF lexer reads them
//   back unchanged, otherwise as `|...|`, which it keeps verbatim (upper case letters, as in the
//   infix `bettingRound`, spaces, parentheses, ';', '|', a leading '?' or '"'). So an infix
//   program read back from KIF equals the original up to the names of variables.
// * Relation names that would read as keywords (not, or, and, distinct, <=) are quoted.
// * Comments and layout are not kept. A rule longer than 80 characters spans several lines.
#pragma once
#include <string>

#include "gdl/kif_lexer.h"
#include "gdl/program.h"

namespace gdlsc::gdl {

std::string print_kif(const Program& p);
std::string print_infix(const Program& p);
std::string print_program(const Program& p, Syntax s);

/// One rule (a fact or `head :- body.` / `(<= head body)`), without a final newline.
std::string print_rule(const Rule& r, Syntax s);
/// One term; its variables are named as print_rule would name them in isolation.
std::string print_term(const Term& t, Syntax s);

}  // namespace gdlsc::gdl
