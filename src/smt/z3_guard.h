// Private to src/smt: every Z3 call runs inside guard(), which turns a z3::exception into
// SmtError with what was being done.
#pragma once
#include <z3++.h>

#include <csignal>
#include <string>

#include "smt/solver.h"

namespace gdlsc::smt {

// Z3 tells why it gave up only in text (reason_unknown(), an exception's message): a timeout
// or a cancellation becomes SmtTimeout, anything else SmtError. The one place that reads it;
// the engines above catch the types.
inline bool stopped_in_time(const std::string& why) {
    return why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos;
}

// Ctrl-C during a check: Z3 catches SIGINT itself (its own handler while it runs) and gives up
// "interrupted from keyboard"; the signal goes on to the handler in force after the check --
// the command line's default ends the process as Ctrl-C does anywhere else (not "engine
// error", exit 5), Python's raises KeyboardInterrupt -- and where the handler returns, the
// call ends with SmtError.
[[noreturn]] inline void throw_gave_up(const std::string& what, const std::string& why) {
    if (why.find("interrupted from keyboard") != std::string::npos) std::raise(SIGINT);
    if (stopped_in_time(why)) throw SmtTimeout(what + ": " + why);
    throw SmtError(what + ": " + why);
}

template <typename F>
auto guard(const char* what, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const z3::exception& e) {
        // a time limit cancels the call: "z3 stopped while ...", not an error of Z3's
        const std::string why = e.msg();
        throw_gave_up(std::string(stopped_in_time(why) ? "z3 stopped while " : "z3 error while ") + what, why);
    }
}

}  // namespace gdlsc::smt
