// The normal form the grounder works on (grounder_class.h, grounder_join.cpp): rule bodies in disjunctive normal
// form (or/and/not pushed down to literals, one rule per conjunction), terms as patterns
// with numbered variables over the hash-consed terms of a TermTable, so that an instance of
// a rule is a vector of term ids.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "gdl/program.h"
#include "ground/ground_program.h"
#include "ground/term_table.h"

namespace gdlsc::ground::normal_form {

using gdl::Literal;

// A term pattern with numbered variables; `ground` is the term's id when it has no variable.
struct Pat {
    int var = -1;  // >= 0: variable number
    SymbolId sym = 0;
    std::vector<Pat> args;
    std::int64_t ground = -1;
};

using Binding = std::vector<std::int64_t>;  // per variable: its term id, -1 while unbound

/// The variables of `p`, each once, in order of first occurrence (appended to `out`).
void pat_vars(const Pat& p, std::vector<int>& out);

// A relation: name and arity; its atoms are keyed per step (Grounder::key).
using RelId = std::uint32_t;

struct NLit {
    enum Kind { Pos, Neg, Distinct, Equal } kind = Pos;
    Pat atom;  // Pos/Neg: the relational atom (true(F), does(R,M), p(...))
    RelId rel = 0;
    StepKind sk = StepKind::Static;
    Pat a, b;  // Distinct/Equal
    std::vector<int> vars;
};

struct NRule {
    Pat head;
    RelId head_rel = 0;
    StepKind sk = StepKind::Static;
    std::vector<NLit> body;
    std::vector<size_t> pos;  // indices of Pos literals
    int nvars = 0;
    gdl::Location loc;
};

using Conj = std::vector<std::pair<Literal, bool>>;  // (atom or distinct literal, negated)

/// Disjunctive normal form of a body literal under `neg` negations: the conjunctions of
/// (atom or distinct literal, negated) whose disjunction it is.
std::vector<Conj> dnf(const Literal& l, bool neg);

/// The disjunctive normal form of a rule body (the conjunction of its literals).
std::vector<Conj> body_dnf(const std::vector<Literal>& body);

/// Whether the literal has a GDL-III knows inside.
bool mentions_knows(const Literal& l);

}  // namespace gdlsc::ground::normal_form
