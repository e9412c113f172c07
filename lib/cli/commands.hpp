#pragma once
// Each subcommand lives in its own file and registers itself on the top-level CLI11 app.
// The CLI holds no logic: it parses arguments, calls the library and prints.
#include <CLI/CLI.hpp>

namespace approxcert::cli {
void register_eval_command(CLI::App& app);
void register_supnorm_command(CLI::App& app);
void register_lpnorm_command(CLI::App& app);
void register_build_command(CLI::App& app);
void register_check_command(CLI::App& app);
void register_verify_command(CLI::App& app);
void register_regress_command(CLI::App& app);
void register_coq_command(CLI::App& app);
void register_import_command(CLI::App& app);
}  // namespace approxcert::cli
