// The two ways a BDD computation of src/symbolic ends early, thrown from BuDDy's hooks
// (manager.h) and caught by the callers in src/prove and src/query, which name the bound (exit 4).
#pragma once
#include <stdexcept>

namespace gdlsc::symbolic {

/// The node bound (max_nodes) was reached, or BuDDy could not allocate its table.
struct NodeLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};
/// The stop flag was set (a time limit).
struct Stopped : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace gdlsc::symbolic
