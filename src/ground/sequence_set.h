// SequenceSet, the set of rule instances (integer sequences) that keeps the grounder from
// emitting one instance twice. Open addressing with flat storage: one allocation per table,
// not one per instance; slots are taken from the low bits of murmur3's finaliser (hash.h).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ground/hash.h"

namespace gdlsc::ground {

// A set of integer sequences (rule instances), stored flat: [length, values...]. A slot
// holds the top 24 bits of the hash (compared before the sequence) and the offset + 1.
class SequenceSet {
public:
    SequenceSet() : slots_(1024, 0) {}
    // False if the sequence was already in the set.
    bool insert(const std::vector<std::uint32_t>& seq) {
        const std::uint64_t h = hash(seq.data(), seq.size()), tag = h & kTag;
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = h & mask;
        for (; slots_[i] != 0; i = (i + 1) & mask)
            if ((slots_[i] & kTag) == tag && equal((slots_[i] & ~kTag) - 1, seq)) return false;
        slots_[i] = tag | (store_.size() + 1);
        store_.push_back(static_cast<std::uint32_t>(seq.size()));
        store_.insert(store_.end(), seq.begin(), seq.end());
        if (++count_ * 2 > slots_.size()) grow();
        return true;
    }

private:
    static constexpr std::uint64_t kTag = 0xFFFFFF0000000000ull;
    std::vector<std::uint64_t> slots_;  // 0 empty, else tag | offset in store_ + 1
    std::vector<std::uint32_t> store_;
    std::size_t count_ = 0;

    static std::uint64_t hash(const std::uint32_t* v, std::size_t n) {
        std::uint64_t h = 0xCBF29CE484222325ull ^ n;
        for (std::size_t i = 0; i < n; ++i) h = (h ^ v[i]) * 0x100000001B3ull + (h >> 29);
        return mix64(h);
    }
    bool equal(std::uint64_t at, const std::vector<std::uint32_t>& seq) const {
        if (store_[at] != seq.size()) return false;
        return std::equal(seq.begin(), seq.end(), store_.begin() + static_cast<std::ptrdiff_t>(at) + 1);
    }
    void grow() {
        std::vector<std::uint64_t> slots(slots_.size() * 2, 0);
        const std::size_t mask = slots.size() - 1;
        for (std::uint64_t s : slots_) {
            if (s == 0) continue;
            const std::uint64_t at = (s & ~kTag) - 1;
            std::size_t i = hash(&store_[at + 1], store_[at]) & mask;
            while (slots[i] != 0) i = (i + 1) & mask;
            slots[i] = s;
        }
        slots_ = std::move(slots);
    }
};

}  // namespace gdlsc::ground
