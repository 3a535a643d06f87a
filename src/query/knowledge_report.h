// Information sets, beliefs and exhaustive knowledge properties for the commands
// `infoset`, `belief` and `prove` (doc/knowledge.md). The work is done by
// the knowledge modules of prolog/ (gdlsc_infoset, _belief, _properties) in the embedded engine; this layer loads the game, checks
// the role and the history, calls it, and prints text or JSON.
#pragma once
#include <functional>
#include <ostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "query/formula.h"
#include "query/game_file.h"
#include "query/history.h"

namespace gdlsc::query {

/// One update of an information set (`infoset --steps`).
struct InfosetStep {
    std::size_t step = 0;
    std::string developments;  ///< decimal (may exceed 64 bits)
    std::size_t states = 0;
    double wall_ms = 0, cpu_ms = 0;  ///< the update's elapsed time and CPU time (all threads)
    std::string update;              ///< network, rules or check (GDLSC_NETWORK, doc/knowledge.md)
    /// The step network was built during this update (its time is part of the update's):
    /// "network" (built) or "no_network" (it cannot be had), else empty.
    std::string network;
    double network_ms = 0, network_cpu_ms = 0;  ///< the build's elapsed and CPU time
    std::string network_about;  ///< its size, or why there is none
};

struct InfosetReport {
    std::string role;
    std::size_t steps = 0;
    std::string developments;             ///< decimal (may exceed 64 bits)
    std::size_t state_count = 0;          ///< distinct final states (for_each_infoset_state reads them)
    std::string dot;                      ///< Graphviz text (only when asked)
    std::vector<InfosetStep> step_stats;  ///< per step (only when asked)
};

struct BeliefReport {
    std::string role;
    std::string numerator, denominator, decimal, developments;
};

/// How `prove` decided (doc/knowledge.md, "Proofs").
enum class ProveMethod {
    Developments,  ///< bounded: every development of length <= depth, enumerated (--depth N)
    Fixpoint,      ///< whole game: the lockstep pair fixpoint (no --depth)
    SmtBounded,    ///< bounded: Z3 on the game unrolled in two copies (--engine smt --depth N)
    SmtInduction,  ///< whole game: k-induction on the two-copy system (--engine smt --induction)
    Witness,       ///< a given counterexample, checked by replaying it (--witness FILE)
    Chc,           ///< whole game: Spacer on the pair system as Horn clauses (--engine chc)
    Bdd,           ///< whole game: the pair fixpoint with BDDs (--engine bdd, src/symbolic)
};

/// The method's name as `prove --json` prints it: developments, fixpoint, smt, smt-induction,
/// witness, chc.
const char* prove_method_name(ProveMethod m);

struct ProveReport {
    std::string property;
    ProveMethod method = ProveMethod::Developments;
    std::size_t depth = 0;  ///< the bound checked (bounded methods), or k (induction)
    bool holds = true;
    /// For the whole-game methods: the verdict covers every development of every length.
    bool whole_game = false;
    /// SmtInduction only: neither proved nor refuted up to k = depth (exit 6, never a guess).
    bool undecided = false;
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

/// Throws UserError (exit 2) unless `role` is a role of the game other than random.
void check_agent_role(const Game& g, const std::string& role);

/// What `infoset --dot` draws: nothing, the nodes' differences from the actual state, or
/// every fluent (--dot-full). At most kMaxDotDevelopments developments (LimitError past it).
enum class InfosetDot { None, Differences, Full };
inline constexpr std::size_t kMaxDotDevelopments = 300;
InfosetReport compute_infoset(const Game& g, const std::string& role, const History& h, InfosetDot dot,
                              double timeout_seconds, bool step_stats = false);
BeliefReport compute_belief(const Game& g, const std::string& role, const History& h, const Formula& f,
                            double timeout_seconds);
/// `property`: legal-knowledge, terminal-knowledge, goal-knowledge, or a KIF formula.
ProveReport compute_prove(const Game& g, const std::string& property, std::size_t depth, bool progress,
                          double timeout_seconds);

/// Calls `each` with every distinct final state of the set compute_infoset computed last
/// (sorted; fluents in KIF), reading them from the engine a page at a time, so that a set of
/// any size is printed without being held whole.
void for_each_infoset_state(const std::function<void(const std::vector<std::string>&)>& each);
/// The report with its states, as text or as JSON (`{"developments", "role", "state_list",
/// "states"[, "steps"]}`), written as the states are read.
void write_infoset_text(std::ostream& out, const InfosetReport& r);
void write_infoset_json(std::ostream& out, const InfosetReport& r);
std::string belief_text(const BeliefReport& r);
std::string belief_json(const BeliefReport& r);
std::string prove_text(const ProveReport& r);
std::string prove_json(const ProveReport& r);

}  // namespace gdlsc::query
