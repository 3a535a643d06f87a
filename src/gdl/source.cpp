// Source files and locations.
#include "gdl/source.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gdlsc::gdl {

Source::Source(std::string n, std::string t) : name(std::move(n)), text(std::move(t)) {
    line_starts.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') line_starts.push_back(i + 1);
}

std::string_view Source::line_text(int line) const {
    if (line < 1 || static_cast<size_t>(line) > line_starts.size()) return {};
    size_t b = line_starts[line - 1];
    size_t e = static_cast<size_t>(line) < line_starts.size() ? line_starts[line] : text.size();
    while (e > b && (text[e - 1] == '\n' || text[e - 1] == '\r')) --e;
    return std::string_view(text).substr(b, e - b);
}

SourcePtr load_source(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open file");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) throw std::runtime_error(path + ": read error");
    return std::make_shared<const Source>(path, ss.str());
}

SourcePtr make_source(std::string name, std::string text) {
    return std::make_shared<const Source>(std::move(name), std::move(text));
}

std::string Location::str() const {
    return file() + ":" + std::to_string(line) + ":" + std::to_string(col);
}

}  // namespace gdlsc::gdl
