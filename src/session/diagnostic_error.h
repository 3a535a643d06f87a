// Turns collected user diagnostics (game, formula, history) into the UserError that
// ends a command, so every command reports them the same way (src/cli/app.cpp prints them).
#pragma once
#include <string>

#include "gdl/diagnostics.h"

namespace gdlsc::query {

/// Throws a UserError holding the printed errors of `diags` (warnings left out), after
/// `header` (a line of its own) if it is not empty. Does nothing if there is no error.
void throw_if_errors(const gdl::Diagnostics& diags, const std::string& header = {});

}  // namespace gdlsc::query
