// The accepted deviation "an anonymous variable that occurs only in one negative literal"
// (doc/validation.md): `(not (p ?_x ?y))`, ?_x nowhere else, means "no instance of p(_, y)
// holds". Engines that evaluate negation as failure (Prolog) read it so directly; engines that
// ground need every variable bound, so the literal becomes `(not (aux ?y))` with the new rule
// `(<= (aux ?y) (p ?_x ?y))` -- the same meaning in a safe program.
#pragma once
#include "gdl/program.h"

namespace gdlsc::gdl {

/// The program with each such negation rewritten through an auxiliary relation (named
/// "gdlsc not N": no game symbol has a space); the program itself when there is none.
Program existential_negations(const Program& p);

}  // namespace gdlsc::gdl
