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
    /// The point in time (none: no limit), for APIs that take one (smt::Solver::set_deadline).
    const std::optional<Clock::time_point>& when() const { return when_; }
    bool passed() const { return when_ && Clock::now() >= *when_; }
    /// Seconds left (0 once passed); a large number when there is no limit.
    double seconds_left() const {
        if (!when_) return 1e18;
        double s = std::chrono::duration<double>(*when_ - Clock::now()).count();
        return s > 0 ? s : 0;
    }

private:
    std::optional<Clock::time_point> when_;
};

/// Sets `stop` when `deadline` passes, from a thread of its own; joins on destruction.
class DeadlineStop {
public:
    DeadlineStop(const Deadline& deadline, std::atomic<bool>& stop) {
        if (!deadline.limited()) return;
        thread_ = std::thread([this, when = *deadline.when(), &stop] {
            std::unique_lock<std::mutex> lock(m_);
            if (!cv_.wait_until(lock, when, [this] { return done_; })) stop = true;
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
