// Tarjan's algorithm, iterative (see sccs.h).
#include "ground/sccs.h"

#include <algorithm>

namespace gdlsc::ground {

std::vector<std::vector<AtomId>> sccs(const std::vector<AtomId>& nodes,
                                      const std::function<std::vector<AtomId>(AtomId)>& edges,
                                      std::size_t universe) {
    std::vector<int> index(universe, -1), low(universe, 0);
    std::vector<bool> on(universe, false);
    std::vector<AtomId> stack;
    std::vector<std::vector<AtomId>> out;
    int counter = 0;
    struct Frame {
        AtomId v;
        std::vector<AtomId> succ;
        size_t next = 0;
    };
    for (AtomId s : nodes) {
        if (index[s] >= 0) continue;
        std::vector<Frame> call;
        auto enter = [&](AtomId v) {
            index[v] = low[v] = counter++;
            stack.push_back(v);
            on[v] = true;
            call.push_back({v, edges(v), 0});
        };
        enter(s);
        while (!call.empty()) {
            Frame& f = call.back();
            if (f.next < f.succ.size()) {
                AtomId w = f.succ[f.next++];
                if (index[w] < 0) enter(w);
                else if (on[w]) low[f.v] = std::min(low[f.v], index[w]);
                continue;
            }
            AtomId v = f.v;
            if (low[v] == index[v]) {
                std::vector<AtomId> c;
                AtomId w;
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

}  // namespace gdlsc::ground
