// 64-bit mixing for the hash tables of src/ground (pairs of states, bit-set states).
#pragma once
#include <cstddef>
#include <cstdint>

namespace gdlsc::ground {

/// murmur3's 64-bit finaliser: every input bit affects every output bit.
inline std::uint64_t mix64(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

/// A hash of a sequence of words (a bit-set state, a key of ids): each word folded in by
/// boost's hash_combine step and multiplied by murmur3's constant, the result folded once.
template <class Words>
std::size_t hash_words(const Words& v, std::uint64_t seed = 0x9e3779b97f4a7c15ULL) {
    std::uint64_t h = seed;
    for (std::uint64_t x : v) {
        h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    return static_cast<std::size_t>(h ^ (h >> 33));
}

}  // namespace gdlsc::ground
