// The process watchdog (watchdog.h): one detached thread that sleeps until the current
// deadline and, if the deadline is still armed when it passes, formats the message into a
// fixed buffer, writes it with write(2) and calls _exit. Arming stores a few words under a
// lock (it runs around every Prolog call). The state is never destroyed, so the thread may
// outlive main() and watch the static destructors (PL_cleanup) too.
#include "prolog/watchdog.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>
#include <cstdlib>

#include "base/errors.h"

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
    // What the message names: a call (what != nullptr) or the exit (exiting).
    const char* what = nullptr;
    double seconds = 0, limit = 0;
    bool exiting = false;
    int exit_code = kExitLimit;
    bool started = false;
};

// Leaked on purpose: the thread may still wait on it while static objects are destroyed.
Watch& watch() {
    static Watch* w = new Watch;
    return *w;
}

[[noreturn]] void fire(const Watch& w) {
    char msg[1024];
    int n;
    if (w.exiting)
        n = std::snprintf(msg, sizeof msg,
                          "gdlsc: warning: exiting took more than %g s after the command finished: stopped (the "
                          "output above is complete)\n",
                          w.seconds);
    else if (w.limit > 0)
        n = std::snprintf(msg, sizeof msg,
                          "gdlsc: limit: %s was still running after %g s (time limit %g s, not honoured by Prolog): "
                          "stopped by the watchdog\n",
                          w.what ? w.what : "a Prolog call", w.seconds, w.limit);
    else
        n = std::snprintf(msg, sizeof msg, "gdlsc: limit: %s was still running after %g s: stopped by the watchdog\n",
                          w.what ? w.what : "a Prolog call", w.seconds);
    size_t left = n < 0 ? 0 : n >= static_cast<int>(sizeof msg) ? sizeof msg - 1 : static_cast<size_t>(n);
    const char* p = msg;
    while (left > 0) {
        ssize_t k = ::write(2, p, left);
        if (k <= 0) break;
        p += k;
        left -= static_cast<size_t>(k);
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
void arm_locked(Watch& w, double seconds) {
    long long span = seconds >= 1e9 ? kNever / 2 : static_cast<long long>(seconds * 1e9);
    w.deadline = now_ns() + span;
    w.seconds = seconds;
    if (!w.started) {
        // The thread takes no signal: a process-directed one goes to the threads that
        // expect it (SIGINT, SIGPIPE ... stay as they were).
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &old);
        try {
            std::thread(run, &w).detach();
        } catch (const std::system_error&) {
            // No memory for a thread stack (a tight ulimit -v): without the watchdog no limit
            // could be kept, so say so (exit 4); on the way out, just end the process.
            pthread_sigmask(SIG_SETMASK, &old, nullptr);
            if (w.exiting) {
                std::fflush(nullptr);
                std::_Exit(w.exit_code);
            }
            throw LimitError("out of memory: cannot start the watchdog thread");
        }
        pthread_sigmask(SIG_SETMASK, &old, nullptr);
        w.started = true;
    } else if (w.deadline < w.waiting_for) {
        w.cv.notify_one();
    }
}

}  // namespace

WatchdogScope::WatchdogScope(double seconds, const char* what, double limit) {
    if (!(seconds > 0)) return;
    Watch& w = watch();
    std::lock_guard<std::mutex> lk(w.m);
    saved_deadline_ = w.deadline;
    saved_what_ = w.what;
    saved_seconds_ = w.seconds;
    saved_limit_ = w.limit;
    w.what = what;
    w.limit = limit;
    w.exiting = false;
    w.exit_code = kExitLimit;
    arm_locked(w, seconds);
    armed_ = true;
}

WatchdogScope::~WatchdogScope() {
    if (!armed_) return;
    Watch& w = watch();
    std::lock_guard<std::mutex> lk(w.m);
    w.deadline = saved_deadline_;
    w.what = saved_what_;
    w.seconds = saved_seconds_;
    w.limit = saved_limit_;
    // An outer deadline earlier than the one the thread sleeps for (it may have passed
    // while this scope was open) is checked now.
    if (w.deadline < w.waiting_for) w.cv.notify_one();
}

void watchdog_arm_exit(int exit_code, double seconds) {
    Watch& w = watch();
    std::lock_guard<std::mutex> lk(w.m);
    w.what = nullptr;
    w.limit = 0;
    w.exiting = true;
    w.exit_code = exit_code;
    arm_locked(w, seconds);
}

}  // namespace gdlsc::pl
