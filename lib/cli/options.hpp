#pragma once
// Checks of command-line option values shared by the commands. Each throws InputError naming the
// option, so a bad value exits with status 2 and one message, before any work or output.
#include <string>

#include <CLI/CLI.hpp>

#include "scalar/rational.hpp"

namespace approxcert::cli {

// What an option's value is, shown in --help and the man pages in place of CLI11's "TEXT". The
// generated bash completion offers file names only for kFile, kFolder and kPath values.
inline constexpr const char* kFile = "FILE";
inline constexpr const char* kFolder = "FOLDER";
inline constexpr const char* kPath = "PATH";        // a file or a folder
inline constexpr const char* kExpression = "EXPR";  // the target language (docs/target.md)
inline constexpr const char* kDomain = "BOX";       // "[a,b]^D" or "[a1,b1]x[a2,b2]x..."
inline constexpr const char* kNumber = "NUMBER";    // an exact number
inline constexpr const char* kSeconds = "SECONDS";
inline constexpr const char* kBits = "BITS";
inline constexpr const char* kCount = "INT";
inline constexpr const char* kIndex = "INDEX";  // from 0
inline constexpr const char* kOrder = "ORDER";
inline constexpr const char* kPoint = "POINT";  // comma-separated exact numbers
inline constexpr const char* kName = "NAME";
inline constexpr const char* kParameter = "NAME=VALUE";
inline constexpr const char* kExponent = "P";  // an integer or inf

// An exact number >= 0 (tolerances); `positive`: > 0 (time limits).
Rational parse_nonnegative(const std::string& text, const std::string& option, bool positive = false);

// A whole number in [lo, hi], read from the text as typed: "-1" is refused, never wrapped to 2^64-1.
long long parse_count(const std::string& text, const std::string& option, long long lo, long long hi);

// An output file given with `option`: refused before the run when empty or not writable.
void check_output_file(const std::string& path, const std::string& option);

// Adds a string option that refuses an empty value ("--cert ''") at parse time.
CLI::Option* add_nonempty_option(CLI::App* cmd, const std::string& name, std::string& value, const std::string& help);

}  // namespace approxcert::cli
