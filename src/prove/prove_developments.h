// The developments method of `prove` (--depth N, doc/knowledge.md "Proofs"): every
// development of length <= N enumerated by prolog/gdlsc_properties.pl in the embedded engine,
// the pairs a role cannot tell apart checked at their ends. The "developments" row of
// prove_methods() runs it.
#pragma once
#include <cstddef>
#include <string>

#include "prove/prove_report.h"
#include "session/game_file.h"

namespace gdlsc::query {

/// `property`: legal-knowledge, terminal-knowledge, goal-knowledge, or a KIF formula.
ProveReport compute_prove(const Game& g, const std::string& property, std::size_t depth, bool progress,
                          double timeout_seconds);

}  // namespace gdlsc::query
