// `gdlsc check` (check.h).
#include "query/check.h"

#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/errors.h"
#include "gdl/lint.h"
#include "session/game_file.h"

namespace gdlsc::query {
namespace {

std::vector<PredicateRow> predicate_rows(const gdl::Program& p, const gdl::Analysis& a) {
    std::vector<PredicateRow> rows;
    std::map<gdl::Signature, std::size_t> fluent_rules;
    for (const auto& r : p.rules)
        if ((r.head.name == "init" || r.head.name == "next") && r.head.args.size() == 1 && !r.head.args[0].is_variable())
            ++fluent_rules[gdl::signature(r.head.args[0])];
    for (const auto& f : a.fluents) rows.push_back({f, "primitive fluent", fluent_rules[f], false});
    for (const auto& [sig, info] : a.predicates) rows.push_back({sig, gdl::class_name(info.cls), info.rule_count, info.recursive});
    return rows;
}

}  // namespace

CheckReport check_game_file(const std::string& path, bool strict) {
    CheckReport r;
    r.path = path;
    r.diagnostics.set_strict(strict);
    Game g = read_rules(path, r.diagnostics);
    r.read = !r.diagnostics.has_errors();
    if (!r.read) return r;
    validate_game(g, r.diagnostics);
    gdl::lint(g.program, g.analysis, r.diagnostics);
    r.valid = !r.diagnostics.has_errors();
    r.roles = g.analysis.roles;
    r.rows = predicate_rows(g.program, g.analysis);
    return r;
}

std::string check_diagnostics_text(const CheckReport& r) {
    std::ostringstream o;
    r.diagnostics.print(o);
    return o.str();
}

std::string check_text(const CheckReport& r) {
    std::ostringstream o;
    const std::size_t errors = r.diagnostics.error_count();
    o << r.path << ": "
      << (r.valid ? "valid" : "invalid (" + std::to_string(errors) + (errors == 1 ? " error)" : " errors)")) << "\n";
    if (!r.read) return o.str();
    o << "roles:";
    for (const auto& role : r.roles) o << " " << role;
    o << "\n";
    std::size_t width = 9;
    for (const auto& row : r.rows) width = std::max(width, row.sig.name.size());
    o << std::left << std::setw(static_cast<int>(width)) << "predicate" << "  arity  " << std::setw(24) << "class"
      << "  rules  recursive\n";
    for (const auto& row : r.rows)
        o << std::left << std::setw(static_cast<int>(width)) << row.sig.name << "  " << std::setw(5) << row.sig.arity
          << "  " << std::setw(24) << row.cls << "  " << std::setw(5) << row.rules << "  "
          << (row.recursive ? "yes" : "no") << "\n";
    return o.str();
}

std::string check_json(const CheckReport& r) {
    nlohmann::json out;
    out["valid"] = r.valid;
    bool deviates = false;
    for (const auto& d : r.diagnostics.sorted()) deviates = deviates || (d.deviation && d.severity == gdl::Severity::Warning);
    // valid, valid-with-warnings (a deviation from GDL that gdlsc accepts) or invalid
    out["verdict"] = !r.valid ? "invalid" : deviates ? "valid-with-warnings" : "valid";
    out["diagnostics"] = nlohmann::json::array();
    for (const auto& d : r.diagnostics.sorted())
        out["diagnostics"].push_back({{"file", d.loc.file()}, {"line", d.loc.line}, {"col", d.loc.col},
                                      {"severity", gdl::severity_name(d.severity)}, {"message", d.message},
                                      {"deviation", d.deviation}, {"lint", d.lint}});
    out["roles"] = r.roles;
    out["predicates"] = nlohmann::json::array();
    for (const auto& row : r.rows)
        out["predicates"].push_back({{"name", row.sig.name}, {"arity", row.sig.arity}, {"class", row.cls}});
    return out.dump(2) + "\n";
}

}  // namespace gdlsc::query
