#pragma once
// Exact number text for certificates: the shortest of a few exact spellings that parse_rational
// reads back to the same rational, so that an exact 10^-27151 is written "1e-27151" and an Arb
// endpoint m * 2^-90000 is written "0x...p-90000" instead of a fraction with 27,000 digits.
#include <string>

#include "scalar/rational.hpp"

namespace approxcert::chain {

// Exact text of q: "p/q" (Rational::to_string) when it has at most kShortExactText characters,
// else the shortest of "p/q", "<m>e<k>" (when q = m * 10^k) and "0x<hex>p<k>" (when q = m * 2^k),
// each within parse_rational's exponent limit.
// Guarantee: parse_rational(exact_text(q)) == q.
inline constexpr std::size_t kShortExactText = 40;
std::string exact_text(const Rational& q);

}  // namespace approxcert::chain
