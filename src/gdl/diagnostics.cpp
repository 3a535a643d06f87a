// User-facing diagnostics.
#include "gdl/diagnostics.h"

#include <algorithm>
#include <ostream>
#include <tuple>

namespace gdlsc::gdl {

const char* severity_name(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "error";
}

void Diagnostics::error(const Location& loc, std::string message, std::string hint) {
    items_.push_back({loc, Severity::Error, std::move(message), std::move(hint)});
}
void Diagnostics::warning(const Location& loc, std::string message, std::string hint) {
    items_.push_back({loc, Severity::Warning, std::move(message), std::move(hint)});
}
void Diagnostics::add(Diagnostic d) { items_.push_back(std::move(d)); }
void Diagnostics::strict_warning(Diagnostic d) {
    d.severity = strict_ ? Severity::Error : Severity::Warning;
    if (strict_) d.hint = d.hint.empty() ? "refused by --strict" : d.hint + "; refused by --strict";
    items_.push_back(std::move(d));
}
void Diagnostics::deviation(const Location& loc, std::string message, std::string hint) {
    Diagnostic d{loc, Severity::Warning, std::move(message), std::move(hint)};
    d.deviation = true;
    strict_warning(std::move(d));
}
void Diagnostics::lint(const Location& loc, std::string message, std::string hint) {
    Diagnostic d{loc, Severity::Warning, std::move(message), std::move(hint)};
    d.lint = true;
    strict_warning(std::move(d));
}

bool Diagnostics::has_errors() const { return error_count() > 0; }
bool Diagnostics::has_hard_errors() const {
    return std::any_of(items_.begin(), items_.end(), [](const Diagnostic& d) {
        return d.severity == Severity::Error && !d.deviation && !d.lint;
    });
}
size_t Diagnostics::error_count() const {
    return std::count_if(items_.begin(), items_.end(),
                         [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::vector<Diagnostic> Diagnostics::sorted() const {
    auto key = [](const Diagnostic& d) {
        return std::make_tuple(d.loc.file(), d.loc.line, d.loc.col, static_cast<int>(d.severity),
                               d.message);
    };
    std::vector<Diagnostic> v = items_;
    std::stable_sort(v.begin(), v.end(),
                     [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
    v.erase(std::unique(v.begin(), v.end(),
                        [&](const Diagnostic& a, const Diagnostic& b) { return key(a) == key(b); }),
            v.end());
    return v;
}

std::string format_diagnostic(const Diagnostic& d) {
    std::string out = d.loc.str() + ": " + severity_name(d.severity) + ": " + d.message + "\n";
    if (d.loc.valid()) {
        std::string line(d.loc.source->line_text(d.loc.line));
        int col = d.loc.col;
        if (line.size() > 160) {  // a long line (a one-line KIF file) is shown around the column
            size_t from = col > 81 ? static_cast<size_t>(col - 81) : 0;
            bool more = from + 160 < line.size();
            line = (from ? "..." : "") + line.substr(from, 160) + (more ? "..." : "");
            col -= static_cast<int>(from) - (from ? 3 : 0);
        }
        out += "  " + line + "\n  ";
        for (int i = 1; i < col && i <= static_cast<int>(line.size()); ++i)
            out += line[i - 1] == '\t' ? '\t' : ' ';
        out += "^\n";
    }
    if (!d.hint.empty()) out += d.loc.str() + ": note: " + d.hint + "\n";
    return out;
}

void Diagnostics::print(std::ostream& out) const {
    for (const auto& d : sorted()) out << format_diagnostic(d);
}

}  // namespace gdlsc::gdl
