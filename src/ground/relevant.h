// The relevant part of a ground program (DESIGN §3.3): the atoms a query can depend on.
#pragma once
#include <cstddef>
#include <vector>

#include "ground/ground_program.h"

namespace gdlsc::ground {

/// The atoms 0..n-1 reachable from those with seed[a] through "a rule of a kept atom
/// mentions it" (positive or negative body): a splitting set, so the completion of the
/// kept part has the same models on it as the completion of the whole program.
std::vector<bool> relevant_atoms(std::size_t n, const std::vector<GroundRule>& rules, std::vector<bool> seed);

}  // namespace gdlsc::ground
