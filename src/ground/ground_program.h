// The relevant ground program of a game for a ground history of n joint moves
// (DESIGN §3.3): step-indexed ground atoms (`true@i(f)`, `does@i(r,m)`, `legal@i(r,m)`,
// static atoms without a step) and the ground rules over them. It is what the smt engine
// completes and what `translate --format smtlib` prints; it knows nothing of Z3 or Prolog.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "gdl/term.h"

namespace gdlsc::ground {

using AtomId = std::uint32_t;

/// A ground atom: the relation applied to ground arguments (`atom` is a constant for a
/// 0-ary relation, a compound otherwise) at a step; step -1 for static relations.
struct Atom {
    gdl::Term atom;
    int step = -1;
    /// KIF with the step: `(true@2 (cell 1 1 x))`, `terminal@0`, `(succ 1 2)`; unique, the solver's name.
    std::string name() const;
};

/// head :- pos_1, ..., pos_k, not neg_1, ..., not neg_m (a fact when both are empty).
struct GroundRule {
    AtomId head = 0;
    std::vector<AtomId> pos;
    std::vector<AtomId> neg;
};

/// Where a relation's atoms live in time (doc/architecture.md, the extra arguments).
enum class StepKind {
    Static,  ///< no step: role, init, base, input, percept, user statics
    Fluent,  ///< one copy per step 0..n: true, legal, terminal, goal, derived fluents
    Action,  ///< one copy per step 0..n-1 (needs the joint move of that step): does, next, sees
};

struct GroundProgram {
    int horizon = 0;  ///< n: the number of joint moves; fluents at steps 0..n
    std::vector<std::string> roles;
    std::deque<Atom> atoms;  ///< a deque: references stay valid while the grounder adds atoms
    std::vector<GroundRule> rules;
    /// The ground terms of the rules with their subterms, and the roles: the part of the
    /// query universe that does not depend on the state (as gdlsc_formula's universe_term).
    std::vector<gdl::Term> rule_terms;

    /// The atom's id, or -1 if the grounder never produced it (it is then false).
    std::int64_t find(const gdl::Term& atom, int step) const;
    /// Interns an atom (used by the grounder).
    AtomId intern(const gdl::Term& atom, int step);
    /// Rules by head, built by index_rules().
    std::vector<std::vector<std::size_t>> rules_of;
    void index_rules();

    /// `head :- pos1, pos2, not neg1` (a fact: `head`), with atom names.
    std::string rule_text(const GroundRule& r) const;
    std::size_t size() const { return atoms.size() + rules.size(); }
    /// `N atoms, M rules (K body literals), steps 0..n`.
    std::string size_text() const;

private:
    std::unordered_multimap<std::size_t, AtomId> index_;  ///< by atom_hash
};

/// A structural hash of a ground atom at a step (locations ignored), GroundProgram's index key.
std::size_t atom_hash(const gdl::Term& atom, int step);

/// Bounds on the grounder; beyond them it throws TooLarge. The sizes bound the program;
/// the work bound bounds the time, also where joins examine many candidates without new
/// atoms or rules, or where atoms grow deeper round after round (an infinite relaxed
/// grounding). Aggregate: `GroundLimits{atoms, rules}` takes the default work bound.
struct GroundLimits {
    std::size_t max_atoms = 500'000;
    std::size_t max_rules = 1'000'000;
    /// Units of grounding work: one per join candidate examined, one per join level and
    /// positive literal weighed there, one per relation key and rule in each semi-naive
    /// round, and the tree size (nodes) of each new atom. 0: kWorkPerRule * max_rules. The
    /// corpus games that ground need at most 37 units per rule (blindbreakthrough: 2.7M
    /// units for 73,533 rules); 10M units (the step network's 200,000 rules) take ~0.1-0.4 s.
    std::size_t max_work = 0;
    static constexpr std::size_t kWorkPerRule = 50;
    std::size_t work_bound() const { return max_work != 0 ? max_work : kWorkPerRule * max_rules; }
};

/// The ground program would exceed GroundLimits (the engines turn it into LimitError, exit 4).
struct TooLarge : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The game or the query uses something the ground engine does not handle (knows in the
/// rules or in the query); the message says what.
struct NotApplicable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace gdlsc::ground
