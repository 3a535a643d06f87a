// Private to src/symbolic (included by its .cpp files only; no public header names a BuDDy
// type): BuDDy's one global manager, taken for the life of a Manager object.
//
// BuDDy keeps its node table, caches and hooks in globals, so a Manager locks a process-wide
// mutex, calls bdd_init with hooks of its own, and bdd_done when it is destroyed: no node,
// pair table or setting survives into the next command. Errors leave BuDDy through C++
// exceptions thrown by the hooks (libbdd is built with unwind tables): the node bound
// (BDD_NODENUM, BDD_MEMORY) as NodeLimit from the error hook, BddOptions::stop as Stopped
// from the garbage-collection hook -- the one place every long operation passes. After one
// of them BuDDy's state is inconsistent, so the manager is spent: only its destructor runs.
//
// A long BuDDy operation that finds most of its nodes already in the table runs for seconds,
// even minutes, without a garbage collection (minesweeper's step: a 40 s limit overshot by
// more than a minute). So once the stop flag is set, a watcher thread cuts BuDDy's free list
// after its head (the head's `next` set to 0, every 20 ms until the operation returns): the
// operation's next new node then finds the list empty and starts a garbage collection, whose
// hook throws Stopped. If the operation pops that head at the same moment, the store lands in
// the head's hash-chain link instead and cuts a chain of the unique table: a lookup may then
// miss and make a duplicate node (never a wild index), the next garbage collection rehashes
// every node, and the manager is spent after Stopped anyway. While BuDDy resizes the table
// (from its resize hook, called before the realloc, to the next garbage collection or
// check()) the watcher waits, and once the stop flag is set no resize starts: the hook after
// a garbage collection throws Stopped before bdd_makenode can resize. BuDDy 2.4's node layout
// (kernel.h: refcou:10, level:22, low, high, hash, next; 20 bytes) is mirrored in
// buddy_kernel.h.
#pragma once
#include <bdd.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace gdlsc::symbolic::detail {

class Manager {
public:
    /// `initial_nodes`: the node table at the start (BuDDy's caches are as large): it grows
    /// as needed, and a large one costs its pages at start (2^18 nodes: 0.2 s of a 0.26 s
    /// Cheryl's Birthday), a small one garbage collections while it grows.
    static constexpr int kInitialNodes = 1 << 18;
    Manager(std::size_t max_nodes, const std::atomic<bool>* stop, int initial_nodes = kInitialNodes);
    ~Manager();
    Manager(const Manager&) = delete;
    Manager& operator=(const Manager&) = delete;

    void set_variables(int n);
    /// Throws Stopped if the stop flag is set, std::logic_error if BuDDy reported an error;
    /// before the first garbage collection notes every node made as live (an upper bound).
    void check();
    /// After a BuDDy call returned normally: an error BuDDy reported without throwing
    /// (a programmer error: bad variable, bad argument) as std::logic_error.
    void rethrow_pending();
    std::size_t peak_nodes() const { return peak_live_; }
    std::size_t table_nodes() const { return peak_table_; }
    std::size_t max_nodes() const { return max_nodes_; }
    std::size_t reorderings() const { return reorderings_; }

private:
    std::unique_lock<std::mutex> lock_;
    std::atomic<bool> done_{false};
    std::thread watcher_;  // cuts BuDDy's free list once the stop flag is set (above)
    // Set by on_resize (before BuDDy reallocates its node table), cleared by the main thread
    // where no resize is under way (check, a garbage collection): the watcher does not touch
    // the table meanwhile -- realloc may move it, and a store through the old address killed
    // the process (a 5.7 GB table at a 60 s limit, once in six runs).
    std::mutex watch_mutex_;
    std::atomic<bool> resizing_{false};
    void between_resizes();
    std::size_t max_nodes_;
    const std::atomic<bool>* stop_;
    std::size_t peak_live_ = 0, peak_table_ = 0, gbc_count_ = 0, reorderings_ = 0;
    int pending_error_ = 0;

    static void on_error(int code);
    static void on_gbc(int pre, bddGbcStat* stat);
    static void on_resize(int old_size, int new_size);
    static void on_reorder(int prestate);
    static Manager* current_;
};

/// Which of the variables 0..nvars-1 `b` reads, as flags: a walk over its nodes. Not
/// bdd_support, whose buffer BuDDy 2.4 keeps in a function-local static across bdd_done and
/// bdd_init and reads freed in the next manager.
std::vector<char> support(const bdd& b, int nvars);

}  // namespace gdlsc::symbolic::detail
