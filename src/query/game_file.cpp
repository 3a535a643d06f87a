// Reading and validating a game for a command.
#include "query/game_file.h"

#include <iostream>
#include <sstream>

#include "gdl/reader.h"
#include "gdl/validate.h"
#include "query/diagnostic_error.h"
#include "query/ground_stratification.h"
#include "base/errors.h"

namespace gdlsc::query {

Game read_rules(const std::string& path, gdl::Diagnostics& diags) {
    Game g;
    try {
        g.program = gdl::read_game_file(path, diags);
    } catch (const std::runtime_error& e) {
        throw UserError(e.what());
    }
    g.analysis = gdl::analyze(g.program);
    return g;
}

void validate_game(const Game& g, gdl::Diagnostics& diags) {
    gdl::validate(g.program, g.analysis, diags, ground_stratification);
}

Game read_game(const std::string& path, gdl::Diagnostics& diags) {
    Game g = read_rules(path, diags);
    if (!diags.has_errors()) validate_game(g, diags);
    return g;
}

Game load_game_file(const std::string& path, bool strict) {
    gdl::Diagnostics diags;
    diags.set_strict(strict);
    Game g = read_game(path, diags);
    throw_if_errors(diags, path + " is not a valid game:");
    for (const auto& d : diags.sorted())
        if (d.deviation) std::cerr << gdl::format_diagnostic(d);
    return g;
}

}  // namespace gdlsc::query
