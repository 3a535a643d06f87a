// 64-bit mixing for the hash tables of src/ground (pairs of states, bit-set states).
#pragma once
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

}  // namespace gdlsc::ground
