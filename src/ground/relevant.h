// The relevant part of a ground program (DESIGN §3.3): the atoms a query can depend on.
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

#include "ground/ground_program.h"

namespace gdlsc::ground {

/// The atoms 0..n-1 reachable from those with seed[a] through "a rule of a kept atom
/// mentions it" (positive or negative body): a splitting set, so the completion of the
/// kept part has the same models on it as the completion of the whole program.
std::vector<bool> relevant_atoms(std::size_t n, const std::vector<GroundRule>& rules, std::vector<bool> seed);

/// The cone of influence of a one-step program (a step network's program: `true` and `does`
/// atoms as inputs, `next` atoms as the next state): the atoms with root(atom) and every atom
/// they depend on, closed under "true(f) is kept, so next(f) is kept" -- the fluents that can
/// influence a root through any number of steps. The program of those atoms and their rules,
/// atoms in their order in `step`: on the kept atoms, every sequence of kept inputs has the same
/// consequences in both programs (a splitting set at every step), so a property of the roots
/// over developments is decided the same on the cone.
GroundProgram cone_of_influence(const GroundProgram& step, const std::function<bool(const Atom&)>& root);

}  // namespace gdlsc::ground
