// `gdlsc check GAME [--json]`: reads and validates a game (src/gdl/validate.h), prints its
// roles and every predicate with its class, arity, number of rules and recursion flag.
// Exit 0 for a valid game, 2 for an invalid one (diagnostics on stderr, sorted).
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/validate.h"
#include "query/errors.h"

namespace gdlsc::cli {
namespace {

struct Row {
    gdl::Signature sig;
    std::string cls;
    size_t rules = 0;
    bool recursive = false;
};

// Primitive fluents (the function symbols under init/true/next/base) with the number of
// init and next rules that produce them, then every relation with its class.
std::vector<Row> predicate_rows(const gdl::Program& p, const gdl::Analysis& a) {
    std::vector<Row> rows;
    std::map<gdl::Signature, size_t> fluent_rules;
    for (const auto& r : p.rules)
        if ((r.head.name == "init" || r.head.name == "next") && r.head.args.size() == 1 &&
            !r.head.args[0].is_variable())
            ++fluent_rules[gdl::signature(r.head.args[0])];
    for (const auto& f : a.fluents) rows.push_back({f, "primitive fluent", fluent_rules[f], false});
    for (const auto& [sig, info] : a.predicates)
        rows.push_back({sig, gdl::class_name(info.cls), info.rule_count, info.recursive});
    return rows;
}

int run_check(const std::string& path, bool json) {
    gdl::Diagnostics diags;
    gdl::Program program;
    try {
        program = gdl::read_game_file(path, diags);
    } catch (const std::runtime_error& e) {
        throw UserError(e.what());
    }
    // Validation runs on a program that was read without errors: after a syntax error,
    // the rules are incomplete and every later message would be a consequence of it.
    bool syntax_ok = !diags.has_errors();
    gdl::Analysis analysis = gdl::analyze(program);
    if (syntax_ok) gdl::validate(program, analysis, diags);
    bool valid = !diags.has_errors();
    auto rows = predicate_rows(program, analysis);

    if (json) {
        nlohmann::json out;
        out["valid"] = valid;
        out["diagnostics"] = nlohmann::json::array();
        for (const auto& d : diags.sorted())
            out["diagnostics"].push_back({{"file", d.loc.file()}, {"line", d.loc.line}, {"col", d.loc.col},
                                          {"severity", gdl::severity_name(d.severity)}, {"message", d.message}});
        out["roles"] = analysis.roles;
        out["predicates"] = nlohmann::json::array();
        for (const auto& r : rows)
            out["predicates"].push_back({{"name", r.sig.name}, {"arity", r.sig.arity}, {"class", r.cls}});
        std::cout << out.dump(2) << "\n";
        return valid ? kExitOk : kExitInvalidInput;
    }

    diags.print(std::cerr);
    std::cout << path << ": " << (valid ? "valid" : "invalid (" + std::to_string(diags.error_count()) + " errors)")
              << "\n";
    std::cout << "roles:";
    for (const auto& r : analysis.roles) std::cout << " " << r;
    std::cout << "\n";
    size_t width = 9;
    for (const auto& r : rows) width = std::max(width, r.sig.name.size());
    std::cout << std::left << std::setw(static_cast<int>(width)) << "predicate"
              << "  arity  " << std::setw(24) << "class" << "  rules  recursive\n";
    for (const auto& r : rows)
        std::cout << std::left << std::setw(static_cast<int>(width)) << r.sig.name << "  " << std::setw(5)
                  << r.sig.arity << "  " << std::setw(24) << r.cls << "  " << std::setw(5) << r.rules << "  "
                  << (r.recursive ? "yes" : "no") << "\n";
    return valid ? kExitOk : kExitInvalidInput;
}

}  // namespace

void register_check(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("check", "Validate a game and list its roles and predicates with their classes");
    auto game = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("game", *game, "game file (KIF or infix)")->required();
    cmd->add_flag("--json", *json, "print the result as JSON");
    cmd->callback([game, json, &exit_code] { exit_code = run_check(*game, *json); });
}

}  // namespace gdlsc::cli
