// GDL-III developments on the step network (see network_developments.h).
#include "network/network_developments.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <unordered_map>

#include "ground/hash.h"

namespace gdlsc::ground {
namespace {

inline bool bit(const std::uint64_t* c, std::size_t i) { return (c[i >> 6] >> (i & 63)) & 1u; }
inline void set_bit(std::uint64_t* c, std::size_t i) { c[i >> 6] |= std::uint64_t(1) << (i & 63); }

struct KeyHash {
    std::size_t operator()(const std::vector<std::uint32_t>& v) const {
        return hash_words(v, 0x9e3779b97f4a7c15ull ^ v.size());
    }
};

struct Level {
    std::size_t n = 0;
    std::vector<std::uint64_t> state;              // n * W words: the fluents of each development
    std::vector<std::vector<std::uint32_t>> obs;  // per knowing role: the observation id of each
    std::size_t path = 0;                          // the history's development
};

struct UnionFind {
    std::vector<std::uint32_t> up;
    explicit UnionFind(std::size_t n) : up(n) { std::iota(up.begin(), up.end(), 0u); }
    std::uint32_t find(std::uint32_t x) {
        while (up[x] != x) x = up[x] = up[up[x]];
        return x;
    }
    void unite(std::uint32_t a, std::uint32_t b) {
        a = find(a), b = find(b);
        if (a != b) up[std::max(a, b)] = std::min(a, b);
    }
};

std::vector<std::uint32_t> standard_order(const std::vector<gdl::Term>& terms) {
    std::vector<std::uint32_t> idx(terms.size());
    std::iota(idx.begin(), idx.end(), 0u);
    std::sort(idx.begin(), idx.end(),
              [&](std::uint32_t a, std::uint32_t b) { return gdl::standard_order_less(terms[a], terms[b]); });
    return idx;
}

}  // namespace

EpistemicPath epistemic_path(const StepNetwork& net, const std::vector<std::uint32_t>& init,
                             const std::vector<std::vector<std::int64_t>>& history,
                             const std::function<void()>& check, std::size_t max_rows) {
    const std::size_t F = net.fluents().size(), W = std::max<std::size_t>(1, (F + 63) / 64);
    const std::size_t R = net.roles().size();
    const auto& K = net.knows();
    auto tick = [&] {
        if (check) check();
    };

    // The roles whose cells the rules ask about (every agent for common knowledge).
    std::vector<std::int32_t> kr_of(R, -1);
    std::vector<std::size_t> knowing;
    bool common = false;
    for (const auto& k : K) common |= k.role < 0;
    for (std::size_t r = 0; r < R; ++r) {
        bool asked = common && net.roles()[r] != "random";
        for (const auto& k : K) asked |= k.role == static_cast<std::int32_t>(r);
        if (asked) kr_of[r] = static_cast<std::int32_t>(knowing.size()), knowing.push_back(r);
    }

    std::vector<NodeId> info_targets{net.terminal_node()}, step_targets;
    for (std::size_t r = 0; r < R; ++r)
        for (std::size_t m = 0; m < net.moves(r).size(); ++m) info_targets.push_back(net.legal_node(r, m));
    for (const auto& k : K) info_targets.push_back(k.inner);
    for (std::size_t f = 0; f < F; ++f) step_targets.push_back(net.next_node(f));
    for (std::size_t r : knowing)
        for (std::size_t q = 0; q < net.percepts(r).size(); ++q) step_targets.push_back(net.sees_node(r, q));
    Rows info(net, info_targets), step(net, step_targets);

    Level cur;
    cur.n = 1;
    cur.state.assign(W, 0);
    for (std::uint32_t f : init) set_bit(cur.state.data(), f);
    cur.obs.assign(knowing.size(), std::vector<std::uint32_t>{0});

    EpistemicPath out;
    std::vector<std::uint32_t> legal_count;
    for (std::size_t t = 0;; ++t) {
        tick();
        const std::size_t n = cur.n, words = (n + 63) / 64;
        out.level_sizes.push_back(n);
        out.rows += n;
        auto fits = [&](const Rows& rows, std::size_t count, const char* what) {
            if (((count + 63) / 64) * rows.slots() > kMaxDevelopmentWords)
                throw TooLarge("the " + std::string(what) + " of step " + std::to_string(t) + " (" + std::to_string(count) +
                               " rows of " + std::to_string(rows.slots()) + " nodes) would pass " +
                               std::to_string(kMaxDevelopmentWords * 8 >> 20) + " MiB");
        };
        fits(info, n, "developments");

        // 1. The developments of this level, with what the rules say they know.
        info.reset(n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t w = 0; w < W; ++w)
                for (std::uint64_t b = cur.state[i * W + w]; b; b &= b - 1)
                    info.set_fluent(i, w * 64 + static_cast<std::size_t>(__builtin_ctzll(b)));
        // Cells as dense group numbers per knowing role.
        std::vector<std::vector<std::uint32_t>> group(knowing.size(), std::vector<std::uint32_t>(n));
        std::vector<std::uint32_t> groups(knowing.size(), 0);
        for (std::size_t kr = 0; kr < knowing.size(); ++kr) {
            std::unordered_map<std::uint32_t, std::uint32_t> dense;
            for (std::size_t i = 0; i < n; ++i) {
                auto [it, fresh] = dense.emplace(cur.obs[kr][i], groups[kr]);
                if (fresh) ++groups[kr];
                group[kr][i] = it->second;
            }
        }
        std::vector<std::vector<std::uint64_t>> kcol(K.size(), std::vector<std::uint64_t>(words, 0));
        std::vector<char> all;
        bool changed = true;
        for (std::size_t round = 0; round <= K.size() && changed; ++round) {
            info.run();
            changed = false;
            for (std::size_t k = 0; k < K.size(); ++k) {
                std::vector<std::uint64_t> col(words, 0);
                if (K[k].inner != kNoNode) {
                    const std::uint64_t* p = info.column(K[k].inner);
                    if (K[k].role < 0) {
                        bool everywhere = true;
                        for (std::size_t i = 0; i < n && everywhere; ++i) everywhere = bit(p, i);
                        if (everywhere)
                            for (std::size_t i = 0; i < n; ++i) set_bit(col.data(), i);
                    } else {
                        const std::size_t kr = static_cast<std::size_t>(kr_of[static_cast<std::size_t>(K[k].role)]);
                        all.assign(groups[kr], 1);
                        for (std::size_t i = 0; i < n; ++i)
                            if (!bit(p, i)) all[group[kr][i]] = 0;
                        for (std::size_t i = 0; i < n; ++i)
                            if (all[group[kr][i]]) set_bit(col.data(), i);
                    }
                }
                if (col != kcol[k]) {
                    changed = true;
                    kcol[k] = col;
                    if (std::uint64_t* c = info.knows_column(k)) std::copy(col.begin(), col.end(), c);
                }
            }
        }
        // Hierarchical knowledge settles within depth + 1 runs; anything else is not ours.
        if (changed) throw NotApplicable("the knows literals did not settle at step " + std::to_string(t));
        std::vector<std::uint32_t> known;
        for (std::size_t k = 0; k < K.size(); ++k)
            if (bit(kcol[k].data(), cur.path)) known.push_back(static_cast<std::uint32_t>(k));
        out.knows.push_back(std::move(known));
        if (t == history.size()) return out;

        // The history's step t must be possible in its development.
        auto is_legal = [&](std::size_t r, std::size_t m, std::size_t i) {
            NodeId l = net.legal_node(r, m);
            return l != kNoNode && info.holds(l, i);
        };
        const bool terminal_at = [&](std::size_t i) {
            return net.terminal_node() != kNoNode && info.holds(net.terminal_node(), i);
        }(cur.path);
        if (terminal_at) {
            out.bad_step = static_cast<std::int64_t>(t);
            return out;
        }
        for (std::size_t r = 0; r < R; ++r) {
            std::int64_t m = history[t].at(r);
            if (m >= 0 && is_legal(r, static_cast<std::size_t>(m), cur.path)) continue;
            out.bad_step = static_cast<std::int64_t>(t);
            out.bad_role = static_cast<std::int64_t>(r);
            for (std::uint32_t x : standard_order(net.moves(r)))
                if (is_legal(r, x, cur.path)) out.legal.push_back(x);
            return out;
        }

        // 2. Every joint move of every non-terminal development: one row each. The legal
        // moves of all developments at once, read off each move's column (a game may have
        // thousands of moves that are legal in few developments).
        std::vector<std::vector<std::vector<std::uint32_t>>> legal_of(R, std::vector<std::vector<std::uint32_t>>(n));
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t m = 0; m < net.moves(r).size(); ++m) {
                NodeId l = net.legal_node(r, m);
                if (l == kNoNode) continue;
                const std::uint64_t* c = info.column(l);
                for (std::size_t w = 0; w < words; ++w)
                    for (std::uint64_t b = c[w]; b; b &= b - 1) {
                        std::size_t i = w * 64 + static_cast<std::size_t>(__builtin_ctzll(b));
                        if (i < n) legal_of[r][i].push_back(static_cast<std::uint32_t>(m));
                    }
            }
        std::vector<std::uint32_t> parent, joint;  // joint: R moves per row
        std::size_t path_row = SIZE_MAX;
        for (std::size_t i = 0; i < n; ++i) {
            if (net.terminal_node() != kNoNode && info.holds(net.terminal_node(), i)) continue;
            std::size_t product = 1;
            for (std::size_t r = 0; r < R; ++r) product *= legal_of[r][i].size();
            const auto& legal = legal_of;
            auto moves_of = [&](std::size_t r) -> const std::vector<std::uint32_t>& { return legal[r][i]; };
            if (parent.size() + product > max_rows)
                throw TooLarge("the developments of step " + std::to_string(t + 1) + " passed " +
                               std::to_string(max_rows) + " rows");
            std::vector<std::size_t> at(R, 0);
            for (std::size_t c = 0; c < product; ++c) {
                bool is_path = i == cur.path;
                for (std::size_t r = 0; r < R; ++r) {
                    joint.push_back(moves_of(r)[at[r]]);
                    is_path = is_path && static_cast<std::int64_t>(moves_of(r)[at[r]]) == history[t][r];
                }
                if (is_path) path_row = parent.size();
                parent.push_back(static_cast<std::uint32_t>(i));
                for (std::size_t r = R; r-- > 0;) {
                    if (++at[r] < moves_of(r).size()) break;
                    at[r] = 0;
                }
            }
            if ((i & 1023) == 1023) tick();
        }
        const std::size_t rows = parent.size();
        out.rows += rows;
        fits(step, rows, "joint moves");
        step.reset(rows);
        for (std::size_t j = 0; j < rows; ++j) {
            const std::size_t i = parent[j];
            for (std::size_t w = 0; w < W; ++w)
                for (std::uint64_t b = cur.state[i * W + w]; b; b &= b - 1)
                    step.set_fluent(j, w * 64 + static_cast<std::size_t>(__builtin_ctzll(b)));
            for (std::size_t r = 0; r < R; ++r) step.set_move(j, r, joint[j * R + r]);
        }
        for (std::size_t k = 0; k < K.size(); ++k)
            if (std::uint64_t* c = step.knows_column(k))
                for (std::size_t j = 0; j < rows; ++j)
                    if (bit(kcol[k].data(), parent[j])) set_bit(c, j);
        step.run();
        tick();

        // 3. The children: their states and observations; the closure of the history's one.
        // Observation ids are compared within a level only: each level interns its own.
        std::vector<std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, KeyHash>> intern(knowing.size());
        std::vector<std::vector<std::uint32_t>> obs(knowing.size(), std::vector<std::uint32_t>(rows));
        std::vector<std::uint32_t> key;
        for (std::size_t kr = 0; kr < knowing.size(); ++kr) {
            const std::size_t r = knowing[kr];
            auto& table = intern[kr];
            for (std::size_t j = 0; j < rows; ++j) {
                key.clear();
                key.push_back(cur.obs[kr][parent[j]]);
                key.push_back(joint[j * R + r]);
                for (std::size_t q = 0; q < net.percepts(r).size(); ++q) {
                    NodeId s = net.sees_node(r, q);
                    if (s != kNoNode && step.holds(s, j)) key.push_back(static_cast<std::uint32_t>(q));
                }
                auto it = table.find(key);  // a hit allocates nothing
                if (it == table.end()) it = table.emplace(key, static_cast<std::uint32_t>(table.size() + 1)).first;
                obs[kr][j] = it->second;
            }
        }
        UnionFind uf(rows);
        for (std::size_t kr = 0; kr < knowing.size(); ++kr) {
            std::unordered_map<std::uint32_t, std::uint32_t> first;
            for (std::size_t j = 0; j < rows; ++j) {
                auto [it, fresh] = first.emplace(obs[kr][j], static_cast<std::uint32_t>(j));
                if (!fresh) uf.unite(it->second, static_cast<std::uint32_t>(j));
            }
        }
        const std::uint32_t root = uf.find(static_cast<std::uint32_t>(path_row));
        Level next;
        next.obs.assign(knowing.size(), {});
        for (std::size_t j = 0; j < rows; ++j) {
            if (uf.find(static_cast<std::uint32_t>(j)) != root) continue;
            if (j == path_row) next.path = next.n;
            ++next.n;
            std::size_t base = next.state.size();
            next.state.resize(base + W, 0);
            for (std::size_t f = 0; f < F; ++f) {
                NodeId x = net.next_node(f);
                if (x != kNoNode && step.holds(x, j)) set_bit(&next.state[base], f);
            }
            for (std::size_t kr = 0; kr < knowing.size(); ++kr) next.obs[kr].push_back(obs[kr][j]);
        }
        cur = std::move(next);
    }
}

}  // namespace gdlsc::ground
