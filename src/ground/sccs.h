// Strongly connected components of a graph over atom ids, by Tarjan's algorithm without
// recursion (ground programs can be deep): for the loops of a positive dependency graph
// (loops.cpp) and the evaluation order of the step network (step_network.cpp).
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

#include "ground/ground_program.h"

namespace gdlsc::ground {

/// The components of the graph on the nodes reachable from `nodes` (`edges(v)` lists v's
/// successors; ids below `universe`), each sorted, in the order Tarjan's algorithm closes
/// them: a component comes after every component it has an edge to.
std::vector<std::vector<AtomId>> sccs(const std::vector<AtomId>& nodes,
                                      const std::function<std::vector<AtomId>(AtomId)>& edges,
                                      std::size_t universe);

}  // namespace gdlsc::ground
