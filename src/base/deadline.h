// The one form of a time limit (--timeout): a Deadline is a point in time or none, made once
// from the seconds the user gave and handed down to every engine of the command; DeadlineStop
// turns it into a stop flag for searches that poll one (the fixpoint, the BDD engine).
// Header-only, C++17 (src/prolog sees src/base).
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace gdlsc {

/// Set from outside the work (a signal handler: the store is async-signal-safe) to end it as
/// if its time limit had passed: every Deadline reads as passed and every DeadlineStop stops
/// (within kInterruptPollSeconds). The one who sets it clears it when the work has ended (the
/// Python module's Ctrl-C, doc/python.md). Prolog calls and Z3 checks end at their own limits.
inline std::atomic<bool> g_interrupted{false};
inline constexpr double kInterruptPollSeconds = 0.05;

class Deadline {
public:
    using Clock = std::chrono::steady_clock;
    /// No limit.
    Deadline() = default;
    /// `seconds` from now; 0 or less: no limit.
    static Deadline after(double seconds) {
        Deadline d;
        if (seconds > 0)
            d.when_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        return d;
    }
    bool limited() const { return when_.has_value(); }
    /// A share of the time left, for one stage of a search (the bounded search before PDR gets
    /// half): `fraction` of what is left, at most `cap_seconds` (0: no cap). No limit and no cap:
    /// no limit.
    Deadline share(double fraction, double cap_seconds = 0) const {
        double s = limited() ? seconds_left() * fraction : 0;
        if (cap_seconds > 0 && (s <= 0 || s > cap_seconds)) s = cap_seconds;
        if (limited() && s <= 0) s = 1e-9;  // already passed: still a limit
        return s > 0 ? after(s) : Deadline();
    }
    /// The point in time (none: no limit), for APIs that take one (smt::Solver::set_deadline).
    const std::optional<Clock::time_point>& when() const { return when_; }
    bool passed() const { return g_interrupted.load() || (when_ && Clock::now() >= *when_); }
    /// Seconds left (0 once passed); a large number when there is no limit.
    double seconds_left() const {
        if (g_interrupted.load()) return 0;
        if (!when_) return 1e18;
        double s = std::chrono::duration<double>(*when_ - Clock::now()).count();
        return s > 0 ? s : 0;
    }

private:
    std::optional<Clock::time_point> when_;
};

/// Sets `stop` when `deadline` passes or g_interrupted is set, from a thread of its own; joins
/// on destruction.
class DeadlineStop {
public:
    DeadlineStop(const Deadline& deadline, std::atomic<bool>& stop) {
        thread_ = std::thread([this, when = deadline.when(), &stop] {
            const auto poll = std::chrono::duration_cast<Deadline::Clock::duration>(
                std::chrono::duration<double>(kInterruptPollSeconds));
            std::unique_lock<std::mutex> lock(m_);
            while (!done_) {
                if (g_interrupted.load() || (when && Deadline::Clock::now() >= *when)) {
                    stop = true;
                    return;
                }
                auto until = Deadline::Clock::now() + poll;
                if (when && *when < until) until = *when;
                cv_.wait_until(lock, until, [this] { return done_; });
            }
        });
    }
    ~DeadlineStop() {
        if (!thread_.joinable()) return;
        {
            std::lock_guard<std::mutex> lock(m_);
            done_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }
    DeadlineStop(const DeadlineStop&) = delete;
    DeadlineStop& operator=(const DeadlineStop&) = delete;

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace gdlsc
