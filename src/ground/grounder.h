// The grounder: a validated game and a ground history of n joint moves give the relevant
// ground program for steps 0..n (DESIGN §3.3). Every rule instance whose positive body
// atoms can possibly be true is kept; negative literals are kept for the solver (dropped
// only when their atom can never be true), `distinct` is decided on ground terms. The
// output (atoms, rules and their order) does not depend on how the joins are indexed.
#pragma once
#include <set>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "ground/ground_program.h"

namespace gdlsc::ground {

/// One joint move: a ground move per role, in role order.
using JointMove = std::vector<gdl::Term>;

/// The time class of relation `sig` (keywords by their convention, others by analysis).
StepKind step_kind(const gdl::Analysis& analysis, const gdl::Signature& sig);

/// Grounds `program` for the history `moves` (n = moves.size()): static atoms, then per
/// step i the does@i facts of the i-th joint move, the fluents and action predicates of
/// step i, and the frame rules `true@0(f) :- init(f)`, `true@i+1(f) :- next@i(f)`.
///
///     possible := {}                     -- atoms that may be true (an over-approximation)
///     for each phase (static, step 0, ..., step n):
///         ground every rule of the phase against possible (positive atoms only);
///         repeat with at least one positive atom new in the last round (semi-naive)
///         until no new atom; keep each instance (head, pos, neg) once
///
/// Then only the relevant part is kept: the atoms of the steps, the static atoms of the
/// relations in `keep` (those a query asks about), and every atom a kept rule's body
/// mentions, transitively, with all their rules (a splitting set: the completion of the
/// part has the same models on it as the completion of the whole).
///
/// Throws TooLarge beyond `limits` (atoms, rules, or work: see GroundLimits; the work bound
/// ends games whose relaxed grounding is infinite, e.g. terms that nest one level deeper
/// each round), NotApplicable for `knows` in the rules.
GroundProgram ground_program(const gdl::Program& program, const gdl::Analysis& analysis,
                             const std::vector<JointMove>& moves, const GroundLimits& limits = {},
                             const std::set<gdl::Signature>& keep = {});

/// Grounds `program` for one step from any state the game can reach: the rules of step 0
/// with `true@0` and `does@0` as inputs (atoms without rules). The possible inputs are
/// found with the rules (negation ignored, as above):
///
///     possible true@0 := init fluents;  possible does@0 := {}
///     repeat: ground the step-0 rules (semi-naive);
///             add true@0(f) for each possible next@0(f), does@0(r,m) for each possible legal@0(r,m)
///     until nothing is new
///
/// so every state reached by legal joint moves has only possible fluents, and every legal
/// move is a possible does@0. The step network (step_network.h) compiles the result.
///
/// This relaxation forgets what bounds the length of a game: a fluent that nests one level
/// deeper each step ((message (ack (ack ...))) in two_generals, bounded in play by the round
/// counter) makes it infinite. When it passes `limits` (and the static relations alone do
/// not), the steps from the initial state are grounded instead, each from the last one's
/// possible fluents, tracking the atoms that are *certain* at their step (a rule with
/// certain positive atoms and impossible negative ones; true@i+1(f) from next@i(f); a role's
/// only possible move):
///
///     P_0 := init fluents
///     for i = 0, 1, ...:  ground step i from P_i (does@i from the possible legal@i)
///                         stop when terminal@i is certain (every development has ended) or
///                         P_i = P_i-1 (every later step repeats it)
///                         P_i+1 := the possible next@i fluents
///
/// on a quarter of the work bound, and the step is grounded once more with exactly the
/// union of the P_i and of the possible does@i as its inputs (nothing fed back). Every
/// reachable state and legal move is still among the inputs; a next@0 fluent outside them
/// comes only from an unreachable state, and users of the program ignore it (they read the
/// state from the true@0 atoms).
/// Throws TooLarge beyond `limits` (both ways; the message says both), NotApplicable for
/// `knows` in the rules.
GroundProgram ground_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits = {});

}  // namespace gdlsc::ground
