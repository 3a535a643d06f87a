// `gdlsc check GAME [--json] [--well-formed]`: reads and validates a game, prints its roles
// and every predicate with its class, arity, number of rules and recursion flag
// (src/query/check.h); with --well-formed also proves the specification's well-formedness
// (src/prove/prove_wellformed.h). Exit 0 for a valid (and well-formed) game, 2 for an invalid
// one (diagnostics on stderr, sorted), 1 for a valid game that is not well-formed, 4 when a
// limit left well-formedness undecided.
#include <unistd.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "base/errors.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "query/check.h"
#include "session/game_file.h"
#include "prove/prove_wellformed.h"

namespace gdlsc::cli {

void register_check(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("check", "Validate a game and list its roles and predicates with their classes");
    auto game = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto strict = std::make_shared<bool>(false);
    auto well_formed = std::make_shared<bool>(false);
    auto timeout = std::make_shared<double>(0);
    auto quiet = std::make_shared<bool>(false);
    add_game(cmd, *game, *strict);
    add_json(cmd, *json, "print the result as JSON");
    cmd->add_flag("--well-formed", *well_formed,
                  "also prove playability, termination, weak-winnability and monotonic-goals for the whole game "
                  "(exit 1 if one of the first three fails)");
    add_timeout(cmd, *timeout);
    cmd->add_flag("--quiet", *quiet, "no progress lines on stderr");
    cmd->callback([game, json, strict, well_formed, timeout, quiet, &exit_code] {
        query::CheckReport r = query::check_game_file(*game, *strict);
        std::optional<query::WellFormedSummary> wf;
        if (*well_formed && r.valid)
            wf = query::check_well_formed(query::load_game_file(*game, *strict), *timeout,
                                          !*quiet && isatty(STDERR_FILENO));
        if (*json) {
            std::string out = query::check_json(r);
            if (wf) {
                nlohmann::json j = nlohmann::json::parse(out);
                j["well_formedness"] = nlohmann::json::parse(wf->json());
                out = j.dump(2) + "\n";
            }
            std::cout << out;
        } else {
            std::cerr << query::check_diagnostics_text(r);
            std::cout << query::check_text(r);
            if (wf) std::cout << wf->text();
        }
        exit_code = !r.valid                            ? kExitInvalidInput
                    : !wf || wf->well_formed()          ? kExitOk
                    : wf->refuted()                     ? kExitRefuted
                                                        : kExitLimit;
    });
}

}  // namespace gdlsc::cli
