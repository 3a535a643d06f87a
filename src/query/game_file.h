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

/// Reads (KIF or infix) and analyses `path`, syntax errors into `diags`. An unreadable file
/// is a UserError.
Game read_rules(const std::string& path, gdl::Diagnostics& diags);

/// Validates a game read without syntax errors (gdl/validate.h) into `diags`; where its
/// relations are not stratified, its ground program decides (ground_stratification.h).
void validate_game(const Game& g, gdl::Diagnostics& diags);

/// read_rules, then validate_game if there was no syntax error (after one, the rules are
/// incomplete and later messages would be its consequences); every diagnostic (warnings too)
/// into `diags`.
Game read_game(const std::string& path, gdl::Diagnostics& diags);

/// Reads and validates `path`; errors throw UserError; the deviations from GDL that gdlsc
/// accepts are printed on stderr as located warnings (other warnings: `gdlsc check`).
/// `strict`: those deviations are errors too.
Game load_game_file(const std::string& path, bool strict = false);

}  // namespace gdlsc::query
