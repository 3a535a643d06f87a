// Helpers for the tests that compare gdlsc's answers with reference traces: corpus paths, and
// KIF text normalised (case folding, spacing, see sexpr.h) so that answers can be compared as
// sets of canonical strings. Running the binary: run_gdlsc.h (tests/support).
#pragma once
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "run_gdlsc.h"
#include "sexpr.h"
#include "game_paths.h"

namespace gdlsc::test {

inline std::string games_dir() { return gdlsc::test::corpus_dir(); }
inline std::string game_path(const std::string& rel) { return games_dir() + "/" + rel; }

/// Canonical KIF of one term: lower case, single spaces. Throws on text that is not one term.
inline std::string canonical_kif(const std::string& text) {
    auto es = read_sexprs(text);
    if (es.size() != 1) throw std::runtime_error("not one KIF term: '" + text + "'");
    return str(es[0]);
}

inline std::set<std::string> canonical_set(const std::vector<std::string>& items) {
    std::set<std::string> out;
    for (const auto& s : items) out.insert(canonical_kif(s));
    return out;
}

/// Human-readable symmetric difference of two sets (for failure messages).
inline std::string set_difference_text(const std::set<std::string>& expected,
                                       const std::set<std::string>& actual) {
    std::string msg;
    for (const auto& e : expected)
        if (!actual.count(e)) msg += "\n  missing: " + e;
    for (const auto& a : actual)
        if (!expected.count(a)) msg += "\n  extra:   " + a;
    return msg;
}

}  // namespace gdlsc::test
