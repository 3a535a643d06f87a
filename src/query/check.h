// `gdlsc check`: a game read, validated (src/gdl/validate.h) and linted (src/gdl/lint.h:
// probable typos), with its roles and every predicate's class, arity, number of rules and
// recursion flag, as text or JSON.
#pragma once
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/diagnostics.h"

namespace gdlsc::query {

struct PredicateRow {
    gdl::Signature sig;
    std::string cls;
    std::size_t rules = 0;
    bool recursive = false;
};

struct CheckReport {
    std::string path;
    bool valid = false;
    /// The rules were read without syntax errors; else there are no roles and no predicates
    /// (what was read of a broken file would list bogus ones).
    bool read = false;
    gdl::Diagnostics diagnostics;  ///< every diagnostic, warnings included
    std::vector<std::string> roles;
    /// The primitive fluents (function symbols under init/true/next/base, with their init
    /// and next rules), then every relation with its class.
    std::vector<PredicateRow> rows;
};

/// Reads, validates and lints `path` (`strict`: deviations and lint warnings are errors). An
/// unreadable file is a UserError; an invalid game is a report with valid = false. Validation
/// and the lint run only on a game read without syntax errors.
CheckReport check_game_file(const std::string& path, bool strict = false);
/// The sorted diagnostics, `file:line:col: severity: message` with the source line.
std::string check_diagnostics_text(const CheckReport& r);
std::string check_text(const CheckReport& r);
std::string check_json(const CheckReport& r);

}  // namespace gdlsc::query
