// Private to src/smt: every Z3 call runs inside guard(), which turns a z3::exception into
// SmtError with what was being done.
#pragma once
#include <z3++.h>

#include <string>

#include "smt/solver.h"

namespace gdlsc::smt {

template <typename F>
auto guard(const char* what, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const z3::exception& e) {
        throw SmtError(std::string("z3 error while ") + what + ": " + e.msg());
    }
}

}  // namespace gdlsc::smt
