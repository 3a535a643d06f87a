// Well-formedness as whole-game properties of `prove` (doc/knowledge.md, "Well-formedness"):
// playability, termination, weak-winnability, monotonic-goals -- the GDL specification's
// conditions (Love et al. 2008, section 4) -- decided over the reachable states (the step
// network's, else the rules'), with a shortest counterexample development. The fixpoint row
// of prove's table runs them; `check --well-formed` runs them all.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "ground/wellformed.h"
#include "session/game_file.h"
#include "prove/prove_report.h"
#include "prove/proof.h"
#include "prove/prove_chc.h"

namespace gdlsc::query {

/// A violation in words ("guesser has no legal move after step 1, and the game is not over"),
/// for a development of `length` joint moves; `role` is r.role's name.
std::string wellformed_explanation(const ground::StateCheckResult& r, const std::string& role, std::size_t length);

/// The property names, in the order `check --well-formed` runs them.
const std::vector<std::string>& wellformedness_properties();
bool is_wellformedness_property(const std::string& property);

/// Decides one of them for the whole game (or, with o.max_depth, for developments up to that
/// length; termination only for the whole game: UserError). LimitError past --timeout or
/// memory; UserError for GDL-III games (as the fixpoint).
ProveReport prove_wellformed(const Game& g, const std::string& property, const WholeGameOptions& o);

/// The same properties with Z3 over the step program unrolled in one copy, for developments of
/// at most `depth` joint moves (the smt row of prove's table with --depth): the shortest
/// violation, as the fixpoint's search cut at `depth` finds it. LimitError past the time limit
/// or a step program too large, UserError where there is none (GDL-III).
ProveReport prove_wellformed_smt(const Game& g, const std::string& property, std::size_t depth, double timeout_seconds);

/// The same properties for the whole game by IC3/PDR on one copy of the game's states (the chc
/// row of prove's table; smt/one_copy.h, prove_one_copy): an inductive invariant that excludes
/// every violation proves the property with no bound on the length of a development;
/// termination is reduced to the absence of a lasso. A violation's shortest development then
/// comes from the bounded search (prove_wellformed_smt). Weak winnability asks PDR, per agent,
/// whether a terminal state with goal 100 is unreachable. o.solver "spacer" is refused (PDR
/// only). LimitError past o.timeout_seconds; UserError for GDL-III; TooLargeError for a step
/// program past its bound.
ProveReport prove_wellformed_chc(const Game& g, const std::string& property, const ChcProveOptions& o);

/// `check --well-formed`: the four properties, one after the other within one time limit.
struct WellFormedSummary {
    std::vector<std::pair<std::string, ProveReport>> decided;  ///< (property, report)
    std::vector<std::pair<std::string, std::string>> limits;   ///< (property, the limit reached)
    /// Playability, termination and weak winnability hold: the specification's well-formed
    /// game (monotonic goals is reported, not required).
    bool well_formed() const;
    /// One of those three is refuted.
    bool refuted() const;
    std::string text() const;
    std::string json() const;  ///< {"well_formed", "properties": {name: prove's JSON or {"limit"}}}
};
WellFormedSummary check_well_formed(const Game& g, double timeout_seconds, bool progress);

}  // namespace gdlsc::query
