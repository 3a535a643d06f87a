// `gdlsc prove --engine bdd` (doc/knowledge.md, "The BDD engine"): the whole-game knowledge
// properties by symbolic breadth-first search over pairs of states (src/symbolic/pair_bdd.h)
// on the game's step network (Game::step()), per agent; the shortest counterexample over all
// agents, reported as the fixpoint reports it. The "bdd" row of prove_methods() runs it.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "session/game_file.h"
#include "prove/prove_report.h"
#include "symbolic/pair_bdd.h"

namespace gdlsc::query {

struct BddProveOptions {
    bool progress = false;        ///< per agent and level: nodes, pairs, seconds on stderr
    double timeout_seconds = 0;   ///< 0: none; past it TimeLimitError (exit 4)
    /// None: the whole game; N: developments of length <= N only (the BFS cut; whole_game false).
    std::optional<std::size_t> max_depth;
    /// The node bound, the variable order, the move encoding, dynamic reordering.
    symbolic::BddOptions engine;
    /// Whole game: search every agent's reachable pairs even where an inductive invariant of
    /// equal fluents proves the property first (--bdd-pairs: the counts and the depth).
    bool reachable_pairs = false;
};

/// --bdd-order's names: structure, sorted, network (UserError otherwise).
symbolic::VariableOrder bdd_order(const std::string& name);

/// Why the bdd engine does not decide `property` on `g` ("": it does): GDL-III games and
/// formula properties.
std::string bdd_not_applicable(const Game& g, const std::string& property);

/// legal-knowledge, terminal-knowledge, goal-knowledge or perfect-information for the whole
/// game. UserError where bdd_not_applicable says so; LimitError when the step network cannot
/// be built (TooLargeError past its size bound); LimitError (exit 4) at the node bound,
/// TimeLimitError at --timeout, each naming the bound.
ProveReport prove_bdd(const Game& g, const std::string& property, const BddProveOptions& o);

}  // namespace gdlsc::query
