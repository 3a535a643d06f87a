// Terms of GDL: constants, variables and compound terms, each with its source location.
// Names are stored as read, except that the KIF reader folds symbols to lower case
// (KIF is case-insensitive); variables keep their name without the leading '?'.
#pragma once
#include <string>
#include <vector>

#include "gdl/source.h"

namespace gdlsc::gdl {

struct Term {
    enum class Kind : unsigned char { Constant, Variable, Compound };

    Kind kind = Kind::Constant;
    std::string name;        ///< functor, constant or variable name ("x" for ?x / X)
    std::vector<Term> args;  ///< arguments of a Compound (never empty for Compound)
    Location loc;

    static Term constant(std::string name, Location loc = {});
    static Term variable(std::string name, Location loc = {});
    static Term compound(std::string name, std::vector<Term> args, Location loc = {});

    bool is_variable() const { return kind == Kind::Variable; }
    bool is_constant() const { return kind == Kind::Constant; }
    bool is_compound() const { return kind == Kind::Compound; }
    /// Relation/function name and arity as used for predicates (`name/arity`).
    size_t arity() const { return args.size(); }
    bool is_ground() const;
    /// Collects variable names in order of first occurrence (no duplicates).
    void collect_variables(std::vector<std::string>& out) const;
    /// KIF rendering: `(f a ?x)`, `a`, `?x`; symbols as the printer writes them (kif_symbol),
    /// so a ground term reads back through the KIF lexer as itself.
    std::string to_kif() const;

    /// Structural equality, ignoring locations.
    friend bool operator==(const Term& a, const Term& b);
    /// Structural order (kind, name, args), ignoring locations.
    friend bool operator<(const Term& a, const Term& b);
};

/// Prolog's standard order of terms as the runtime holds GDL terms (every constant an atom):
/// variables < constants < compound terms; constants by their text; compound terms by arity,
/// then name, then arguments left to right. The order of the runtime's sorted answers (legal
/// moves, percepts, states), so an engine outside Prolog can list them the same way.
bool standard_order_less(const Term& a, const Term& b);

/// Lists as terms, the way the Prolog runtime writes them: "[|]"(t1, "[|]"(t2, ... "[]")).
Term make_list(const std::vector<Term>& items);
/// The items of such a list (a term that is not one gives its prefix of items, often none).
std::vector<Term> list_items(const Term& list);
/// The same items, each as KIF.
std::vector<std::string> list_items_kif(const Term& list);

}  // namespace gdlsc::gdl
