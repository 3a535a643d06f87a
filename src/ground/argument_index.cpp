// The grounder's argument index (see argument_index.h).
#include "ground/argument_index.h"

#include <algorithm>

namespace gdlsc::ground {

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t i, std::uint64_t v) {
    h ^= (v + 0x9E3779B97F4A7C15ull + (i << 40)) + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ull;
}

// The positions of `bucket` within [c.from, c.to).
void clip(const ArgumentIndex::Bucket* bucket, ArgumentIndex::Candidates& c) {
    c.bucket = bucket;
    c.lo = static_cast<std::size_t>(std::lower_bound(bucket->begin(), bucket->end(), c.from) - bucket->begin());
    c.hi = static_cast<std::size_t>(
        std::lower_bound(bucket->begin() + static_cast<std::ptrdiff_t>(c.lo), bucket->end(), c.to) - bucket->begin());
}

}  // namespace

void ArgumentIndex::atom_fields(bool wraps, TermId atom, std::vector<std::uint64_t>& out) const {
    out.clear();
    if (wraps) {
        TermId f = terms_.arg(atom, 0);
        out.push_back(functor_field(terms_.sym(f), terms_.arity(f)));
        for (std::uint32_t i = 0; i < terms_.arity(f); ++i) out.push_back(terms_.arg(f, i));
    } else {
        for (std::uint32_t i = 0; i < terms_.arity(atom); ++i) out.push_back(terms_.arg(atom, i));
    }
}

void ArgumentIndex::narrow(std::size_t key, const std::vector<AtomId>& ids, bool wraps,
                           const std::vector<BoundField>& bound, Candidates& c) {
    static const Bucket none;
    if (indexes_.size() <= key) indexes_.resize(key + 1);
    Index& ix = indexes_[key];
    for (; ix.indexed < ids.size(); ++ix.indexed) {
        atom_fields(wraps, atom_term_[ids[ix.indexed]], fields_scratch_);
        while (ix.fields.size() < fields_scratch_.size()) ix.fields.push_back(std::make_unique<Field>());
        for (std::size_t i = 0; i < fields_scratch_.size(); ++i)
            (*ix.fields[i])[fields_scratch_[i]].push_back(static_cast<std::uint32_t>(ix.indexed));
    }
    c.indexed = true;
    const Bucket* best = nullptr;
    for (const auto& [i, v] : bound) {
        if (i >= ix.fields.size()) {  // no atom has this field: nothing matches
            best = &none;
            break;
        }
        const Bucket* bucket = &none;
        if (v >= 0) {
            auto it = ix.fields[i]->find(static_cast<std::uint64_t>(v));
            if (it != ix.fields[i]->end()) bucket = &it->second;
        }
        if (!best || bucket->size() < best->size()) best = bucket;
    }
    clip(best, c);
}

void ArgumentIndex::narrow_all(std::size_t key, const std::vector<AtomId>& ids, bool wraps,
                               const std::vector<BoundField>& bound, Candidates& c) {
    std::uint64_t mask = 0, h = 0;
    for (const auto& [i, v] : bound) {
        mask |= std::uint64_t{1} << i;
        h = mix(h, i, static_cast<std::uint64_t>(v));
    }
    if (composites_.size() <= key) composites_.resize(key + 1);
    Composite& cx = composites_[key][mask];
    const std::size_t top = static_cast<std::size_t>(63 - __builtin_clzll(mask));
    for (; cx.indexed < ids.size(); ++cx.indexed) {
        atom_fields(wraps, atom_term_[ids[cx.indexed]], fields_scratch_);
        if (fields_scratch_.size() <= top) continue;
        std::uint64_t ah = 0;
        for (std::size_t i = 0; i <= top; ++i)
            if (mask >> i & 1) ah = mix(ah, i, fields_scratch_[i]);
        cx.buckets[ah].push_back(static_cast<std::uint32_t>(cx.indexed));
    }
    static const Bucket none;
    auto it = cx.buckets.find(h);
    clip(it == cx.buckets.end() ? &none : &it->second, c);
}

}  // namespace gdlsc::ground
