// GDL-III on BDDs (doc/knowledge.md, "GDL-III on BDDs"): the developments of a game, level by
// level, as one BDD over the choices made so far, with what the rules' `knows` literals say
// in each -- the symbolic twin of network/network_developments.h, which makes one row per
// development.
//
// A development of length k is the vector of its k joint moves. A role gets variables at a
// level only where two of its moves are legal in one development; elsewhere its move is a
// function of the development (the move whose legal condition holds, e.g. a child's
// know/dontknow). Variables are appended level by level (role order, a binary code per
// role, most significant bit first, codes in the standard order of the moves), each with
// a primed copy next to it. Per level k:
//
//     D_k          the developments (D_0 = true; D_{k+1} = D_k ∧ ¬terminal ∧ each role's move legal)
//     f_k          each fluent as a function of the variables (the network's next rules,
//                  composed symbolically: f_{k+1} = next_f(f_k, moves_k, knows_k))
//     O_r, Eq_r    role r's observation: the variables it sees (its own move's code, a
//                  percept that is a literal), and for every other observed function g
//                  (its move where it has no variable, its percepts) g(H) ↔ g(H[U_r:=U_r'])
//                  with U_r the variables it does not see
//     (knows r P)  D ∧ ¬∃U_r'. Eq_r ∧ D' ∧ ¬P'      (X' = X with U_r renamed to U_r')
//     (knows P)    νX. P ∧ ∧_r (knows r X)            (common knowledge: greatest fixpoint)
//
// The network's nodes of a level are evaluated once, in an order that puts P's node before
// the knows input that reads it (the validation has checked that knowledge in the rules is
// hierarchical; a cycle is NotApplicable). Exactness: tests/unit/symbolic and
// tests/feature/knowledge compare every answer with the rows engine and the Prolog runtime.
//
// BuDDy has one global manager: a Developments object owns it (symbolic/manager.h) from
// construction to destruction; no BDD leaves this file. Throws NodeLimit or Stopped
// (symbolic/errors.h), ground::NotApplicable.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "network/network_developments.h"
#include "network/step_network.h"
#include "symbolic/errors.h"

namespace gdlsc::symbolic {

struct DevelopmentOptions {
    /// BuDDy nodes (20 bytes each, plus caches): past it NodeLimit.
    std::size_t max_nodes = kDefaultMaxNodes;
    const std::atomic<bool>* stop = nullptr;
    /// Called between pieces of work (each component of the network, each level); may throw
    /// to stop (a time limit).
    std::function<void()> tick;
    /// Network nodes a formula reads (evaluated at every level besides legal and terminal).
    std::vector<ground::NodeId> extra_targets;
    static constexpr std::size_t kDefaultMaxNodes = 50'000'000;
};

/// A ground formula about the last state of a development, over the network's nodes.
struct NodeFormula {
    enum class Kind { False, True, Node, Not, And, Or, Knows, Common };
    Kind kind = Kind::True;
    ground::NodeId node = ground::kNoNode;  ///< Node
    std::size_t role = 0;                   ///< Knows
    std::vector<NodeFormula> args;
};

struct LevelCount {
    std::size_t depth = 0;
    std::string developments, solutions;  ///< decimal, exact
};

struct SolveResult {
    std::string count;  ///< decimal: every solution of every level
    std::vector<LevelCount> levels;
    /// Listed solutions (at most the limit): per step a move index per role, and the final
    /// fluents (indices into net.fluents()).
    std::vector<std::vector<std::vector<std::uint32_t>>> histories;
    std::vector<std::vector<std::uint32_t>> states;
};

/// Sizes, for --json and the benchmarks.
struct DevelopmentStats {
    std::size_t levels = 0;
    std::size_t variables = 0;    ///< history variables (each has a primed copy)
    std::size_t peak_nodes = 0;   ///< most live BuDDy nodes seen
    std::size_t final_nodes = 0;  ///< nodes of the last level's D
    std::size_t knows_evaluated = 0;
};

/// Per knows input of the network: whether a rule reads it. Developments evaluates only
/// those (an input no rule reads is never asked for); path() reports the others false.
std::vector<char> knows_read(const ground::StepNetwork& net);

class Developments {
public:
    /// Takes BuDDy's manager (waiting while another user has it). `init`: the initial fluents.
    Developments(const ground::StepNetwork& net, const std::vector<std::uint32_t>& init,
                 const DevelopmentOptions& options = {});
    ~Developments();
    Developments(const Developments&) = delete;
    Developments& operator=(const Developments&) = delete;

    /// As ground::epistemic_path: the knows inputs true at each node of `history` that some
    /// rule reads (knows_read; ground::epistemic_path reports every one) (per step
    /// a move index per role, -1 for a move the network does not have), or where the
    /// history stops being a development.
    ground::EpistemicPath path(const std::vector<std::vector<std::int64_t>>& history);

    /// Whether `f` holds at the end of `history` (which must be a development: path() first).
    bool holds(const NodeFormula& f, const std::vector<std::vector<std::int64_t>>& history);

    /// `gdlsc solve`: the developments of at most `depth` joint moves whose last state
    /// satisfies `f`, counted per level; the first `limit` listed in order of length, then
    /// of their joint moves (roles in order, each role's moves in standard order). From the
    /// root, or after path(history) (a development): those that extend the history, levels
    /// from its length on.
    SolveResult solve(const NodeFormula& f, std::size_t depth, std::size_t limit);

    DevelopmentStats stats() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace gdlsc::symbolic
