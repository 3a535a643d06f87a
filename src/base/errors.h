// Errors that end a command, with the documented exit code they map to
// (doc/usage.md, "Exit codes"). User errors carry their position in the message.
#pragma once
#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

namespace gdlsc {

enum ExitCode : int {
    kExitOk = 0,
    kExitRefuted = 1,       ///< `prove`: the property does not hold (a counterexample is printed)
    kExitInvalidInput = 2,  ///< invalid game, history, formula or argument value
    kExitDisagreement = 3,  ///< `--engine all`: engines gave different answers
    kExitLimit = 4,         ///< a time, memory or size limit ended the command
    kExitInternal = 5,      ///< an error inside Prolog/Z3 or I/O that is not the user's
    kExitUndecided = 6,     ///< `prove --induction`: neither proved nor refuted within the bound on k
    kExitUsage = 64,        ///< bad command line (unknown option, missing argument)
};

/// An error the user can fix: bad history, bad formula, unknown role, ...
struct UserError : std::runtime_error {
    explicit UserError(const std::string& m, int code = kExitInvalidInput)
        : std::runtime_error(m), exit_code(code) {}
    int exit_code;
    /// The message is already `file:line:col: error: …` diagnostics: print it as it is.
    bool located = false;
};

/// A resource limit (time, memory, inference count) was reached.
struct LimitError : std::runtime_error {
    explicit LimitError(const std::string& m) : std::runtime_error(m) {}
};

/// A time limit (--timeout) ended the work: exit 4, and never read as "this engine does not
/// apply" under `--engine all` (unlike TooLargeError).
struct TimeLimitError : LimitError {
    explicit TimeLimitError(const std::string& m) : LimitError(m) {}
};

/// A number of seconds for a message: "60", "2.5".
inline std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
}

/// One engine's size bound refuses the input (e.g. the smt engine's ground step program):
/// exit 4 when that engine was asked for, listed as not applicable under `--engine all`.
struct TooLargeError : LimitError {
    explicit TooLargeError(const std::string& m) : LimitError(m) {}
};

/// An error from an embedded engine (Prolog, Z3) rethrown with context.
struct EngineError : std::runtime_error {
    explicit EngineError(const std::string& m) : std::runtime_error(m) {}
};

/// An error that ended a command, as the user is told of it: the one table from error types to
/// exit codes, shared by the command line (src/cli/app.cpp) and the C++ API (src/api).
struct ErrorSummary {
    int exit_code = kExitInternal;
    /// How the command line labels it: "error", "limit", "engine error", "internal error".
    const char* kind = "internal error";
    std::string message;
    bool located = false;  ///< the message is `file:line:col: error: …` diagnostics already
};

/// The summary of the exception being handled; call it only inside a catch block.
inline ErrorSummary summarize_current_exception() {
    try {
        throw;
    } catch (const UserError& e) {
        return {e.exit_code, "error", e.what(), e.located};
    } catch (const LimitError& e) {
        return {kExitLimit, "limit", e.what(), false};
    } catch (const std::bad_alloc&) {
        // A memory limit (ulimit -v, a cgroup) reached outside the places that name their own.
        return {kExitLimit, "limit", "out of memory", false};
    } catch (const EngineError& e) {
        return {kExitInternal, "engine error", e.what(), false};
    } catch (const std::exception& e) {
        return {kExitInternal, "internal error", e.what(), false};
    } catch (...) {
        return {kExitInternal, "internal error", "unknown exception", false};
    }
}

}  // namespace gdlsc
