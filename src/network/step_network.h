// The game's rules for one step, ground (ground_step) and compiled to a circuit that
// evaluates many rows at once, each row a state and a joint move, 64 rows to a machine
// word ("bit-sliced"): a ground atom is a column of bits, one per row; a ground rule is
// the AND of its literals' columns (complemented for `not`), an atom the OR of its rules.
// Strongly connected components of the ground dependency graph are evaluated in order;
// a component with a positive loop is iterated from all-false to its least fixpoint
// (stratified: no negative edge inside a component). Static atoms are evaluated once,
// when the network is built, and folded away.
//
// The progression engine uses it for the bulk of an information-set update (k_step.h,
// called from prolog/gdlsc_infoset.pl through src/prolog/network.cpp); the game's rules
// in Prolog stay the reference, and tests check that both give the same sets.
//
//   StepNetwork net(program, analysis);           // throws TooLarge, NotApplicable
//   Rows rows(net, {net.terminal_node()});
//   rows.reset(n);  rows.set_fluent(i, f); ...;  rows.run();
//   bool t = rows.holds(net.terminal_node(), i);
//
// C++17 (included by src/prolog, which is compiled as C++17).
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "ground/ground_program.h"

namespace gdlsc::ground {

using NodeId = std::uint32_t;
constexpr NodeId kNoNode = UINT32_MAX;

/// The grounding limits the engines apply when they build a step network (atoms, rules):
/// beyond them the game is left to the Prolog rules.
inline constexpr GroundLimits kEngineNetworkLimits{100'000, 200'000};

class StepNetwork {
public:
    /// Grounds the game for one step and compiles the circuit. Throws TooLarge beyond
    /// `limits`, NotApplicable for what the grounder does not handle (knows in the rules).
    StepNetwork(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits = {});
    /// Compiles `one_step` (ground_step's result for a game with these roles).
    StepNetwork(const GroundProgram& one_step, std::vector<std::string> roles);

    const std::vector<std::string>& roles() const { return roles_; }
    /// The fluents of the initial state (indices into fluents(), ascending): the init atoms,
    /// static, decided when the network is built. No Prolog is needed to start a game.
    const std::vector<std::uint32_t>& initial_fluents() const { return init_; }
    /// Every fluent that can hold in a reachable state (init fluents and next fluents).
    const std::vector<gdl::Term>& fluents() const { return fluents_; }
    /// Every move that can be legal for role `r`.
    const std::vector<gdl::Term>& moves(std::size_t r) const { return moves_[r]; }
    /// Every percept role `r` can get.
    const std::vector<gdl::Term>& percepts(std::size_t r) const { return percepts_[r]; }

    NodeId terminal_node() const { return terminal_; }
    NodeId legal_node(std::size_t r, std::size_t move) const { return legal_[r][move]; }
    NodeId sees_node(std::size_t r, std::size_t percept) const { return sees_[r][percept]; }
    /// kNoNode when no rule can make the fluent hold in the next state.
    NodeId next_node(std::size_t fluent) const { return next_[fluent]; }
    /// The goal values role `r` can get, and the node of (goal r value) for each.
    const std::vector<gdl::Term>& goal_values(std::size_t r) const { return goal_values_[r]; }
    NodeId goal_node(std::size_t r, std::size_t value) const { return goal_[r][value]; }

    /// GDL-III (epistemic.h): an input (|gdlsc knows| r P) or (|gdlsc common| P) of step 0,
    /// set per development from the information sets (network_developments.h); `inner` is
    /// P's node, `role` -1 for common knowledge.
    struct KnowsInput {
        NodeId node = kNoNode;
        std::int32_t role = -1;
        NodeId inner = kNoNode;
        gdl::Term atom;  ///< P
    };
    const std::vector<KnowsInput>& knows() const { return knows_; }

    // --- The circuit, read-only: for engines that compile it further (BDDs, solvers) ---
    enum class Kind : std::uint8_t { False, True, Input, Derived };
    /// False/True: decided when the network was built; Input: true(f), does(r, m) or a knows
    /// input; Derived: evaluated from its rules (false when it has none).
    Kind kind(NodeId node) const { return kind_[node]; }
    NodeId true_node(std::size_t fluent) const { return true_[fluent]; }
    /// kNoNode never happens for a move of moves(r): each is an input.
    NodeId does_node(std::size_t r, std::size_t move) const { return does_[r][move]; }
    /// A literal of a rule: the node, negated or not.
    struct Literal {
        NodeId node;
        bool negated;
    };
    /// The components of derived nodes in evaluation order (each reads only inputs, constants,
    /// earlier components and itself); a recursive one is a least fixpoint from all-false.
    std::size_t components() const { return components_.size(); }
    bool component_recursive(std::size_t c) const { return components_[c].recursive; }
    std::vector<NodeId> component_nodes(std::size_t c) const {
        return {order_.begin() + components_[c].begin, order_.begin() + components_[c].end};
    }
    /// The rules of a derived node (the node holds iff one rule's literals all hold); a literal
    /// may name a constant node (in a recursive component), read as its value.
    std::size_t rule_count(NodeId node) const { return rule_begin_[node + 1] - rule_begin_[node]; }
    std::vector<Literal> rule(NodeId node, std::size_t i) const;

    std::size_t nodes() const { return kind_.size(); }
    std::size_t rules() const { return rule_lits_.size(); }
    /// `N fluents, M moves, K nodes, R rules`.
    std::string size_text() const;
    /// The network as text (`gdlsc translate --format network`), atoms named from `one_step`,
    /// the program it was compiled from: its inputs, its components of derived atoms in
    /// evaluation order with their simplified rules, the atoms decided when it was built,
    /// and its outputs (step_network_print.cpp).
    std::string print(const GroundProgram& one_step) const;

private:
    friend class Rows;
    struct Component {
        std::uint32_t begin, end;  // in order_
        bool recursive;
    };
    std::vector<std::string> roles_;
    std::vector<gdl::Term> fluents_;
    std::vector<std::vector<gdl::Term>> moves_, percepts_;
    std::vector<NodeId> true_, next_;                    // per fluent
    std::vector<std::vector<NodeId>> does_, legal_, sees_;  // per role, per move / percept
    std::vector<std::vector<gdl::Term>> goal_values_;     // per role
    std::vector<std::vector<NodeId>> goal_;               // per role, per goal value
    NodeId terminal_ = kNoNode;
    std::vector<KnowsInput> knows_;
    std::vector<std::uint32_t> init_;

    std::vector<Kind> kind_;  // per node
    // Rules of derived nodes: node -> [rule_begin_[n], rule_begin_[n+1]) in rule_lits_;
    // a rule is a range of literals in lits_, a literal a node id with bit 31 for `not`.
    std::vector<std::uint32_t> rule_begin_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> rule_lits_;
    std::vector<std::uint32_t> lits_;
    std::vector<NodeId> order_;  // derived nodes, components in evaluation order
    std::vector<Component> components_;
    std::vector<std::uint32_t> component_of_;  // per derived node: its component

    void compile(const GroundProgram& gp);
};

/// Rows to evaluate: inputs set per row, then run() computes the nodes `targets` need.
class Rows {
public:
    Rows(const StepNetwork& net, const std::vector<NodeId>& targets);
    /// n rows, every input false.
    void reset(std::size_t n);
    void set_fluent(std::size_t row, std::size_t fluent) { set(net_.true_[fluent], row); }
    void set_move(std::size_t row, std::size_t role, std::size_t move) { set(net_.does_[role][move], row); }
    /// Every input false again (the derived columns are recomputed by run()): between two
    /// runs over the same number of rows, cheaper than reset().
    void clear_inputs();
    /// The column of the input `true(fluent)` / `does(role, move)`, to write whole words at
    /// once; null when the input is outside the targets' cone (its value does not matter).
    std::uint64_t* fluent_column(std::size_t fluent) { return input_column(net_.true_[fluent]); }
    std::uint64_t* move_column(std::size_t role, std::size_t move) { return input_column(net_.does_[role][move]); }
    /// The column of net.knows()[k] (null outside the targets' cone).
    std::uint64_t* knows_column(std::size_t k) { return input_column(net_.knows_[k].node); }
    void run();
    bool holds(NodeId node, std::size_t row) const {
        const std::uint64_t* c = column(node);
        return (c[row >> 6] >> (row & 63)) & 1u;
    }
    /// The node's column: words() words, bit i of word w for row 64w+i (rows past n: any value).
    const std::uint64_t* column(NodeId node) const { return &cols_[std::size_t(slot_[node]) * words_]; }
    std::size_t words() const { return words_; }
    /// The columns a reset allocates: one per node in the targets' cone (words() each).
    std::size_t slots() const { return inputs_.size() + consts_.size() + order_.size(); }

private:
    const StepNetwork& net_;
    std::vector<std::int32_t> slot_;  // node -> column, -1 outside the cone
    std::vector<NodeId> inputs_, consts_;
    std::vector<StepNetwork::Component> schedule_;
    std::vector<NodeId> order_;
    std::size_t words_ = 0;
    std::vector<std::uint64_t> cols_, tmp_;
    // From kSkipWords words per column on, run() notes which columns are all zero and eval()
    // skips a rule with such a positive literal (per slot; 1: known all zero). Below it the
    // check would cost about as much as the rule.
    static constexpr std::size_t kSkipWords = 4;
    std::vector<char> zero_;
    bool all_zero(NodeId node) const;

    std::uint64_t* input_column(NodeId node) {
        return node == kNoNode || slot_[node] < 0 ? nullptr : &cols_[std::size_t(slot_[node]) * words_];
    }
    void set(NodeId node, std::size_t row) {
        if (node == kNoNode || slot_[node] < 0) return;
        cols_[std::size_t(slot_[node]) * words_ + (row >> 6)] |= std::uint64_t(1) << (row & 63);
    }
    bool eval(NodeId node, bool accumulate);
};

}  // namespace gdlsc::ground
