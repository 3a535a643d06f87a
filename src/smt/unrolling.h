// Private to src/smt (it includes z3++.h, as z3_guard.h does): the ground step program in Z3,
// shared by the two-copy unrolling (two_copy.cpp: bounded search, k-induction) and the pair
// system's Horn clauses (pair_chc.cpp). StepAtoms reads the step program's atoms by meaning;
// Unrolling encodes copies of one step, step after step, as constraints handed to a sink:
//
//     true@t+1(f)   ↔ next@t(f)                      (false if f has no next rule)
//     derived@t     ↔ ∨ bodies@t                     (Clark completion)
//     a positive loop: a@t → ∨ (body@t ∧ rank(b) < rank(a) for b in body ∩ loop)
//     moves(c, t):  ¬terminal@t; per role exactly one does@t, and it is legal@t
//     same_view:    does@t(r, m) and sees@t(r, p) equal in both copies
//
// The step program is stratified, so with the inputs (true@t, does@t) fixed the completion
// with the ranking has exactly the standard model. With `Definitions`, no derived atom is a
// variable: a static atom is its value in the least model (computed here), an atom outside
// the positive loops the expression ∨ bodies itself (true@t+1(f) is next@t(f)'s), and a
// positive loop of k atoms is unfolded: k rounds of a := ∨ bodies from all false, which
// reach its least fixpoint (a loop too large to unfold keeps variables and the ranking).
// Only the inputs (true@0, does@t) remain variables.
#pragma once
#include <z3++.h>

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "gdl/term.h"
#include "ground/ground_program.h"
#include "smt/two_copy.h"

namespace gdlsc::smt {

constexpr std::int64_t kNoAtom = -1;

/// The step program's atoms by meaning.
struct StepAtoms {
    std::vector<gdl::Term> fluents;
    std::vector<ground::AtomId> true_of;  ///< per fluent
    std::vector<std::int64_t> next_of;    ///< per fluent (kNoAtom: no next rule)
    std::vector<std::vector<ground::AtomId>> does_of;   ///< per role, per move
    std::vector<std::vector<gdl::Term>> moves;          ///< per role
    std::vector<std::vector<std::int64_t>> legal_of;    ///< per role, per move
    std::vector<std::vector<ground::AtomId>> sees_of, goal_of;
    std::int64_t terminal = kNoAtom;
    std::vector<bool> input, is_static;
    std::vector<int> loop;  ///< per atom: its positive loop's id, or -1
    /// The components of the dependency graph, each after the components its rules mention
    /// (a stratified program: the positive loops are the only cycles).
    std::vector<std::vector<ground::AtomId>> components;
    /// The static atoms' values: the least model of the static rules.
    std::vector<bool> static_value;

    explicit StepAtoms(const ground::GroundProgram& gp);
};

/// Groups of fluents equal but in one argument ((round 5), (round 12)): at most one of each is
/// true in most games (PDR's generalization tries them, pdr.h). Indices offset by `offset`
/// (a copy's first state variable).
std::vector<std::vector<std::size_t>> one_hot_groups(const StepAtoms& sa, std::size_t offset);

/// Copies of the step program in one Z3 context; every constraint goes to `add`.
struct Unrolling {
    enum Encoding { Constraints, Definitions };
    using Sink = std::function<void(const z3::expr&)>;

    const ground::GroundProgram& gp;
    const StepAtoms& sa;
    z3::context& ctx;
    Sink add;
    std::vector<z3::expr> statics;
    std::vector<std::vector<std::vector<z3::expr>>> vars;  ///< [copy][step][atom]
    std::string tag;
    Encoding encoding;

    /// `tag` prefixes every variable's name (several unrollings may share a context).
    Unrolling(const ground::GroundProgram& g, const StepAtoms& a, z3::context& c, Sink sink, std::string t,
              Encoding e = Constraints);

    /// The atoms of copy c at step t = vars[c].size(), defined from step t-1's next atoms.
    void add_step(int c);
    /// Step 0 of copy c is the initial state (fluents by KIF text).
    void initial(int c, const std::set<std::string>& init);
    /// x at step t of copy c (false for kNoAtom).
    z3::expr atom(int c, std::size_t t, std::int64_t x);
    /// A joint move is done at step t of copy c: not terminal, one legal move per role.
    void moves(int c, std::size_t t);
    /// Role r sees step t the same in both copies: its percepts, and its move if `same_move`.
    void same_view(std::size_t r, std::size_t t, bool same_move);
    /// Fluent i of copy c at step t.
    z3::expr fluent(int c, std::size_t t, std::size_t i) { return vars[c][t][sa.true_of[i]]; }
    /// The property fails at step t for role r (perfect information: the joint moves of step
    /// t-1 differ).
    z3::expr violation(TwoCopyProperty p, std::size_t r, std::size_t t);
    /// The two copies' joint moves in a model, steps 0..depth-1.
    TwoCopyWitness witness(const z3::model& m, std::size_t depth);

    /// With Definitions, a loop is unfolded when its size times its rules stays below this.
    static constexpr std::size_t kMaxUnfolding = 200'000;

private:
    std::vector<ground::AtomId> atom_order_;
    const std::vector<ground::AtomId>& definition_order();
    void define_component(std::vector<z3::expr>& v, const std::vector<ground::AtomId>& c, const std::string& prefix);
    z3::expr body(const std::vector<z3::expr>& v, const ground::GroundRule& r);
    z3::expr bodies(const std::vector<z3::expr>& v, ground::AtomId x);
    void define(std::vector<z3::expr>& v, ground::AtomId x, const std::string& prefix);
    void define_ranking(const std::vector<z3::expr>& v, ground::AtomId x, const std::string& prefix);
};

}  // namespace gdlsc::smt
