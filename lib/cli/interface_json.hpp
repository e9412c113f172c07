#pragma once
// The command line as data: every command with its one-line description and options, read from
// the CLI11 definitions. The bash completion and the man pages' NAME lines are generated from it
// at build time (cmake/Completion.cmake, cmake/Man.cmake), so they cannot go stale.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace approxcert::cli {

// {"commands": [{"name", "description", "options": [{"names": [...], "takes_value": bool,
// "choices": [...]}]}]}; choices are present where the option checks membership of a set.
nlohmann::json describe_interface(const CLI::App& app);

// "eval, supnorm, ..." in registration order.
std::string command_names(const CLI::App& app);

}  // namespace approxcert::cli
