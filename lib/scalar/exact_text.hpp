#pragma once
// The exact text of a number that certificates record: one spelling for every writer (supnorm,
// lpnorm and chain certificates), short at huge exponents, read back exactly by parse_rational.
#include <cstddef>
#include <string>

#include "scalar/rational.hpp"

namespace approxcert {

// The exact decimal of q (decimal_near's format: "0.125", "-2.71", "1e-27151") when it exists and
// has at most kShortExactText characters, else "p/q" when that is as short ("1/3"), else the
// shortest of the decimal, "p/q" and the hex float "0x<m>p<k>" (q = m 2^k: "0x1bp-90000"), the
// decimal and the hex float written only within parse_rational's limits.
// Guarantee: parse_rational(exact_text(q)) == q (when "p/q", the last resort, is within them).
inline constexpr std::size_t kShortExactText = 40;
std::string exact_text(const Rational& q);

}  // namespace approxcert
