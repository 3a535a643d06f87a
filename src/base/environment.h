// The environment variables gdlsc reads, in one table (doc/usage.md, "Environment"): each is
// parsed and checked once, here, and a bad value is a UserError that names the variable and
// its values -- never ignored, never parsed a second time elsewhere. The engine hands the
// values to the Prolog runtime as flags (src/prolog/engine.cpp); the runtime reads no
// environment itself.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <string>

#include "base/errors.h"

namespace gdlsc {

struct Environment {
    /// GDLSC_PROLOG_DIR: the folder of the Prolog runtime (prolog/*.pl); empty: found next to
    /// the executable or in the source tree (src/prolog/paths.cpp).
    std::string prolog_dir;
    /// GDLSC_NETWORK = on | off | check: how information-set updates are made (the step
    /// network for large sets, the rules only, or both on every step, compared). GDLSC_NATIVE
    /// is its deprecated old name, still read (see read_network).
    std::string network = "on";
    /// GDLSC_INFOSET_THREADS = n >= 0: threads for an information-set update with the rules
    /// (0: one per CPU, 1: none).
    int infoset_threads = 0;
    /// GDLSC_SLOTS = on | off: random playouts in Prolog over slot states where the game has a
    /// slot copy (prolog/gdlsc_slots.pl), or always over the sorted lists.
    std::string slots = "on";
    /// GDLSC_GDL3 = bdd | rows: how the developments of a GDL-III game (and a formula about
    /// knowledge) are made outside Prolog -- one BDD per level (src/symbolic/developments.h), or one
    /// row per development (src/network/network_developments.h). GDLSC_NETWORK=check runs both.
    std::string gdl3 = "bdd";
};

namespace detail {
// GDLSC_NETWORK, or its deprecated old name GDLSC_NATIVE when only that is set; both set to
// different values is an error (which one was meant is not known).
inline std::string read_network() {
    const char* now = std::getenv("GDLSC_NETWORK");
    const char* old = std::getenv("GDLSC_NATIVE");
    if (now && old && std::string(now) != old)
        throw UserError(std::string("GDLSC_NETWORK='") + now + "' and GDLSC_NATIVE='" + old +
                        "' differ: give GDLSC_NETWORK only (GDLSC_NATIVE is its deprecated old name)");
    const char* name = now ? "GDLSC_NETWORK" : "GDLSC_NATIVE";
    const char* v = now ? now : old;
    if (!v) return "on";
    std::string s(v);
    if (s != "on" && s != "off" && s != "check")
        throw UserError(std::string(name) + "='" + s + "' is not a mode of the step network: give on (the default), off or check");
    return s;
}

inline Environment read_environment() {
    Environment e;
    if (const char* v = std::getenv("GDLSC_PROLOG_DIR")) e.prolog_dir = v;
    e.network = read_network();
    if (const char* v = std::getenv("GDLSC_SLOTS")) {
        std::string s(v);
        if (s != "on" && s != "off")
            throw UserError("GDLSC_SLOTS='" + s + "' is not a mode of the Prolog playouts: give on (the default) or off");
        e.slots = s;
    }
    if (const char* v = std::getenv("GDLSC_GDL3")) {
        std::string s(v);
        if (s != "bdd" && s != "rows")
            throw UserError("GDLSC_GDL3='" + s + "' is not a way to make GDL-III developments: give bdd (the default) or rows");
        e.gdl3 = s;
    }
    if (const char* v = std::getenv("GDLSC_INFOSET_THREADS")) {
        std::string s(v);
        bool digits = !s.empty() && s.size() <= 6 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits)
            throw UserError("GDLSC_INFOSET_THREADS='" + s +
                            "' is not a number of threads: give a non-negative integer (0: one per CPU, 1: none)");
        e.infoset_threads = std::stoi(s);
    }
    return e;
}
}  // namespace detail

/// The environment, read and checked on the first call (UserError on a bad value).
inline const Environment& environment() {
    static const Environment e = detail::read_environment();
    return e;
}

}  // namespace gdlsc
