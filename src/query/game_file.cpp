// Reading and validating a game for a command.
#include "query/game_file.h"

#include <sstream>

#include "gdl/reader.h"
#include "gdl/validate.h"
#include "query/errors.h"

namespace gdlsc::query {

Game load_game_file(const std::string& path) {
    gdl::Diagnostics diags;
    Game g;
    try {
        g.program = gdl::read_game_file(path, diags);
    } catch (const std::runtime_error& e) {
        throw UserError(e.what());
    }
    g.analysis = gdl::analyze(g.program);
    if (!diags.has_errors()) gdl::validate(g.program, g.analysis, diags);
    if (diags.has_errors()) {
        gdl::Diagnostics errors;
        for (const auto& d : diags.sorted())
            if (d.severity == gdl::Severity::Error) errors.add(d);
        std::ostringstream out;
        errors.print(out);
        std::string m = out.str();
        while (!m.empty() && m.back() == '\n') m.pop_back();
        throw UserError(path + " is not a valid game:\n" + m);
    }
    return g;
}

}  // namespace gdlsc::query
