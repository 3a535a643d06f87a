// Source files and locations. Every AST node carries a Location that points back
// into the Source it was read from, so diagnostics can quote the offending line.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gdlsc::gdl {

/// The text of one input file (or of a string given on the command line).
struct Source {
    std::string name;  ///< file path as given by the user, or "<query>" etc.
    std::string text;
    std::vector<size_t> line_starts;  ///< byte offset of each line (1-based line i at [i-1])

    Source(std::string name, std::string text);
    /// The text of 1-based line `line`, without the line terminator.
    std::string_view line_text(int line) const;
};

using SourcePtr = std::shared_ptr<const Source>;

/// Reads a file into a Source; throws std::runtime_error naming the path on failure.
SourcePtr load_source(const std::string& path);
SourcePtr make_source(std::string name, std::string text);

/// A position in a Source; line and col are 1-based (col counts bytes).
struct Location {
    SourcePtr source;
    int line = 0;
    int col = 0;

    bool valid() const { return source != nullptr && line > 0; }
    std::string file() const { return source ? source->name : std::string("<unknown>"); }
    /// "file:line:col"
    std::string str() const;
};

}  // namespace gdlsc::gdl
