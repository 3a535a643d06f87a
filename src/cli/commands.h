// The subcommands of gdlsc. Each file cmd_<name>.cpp defines one register_<name>
// that adds its CLI11 subcommand; the callback returns the exit code through `exit_code`.
#pragma once
#include <CLI/CLI.hpp>

namespace gdlsc::cli {

/// Runs the command line; returns the process exit code (see src/base/errors.h).
int run(int argc, char** argv);
void register_check(CLI::App& app, int& exit_code);
void register_translate(CLI::App& app, int& exit_code);
void register_query(CLI::App& app, int& exit_code);
void register_regress(CLI::App& app, int& exit_code);
void register_infoset(CLI::App& app, int& exit_code);
void register_prove(CLI::App& app, int& exit_code);
void register_belief(CLI::App& app, int& exit_code);
void register_simulate(CLI::App& app, int& exit_code);
void register_solve(CLI::App& app, int& exit_code);
void register_replay(CLI::App& app, int& exit_code);


}  // namespace gdlsc::cli
