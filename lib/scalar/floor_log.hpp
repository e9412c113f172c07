#pragma once
// The exact integer logarithm of a rational, which decimal output (the exponent of the leading
// digit) and dyadic point choice (the grid as fine as an interval) both start from.
#include "scalar/rational.hpp"

namespace approxcert {

// Exactly floor(log_base(a)), for a > 0 and base 2..62 (else std::invalid_argument).
long floor_log(const Rational& a, int base);

}  // namespace approxcert
