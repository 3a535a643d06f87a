// A game symbol as a Prolog atom that reads back as exactly that symbol: the one place that
// quotes, so that no symbol of a game is ever read as an operator, a variable or code
// (doc/architecture.md, "The generated Prolog program").
#pragma once
#include <string>

namespace gdlsc::sc {

/// `name` as a Prolog atom that reads back as exactly `name` (quoted when needed).
std::string prolog_atom(const std::string& name);

}  // namespace gdlsc::sc
