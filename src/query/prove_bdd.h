// `gdlsc prove --engine bdd` (doc/knowledge.md, "The BDD engine"): the whole-game knowledge
// properties by symbolic breadth-first search over pairs of states (src/symbolic/pair_bdd.h)
// on the game's step network, per agent; the shortest counterexample over all agents, reported
// as the fixpoint reports it.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "query/game_file.h"
#include "query/knowledge_report.h"
#include "symbolic/pair_bdd.h"

namespace gdlsc::query {

struct BddProveOptions {
    bool progress = false;        ///< per agent and level: nodes, pairs, seconds on stderr
    double timeout_seconds = 0;   ///< 0: none; past it TimeLimitError (exit 4)
    /// None: the whole game; N: developments of length <= N only (whole_game false).
    std::optional<std::size_t> max_depth;
    /// The node bound (max_nodes; doc/knowledge.md gives the default), the variable order,
    /// the move encoding, dynamic reordering, and the tests' mutation.
    symbolic::BddOptions engine;
};

/// legal-knowledge, terminal-knowledge, goal-knowledge or perfect-information for the whole
/// game. UserError for formulas and GDL-III games (the engine does not apply); TooLargeError
/// when the step network passes its bound; LimitError (exit 4) at --max-nodes, TimeLimitError
/// at --timeout, each naming the bound.
ProveReport prove_bdd(const Game& g, const std::string& property, const BddProveOptions& o);

}  // namespace gdlsc::query
