// Whole-game knowledge properties by BDDs (doc/knowledge.md, "The BDD engine"): the set of
// pairs of states of developments a role cannot tell apart -- the lockstep fixpoint of
// ground/lockstep.h -- computed symbolically, level by level, as a BDD over two copies of the
// fluents. One step of a pair is a relational product of the pair set with the step
// network compiled to BDDs (both copies non-terminal, each joint move legal, the role's
// move and percepts equal in both, each fluent's successor its next function); the first
// level with a violating pair gives a shortest counterexample, walked back through the
// kept levels to two concrete developments.
//
//   PairProver prover(net, {.max_nodes = N, .stop = &flag});   // compiles the circuit
//   PairResult r = prover.prove({.role = 0, .property = PairProperty::LegalKnowledge});
//
// BuDDy has one global manager: a PairProver owns it from construction to destruction (other
// provers wait), and nothing survives it. Its BDDs never leave src/symbolic, the only code
// that includes bdd.h.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "symbolic/errors.h"  // NodeLimit, Stopped
#include "ground/lockstep.h"
#include "ground/wellformed.h"
#include "network/step_network.h"

namespace gdlsc::symbolic {

/// How the fluents are placed in the variable order (each fluent's four variables -- now and
/// next, both copies -- are always adjacent).
enum class VariableOrder {
    Structure,  ///< the default: grouped by their numbers (a board's coordinates), sorted within a group
    Sorted,     ///< by relation name, then arguments (numbers by value)
    Network,    ///< the order of StepNetwork::fluents()
};

/// How a role's move is encoded.
enum class MoveEncoding {
    OneHot,  ///< the default: one variable per move and copy, exactly one per role, placed with
             ///< the fluents of the move's coordinates
    Binary,  ///< ceil(log2 n) variables per role and copy, before every fluent
};

/// The manager and the encoding: what a PairProver is built with.
struct BddOptions {
    /// The node table's bound (BuDDy nodes, 20 bytes each, plus the operation caches): past it
    /// the operation stops with NodeLimit.
    std::size_t max_nodes = kDefaultMaxNodes;
    /// Set from another thread to stop: the next garbage collection or level throws Stopped.
    const std::atomic<bool>* stop = nullptr;
    VariableOrder order = VariableOrder::Structure;
    MoveEncoding moves = MoveEncoding::OneHot;
    /// Dynamic variable reordering (BuDDy's sifting, each fluent's four variables one block).
    bool reorder = false;
    /// Image partitions are conjoined into clusters up to this many nodes.
    std::size_t cluster_nodes = 5000;
    /// A derived node that reads the moves and that the rules of at least this many nodes read
    /// gets a variable of its own (a cut point; 0: none).
    std::size_t cut_readers = 4;

    static constexpr std::size_t kDefaultMaxNodes = 100'000'000;
};

/// A test seam, not an option: a mutation of the transition relation that the tests must
/// catch (tests/unit/symbolic/pair_bdd_test.cpp). The product (src/prove) never makes one.
struct BddMutation {
    /// The next-state function of this fluent is false (a frame rule dropped).
    std::optional<std::size_t> drop_next_fluent;
    /// Termination's lasso: how many states of a level are tried for lying on a cycle (none:
    /// the product's 64); 0 takes the fallback lasso at once, so that tests reach it.
    std::optional<std::size_t> cycle_tries;
};

/// One search: a role, a property, a depth bound.
struct PairOptions {
    std::size_t role = 0;  ///< the role whose indistinguishability is followed (not random)
    /// LegalKnowledge, TerminalKnowledge, GoalKnowledge or PerfectInformation (Custom: not here).
    ground::PairProperty property = ground::PairProperty::LegalKnowledge;
    /// Pairs of developments longer than this are not searched (SIZE_MAX: the whole game).
    std::size_t max_depth = SIZE_MAX;
    /// Called after each level: its depth, the reached set's BDD nodes, its pairs (unordered;
    /// counted only when there is a callback).
    std::function<void(std::size_t level, std::size_t nodes, double pairs)> progress;
    /// prove(): stops before the next image once the reached set has more BDD nodes than this
    /// (0: never); the result then says holds up to `levels`, with `cut` set.
    std::size_t max_reached_nodes = 0;
    /// equal_fluents_invariant: gives up (nullopt) once this many seconds have passed.
    double invariant_seconds = 1e9;
    /// equal_fluents_invariant: also the equalities that hold when a fluent has a value (false:
    /// only the unconditional ones, the cheap first attempt).
    bool invariant_guards = true;
};

/// Two developments of the same length the role cannot tell apart, ending in a violation.
struct PairWitness {
    std::size_t depth = 0;
    /// Per step, per role: the move's index into net.moves(role).
    std::vector<std::vector<std::uint32_t>> actual, alternative;
};

struct PairResult {
    bool holds = true;
    std::optional<PairWitness> witness;  ///< the shortest violation (holds == false)
    std::size_t levels = 0;  ///< the deepest level searched: the longest shortest development of a pair
    double pairs = 0;        ///< distinct pairs of states reached, unordered (as the explicit fixpoint counts)
    double states = 0;       ///< distinct states reached (the pairs (s, s))
    std::size_t final_nodes = 0;  ///< BDD nodes of the reached set at the end
    bool cut = false;  ///< stopped at PairOptions::max_reached_nodes: holds only up to `levels`
};

/// One equality of an invariant (PairProver::equal_fluents_invariant): the fluent has the same
/// value in both copies -- always, or when the guard fluent has guard_value in copy 1.
struct FluentEquality {
    std::size_t fluent = 0;            ///< index into net.fluents()
    std::optional<std::size_t> guard;  ///< index into net.fluents()
    bool guard_value = true;
};

/// Sizes of the compiled relation and of the manager, for reports and benchmarks.
struct BddStats {
    std::size_t variables = 0;
    std::size_t circuit_nodes = 0;    ///< BDD nodes of the compiled step (both copies, shared)
    std::size_t peak_nodes = 0;       ///< most live nodes seen (at garbage collections and level ends)
    std::size_t table_nodes = 0;      ///< the node table's largest size (memory: 20 bytes a node, and 6 x 24 bytes of caches)
    std::size_t reorderings = 0;
    double compile_seconds = 0;
};

/// Well-formedness on one copy of the fluents (the reachable states, breadth first, as
/// ground::check_states searches them): a property of ground/wellformed.h.
struct StateOptions {
    ground::StateProperty property = ground::StateProperty::Playability;
    std::vector<std::size_t> agents;  ///< the roles whose goals count (random is none)
    std::size_t max_depth = SIZE_MAX;  ///< not with Termination (std::invalid_argument)
    /// Called after each level: its depth, the reached set's BDD nodes, its states.
    std::function<void(std::size_t level, std::size_t nodes, double states)> progress;
};

/// What check_states found; `why` and the fields as in ground::StateCheckResult.
struct StateResult {
    bool holds = true;
    ground::StateCheckResult::Why why = ground::StateCheckResult::Why::None;
    std::size_t role = 0;
    /// The violation's development: per step, per role, the move's index into net.moves(role).
    std::vector<std::vector<std::uint32_t>> moves;
    std::size_t loop_start = 0;  ///< Cycle: the state after this many steps recurs at the end
    int best_goal = -1;          ///< NoWin
    double terminals = 0;        ///< WeakWinnability: reachable terminal states
    std::vector<int> goals;      ///< GoalCount: the values; GoalDecreases: before, after
    double states = 0;           ///< distinct states reached
    std::size_t levels = 0, final_nodes = 0;
};

class PairProver {
public:
    /// Takes BuDDy's manager (waiting while another prover has it) and compiles the network's
    /// step. Throws NodeLimit, Stopped, ground::NotApplicable (knows in the rules).
    PairProver(const ground::StepNetwork& net, const BddOptions& options = {});
    /// The same with a test's mutation in force (BddMutation).
    PairProver(const ground::StepNetwork& net, const BddOptions& options, const BddMutation& mutation);
    ~PairProver();
    PairProver(const PairProver&) = delete;
    PairProver& operator=(const PairProver&) = delete;

    /// The lockstep fixpoint for one role and property, breadth first. Throws NodeLimit,
    /// Stopped; after an exception the prover is spent (every later call throws it again).
    PairResult prove(const PairOptions& options);
    /// A proof without the reachable pairs: an inductive invariant of equalities "fluent f is
    /// the same in both copies", unconditionally or when a fluent has a given value, within the
    /// reachable states (Houdini's fixpoint over those candidates), that no pair violates. The
    /// equalities in it when it proves the property; nullopt when the fixpoint's
    /// invariant admits a violating pair (then only prove() decides), for PerfectInformation,
    /// and past options.invariant_seconds. Whole game only (options.max_depth is not read).
    /// Throws as prove().
    std::optional<std::vector<FluentEquality>> equal_fluents_invariant(const PairOptions& options);
    /// A well-formedness property over the reachable states (one copy). Throws as prove().
    StateResult check_states(const StateOptions& options);
    BddStats stats() const;
    /// Where the last or current search is: the deepest level reached and its reached set's
    /// nodes (what a limit message says).
    std::size_t level() const;
    std::size_t level_nodes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// PairProver(net, bdd).prove(pair): one search with a manager of its own.
PairResult prove_pairs(const ground::StepNetwork& net, const BddOptions& bdd, const PairOptions& pair);

}  // namespace gdlsc::symbolic
