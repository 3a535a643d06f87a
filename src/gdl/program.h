// A GDL program: rules (facts are rules with an empty body) whose bodies are
// literals: relational atoms, negation, distinct, disjunction (and conjunction
// inside a disjunct). Every node has a Location.
#pragma once
#include <string>
#include <vector>

#include "gdl/term.h"

namespace gdlsc::gdl {

struct Literal {
    enum class Kind : unsigned char {
        Atom,      ///< relational atom `atom` (Constant for 0-ary, Compound otherwise)
        Not,       ///< (not sub[0])
        Distinct,  ///< (distinct atom.args[0] atom.args[1]); atom.name == "distinct"
        Or,        ///< (or sub...)
        And,       ///< (and sub...) — only inside Or/Not as read from input
    };

    Kind kind = Kind::Atom;
    Term atom;
    std::vector<Literal> sub;
    Location loc;

    static Literal make_atom(Term t);
    static Literal make_not(Literal l, Location loc);
    static Literal make_distinct(Term a, Term b, Location loc);
    static Literal make_or(std::vector<Literal> subs, Location loc);
    static Literal make_and(std::vector<Literal> subs, Location loc);

    void collect_variables(std::vector<std::string>& out) const;
    std::string to_kif() const;
    friend bool operator==(const Literal& a, const Literal& b);
};

struct Rule {
    Term head;
    std::vector<Literal> body;  ///< empty for a fact
    Location loc;

    bool is_fact() const { return body.empty(); }
    std::string to_kif() const;
    friend bool operator==(const Rule& a, const Rule& b) {
        return a.head == b.head && a.body == b.body;
    }
};

/// Syntax a program was read in (used to print it back the same way).
enum class Syntax { Kif, Infix };

struct Program {
    std::vector<Rule> rules;
    std::vector<SourcePtr> sources;
    Syntax syntax = Syntax::Kif;
};

/// `name/arity` key for a relation or function.
struct Signature {
    std::string name;
    size_t arity = 0;
    std::string str() const { return name + "/" + std::to_string(arity); }
    // Lexicographic on name, then arity. Spelled out (no <=>) because this header is also
    // compiled as C++17 by src/prolog (see src/prolog/CMakeLists.txt).
    friend bool operator==(const Signature& a, const Signature& b) { return a.name == b.name && a.arity == b.arity; }
    friend bool operator!=(const Signature& a, const Signature& b) { return !(a == b); }
    friend bool operator<(const Signature& a, const Signature& b) {
        return a.name != b.name ? a.name < b.name : a.arity < b.arity;
    }
    friend bool operator>(const Signature& a, const Signature& b) { return b < a; }
    friend bool operator<=(const Signature& a, const Signature& b) { return !(b < a); }
    friend bool operator>=(const Signature& a, const Signature& b) { return !(a < b); }
};

inline Signature signature(const Term& t) { return {t.name, t.args.size()}; }

}  // namespace gdlsc::gdl
