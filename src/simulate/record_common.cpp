// What the readers of recorded matches share (see record_common.h).
#include "simulate/record_common.h"

#include <algorithm>

#include "base/errors.h"
#include "gdl/diagnostics.h"
#include "gdl/kif_lexer.h"
#include "session/diagnostic_error.h"

namespace gdlsc::query::record {

// The location of byte `pos` of `src`.
gdl::Location location_at(const gdl::SourcePtr& src, size_t pos) {
    const auto& ls = src->line_starts;
    auto it = std::upper_bound(ls.begin(), ls.end(), pos);
    int line = static_cast<int>(it - ls.begin());
    if (line < 1) line = 1;
    return gdl::Location{src, line, static_cast<int>(pos - ls[line - 1]) + 1};
}

[[noreturn]] void fail_at(const gdl::Location& loc, const std::string& message) {
    gdl::Diagnostics d;
    d.error(loc, message);
    throw_if_errors(d);
    throw UserError(loc.str() + ": " + message);  // not reached
}

std::string where(const gdl::Location& loc) { return std::to_string(loc.line) + ":" + std::to_string(loc.col); }

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// The terms of a KIF text written at `at` in the record: its locations in the snippet moved
// to the record (line 1 of the snippet begins at `at`).
std::vector<gdl::Term> read_kif(const std::string& text, const gdl::Location& at, const std::string& what) {
    auto src = gdl::make_source(at.file(), text);
    gdl::Diagnostics d;
    auto es = gdl::read_sexprs(src, d);
    auto moved = [&](const gdl::Location& l) {
        if (!l.valid() || !at.valid()) return at;
        gdl::Location r = at;
        if (l.line == 1) r.col = at.col + l.col - 1;
        else r.line = at.line + l.line - 1, r.col = l.col;
        return r;
    };
    for (const auto& diag : d.sorted())
        if (diag.severity == gdl::Severity::Error) fail_at(moved(diag.loc), what + ": " + diag.message);
    std::vector<gdl::Term> out;
    for (const auto& e : es) {
        gdl::Diagnostics td;
        gdl::Term t = gdl::sexpr_term(e, td);
        for (const auto& diag : td.sorted())
            if (diag.severity == gdl::Severity::Error) fail_at(moved(diag.loc), what + ": " + diag.message);
        if (!t.is_ground()) fail_at(moved(e.loc), what + " " + t.to_kif() + " has a variable; a record holds ground terms");
        out.push_back(std::move(t));
    }
    return out;
}

RecordedTerm one_term(const std::string& text, const gdl::Location& at, const std::string& what) {
    auto ts = read_kif(text, at, what);
    if (ts.size() != 1)
        fail_at(at, what + ": " + (ts.empty() ? std::string("empty") : std::to_string(ts.size()) + " terms") +
                        " where one term is expected: '" + trim(text) + "'");
    return {ts[0], at};
}

// A role name as the record writes it, folded like a KIF symbol.
std::string fold_role(const std::string& text, const gdl::Location& at) {
    RecordedTerm t = one_term(text, at, "role");
    if (!t.term.is_constant()) fail_at(at, "a role is a symbol, not " + t.term.to_kif());
    return t.term.name;
}

// `( f1 f2 ... )`, ggp-base's way to write a set of terms (a state, percepts): the items
// (`nil` or `( )`: none).
std::vector<RecordedTerm> symbol_list(const std::string& text, const gdl::Location& at, const std::string& what) {
    const std::string t = trim(text);
    std::vector<RecordedTerm> out;
    if (t == "nil") return out;
    if (t.size() < 2 || t.front() != '(' || t.back() != ')')
        fail_at(at, what + ": a list '( t1 t2 ... )' expected, not '" + t + "'");
    gdl::Location inner = at;
    inner.col += static_cast<int>(text.find('(')) + 1;
    for (auto& term : read_kif(t.substr(1, t.size() - 2), inner, what)) out.push_back({std::move(term), at});
    return out;
}

std::string symbol_list_text(const std::vector<gdl::Term>& ts) {
    std::string s = "(";
    for (const auto& t : ts) s += " " + t.to_kif();
    return s + " )";
}

}  // namespace gdlsc::query::record
