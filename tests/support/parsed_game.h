// A game read and analysed in the test process, for the unit tests of the modules that work
// on a Program and its Analysis (grounder, SMT solver, queries): from inline KIF text or from
// a file. A game with errors throws, with the diagnostics (file:line:col) in the message.
#pragma once
#include <sstream>
#include <stdexcept>
#include <string>

#include "gdl/analysis.h"
#include "gdl/reader.h"

namespace gdlsc::test {

struct ParsedGame {
    gdl::Program program;
    gdl::Analysis analysis;
};

namespace detail {
inline ParsedGame analysed(gdl::Program program, const gdl::Diagnostics& d, const std::string& name) {
    if (d.has_errors()) {
        std::ostringstream msg;
        d.print(msg);
        throw std::runtime_error("test game " + name + " has errors:\n" + msg.str());
    }
    ParsedGame g;
    g.program = std::move(program);
    g.analysis = gdl::analyze(g.program);
    return g;
}
}  // namespace detail

/// The game in `text` (read as the file "t.kif"), analysed.
inline ParsedGame game_from_text(const std::string& text) {
    gdl::Diagnostics d;
    auto program = gdl::read_game_text("t.kif", text, d);
    return detail::analysed(std::move(program), d, "t.kif");
}

/// The game in the file `path`, analysed.
inline ParsedGame game_from_file(const std::string& path) {
    gdl::Diagnostics d;
    auto program = gdl::read_game_file(path, d);
    return detail::analysed(std::move(program), d, path);
}

}  // namespace gdlsc::test
