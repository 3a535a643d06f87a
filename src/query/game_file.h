// Reading a game for a command: read (KIF or infix), analyse, validate. An invalid
// game is a UserError (exit 2) whose message is the sorted, located diagnostics.
#pragma once
#include <string>

#include "gdl/analysis.h"
#include "gdl/diagnostics.h"
#include "gdl/program.h"

namespace gdlsc::query {

struct Game {
    gdl::Program program;
    gdl::Analysis analysis;
};

/// Reads, analyses and validates `path`, every diagnostic (warnings too) into `diags`;
/// validation runs only on a game read without syntax errors (after one, the rules are
/// incomplete and later messages would be its consequences). An unreadable file is a UserError.
Game read_game(const std::string& path, gdl::Diagnostics& diags);

/// Reads and validates `path`; warnings are dropped, errors throw UserError.
Game load_game_file(const std::string& path);

}  // namespace gdlsc::query
