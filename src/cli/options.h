// The options that every command shares, registered in one place so that their names, help
// and defaults are the same everywhere (doc/usage.md, "Common options").
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "session/session.h"

namespace gdlsc::cli {

/// The positional GAME: a game file, KIF or Prolog-style infix; and --strict, which turns the
/// deviations from the GDL specification that gdlsc accepts (and check's lint) into errors
/// (doc/validation.md).
inline CLI::Option* add_game(CLI::App* cmd, std::string& game, bool& strict) {
    cmd->add_flag("--strict", strict,
                  "refuse the deviations from GDL that gdlsc otherwise accepts with a warning (a symbol with two "
                  "arities, next in a sees rule, an anonymous variable only under not, negation stratified only "
                  "in the ground program) and, in check, the lint's warnings (probable typos): exit 2");
    return cmd->add_option("game", game, "game file (KIF or infix)")->required();
}

/// --history H | --history-file F (one of them; neither: the empty history).
inline CLI::Option* add_history(CLI::App* cmd, std::string& history, std::string& file,
                                const std::string& what = "joint moves in role order, e.g. '(noop noop (deal king 7))'") {
    auto* h = cmd->add_option("--history", history, what);
    cmd->add_option("--history-file", file, "file with one joint move per line")->excludes(h);
    return h;
}

/// A whole number >= 0 (a depth, a count, a bound): CLI11 reads "-1" into an unsigned option
/// as 2^64 - 1, so the text itself is checked. Exit 64 otherwise, like any bad option value.
inline CLI::Validator whole_number() {
    return CLI::Validator(
        [](std::string& v) -> std::string {
            bool digits = !v.empty() && v.size() <= 19 && v.find_first_not_of("0123456789") == std::string::npos;
            return digits ? std::string() : "a whole number >= 0, got '" + v + "'";
        },
        "N >= 0");
}

/// A whole number >= 1 (a count of playouts, a step bound), checked as text like whole_number().
inline CLI::Validator positive_whole_number() {
    return CLI::Validator(
        [](std::string& v) -> std::string {
            bool digits = !v.empty() && v.size() <= 18 && v.find_first_not_of("0123456789") == std::string::npos;
            return digits && v.find_first_not_of('0') != std::string::npos ? std::string()
                                                                             : "a whole number >= 1, got '" + v + "'";
        },
        "N >= 1");
}

/// --json, with what it prints.
inline CLI::Option* add_json(CLI::App* cmd, bool& json, const std::string& what = "JSON output") {
    return cmd->add_flag("--json", json, what);
}

/// --timeout S: one default for every command (query::kDefaultTimeoutSeconds).
inline CLI::Option* add_timeout(CLI::App* cmd, double& seconds) {
    seconds = query::kDefaultTimeoutSeconds;
    return cmd->add_option("--timeout", seconds,
                           "time limit in seconds: on each call into the engine and each search (0: none); past it "
                           "exit 4")
        ->default_val(query::kDefaultTimeoutSeconds)
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                try {
                    std::size_t used = 0;
                    double s = std::stod(v, &used);
                    if (used == v.size() && s >= 0) return {};
                } catch (const std::exception&) {
                }
                return "a number of seconds >= 0 (0: no limit), got '" + v + "'";
            },
            "SECONDS"));
}

}  // namespace gdlsc::cli
