// Strongly connected components by Tarjan's algorithm, without recursion (ground programs can
// be deep): the one implementation behind the predicate dependency graph (gdl/analysis.cpp),
// the loops of a positive dependency graph (ground/loops.cpp) and the evaluation order of the
// step network (network/step_network.cpp). Header-only, C++17.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace gdlsc::base {

/// The components of the graph on the nodes reachable from `nodes` (`edges(v)` lists v's
/// successors; ids below `universe`), each sorted, in the order Tarjan's algorithm closes
/// them: a component comes after every component it has an edge to. Nodes are visited in the
/// order of `nodes`, successors in the order `edges` gives.
inline std::vector<std::vector<std::uint32_t>> sccs(const std::vector<std::uint32_t>& nodes,
                                                    const std::function<std::vector<std::uint32_t>(std::uint32_t)>& edges,
                                                    std::size_t universe) {
    using Id = std::uint32_t;
    std::vector<int> index(universe, -1), low(universe, 0);
    std::vector<bool> on(universe, false);
    std::vector<Id> stack;
    std::vector<std::vector<Id>> out;
    int counter = 0;
    struct Frame {
        Id v;
        std::vector<Id> succ;
        std::size_t next = 0;
    };
    for (Id s : nodes) {
        if (index[s] >= 0) continue;
        std::vector<Frame> call;
        auto enter = [&](Id v) {
            index[v] = low[v] = counter++;
            stack.push_back(v);
            on[v] = true;
            call.push_back({v, edges(v), 0});
        };
        enter(s);
        while (!call.empty()) {
            Frame& f = call.back();
            if (f.next < f.succ.size()) {
                Id w = f.succ[f.next++];
                if (index[w] < 0) enter(w);
                else if (on[w]) low[f.v] = std::min(low[f.v], index[w]);
                continue;
            }
            Id v = f.v;
            if (low[v] == index[v]) {
                std::vector<Id> c;
                Id w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    on[w] = false;
                    c.push_back(w);
                } while (w != v);
                std::sort(c.begin(), c.end());
                out.push_back(std::move(c));
            }
            call.pop_back();
            if (!call.empty()) low[call.back().v] = std::min(low[call.back().v], low[v]);
        }
    }
    return out;
}

}  // namespace gdlsc::base
