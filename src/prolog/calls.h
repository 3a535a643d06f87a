// Calls into the embedded engine under limits, for src/prolog's own sources (internal, not
// installed): term building that turns Prolog running out of memory into EngineError, state
// records, and run_once/3, which maps a Prolog exception to LimitError or EngineError.
// Written with SWI-cpp2.h; compiled as C++17, see CMakeLists.txt.
#pragma once
#include <SWI-cpp2.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "prolog/convert.h"
#include "prolog/engine.h"
#include "base/errors.h"

namespace gdlsc::pl::detail {

/// Records (state handles) are erased only while the engine runs (set by Engine's life).
extern bool g_alive;

/// A foreign frame: every term reference made inside is released, and every binding undone,
/// at the end of the scope (PlFrame alone closes the frame; rewinding first discards it).
struct Frame : PlFrame {
    ~Frame() { rewind(); }
};

/// SWI-cpp2.h reports a failed PL_* call (Prolog out of memory) by throwing PlFail: every
/// term the host builds goes through here, which turns it into EngineError(what).
template <class F>
decltype(auto) or_out_of_memory(const std::string& what, F&& build) {
    try {
        return build();
    } catch (const PlFail&) {
        PL_clear_exception();
        throw EngineError(what);
    }
}
constexpr const char* kBuildingGoal = "out of Prolog memory building a goal";

PlTerm compound(const char* name, std::initializer_list<PlTerm> args);
PlTerm int_term(std::int64_t v);
/// `t` as a Prolog term (variables shared through `vars`).
PlTerm gdl_term(const gdl::Term& t, VarMap& vars);
/// module:goal
PlTerm qualified(const std::string& module, const PlTerm& goal);
/// The items of a Prolog list (of a partial list: those before its open tail).
std::vector<gdl::Term> list_terms(const PlTerm& list);

/// A state handle for the term `t` (a copy kept by Prolog until the last handle goes).
Handle record(const PlTerm& t);
/// The term of a state handle; EngineError for an empty one.
PlTerm recorded(const Handle& h);

/// Runs `goal` once under the limits; true on success (bindings stay), false on failure.
/// A Prolog exception becomes TimeLimitError/LimitError (time, inferences, resources) or
/// EngineError naming `context`.
bool run_once(const PlTerm& goal, const std::string& context, const Limits& lim);

}  // namespace gdlsc::pl::detail
