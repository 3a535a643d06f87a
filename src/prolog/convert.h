// Term conversion between gdl::Term and Prolog terms (internal to src/prolog).
// Constants become atoms (UTF-8), compounds keep their name, gdl "[|]"/"[]" are Prolog
// lists; variables with the same name share one Prolog variable (VarMap).
#pragma once
#include <SWI-cpp2.h>

#include <map>
#include <string>

#include "gdl/term.h"

namespace gdlsc::pl {

/// Variable name -> Prolog term reference, shared across the terms of one call.
using VarMap = std::map<std::string, PlTerm>;

/// Puts `t` into the fresh term reference `out`; throws PlFail when Prolog runs out of memory.
void put_term(const PlTerm& out, const gdl::Term& t, VarMap& vars);
/// Reads a Prolog term back (atoms, numbers and strings become constants, unbound
/// variables become variables named _G<n>).
gdl::Term get_term(const PlTerm& t);
/// The text of an atom as UTF-8.
std::string atom_text(const PlAtom& a);
/// The atom for UTF-8 `name`; kept registered for the life of the engine (cached).
PlAtom atom_for(const std::string& name);

}  // namespace gdlsc::pl
