// Dependency analysis of a GDL program (Schiffel & Thielscher 2011, DESIGN §2):
// the predicate dependency graph, its strongly connected components, and the
// class of every predicate — static, derived fluent, derived action predicate —
// plus the primitive fluents (function symbols under init/true/next/base).
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gdl/program.h"

namespace gdlsc::gdl {

enum class PredicateClass {
    Static,           ///< depends on neither true nor does
    DerivedFluent,    ///< depends on true, not on does (gains a situation argument)
    ActionPredicate,  ///< depends on does (gains action and situation arguments)
};
const char* class_name(PredicateClass c);

/// One edge head -> body relation, from the body literal at `loc`.
struct Dependency {
    Signature to;
    bool negative = false;  ///< under an odd number of `not`
    Location loc;
};

struct PredicateInfo {
    Signature sig;
    PredicateClass cls = PredicateClass::Static;
    bool recursive = false;          ///< in a cycle of the dependency graph
    size_t rule_count = 0;           ///< rules (and facts) with this head
    int scc = -1;                    ///< index into Analysis::sccs
    /// The class the theory and every engine give the relation (its extra arguments): `cls`
    /// with the keyword conventions -- legal, terminal and goal at least derived fluents, next
    /// and sees action predicates -- carried to every relation that depends on one of them
    /// (`p :- (legal r a)` with legal a fact is a derived fluent: it reads Legal(r, a, S)).
    PredicateClass engine_cls = PredicateClass::Static;
    std::vector<Location> defined_at;  ///< heads
};

struct Analysis {
    std::vector<std::string> roles;  ///< in order of the role facts
    /// Every relation that occurs in a head or body (keywords true/does/distinct excluded).
    std::map<Signature, PredicateInfo> predicates;
    /// Primitive fluents: signatures of the terms under init, true, next (and base).
    std::set<Signature> fluents;
    /// The fluents a state can hold: the signatures under init and next heads; complete
    /// (holdable_known) unless some init or next head is a variable, e.g. (<= (next ?f) ...)
    /// -- except a frame rule (<= (next ?f) ... (true ?f) ...), which keeps only what held.
    std::set<Signature> holdable;
    bool holdable_known = true;
    /// The moves a role can make: the signatures of the moves of legal heads; complete
    /// (movable_known) unless some legal head's move is a variable, e.g. (<= (legal ?r ?m) ...).
    std::set<Signature> movable;
    bool movable_known = true;
    /// Edges of the dependency graph, keyed by head.
    std::map<Signature, std::vector<Dependency>> edges;
    /// Strongly connected components in dependency order (a component's dependencies come first).
    std::vector<std::vector<Signature>> sccs;

    const PredicateInfo* find(const std::string& name, size_t arity) const;
    bool depends_on_true(const Signature& s) const { return true_deps.count(s) > 0; }
    bool depends_on_does(const Signature& s) const { return does_deps.count(s) > 0; }
    /// Relations reachable from `s` in the dependency graph (not including s unless recursive).
    std::set<Signature> reachable_from(const Signature& s) const;

    std::set<Signature> true_deps, does_deps;
    /// GDL-III: some rule has knows in its body. Then what holds after a development depends
    /// on the development (what the players know), not on its final state alone: state-keyed
    /// methods (the step network, the whole-game pair fixpoint, the ground engines) do not apply.
    bool epistemic = false;
};

/// GDL keyword relations (role, init, true, legal, does, next, terminal, goal, sees,
/// distinct, base, input, percept, knows) — `random` is a role name, not a relation.
bool is_keyword(const std::string& name);

/// Calls f(literal-atom, negative) for every relational atom in a body literal (not distinct).
template <typename F>
void for_each_atom(const Literal& l, F&& f, bool negative = false) {
    switch (l.kind) {
        case Literal::Kind::Atom: f(l.atom, negative); break;
        case Literal::Kind::Distinct: break;
        case Literal::Kind::Not: for (const auto& s : l.sub) for_each_atom(s, f, !negative); break;
        case Literal::Kind::Or:
        case Literal::Kind::And: for (const auto& s : l.sub) for_each_atom(s, f, negative); break;
    }
}

Analysis analyze(const Program& p);

/// The keyword conventions of the theory: legal, terminal and goal are derived fluents, next
/// and sees action predicates, whatever their rules depend on; any other relation: static.
PredicateClass keyword_class(const Signature& sig);

/// The class the theory and the engines give `sig` (PredicateInfo::engine_cls); for a relation
/// the program does not mention, keyword_class(sig).
PredicateClass engine_class(const Analysis& a, const Signature& sig);

}  // namespace gdlsc::gdl
