// Term conversion between gdl::Term and Prolog terms (internal to src/prolog).
// Constants become atoms (UTF-8), compounds keep their name, gdl "[|]"/"[]" are Prolog
// lists; variables with the same name share one Prolog variable (VarMap).
#pragma once
#include <SWI-Prolog.h>

#include <map>
#include <string>

#include "gdl/term.h"

namespace gdlsc::pl {

/// Variable name -> Prolog term reference, shared across the terms of one call.
using VarMap = std::map<std::string, term_t>;

/// Puts `t` into the fresh term reference `out`; returns false on a Prolog error.
bool put_term(term_t out, const gdl::Term& t, VarMap& vars);
/// Reads a Prolog term back (atoms, numbers and strings become constants, unbound
/// variables become variables named _G<n>).
gdl::Term get_term(term_t t);
/// The text of an atom as UTF-8.
std::string atom_text(atom_t a);

}  // namespace gdlsc::pl
