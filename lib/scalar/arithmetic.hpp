#pragma once
// The two rigorous arithmetics a computation runs on, and their one written spelling (certificates,
// the command line): Ball is Arb's balls (scalar/ball.hpp), "arb"; Interval is MPFI's intervals
// (scalar/interval.hpp), "mpfi".
#include <optional>
#include <string_view>

namespace approxcert {

enum class Arithmetic : unsigned char { Ball, Interval };

std::string_view to_string(Arithmetic a);  // "arb" | "mpfi"

// The arithmetic a text names: "arb" or "mpfi", or the spelling chain certificates used before
// ("ball" | "interval"); nullopt for any other text. Guarantee: parse_arithmetic(to_string(a)) == a.
std::optional<Arithmetic> parse_arithmetic(std::string_view text);

}  // namespace approxcert
