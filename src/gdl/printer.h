// Printers for GDL programs in KIF and in infix syntax. What they print reads back to the
// same program (tests/unit/gdl/printer_test.cpp checks this over the whole game corpus):
//
// * Infix: names that are not lowercase identifiers or numbers are quoted ('a-b', '1a', '<=');
//   variables keep their name when it is a valid infix variable, otherwise they are renamed
//   deterministically (KIF `?x` prints as `X`, `?x-1` as `X_1`), so a KIF program read back
//   from infix equals the original up to the names of variables.
// * KIF: variables print lower-cased (`X` as `?x`), renamed `?x_2` if two would clash.
//   KIF is case-insensitive, so a symbol with uppercase letters (`bettingRound`) is printed as
//   written and reads back folded (`bettinground`): an infix program read back from KIF equals
//   the original with its symbols folded to lower case. Symbols that bare KIF cannot carry
//   (spaces, parentheses, ';', a leading '?' or '"', '|') print as `|...|`, which our KIF
//   reader keeps verbatim.
// * Relation names that would read as keywords (not, or, and, distinct, <=) are quoted.
// * Comments and layout are not kept. A rule longer than 80 characters spans several lines.
#pragma once
#include <string>

#include "gdl/program.h"

namespace gdlsc::gdl {

std::string print_kif(const Program& p);
std::string print_infix(const Program& p);
std::string print_program(const Program& p, Syntax s);

/// One rule (a fact or `head :- body.` / `(<= head body)`), without a final newline.
std::string print_rule(const Rule& r, Syntax s);
/// One literal or term; its variables are named as print_rule would name them in isolation.
std::string print_literal(const Literal& l, Syntax s);
std::string print_term(const Term& t, Syntax s);

/// True if `name` prints bare in KIF (it then reads back as lower(name)).
bool kif_bare_symbol(const std::string& name);

}  // namespace gdlsc::gdl
