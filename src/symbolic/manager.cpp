// BuDDy's manager for one prover at a time (see manager.h).
#include "symbolic/manager.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <stdexcept>
#include <unordered_set>

#include "symbolic/buddy_kernel.h"  // BuDDy's node table, free list, reference stack
#include "symbolic/errors.h"

namespace gdlsc::symbolic::detail {
namespace {

std::mutex& buddy_mutex() {
    static std::mutex m;
    return m;
}

// The operation caches are as large as the node table (one entry per node), and the table
// grows when a garbage collection leaves less than 60% of it free (BuDDy's default: 20%):
// BuDDy empties its caches at every collection, so a small table collects often and loses
// what it had computed. Measured on 2026-11-27 (doc/benchmarks.md, "BuDDy's table and
// caches"): against one entry per four nodes and 20%, Muddy Children n = 80 6.2 -> 2.0 s,
// blind tic-tac-toe's common knowledge 7.5 -> 2.7 s, Krieg-TicTacToe legal-knowledge 11 ->
// 7 s, for up to 5x the memory (680 MB at most). The pair engine's table starts at 2^18 nodes
// (5 MB, and six caches of as many 24-byte entries, 38 MB) and doubles up to 16 million nodes
// a step (BuDDy's default, 50,000, makes a large search resize thousands of times). The
// GDL-III developments start at 2^14 (Manager::Manager's initial_nodes): their puzzles are
// small, and the 2^18 start, with the caches made twice as they were (bdd_init's, then the
// ratio's), was 20,000 page faults and 0.2 s of sys time before the first operation (Cheryl's
// Birthday 0.26 -> 0.02-0.04 s, Muddy Children n = 40 0.41 -> 0.23 s); the caches are made
// once now. The pair engine keeps 2^18 (Krieg-TicTacToe 10-15 % slower from 2^14: collections
// while the table grows, and BuDDy resizes its caches only between operations).
constexpr int kCacheRatio = 1;
constexpr int kMaxIncrease = 1 << 24;
constexpr int kMinFree = 60;

}  // namespace

Manager* Manager::current_ = nullptr;

Manager::Manager(std::size_t max_nodes, const std::atomic<bool>* stop, int initial_nodes)
    : lock_(buddy_mutex()), max_nodes_(std::clamp<std::size_t>(max_nodes, 64, INT_MAX / 2)), stop_(stop) {
    if (bdd_isrunning()) bdd_done();  // never: every Manager ends with bdd_done
    const int limit = static_cast<int>(max_nodes_);
    const int initial = std::min(initial_nodes, limit / 2);
    current_ = this;
    // The caches small here: bdd_setcacheratio below makes them as large as the table (one
    // allocation and clearing instead of two).
    if (bdd_init(initial, 1000) < 0) {
        current_ = nullptr;
        throw NodeLimit("BuDDy could not allocate its node table of " + std::to_string(initial) + " nodes");
    }
    bdd_error_hook(&Manager::on_error);
    bdd_gbc_hook(&Manager::on_gbc);
    bdd_resize_hook(&Manager::on_resize);
    bdd_reorder_hook(&Manager::on_reorder);
    bdd_reorder_verbose(0);
    bdd_setmaxincrease(kMaxIncrease);
    bdd_setcacheratio(kCacheRatio);
    bdd_setminfreenodes(kMinFree);
    // The table is a prime at least `initial`, so the bound must be above it.
    bdd_setmaxnodenum(std::max(limit, bdd_getallocnum() + 1));
    peak_table_ = static_cast<std::size_t>(bdd_getallocnum());
    if (stop_)
        watcher_ = std::thread([this] {
            while (!done_.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                if (!stop_->load(std::memory_order_relaxed) || done_.load()) continue;
                // Not while the table may be moving (on_resize): a store through the old
                // address after realloc moved it (a large table is remapped) killed the process.
                std::lock_guard<std::mutex> guard(watch_mutex_);
                if (resizing_) continue;
                const int head = bddfreepos;
                if (head > 1) bddnodes[head].next = 0;
            }
        });
}

Manager::~Manager() {
    done_ = true;
    if (watcher_.joinable()) watcher_.join();
    bdd_done();
    // bdd_done frees these two and keeps the pointers; the next bdd_setvarnum mallocs new ones,
    // but a manager that ends before setting its variables (e.g. NotApplicable for knows in the
    // rules, thrown before the layout) would free them a second time in its bdd_done.
    bddlevel2var = nullptr;
    bddvar2level = nullptr;
    current_ = nullptr;
}

void Manager::set_variables(int n) {
    bdd_setvarnum(std::max(n, 1));
    rethrow_pending();
    // bdd_setvarnum mallocs a new reference stack (2 * variables + 4 entries) and leaves it
    // uninitialised. BuDDy's operations push as PUSHREF(apply_rec(...)), i.e.
    // *(bddrefstacktop++) = apply_rec(...), which the compiler may increment before the call;
    // a garbage collection inside the call then marks the slot not yet written. Stale node
    // numbers there are harmless (a node kept one collection longer), uninitialised memory is
    // not: bdd_mark followed it out of the table (a crash at --max-nodes 100 on a two-step
    // game, where the first operations after setvarnum already collect). Zeros are ignored.
    std::fill(bddrefstack, bddrefstack + 2 * bdd_varnum() + 4, 0);
}

void Manager::check() {
    between_resizes();
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw Stopped("stopped");
    rethrow_pending();
    if (gbc_count_ == 0) peak_live_ = std::max(peak_live_, static_cast<std::size_t>(bdd_getnodenum()));
}

void Manager::rethrow_pending() {
    if (pending_error_ == 0) return;
    const char* what = bdd_errstring(pending_error_);
    pending_error_ = 0;
    throw std::logic_error(std::string("BuDDy: ") + (what ? what : "unknown error"));
}

void Manager::on_error(int code) {
    if (code == BDD_NODENUM || code == BDD_MEMORY) {
        const std::size_t bound = current_ ? current_->max_nodes_ : 0;
        throw NodeLimit(code == BDD_MEMORY ? "out of memory for BDD nodes"
                                           : "more than " + std::to_string(bound) + " BDD nodes");
    }
    // Not thrown: BuDDy reports these from bdd_delref too, which runs in destructors.
    if (current_ && current_->pending_error_ == 0) current_->pending_error_ = code;
}

// check() runs in the engines' inner loops: the mutex only when a resize was marked.
void Manager::between_resizes() {
    if (!resizing_.load(std::memory_order_relaxed)) return;
    std::lock_guard<std::mutex> guard(watch_mutex_);
    resizing_ = false;
}

// Before and after a garbage collection (no resize under way): stop here if asked. After it
// too, because a resize may follow (bdd_makenode: when the collection freed too little), and
// once stopped no resize should start.
void Manager::on_gbc(int pre, bddGbcStat* stat) {
    if (!current_) return;
    current_->between_resizes();
    if (!pre) {
        ++current_->gbc_count_;
        const auto live = static_cast<std::size_t>(stat->nodes - stat->freenodes);
        current_->peak_live_ = std::max(current_->peak_live_, live);
    }
    if (current_->stop_ && current_->stop_->load(std::memory_order_relaxed)) throw Stopped("stopped");
}

// BuDDy calls this before it reallocates the node table: the watcher leaves the table alone
// until the next garbage collection or check(), when the resize is over.
void Manager::on_resize(int, int new_size) {
    if (!current_) return;
    current_->peak_table_ = std::max(current_->peak_table_, static_cast<std::size_t>(new_size));
    if (current_->stop_) {
        std::lock_guard<std::mutex> guard(current_->watch_mutex_);
        current_->resizing_ = true;
    }
}

void Manager::on_reorder(int prestate) {
    if (current_ && !prestate) ++current_->reorderings_;
}

std::vector<char> support(const bdd& b, int nvars) {
    std::vector<char> in(static_cast<std::size_t>(nvars), 0);
    std::unordered_set<BDD> seen;
    std::vector<BDD> stack{b.id()};
    while (!stack.empty()) {
        const BDD n = stack.back();
        stack.pop_back();
        if (n < 2 || !seen.insert(n).second) continue;
        const int v = bdd_var(n);
        if (v < nvars) in[static_cast<std::size_t>(v)] = 1;
        stack.push_back(bdd_low(n));
        stack.push_back(bdd_high(n));
    }
    return in;
}

}  // namespace gdlsc::symbolic::detail
