// What the two readers of recorded matches share (match_record.cpp, record_xml.cpp,
// record_json.cpp): locations in the record, the located failure, and the KIF inside a record
// (moves, fluents, percepts) read by the one KIF lexer, so symbols fold to lower case as
// everywhere else in gdlsc. Internal to src/simulate.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "gdl/source.h"
#include "gdl/term.h"
#include "simulate/match_record.h"

namespace gdlsc::query {
struct Match;
}

namespace gdlsc::query::record {

/// The deepest nesting either reader accepts.
constexpr int kMaxDepth = 200;

/// The location of byte `pos` of `src`.
gdl::Location location_at(const gdl::SourcePtr& src, std::size_t pos);
/// Throws the UserError of one located error.
[[noreturn]] void fail_at(const gdl::Location& loc, const std::string& message);
/// `line:col`.
std::string where(const gdl::Location& loc);
/// `s` without leading and trailing white space.
std::string trim(const std::string& s);

/// The terms of a KIF text written at `at` in the record (ground; else a located UserError).
std::vector<gdl::Term> read_kif(const std::string& text, const gdl::Location& at, const std::string& what);
/// The one term of a KIF text.
RecordedTerm one_term(const std::string& text, const gdl::Location& at, const std::string& what);
/// A role name as the record writes it, folded like a KIF symbol.
std::string fold_role(const std::string& text, const gdl::Location& at);
/// `( f1 f2 ... )`, ggp-base's way to write a set of terms: the items (`nil` or `( )`: none).
std::vector<RecordedTerm> symbol_list(const std::string& text, const gdl::Location& at, const std::string& what);
/// A set of terms as `( f1 f2 ... )`.
std::string symbol_list_text(const std::vector<gdl::Term>& ts);

/// The Dresden game controller's `<gametrace>` (record_xml.cpp).
MatchRecord read_xml(const std::string& name, const gdl::SourcePtr& src);
std::string write_xml(const Match& m, const std::string& game);
/// ggp-base's match JSON (record_json.cpp).
MatchRecord read_json(const std::string& name, const gdl::SourcePtr& src);
std::string write_json(const Match& m, const std::string& game);

}  // namespace gdlsc::query::record
