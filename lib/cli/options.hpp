#pragma once
// Checks of command-line option values shared by the commands. Each throws InputError naming the
// option, so a bad value exits with status 2 and one message, before any work or output.
#include <string>

#include <CLI/CLI.hpp>

#include "scalar/rational.hpp"

namespace approxcert::cli {

// An exact number >= 0 (tolerances); `positive`: > 0 (time limits).
Rational parse_nonnegative(const std::string& text, const std::string& option, bool positive = false);

// A whole number in [lo, hi], read from the text as typed: "-1" is refused, never wrapped to 2^64-1.
long long parse_count(const std::string& text, const std::string& option, long long lo, long long hi);

// An output file given with `option`: refused before the run when empty or not writable.
void check_output_file(const std::string& path, const std::string& option);

// Adds a string option that refuses an empty value ("--cert ''") at parse time.
CLI::Option* add_nonempty_option(CLI::App* cmd, const std::string& name, std::string& value, const std::string& help);

}  // namespace approxcert::cli
