// User-facing diagnostics: collected, sorted by location, printed as
// `file:line:col: error: message` followed by the source line and a caret.
// User errors are data (collected here), never exceptions.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "gdl/source.h"

namespace gdlsc::gdl {

enum class Severity { Error, Warning, Note };
const char* severity_name(Severity s);

struct Diagnostic {
    Location loc;
    Severity severity = Severity::Error;
    std::string message;
    std::string hint;  ///< optional: how to fix it (printed as a note)
    /// A departure from the GDL specification that gdlsc accepts with a stated meaning (a
    /// warning), or refuses under --strict (an error).
    bool deviation = false;
    /// A probable mistake in a valid game (gdl/lint.h): a warning, or an error under --strict.
    bool lint = false;
};

class Diagnostics {
public:
    void error(const Location& loc, std::string message, std::string hint = {});
    void warning(const Location& loc, std::string message, std::string hint = {});
    void add(Diagnostic d);
    /// A departure from the specification that gdlsc gives a meaning (doc/validation.md,
    /// "Accepted deviations"): a warning, or an error in strict mode.
    void deviation(const Location& loc, std::string message, std::string hint = {});
    /// A probable mistake in a valid game (gdl/lint.h: a typo, an undefined or unused
    /// relation): a warning, or an error in strict mode.
    void lint(const Location& loc, std::string message, std::string hint = {});
    void set_strict(bool strict) { strict_ = strict; }
    bool strict() const { return strict_; }

    bool has_errors() const;
    /// Errors other than the deviations and lint warnings that strict mode refuses.
    bool has_hard_errors() const;
    size_t error_count() const;
    bool empty() const { return items_.empty(); }
    /// All diagnostics sorted by (file, line, col, severity, message), duplicates removed.
    std::vector<Diagnostic> sorted() const;
    /// Prints every diagnostic with its source line and caret.
    void print(std::ostream& out) const;

private:
    /// A warning, or in strict mode an error whose hint says --strict refused it.
    void strict_warning(Diagnostic d);

    std::vector<Diagnostic> items_;
    bool strict_ = false;
};

/// Formats one diagnostic (first line `file:line:col: error: msg`, the source line, a caret, hint).
std::string format_diagnostic(const Diagnostic& d);

}  // namespace gdlsc::gdl
