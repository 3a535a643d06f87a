// One progressive update of an information set on the step network (see k_step.h): the
// parents' rows under every joint move with the role's move, a chunk of rows at a time,
// children kept when the role's percepts are the ones given, distinct states by hash.
#include "network/k_step.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ground/hash.h"

namespace gdlsc::ground {

namespace {

struct BitsHash {
    std::size_t operator()(const std::vector<std::uint64_t>& v) const { return hash_words(v); }
};

constexpr std::size_t kChunk = 4096;

}  // namespace

KStep k_step(const StepNetwork& net, const std::vector<std::vector<std::uint32_t>>& parents, std::size_t role,
             std::uint32_t move, const std::vector<std::uint32_t>& percepts,
             const std::vector<std::vector<std::uint32_t>>& move_order) {
    const std::size_t nroles = net.roles().size();
    KStep out;
    out.joint_moves.assign(parents.size(), 0);

    // 1. Per parent: terminal?, the role's move legal?, the others' legal moves.
    std::vector<NodeId> parent_targets{net.terminal_node(), net.legal_node(role, move)};
    for (std::size_t r = 0; r < nroles; ++r)
        if (r != role)
            for (std::uint32_t m : move_order[r]) parent_targets.push_back(net.legal_node(r, m));
    Rows pr(net, parent_targets);
    // joint move lists per expanding parent: parent -> per role the legal moves
    std::vector<std::vector<std::vector<std::uint32_t>>> legal(parents.size());
    for (std::size_t base = 0; base < parents.size(); base += kChunk) {
        const std::size_t n = std::min(kChunk, parents.size() - base);
        pr.reset(n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::uint32_t f : parents[base + i]) pr.set_fluent(i, f);
        pr.run();
        auto holds = [&](NodeId node, std::size_t i) { return node != kNoNode && pr.holds(node, i); };
        for (std::size_t i = 0; i < n; ++i) {
            if (holds(net.terminal_node(), i) || !holds(net.legal_node(role, move), i)) continue;
            std::vector<std::vector<std::uint32_t>> lists(nroles);
            unsigned __int128 d = 1;
            for (std::size_t r = 0; r < nroles && d > 0; ++r) {
                if (r == role) {
                    lists[r] = {move};
                    continue;
                }
                for (std::uint32_t m : move_order[r])
                    if (holds(net.legal_node(r, m), i)) lists[r].push_back(m);
                d *= lists[r].size();
                if (d > (unsigned __int128)(std::uint64_t(1) << 63))
                    throw KStepOverflow("more than 2^63 joint moves in one state");
            }
            if (d == 0) continue;
            out.joint_moves[base + i] = static_cast<std::uint64_t>(d);
            legal[base + i] = std::move(lists);
        }
    }

    // 2. The children: percepts first, then the next state, merged by state.
    std::vector<NodeId> child_targets;
    const std::size_t np = net.percepts(role).size();
    for (std::size_t q = 0; q < np; ++q) child_targets.push_back(net.sees_node(role, q));
    std::vector<std::uint32_t> fluents_with_next;
    for (std::size_t f = 0; f < net.fluents().size(); ++f)
        if (net.next_node(f) != kNoNode) {
            child_targets.push_back(net.next_node(f));
            fluents_with_next.push_back(static_cast<std::uint32_t>(f));
        }
    std::vector<bool> wanted(np, false);
    for (std::uint32_t q : percepts) wanted.at(q) = true;
    Rows cr(net, child_targets);
    const std::size_t fw = (net.fluents().size() + 63) / 64 + 1;
    std::unordered_map<std::vector<std::uint64_t>, std::uint32_t, BitsHash> index;

    struct Row {
        std::uint32_t parent;
        std::vector<std::uint32_t> joint;
    };
    std::vector<Row> rows;
    auto flush = [&]() {
        const std::size_t n = rows.size();
        if (n == 0) return;
        cr.reset(n);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::uint32_t f : parents[rows[i].parent]) cr.set_fluent(i, f);
            for (std::size_t r = 0; r < nroles; ++r) cr.set_move(i, r, rows[i].joint[r]);
        }
        cr.run();
        const std::size_t w = cr.words();
        std::vector<std::uint64_t> match(w, ~std::uint64_t(0));
        for (std::size_t q = 0; q < np; ++q) {
            NodeId s = net.sees_node(role, q);
            const std::uint64_t m = wanted[q] ? 0 : ~std::uint64_t(0);
            const std::uint64_t* c = cr.column(s);
            for (std::size_t i = 0; i < w; ++i) match[i] &= c[i] ^ m;
        }
        if (n % 64) match[w - 1] &= (std::uint64_t(1) << (n % 64)) - 1;
        // Transpose the next columns of the matching rows into states.
        std::vector<std::uint32_t> matching;
        for (std::size_t i = 0; i < w; ++i)
            for (std::uint64_t b = match[i]; b; b &= b - 1) matching.push_back(static_cast<std::uint32_t>(i * 64 + __builtin_ctzll(b)));
        std::vector<std::uint32_t> pos(n, UINT32_MAX);
        for (std::size_t k = 0; k < matching.size(); ++k) pos[matching[k]] = static_cast<std::uint32_t>(k);
        std::vector<std::uint64_t> states(matching.size() * fw, 0);
        for (std::uint32_t f : fluents_with_next) {
            const std::uint64_t* c = cr.column(net.next_node(f));
            for (std::size_t i = 0; i < w; ++i)
                for (std::uint64_t b = c[i] & match[i]; b; b &= b - 1) {
                    std::uint32_t row = static_cast<std::uint32_t>(i * 64 + __builtin_ctzll(b));
                    states[std::size_t(pos[row]) * fw + (f >> 6)] |= std::uint64_t(1) << (f & 63);
                }
        }
        std::vector<std::uint64_t> key(fw);
        for (std::size_t k = 0; k < matching.size(); ++k) {
            std::copy_n(&states[k * fw], fw, key.begin());
            const Row& row = rows[matching[k]];
            auto [it, fresh] = index.emplace(key, static_cast<std::uint32_t>(out.children.size()));
            if (fresh) {
                KStep::Child c;
                for (std::size_t j = 0; j < fw; ++j)
                    for (std::uint64_t b = key[j]; b; b &= b - 1)
                        c.fluents.push_back(static_cast<std::uint32_t>(j * 64 + __builtin_ctzll(b)));
                c.parent = row.parent;
                c.joint = row.joint;
                out.children.push_back(std::move(c));
            }
            out.children[it->second].from.push_back(row.parent);
        }
        rows.clear();
    };
    for (std::uint32_t p = 0; p < parents.size(); ++p) {
        if (out.joint_moves[p] == 0) continue;
        const auto& lists = legal[p];
        std::vector<std::size_t> at(nroles, 0);
        while (true) {
            Row row{p, std::vector<std::uint32_t>(nroles)};
            for (std::size_t r = 0; r < nroles; ++r) row.joint[r] = lists[r][at[r]];
            rows.push_back(std::move(row));
            if (rows.size() == kChunk) flush();
            std::size_t r = nroles;  // the last role varies fastest
            while (r > 0 && ++at[r - 1] == lists[r - 1].size()) at[--r] = 0;
            if (r == 0) break;
        }
        legal[p].clear();
    }
    flush();
    return out;
}

}  // namespace gdlsc::ground
