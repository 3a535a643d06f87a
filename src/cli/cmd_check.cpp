// `gdlsc check GAME [--json]`: reads and validates a game, prints its roles and every
// predicate with its class, arity, number of rules and recursion flag (src/query/check.h).
// Exit 0 for a valid game, 2 for an invalid one (diagnostics on stderr, sorted).
#include <iostream>

#include "base/errors.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "query/check.h"

namespace gdlsc::cli {

void register_check(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("check", "Validate a game and list its roles and predicates with their classes");
    auto game = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto strict = std::make_shared<bool>(false);
    add_game(cmd, *game, *strict);
    add_json(cmd, *json, "print the result as JSON");
    cmd->callback([game, json, strict, &exit_code] {
        query::CheckReport r = query::check_game_file(*game, *strict);
        if (*json) {
            std::cout << query::check_json(r);
        } else {
            std::cerr << query::check_diagnostics_text(r);
            std::cout << query::check_text(r);
        }
        exit_code = r.valid ? kExitOk : kExitInvalidInput;
    });
}

}  // namespace gdlsc::cli
