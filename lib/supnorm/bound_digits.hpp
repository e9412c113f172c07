#pragma once
// How many significant digits to print a certified enclosure [lower, upper] of a sup-norm with, so
// that the printed (outward-rounded) numbers show the enclosure as tight as it was computed.
#include <optional>

#include "scalar/rational.hpp"

namespace approxcert {

inline constexpr int kMinBoundDigits = 17;     // certificates: never fewer than a double's round trip
inline constexpr int kMaxBoundDigits = 10000;  // beyond this the exact text is printed instead

// Guarantee (exact arithmetic): when 0 < lower < upper, the returned d satisfies
// min_digits <= d <= kMaxBoundDigits and
//   decimal_up(upper, d) - decimal_down(lower, d) <= 2 (upper - lower),
// or d = 0 when no such d exists (print the exact values). d = min_digits when lower <= 0 or upper
// is absent (the gap is then as wide as the numbers); 0 when upper == lower > 0.
int enclosure_digits(const Rational& lower, const std::optional<Rational>& upper, int min_digits = kMinBoundDigits);

}  // namespace approxcert
