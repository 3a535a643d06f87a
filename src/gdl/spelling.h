// Near misses between names: the edit distance of two symbols and the nearest of a set of
// candidates, for the "did you mean legal?" of the lint (gdl/lint.h) and of the missing
// keyword errors (validate_keywords.cpp). Typos are short edits: a letter dropped, added,
// changed, or two neighbours swapped (`nto` for `not` is one edit, not two).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gdl/program.h"

namespace gdlsc::gdl {

/// The optimal string alignment distance of `a` and `b` (insertions, deletions,
/// substitutions and transpositions of adjacent characters, each 1).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// `name` may be a misspelling of `intended`: they differ by at most `max_edits` edits; by
/// default (0) one, or two if `intended` has more than four characters (two edits turn `male`
/// into `role`, `row` into `role`).
bool near_miss(std::string_view name, std::string_view intended, std::size_t max_edits = 0);

/// The candidate `name` most likely misspells (near_miss with `max_edits`): the fewest edits,
/// then one with the same arity, then the first in `candidates`; none if there is no near miss.
std::optional<Signature> nearest(const Signature& name, const std::vector<Signature>& candidates,
                                 std::size_t max_edits = 0);

}  // namespace gdlsc::gdl
