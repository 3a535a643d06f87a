// The process's resident memory, for progress lines (--progress). Header-only, C++17
// (src/prolog sees src/base). Linux: /proc/self/statm; elsewhere 0.
#pragma once
#include <unistd.h>

#include <cstddef>
#include <fstream>

namespace gdlsc {

/// Resident set size in bytes now (0 if unknown).
inline std::size_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0, resident = 0;
    if (!(statm >> pages >> resident)) return 0;
    return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

/// Resident memory in MB, rounded.
inline std::size_t resident_megabytes() { return (resident_bytes() + (1u << 19)) >> 20; }

}  // namespace gdlsc
