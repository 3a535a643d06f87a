// The message of the UserError that `f` throws ("no error" when it throws none): for tests
// of located error messages.
#pragma once
#include <string>

#include "base/errors.h"

namespace gdlsc::test {

template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const UserError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace gdlsc::test
