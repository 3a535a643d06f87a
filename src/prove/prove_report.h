// What `prove` reports, whichever method decided (doc/knowledge.md, "Proofs"): the verdict,
// the size of the search, and a counterexample (two developments a role cannot tell apart, or
// one development for well-formedness); printed as text or as JSON (`prove --json`).
#pragma once
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gdlsc::query {

/// How `prove` decided (doc/knowledge.md, "Proofs").
enum class ProveMethod {
    Developments,  ///< bounded: every development of length <= depth, enumerated (--depth N)
    Fixpoint,      ///< whole game: the lockstep pair fixpoint (no --depth)
    SmtBounded,    ///< bounded: Z3 on the game unrolled in two copies (--engine smt --depth N)
    SmtInduction,  ///< whole game: k-induction on the two-copy system (--engine smt --induction)
    Witness,       ///< a given counterexample, checked by replaying it (--witness FILE)
    Chc,           ///< whole game: Spacer on the pair system as Horn clauses (--engine chc)
    Bdd,           ///< whole game: the pair fixpoint with BDDs (--engine bdd, src/symbolic)
    Walks,         ///< a refuter: random lockstep walks (--engine walks; none found: undecided)
};

/// The method's name as `prove --json` prints it: developments, fixpoint, smt, smt-induction,
/// witness, chc, bdd, walks.
const char* prove_method_name(ProveMethod m);

struct ProveReport {
    std::string property;
    ProveMethod method = ProveMethod::Developments;
    std::size_t depth = 0;  ///< the bound checked (bounded methods), or k (induction)
    bool holds = true;
    /// For the whole-game methods: the verdict covers every development of every length.
    bool whole_game = false;
    /// SmtInduction: neither proved nor refuted up to k = depth; Walks: no counterexample in
    /// `walks` walks (exit 6, never a guess).
    bool undecided = false;
    std::size_t walks = 0;  ///< Walks: the walks made (over all roles), the longest is `depth`
    /// Size of the search: reachable states and pairs (fixpoint), or Z3 calls (smt, chc: Spacer
    /// queries and bounded-search calls); 0 if not applicable.
    std::size_t states = 0, pairs = 0;
    std::string space;  ///< Fixpoint: the state space explored, "network" (step network) or "rules"
    std::string solver;  ///< Chc: who was asked to solve the Horn clauses, "both", "pdr" or "spacer"
    std::map<std::string, std::string> solved_by;  ///< Chc: per role, who answered, "pdr" or "spacer"
    /// Bdd: the most live BDD nodes, the node table's largest size, the reached set's nodes
    /// at the end (summed over the agents), and the variables.
    std::size_t peak_nodes = 0, table_nodes = 0, bdd_nodes = 0, variables = 0;
    /// SmtInduction: per role, the inductive invariants the step cases assumed (none when a
    /// role needed no step case). Chc: per role proved, the lemmas of Spacer's invariant.
    /// Bdd: per role proved by an inductive invariant, its fluents equal in both copies.
    std::map<std::string, std::size_t> invariants;
    /// SmtInduction: the depth from which those invariants hold (after a setup phase; 0: from
    /// the initial state). The base case then covered the depths up to it plus k.
    std::size_t invariants_from = 0;
    std::vector<std::string> searched;  ///< Bdd: the roles whose reachable pairs were searched
    std::string role;  ///< of the counterexample ("" for a formula without knows)
    std::size_t at_depth = 0;
    std::vector<std::vector<std::string>> actual, alternative;  ///< joint moves in KIF, per step
    std::vector<std::vector<std::string>> actual_percepts, alternative_percepts;  ///< role's, per step
    /// Well-formedness: what the one development shows, in words ("xplayer has no legal move in
    /// the last state, which is not terminal"); the report then has no alternative.
    std::string explanation;
    /// Termination: the development's state after this many steps recurs at its end.
    std::optional<std::size_t> loop_start;
    /// Weak winnability: the counterexample is the whole game (no development reaches a win).
    bool no_development = false;
    /// Well-formedness: decided over single states (no pairs).
    bool over_states = false;
    /// What the property compares at the ends of the two developments, side by side (filled
    /// by explain_counterexample, witness.h): e.g. the role's legal moves in each.
    struct EndValue {
        std::string what, actual, alternative;
        bool differs = false;
    };
    std::vector<EndValue> at_end;
    std::size_t first_difference = 0;  ///< the first step whose joint moves differ (1-based; 0: none)
    /// A formula whose (knows R φ) fails: R's information set at the actual development, its
    /// distinct final states, and those where φ fails (at most kMaxFailingShown listed).
    struct FailingMembers {
        std::string phi;
        std::size_t states = 0, failing = 0;
        std::vector<std::string> shown;  ///< states, fluents in KIF
    };
    std::optional<FailingMembers> failing_members;
    static constexpr std::size_t kMaxFailingShown = 3;
};

std::string prove_text(const ProveReport& r);
std::string prove_json(const ProveReport& r);

}  // namespace gdlsc::query
