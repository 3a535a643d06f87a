// The grounder's argument index: per relation/step key, the positions (in the key's list of
// possible atoms) of the atoms with a given value in one field, and (composite) with given
// values in a set of fields. The fields of true(F), next(F), init(F) are F's functor (symbol
// and arity) and F's arguments; of any other atom its arguments. The index grows lazily: a
// key's atoms are indexed when a join first asks about that key, and later only the atoms
// added since. Candidates come out in position order, so the join (and the ground program)
// does not depend on which bucket was used.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ground/ground_program.h"
#include "ground/term_table.h"

namespace gdlsc::ground {

class ArgumentIndex {
public:
    using Bucket = std::vector<std::uint32_t>;
    /// A bound field of a literal: (field index, value; -1: a term never interned, which no atom has).
    using BoundField = std::pair<std::size_t, std::int64_t>;

    /// The candidate atoms of a literal: positions [from, to) of its key's list, or
    /// (indexed) the positions bucket[lo, hi).
    struct Candidates {
        bool indexed = false;
        const Bucket* bucket = nullptr;
        std::size_t lo = 0, hi = 0, from = 0, to = 0;
        std::size_t count() const { return indexed ? hi - lo : to - from; }
    };

    /// `atom_term` is the grounder's term of each atom id (it grows; read at each call).
    ArgumentIndex(const TermTable& terms, const std::vector<TermId>& atom_term) : terms_(terms), atom_term_(atom_term) {}

    /// The value of the functor field (field 0) of a wrapped fluent.
    static std::uint64_t functor_field(SymbolId sym, std::uint32_t arity) {
        return (static_cast<std::uint64_t>(sym) << 32) | arity;
    }

    /// c (from, to set) narrowed to the smallest one-field bucket among `bound` (non-empty)
    /// over the atoms `ids` of key `key`; `wraps`: the relation's atoms wrap a fluent.
    void narrow(std::size_t key, const std::vector<AtomId>& ids, bool wraps, const std::vector<BoundField>& bound,
                Candidates& c);

    /// c (indexed by narrow) narrowed to the composite bucket of all the fields in `bound`
    /// (at least two, all below 64, none -1): every atom that matches them (and, on a hash
    /// collision, a few that do not), in position order.
    void narrow_all(std::size_t key, const std::vector<AtomId>& ids, bool wraps, const std::vector<BoundField>& bound,
                    Candidates& c);

private:
    using Field = std::unordered_map<std::uint64_t, Bucket>;
    struct Index {
        std::size_t indexed = 0;
        std::vector<std::unique_ptr<Field>> fields;  // unique_ptr: buckets stay put while fields grow
    };
    struct Composite {
        std::size_t indexed = 0;
        std::unordered_map<std::uint64_t, Bucket> buckets;
    };

    void atom_fields(bool wraps, TermId atom, std::vector<std::uint64_t>& out) const;

    const TermTable& terms_;
    const std::vector<TermId>& atom_term_;
    std::deque<Index> indexes_;                                          // per key
    std::deque<std::unordered_map<std::uint64_t, Composite>> composites_;  // per key, by field mask
    std::vector<std::uint64_t> fields_scratch_;
};

}  // namespace gdlsc::ground
