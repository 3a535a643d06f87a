// Knowledge properties with Z3 (DESIGN §3.3(b), issue 10): the game unrolled over its ground
// step program in two copies δ and δ' that do the same moves of a role r and get the same
// percepts of r at every step — two developments r cannot tell apart — and the property's
// negation at the last step. A model is a counterexample pair; unsat at every depth <= N is
// the bounded proof. k-induction on the same two-copy system, strengthened with invariants
// that Z3 proves inductive (Houdini), proves a property for every depth.
//
//   TwoCopy tc(step_program, init_fluents, role, TwoCopyProperty::Legal);
//   for (d = 0; d <= N; ++d) if (auto w = tc.counterexample(d)) ...   // shortest first
//   InductionResult r = prove_by_induction(step_program, init, role, property, max_k);
//
// This header exposes no Z3 type; src/smt is the only code that includes z3++.h.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <chrono>
#include <functional>
#include <optional>

#include "gdl/term.h"
#include "ground/ground_program.h"

namespace gdlsc::smt {

enum class TwoCopyProperty {
    Legal,               ///< both running and r's legal moves differ
    Terminal,            ///< one terminal, the other not
    Goal,                ///< both terminal and r's goal values differ
    PerfectInformation,  ///< the two developments differ at all
};

/// A state invariant over the step program's fluents (indices of its `true@0` atoms in atom
/// order): true in every reachable state. k-induction finds them for one role (the candidates
/// of one copy that Houdini keeps) and may be given them for the next role.
struct StateInvariant {
    enum Kind { Never, AtMostOne, AtLeastOne } kind = Never;
    std::vector<std::size_t> fluents;
    friend bool operator<(const StateInvariant& a, const StateInvariant& b) {
        return a.kind != b.kind ? a.kind < b.kind : a.fluents < b.fluents;
    }
};

/// A pair of reachable states of two developments a role cannot tell apart (a state with itself
/// included), and the depth (joint moves) at which it was reached.
struct SampledPair {
    std::vector<gdl::Term> a, b;
    std::size_t depth = 0;
};

struct TwoCopyOptions {
    /// The whole search ends by this time (none: no limit): each solver call gets the time
    /// left, and SmtTimeout is thrown past it.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    /// For tests only: drop the constraint that r's moves are equal (a mutation the tests catch).
    bool drop_same_move = false;
    /// Pairs of reachable states of developments r cannot tell apart (a state with itself
    /// included), e.g. from random matches; asked once, when the first step case needs
    /// invariants: k-induction drops the candidate invariants one of them falsifies before it
    /// asks Z3 (they cannot be invariants, so the invariants found are the same; Houdini only
    /// gets there sooner). Optional.
    /// Their depths choose where the invariants start (invariants_from).
    std::function<std::vector<SampledPair>()> reachable;
    /// Given a pair state (the fluents of both copies) that satisfies every candidate left,
    /// pairs reached from it by steps of the two-copy system (the same move of r, r's
    /// percepts equal): they satisfy every true invariant, so the candidates they falsify
    /// are dropped at once instead of one solver call each. Optional.
    std::function<std::vector<std::pair<std::vector<gdl::Term>, std::vector<gdl::Term>>>(
        const std::vector<gdl::Term>&, const std::vector<gdl::Term>&)>
        explore;
    /// State invariants already proved (by another role's k-induction over the same step
    /// program): assumed in both copies at every step, and Houdini then searches only the
    /// candidates that relate the two copies. Sound because they hold in every reachable
    /// state, whatever their proof; the invariants found are at most those of a search over
    /// every candidate.
    std::vector<StateInvariant> assumed;
    /// The depth from which `assumed` holds (InductionResult::invariants_from of their search):
    /// this search's invariants start there or later.
    std::size_t assumed_from = 0;
    /// The deepest depth at which the invariants may start (see InductionResult::invariants_from;
    /// 0: from the initial state, as before phases were looked for).
    std::size_t max_invariants_from = 12;
    /// Where the invariants start (setup_depth of sampled states, the same for every role),
    /// asked when the first step case needs invariants; when not given, setup_depth of the
    /// states of `reachable` (both of each pair).
    std::function<std::size_t()> invariants_from;
    /// Houdini asks the state candidates (f never holds, at most / at least one of a group) in
    /// one copy first and then the candidates relating the copies with those found assumed
    /// (tests compare with false: every candidate in the two-copy system at once).
    bool one_copy_first = true;
    /// Before Houdini: whether the role's move and percepts determine the joint move from any
    /// state; then its pairs stay equal and the property holds (k = 0) without Houdini's
    /// candidates. Tests compare with false.
    bool view_first = true;
    /// How long Houdini's check of all candidates at once may take before it checks them one
    /// at a time for the rest of the search (0: one at a time from the start). Only how soon
    /// it ends depends on it: the greatest inductive subset is unique.
    std::chrono::milliseconds houdini_cap{2000};
    /// One at a time, a candidate whose check passes this is dropped (0: no cap). Dropping is
    /// always sound -- any inductive subset of the candidates is -- and the invariants are then
    /// at most the greatest inductive subset: vis_pacman3p's "at least one (collected n)" took
    /// 130-240 s to check, and its goal-knowledge is proved without it.
    std::chrono::milliseconds houdini_single_cap{5000};
    /// The cap of a single check of a candidate that says an atom the property reads (a legal
    /// move, terminal, a goal) is equal in both copies: k = 0 needs every one that holds, and a
    /// dropped one sends the proof to a larger k, which costs more than a longer check
    /// (mastermind's goal-knowledge: three of them take 6-15 s each; dropped at 5 s, the
    /// proof needs k = 1 and 43-83 s in all; kept, k = 0 in about 30 s). Past
    /// houdini_single_cap these checks take at most houdini_read_budget together, per role (one
    /// pair Houdini search per role: a game of three roles may spend it three times).
    std::chrono::milliseconds houdini_read_cap{30000};
    std::chrono::milliseconds houdini_read_budget{60000};
    /// One at a time, a check that passes this (within a longer cap) is asked again by cases of
    /// the role's move, one check per move with the move assumed (0: never; the cap bounds
    /// both together). Mastermind's hardest goal equalities: 2.4-7 s each whole, 1.1-2.5 s in
    /// 257 parts. Only slow checks: a fast one costs less than its parts.
    std::chrono::milliseconds houdini_cube_after{500};
    /// One at a time, the candidates of the atoms the property reads are checked in a solver
    /// of their cone of influence (the same pair system, only what they read; two_copy.cpp).
    /// Mastermind448's goal-knowledge: Houdini's pair search 17.6 -> 8.1 s. Tests compare false.
    bool houdini_read_cone = true;
    /// houdini_cube_after of the checks in that cone, whose parts are cheaper (mastermind448:
    /// 2,977 assertions instead of 145,045; its goal-knowledge 14-15 s with 500 ms, 12-13 s with 100).
    std::chrono::milliseconds houdini_cone_cube_after{100};
    /// For tests only: every single check is asked split from the start (small games never
    /// reach houdini_cube_after).
    bool houdini_split_first = false;
    /// For tests only: the first this many single checks count as past the cap (a timeout
    /// that small games never reach on their own); not those of the atoms the property reads
    /// when houdini_read_cap is the longer (they go on to it).
    std::size_t houdini_give_up_first = 0;
    /// Told how the search goes (e.g. "invariants: 412 candidates left"), for a progress line.
    std::function<void(const std::string&)> progress;
};

/// Two developments of `depth` joint moves (one move per role, role order) r cannot tell apart.
struct TwoCopyWitness {
    std::size_t depth = 0;
    std::vector<std::vector<gdl::Term>> actual, alternative;
};

/// The bounded search: depths must be asked in increasing order (the solver is incremental).
class TwoCopy {
public:
    /// `step`: ground::ground_step's program (true@0/does@0 inputs); `init`: the initial
    /// fluents; `role`: the index of r among step.roles.
    TwoCopy(const ground::GroundProgram& step, const std::vector<gdl::Term>& init, std::size_t role,
            TwoCopyProperty property, const TwoCopyOptions& options = {});
    ~TwoCopy();
    TwoCopy(const TwoCopy&) = delete;
    TwoCopy& operator=(const TwoCopy&) = delete;
    /// A counterexample of exactly `depth` joint moves, if there is one.
    std::optional<TwoCopyWitness> counterexample(std::size_t depth);
    std::size_t solver_calls() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

struct InductionResult {
    enum Verdict { Proved, Refuted, Undecided } verdict = Undecided;
    std::size_t k = 0;                     ///< Proved: the k; Refuted: the depth; Undecided: max_k
    std::optional<TwoCopyWitness> witness;  ///< Refuted
    /// The inductive invariants found (Houdini) and assumed; none when no step case was needed.
    std::optional<std::size_t> invariants;
    /// The state invariants among them (with those assumed), for the next role's search.
    std::vector<StateInvariant> state_invariants;
    /// The depth from which the invariants hold (0: every reachable state). A game's setup
    /// phase (a deal, pieces placed one by one, a code set) breaks invariants such as "every
    /// cell has a content" that hold once it is over: where the sampled states break a
    /// candidate only before some depth d (at most TwoCopyOptions::max_invariants_from), the
    /// candidates need hold only from d on -- Z3 checks them at depth d, in the unrolling from
    /// the initial state, instead of initially -- and the base case covers the depths up to
    /// d + k, so the step case proves the depths after.
    std::size_t invariants_from = 0;
    std::size_t solver_calls = 0;
    /// Candidates dropped because their check passed TwoCopyOptions::houdini_single_cap.
    std::size_t houdini_gave_up = 0;
    /// Single checks asked again split by the role's move (TwoCopyOptions::houdini_cube_after).
    std::size_t houdini_split_checks = 0;
};

/// k = 0, 1, ..., max_k: the base case (TwoCopy::counterexample(k)), then the step: from any
/// pair of states that satisfies the invariants, k steps on which the property holds and no
/// pair of states repeats cannot end in a violation. Perfect information is decided by the
/// base case only (its violation is about moves, not states): Refuted or Undecided.
InductionResult prove_by_induction(const ground::GroundProgram& step, const std::vector<gdl::Term>& init,
                                   std::size_t role, TwoCopyProperty property, std::size_t max_k,
                                   const TwoCopyOptions& options = {});

/// The depth from which k-induction's invariants start (InductionResult::invariants_from): after
/// the deepest depth (at most `max`, and half the deepest sample) at which `states` break a
/// state candidate that the initial state breaks and that no state deeper breaks; 0 when none.
/// `states`: reachable states with their depths (each of a pair's two states counts).
std::size_t setup_depth(const ground::GroundProgram& step, const std::vector<gdl::Term>& init,
                        const std::vector<SampledPair>& states, std::size_t max);

/// The step program cut to what the two-copy system of `property` reads
/// (ground::cone_of_influence): every role's moves (does, legal), terminal, the percepts
/// (sees), goal for goal-knowledge, and the fluents that influence them through any number of
/// steps. The pair system's developments, verdicts and shortest counterexamples are those of
/// the whole program: nothing it reads depends on a fluent cut. (k-induction on the cut is
/// sound; the k it needs may differ.)
ground::GroundProgram two_copy_cone(const ground::GroundProgram& step, TwoCopyProperty property);

}  // namespace gdlsc::smt
