#pragma once
// Parsing of command-line points: comma-separated exact numbers ("1/3,-0.25,0x1p-4").
#include <string>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert::cli {
// Throws InputError naming the option and the coordinate on a malformed number.
std::vector<Rational> parse_point(const std::string& text, const std::string& option);
}  // namespace approxcert::cli
