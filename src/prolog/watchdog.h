// A hard wall-clock bound on the whole process, independent of SWI-Prolog's own alarms:
// a Prolog call that is still running `limit + grace` seconds after it started, or an exit
// (engine shutdown) that takes too long, ends the process at once with a message on stderr.
// Defence in depth: call_with_time_limit/2 normally ends a call first (doc/usage.md, "Exit codes").
//
//   { pl::WatchdogScope w(lim.seconds + pl::kWatchdogGraceSeconds, "playouts/4", lim.seconds);
//     ... the Prolog call ... }            // disarmed (or the outer scope restored) here
//   pl::watchdog_arm_exit(exit_code);      // the command is done: bound the shutdown
#pragma once

namespace gdlsc::pl {

/// Seconds a call may run past its own time limit before the watchdog ends the process.
constexpr double kWatchdogGraceSeconds = 5;
/// Seconds the process may take to exit once the command has finished (engine shutdown).
constexpr double kWatchdogExitSeconds = 10;
/// Seconds the engine may take to start and load the runtime.
constexpr double kWatchdogStartSeconds = 60;

/// Arms the watchdog for the life of the scope: if the scope is still open `seconds` from
/// now, the process prints "gdlsc: limit: <what> ..." on stderr and exits with 4 (kExitLimit)
/// without unwinding (no destructors, no Prolog cleanup, unflushed output is lost).
/// `limit` is the call's own time limit, named in the message (0: none). `what` is not
/// copied (arming costs a lock and a few stores): it must outlive the scope. Scopes nest
/// (the outer deadline is restored at the end); seconds <= 0 leaves the watchdog as it is.
class WatchdogScope {
public:
    WatchdogScope(double seconds, const char* what, double limit = 0);
    ~WatchdogScope();
    WatchdogScope(const WatchdogScope&) = delete;
    WatchdogScope& operator=(const WatchdogScope&) = delete;

private:
    bool armed_ = false;
    long long saved_deadline_ = 0;
    const char* saved_what_ = nullptr;
    double saved_seconds_ = 0, saved_limit_ = 0;
};

/// The command has finished with `exit_code` and its output is flushed: from now on the
/// process has `seconds` to exit. If it has not, the watchdog prints a warning and exits with
/// `exit_code` (the answer printed is complete; only the shutdown was skipped).
void watchdog_arm_exit(int exit_code, double seconds = kWatchdogExitSeconds);

}  // namespace gdlsc::pl
