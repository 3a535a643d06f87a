// The runtime's entry points (prolog/gdlsc.pl and the modules it loads) as typed C++ calls:
// the one place on the C++ side that names a runtime predicate. The capabilities (src/session,
// src/query, src/prove, ...) call these; they never spell a Prolog module or predicate.
// Results stay gdl::Term where the caller reads a structure (joint moves, percepts); counts
// that may outgrow 64 bits stay decimal text.
// Errors as for Engine::solve: EngineError, LimitError (src/base/errors.h).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "gdl/term.h"
#include "prolog/engine.h"

namespace gdlsc::pl::runtime {

// ---- gdlsc_formula: the query language -----------------------------------------------

/// answers/4: every binding of `vars` (in order) under which `formula` holds at `sit`,
/// sorted; one empty row when it holds and `vars` is empty; no rows when it does not hold.
std::vector<std::vector<gdl::Term>> answers(Engine& e, const gdl::Term& formula, const gdl::Term& sit,
                                            const std::vector<gdl::Term>& vars);
/// eval/2: the bindings of the formula's variables, one per solution.
std::vector<Bindings> eval(Engine& e, const gdl::Term& formula, const gdl::Term& sit);
/// eval_state/2: whether a formula about the current state holds in `state`.
bool holds_in_state(Engine& e, const gdl::Term& formula, const State& state);

// ---- gdlsc_situation ------------------------------------------------------------------

/// step_error/3: why `joint` cannot be done at `sit` -- `terminal`, `arity(K)` or
/// `illegal(I, Role, Move)` -- or nothing when it can.
std::optional<gdl::Term> step_error(Engine& e, const gdl::Term& sit, const gdl::Term& joint);
/// known_state/2: the ground situation `sit` has the state of `fluents` (computed elsewhere).
void known_state(Engine& e, const gdl::Term& sit, const std::vector<gdl::Term>& fluents);

/// GDL-III: makes the development of `joint_moves` with the knowledge its rules ask about
/// given per node of the path (the root first; a list of k(Role, P) / c(P) terms each),
/// computed outside Prolog (gdlsc_developments:network_path/3). Forgets earlier developments.
void network_path(Engine& e, const std::vector<gdl::Term>& joint_moves, const std::vector<gdl::Term>& knowledge);
/// Forgets every development, information set and table (gdlsc_developments:knowledge_reset/0).
void forget_developments(Engine& e);
/// The slot copy of the game loaded now (gdlsc_slots:slot_copy/1, derived on the first call):
/// "ready", or why playouts keep sorted lists, e.g. "none(epistemic)".
std::string slot_copy_status(Engine& e);

// ---- gdlsc_infoset, gdlsc_infoset_dot, gdlsc_belief, gdlsc_properties: information sets, beliefs, bounded proofs

struct InfosetCounts {
    std::string developments;  ///< decimal
    std::size_t states = 0;    ///< distinct final states, kept for infoset_states_page
    /// With steps: step(D, N, L, WallMs, CpuMs, Update, Built) per update.
    std::vector<gdl::Term> steps;
};
/// infoset_report/4,5 for `role` at `sit`.
InfosetCounts infoset_report(Engine& e, const std::string& role, const gdl::Term& sit, bool steps);
/// infoset_states_page/3: at most `max` of the states the last infoset_report kept, from the
/// `from`-th (1-based); each a list term of fluents.
std::vector<gdl::Term> infoset_states_page(Engine& e, std::size_t from, std::size_t max);
/// infoset_dot/4: Graphviz text of the information set (`full`: every fluent in each node,
/// else only those that differ from the actual state at its depth).
std::string infoset_dot(Engine& e, const std::string& role, const gdl::Term& sit, bool full);

struct Belief {
    std::string numerator, denominator, decimal, developments;
};
/// belief_report/7.
Belief belief_report(Engine& e, const std::string& role, const gdl::Term& sit, const gdl::Term& formula);

struct BoundedProof {
    bool holds = true;
    std::string role;  ///< "none" for a formula without knows
    std::size_t at_depth = 0;
    gdl::Term actual, alternative;                        ///< lists of joint moves a(...)
    gdl::Term actual_percepts, alternative_percepts;      ///< lists of percept lists
};
/// prove_report/10: `property` (a term of prove_property/4) over every development of length
/// <= depth.
BoundedProof prove_report(Engine& e, const gdl::Term& property, std::size_t depth, bool progress);

// ---- gdlsc_regression -------------------------------------------------------------------

struct Regressed {
    std::string text;                        ///< the formula about s0, printed
    std::size_t size = 0;                    ///< its nodes
    std::vector<std::vector<gdl::Term>> rows;  ///< the bindings of `vars` under which it holds
};
/// regress_query/8 (names: the variables as they are printed, "?x"); nothing when the
/// regressed formula grows beyond `max_nodes` nodes.
std::optional<Regressed> regress_query(Engine& e, const gdl::Term& formula, const gdl::Term& sit, const std::vector<gdl::Term>& vars,
                        const std::vector<gdl::Term>& names, std::size_t max_nodes);

// ---- gdlsc_solve ----------------------------------------------------------------------------

struct Solutions {
    std::string count;                 ///< decimal
    std::vector<gdl::Term> listed;     ///< s(JointMoves, Fluents)
    std::vector<gdl::Term> levels;     ///< level(Depth, Developments, Solutions)
};
/// solve_report/8 (`sit`: the situation whose extensions are searched; s0 for all).
Solutions solve_report(Engine& e, const gdl::Term& formula, const gdl::Term& sit, std::size_t depth, std::size_t limit,
                       bool progress);

}  // namespace gdlsc::pl::runtime
