// Whole-game proofs of knowledge properties: `gdlsc prove GAME PROPERTY` without --depth
// (doc/knowledge.md, "Whole-game proofs"). The lockstep pair fixpoint (ground/lockstep.h)
// over the step network's state space where the network can be built, else over the
// game's rules in the embedded engine; the verdict covers every development of every length.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "gdl/term.h"
#include "query/game_file.h"
#include "query/knowledge_report.h"

namespace gdlsc::query {

/// The property as the runtime's term: legal_knowledge, terminal_knowledge, goal_knowledge,
/// perfect_information, or formula(F) for a closed KIF formula (UserError otherwise).
gdl::Term prove_property_term(const Game& g, const std::string& property);

struct WholeGameOptions {
    bool progress = false;     ///< per role and depth: pairs, states, seconds on stderr
    double timeout_seconds = 0;  ///< 0: none; past it LimitError (exit 4)
    std::size_t max_pairs = 0;   ///< 0: kDefaultMaxPairs; past it LimitError (exit 4)
    /// "auto" (the step network if it can be built, else the rules), "network" or "rules";
    /// GDLSC_NATIVE=off selects the rules.
    std::string space = "auto";
    /// None: the whole game; N: developments of length <= N only (the bounded verdict, whole_game false).
    std::optional<std::size_t> max_depth;
    bool ignore_percepts = false;  ///< tests only: a mutation of the fixpoint that tests must catch
    static constexpr std::size_t kDefaultMaxPairs = 40'000'000;
};

/// Decides `property` for the whole game. Formulas: conjunctions of (knows R φ),
/// (kwhether R φ) or (or (knows R φ) (knows R (not φ))), and φ alone, with φ about the
/// current state (no quantifier, does, sees or knowledge inside); anything else is a
/// UserError that points to --depth.
ProveReport prove_whole_game(const Game& g, const std::string& property, const WholeGameOptions& o);

}  // namespace gdlsc::query
