// The fluents' variable order (see variable_order.h): sorted terms, the circuit's hyperedges
// and FORCE.
#include "symbolic/variable_order.h"

#include <algorithm>
#include <numeric>

namespace gdlsc::symbolic {
namespace {

bool is_number(const std::string& s) {
    return !s.empty() && s.size() < 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Relation first, then arguments left to right; numbers by value, so 9 comes before 10.
int compare(const gdl::Term& a, const gdl::Term& b) {
    if (a.is_compound() != b.is_compound()) return a.is_compound() ? 1 : -1;
    if (!a.is_compound() && is_number(a.name) && is_number(b.name)) {
        long long x = std::stoll(a.name), y = std::stoll(b.name);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    if (a.name != b.name) return a.name < b.name ? -1 : 1;
    for (std::size_t i = 0; i < std::min(a.args.size(), b.args.size()); ++i)
        if (int c = compare(a.args[i], b.args[i])) return c;
    return a.args.size() < b.args.size() ? -1 : a.args.size() > b.args.size() ? 1 : 0;
}

}  // namespace

namespace {
void numbers(const gdl::Term& t, std::vector<long long>& out) {
    if (!t.is_compound()) {
        if (is_number(t.name)) out.push_back(std::stoll(t.name));
        return;
    }
    for (const gdl::Term& a : t.args) numbers(a, out);
}
}  // namespace

std::vector<std::uint32_t> coordinate_fluents(const ground::StepNetwork& net) {
    const auto& fs = net.fluents();
    std::vector<std::vector<long long>> key(fs.size());
    for (std::size_t f = 0; f < fs.size(); ++f) {
        for (const gdl::Term& a : fs[f].args) numbers(a, key[f]);
        if (key[f].size() < 2) key[f].clear();  // a counter, not a position: with the others first
    }
    std::vector<std::uint32_t> order = sorted_fluents(net);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return key[a] < key[b]; });
    return order;
}

std::vector<std::int64_t> move_positions(const ground::StepNetwork& net, const std::vector<std::uint32_t>& order) {
    const auto& fs = net.fluents();
    std::vector<std::vector<long long>> key(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        for (const gdl::Term& a : fs[order[i]].args) numbers(a, key[i]);
    std::vector<std::int64_t> out;
    for (std::size_t r = 0; r < net.roles().size(); ++r)
        for (const gdl::Term& m : net.moves(r)) {
            std::vector<long long> mk;
            for (const gdl::Term& a : m.args) numbers(a, mk);
            std::int64_t best = -1;
            std::size_t best_len = 1;  // at least two numbers in common
            for (std::size_t i = 0; i < order.size(); ++i) {
                std::size_t len = 0;
                while (len < mk.size() && len < key[i].size() && mk[len] == key[i][len]) ++len;
                if (len > best_len || (len == best_len && len >= 2)) best = static_cast<std::int64_t>(i), best_len = len;
            }
            out.push_back(best);
        }
    return out;
}

std::vector<std::uint32_t> sorted_fluents(const ground::StepNetwork& net) {
    std::vector<std::uint32_t> order(net.fluents().size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return compare(net.fluents()[a], net.fluents()[b]) < 0; });
    return order;
}

std::vector<std::int64_t> last_fluent_positions(const ground::StepNetwork& net, const std::vector<std::uint32_t>& order,
                                                const std::vector<ground::NodeId>& roots) {
    using ground::NodeId;
    using Kind = ground::StepNetwork::Kind;
    const std::size_t n = net.nodes();
    std::vector<std::int64_t> position(n, -1);  // of a true node, in `order`
    for (std::size_t i = 0; i < order.size(); ++i) position[net.true_node(order[i])] = static_cast<std::int64_t>(i);
    std::vector<std::uint32_t> stamp(n, 0);
    std::vector<NodeId> stack;
    std::vector<std::int64_t> out;
    std::uint32_t now = 0;
    for (NodeId root : roots) {
        std::int64_t last = -1;
        if (root != ground::kNoNode) {
            ++now;
            stack.assign(1, root);
            stamp[root] = now;
            while (!stack.empty()) {
                NodeId v = stack.back();
                stack.pop_back();
                last = std::max(last, position[v]);
                if (net.kind(v) != Kind::Derived) continue;
                for (std::size_t i = 0; i < net.rule_count(v); ++i)
                    for (const auto& lit : net.rule(v, i))
                        if (stamp[lit.node] != now) stamp[lit.node] = now, stack.push_back(lit.node);
            }
        }
        out.push_back(last);
    }
    return out;
}

}  // namespace gdlsc::symbolic
