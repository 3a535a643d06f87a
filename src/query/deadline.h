// A time limit for a search that polls a flag (the whole-game fixpoint, the BDD engine): a
// thread sets `stop` when the seconds pass, and is joined when the Deadline is destroyed.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace gdlsc::query {

class Deadline {
public:
    /// `seconds` <= 0: no limit (no thread).
    Deadline(double seconds, std::atomic<bool>& stop) {
        if (seconds <= 0) return;
        thread_ = std::thread([this, seconds, &stop] {
            std::unique_lock<std::mutex> lock(m_);
            if (!cv_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return done_; })) stop = true;
        });
    }
    ~Deadline() {
        if (!thread_.joinable()) return;
        {
            std::lock_guard<std::mutex> lock(m_);
            done_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }
    Deadline(const Deadline&) = delete;
    Deadline& operator=(const Deadline&) = delete;

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace gdlsc::query
