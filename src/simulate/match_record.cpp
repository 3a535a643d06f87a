// Reading and writing recorded matches (see match_record.h): which format a record is in,
// and the one entry point of each direction. Each format is a file of its own, with a small
// reader that keeps the line and column of every node so that every complaint about a record
// names its place: the Dresden XML in record_xml.cpp, ggp-base's JSON in record_json.cpp; the
// KIF inside a record and the located failure in record_common.cpp.
#include "simulate/match_record.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "base/errors.h"
#include "simulate/record_common.h"

namespace gdlsc::query {

using record::fail_at;
using record::location_at;

const char* record_format_name(RecordFormat f) { return f == RecordFormat::Json ? "json" : "xml"; }

RecordFormat record_format_of(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".json" ? RecordFormat::Json : RecordFormat::Xml;
}

MatchRecord parse_match_record(const std::string& name, const std::string& text) {
    auto src = gdl::make_source(name, text);
    size_t p = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
    if (p >= text.size()) fail_at(location_at(src, p), "the record is empty");
    if (text[p] == '{' || text[p] == '[') return record::read_json(name, src);
    if (text[p] == '<') return record::read_xml(name, src);
    fail_at(location_at(src, p), "not a match record: neither XML (a Dresden <gametrace>) nor JSON (a ggp-base match)");
}

MatchRecord read_match_record(const std::string& path) {
    gdl::SourcePtr src;
    try {
        src = gdl::load_source(path);
    } catch (const std::exception& e) {
        throw UserError(e.what());
    }
    return parse_match_record(path, src->text);
}

std::string write_match_record(const Match& m, RecordFormat format, const std::string& game) {
    return format == RecordFormat::Json ? record::write_json(m, game) : record::write_xml(m, game);
}

}  // namespace gdlsc::query
