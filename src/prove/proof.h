// Whole-game proofs of knowledge properties: `gdlsc prove GAME PROPERTY` without --depth
// (doc/knowledge.md, "Whole-game proofs"). The lockstep pair fixpoint (ground/lockstep.h)
// over the step network's state space where the network can be built, else over the
// game's rules in the embedded engine; the verdict covers every development of every length.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gdl/term.h"
#include "ground/lockstep_walks.h"
#include "session/game_file.h"
#include "prove/prove_report.h"

namespace gdlsc::query {

/// The property as the runtime's term: legal_knowledge, terminal_knowledge, goal_knowledge,
/// perfect_information, or formula(F) for a closed KIF formula (UserError otherwise).
gdl::Term prove_property_term(const Game& g, const std::string& property);

/// One conjunct of a formula property as the pair methods decide it (the whole-game fixpoint,
/// witness checks): φ at every reachable state (Always), (knows R φ), or (kwhether R φ), φ
/// about the current state.
struct PairConjunct {
    enum Kind { Always, Knows, KWhether } kind;
    std::size_t role = 0;  ///< Knows, KWhether: the role's index
    gdl::Term phi;
};
/// The conjuncts of a formula property (the argument of prove_property_term's formula(F));
/// UserError for a formula that the pair methods do not decide (it points to --depth).
std::vector<PairConjunct> pair_conjuncts(const Game& g, const gdl::Term& formula);

struct WholeGameOptions {
    bool progress = false;     ///< per role and depth: pairs, states, seconds on stderr
    double timeout_seconds = 0;  ///< 0: none; past it LimitError (exit 4)
    std::size_t max_pairs = 0;   ///< 0: kDefaultMaxPairs; past it LimitError (exit 4)
    /// "auto" (the step network if it can be built, else the rules), "network" or "rules";
    /// GDLSC_NETWORK=off selects the rules.
    std::string space = "auto";
    /// None: the whole game; N: developments of length <= N only (the bounded verdict, whole_game false).
    std::optional<std::size_t> max_depth;
    /// Random lockstep walks instead of the fixpoint (`--engine walks`): a refuter; finding no
    /// violation is the report's `undecided`.
    std::optional<ground::WalkOptions> walks;
    static constexpr std::size_t kDefaultMaxPairs = 40'000'000;
};

/// Why the fixpoint does not decide properties of `g` ("": it does): GDL-III games.
std::string fixpoint_not_applicable(const Game& g);

/// Decides `property` for the whole game. Formulas: conjunctions of (knows R φ),
/// (kwhether R φ) or (or (knows R φ) (knows R (not φ))), and φ alone, with φ about the
/// current state (no quantifier, does, sees or knowledge inside); anything else is a
/// UserError that points to --depth.
ProveReport prove_whole_game(const Game& g, const std::string& property, const WholeGameOptions& o);

/// The counterexample's developments in the report, with `role`'s percepts replayed (on the
/// step network, or in the engine, which then has the game loaded).
void set_counterexample(const Game& g, ProveReport& r, const std::string& role, std::size_t depth,
                        const std::vector<std::vector<gdl::Term>>& actual,
                        const std::vector<std::vector<gdl::Term>>& alternative);

}  // namespace gdlsc::query
