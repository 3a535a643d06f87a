// The process watchdog (watchdog.h): one detached thread that sleeps until the current
// deadline and, if the deadline is still armed when it passes, writes the prepared message
// with write(2) and calls _exit. Its state is never destroyed, so the thread may outlive
// main() and watch the static destructors (PL_cleanup) too; firing allocates nothing.
#include "prolog/watchdog.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <sstream>
#include <thread>

#include "query/errors.h"

namespace gdlsc::pl {
namespace {

using Clock = std::chrono::steady_clock;
constexpr long long kNever = std::numeric_limits<long long>::max();

long long now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

struct Watch {
    std::mutex m;
    std::condition_variable cv;
    long long deadline = kNever;  // steady-clock nanoseconds; kNever: disarmed
    long long waiting_for = kNever;
    std::string message;          // written as it is when the deadline passes
    int exit_code = kExitLimit;
    bool started = false;
};

// Leaked on purpose: the thread may still wait on it while static objects are destroyed.
Watch& watch() {
    static Watch* w = new Watch;
    return *w;
}

[[noreturn]] void fire(const Watch& w) {
    const char* p = w.message.data();
    size_t left = w.message.size();
    while (left > 0) {
        ssize_t n = ::write(2, p, left);
        if (n <= 0) break;
        p += n;
        left -= static_cast<size_t>(n);
    }
    ::_exit(w.exit_code);
}

void run(Watch* w) {
    std::unique_lock<std::mutex> lk(w->m);
    for (;;) {
        long long d = w->deadline;
        w->waiting_for = d;
        if (d == kNever) {
            w->cv.wait(lk);
            continue;
        }
        w->cv.wait_until(lk, Clock::time_point(std::chrono::nanoseconds(d)));
        if (w->deadline != kNever && now_ns() >= w->deadline) fire(*w);
    }
}

// Sets the deadline `seconds` from now (under the lock); wakes the thread if it sleeps longer.
void arm_locked(Watch& w, double seconds, std::string message, int exit_code) {
    long long span = seconds >= 1e9 ? kNever / 2 : static_cast<long long>(seconds * 1e9);
    w.deadline = now_ns() + span;
    w.message = std::move(message);
    w.exit_code = exit_code;
    if (!w.started) {
        std::thread(run, &w).detach();
        w.started = true;
    } else if (w.deadline < w.waiting_for) {
        w.cv.notify_one();
    }
}

std::string seconds_text(double s) {
    std::ostringstream o;
    o << s;
    return o.str();
}

}  // namespace

WatchdogScope::WatchdogScope(double seconds, const std::string& what, double limit) {
    if (!(seconds > 0)) return;
    std::string msg = "gdlsc: limit: " + what + " was still running after " + seconds_text(seconds) + " s";
    if (limit > 0) msg += " (time limit " + seconds_text(limit) + " s, not honoured by Prolog)";
    msg += ": stopped by the watchdog\n";
    Watch& w = watch();
    std::lock_guard<std::mutex> lk(w.m);
    saved_deadline_ = w.deadline;
    saved_message_ = std::move(w.message);
    saved_code_ = w.exit_code;
    arm_locked(w, seconds, std::move(msg), kExitLimit);
    armed_ = true;
}

WatchdogScope::~WatchdogScope() {
    if (!armed_) return;
    Watch& w = watch();
    std::lock_guard<std::mutex> lk(w.m);
    // Restoring an earlier (outer) deadline needs no wake-up: the thread sleeps until a
    // deadline no later than this scope's, then re-reads the state.
    w.deadline = saved_deadline_;
    w.message = std::move(saved_message_);
    w.exit_code = saved_code_;
}

void watchdog_arm_exit(int exit_code, double seconds) {
    std::string msg = "gdlsc: warning: exiting took more than " + seconds_text(seconds) +
                      " s after the command finished (engine shutdown skipped; the output above is complete)\n";
    Watch& w = watch();
    std::lock_guard<std::mutex> lk(w.m);
    arm_locked(w, seconds, std::move(msg), exit_code);
}

}  // namespace gdlsc::pl
