// Hash-consed ground terms for the grounder: every distinct ground term gets one integer
// id, built from its functor symbol and the ids of its arguments, so that equality is id
// equality, interning a term costs O(arity) and atoms, index fields and rule instances are
// keyed by integers instead of KIF text.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gdl/term.h"

namespace gdlsc::ground {

using TermId = std::uint32_t;
using SymbolId = std::uint32_t;

class TermTable {
public:
    TermTable();

    /// The id of a symbol (functor or constant name), interned.
    SymbolId symbol(std::string_view name);
    const std::string& symbol_name(SymbolId s) const { return names_[s]; }

    /// The term sym(args[0..n)) (a constant when n == 0), interned.
    TermId make(SymbolId sym, const TermId* args, std::uint32_t n);
    /// The id of sym(args[0..n)), or -1 if it was never interned.
    std::int64_t find(SymbolId sym, const TermId* args, std::uint32_t n) const;
    /// A ground gdl::Term, interned (a variable is read as the constant of its name).
    TermId from_term(const gdl::Term& t);
    /// The gdl::Term of an id (without locations).
    gdl::Term to_term(TermId t) const;

    SymbolId sym(TermId t) const { return nodes_[t].sym; }
    std::uint32_t arity(TermId t) const { return nodes_[t].arity; }
    TermId arg(TermId t, std::uint32_t i) const { return args_[nodes_[t].first + i]; }
    /// The number of nodes of the term as a tree (saturating): its cost as a gdl::Term.
    std::uint64_t tree_size(TermId t) const { return sizes_[t]; }
    std::size_t size() const { return nodes_.size(); }

private:
    struct Node {
        SymbolId sym;
        std::uint32_t arity;
        std::uint32_t first;  // position of the first argument in args_
    };
    std::vector<Node> nodes_;
    std::vector<TermId> args_;
    std::vector<std::uint64_t> sizes_;
    std::vector<std::uint64_t> slots_;  // open addressing: 0 empty, else hash's high half << 32 | id + 1
    std::vector<std::string> names_;
    std::unordered_map<std::string, SymbolId> symbols_;

    static std::uint64_t hash(SymbolId sym, const TermId* args, std::uint32_t n);
    bool same(TermId t, SymbolId sym, const TermId* args, std::uint32_t n) const;
    void grow();
};

}  // namespace gdlsc::ground
