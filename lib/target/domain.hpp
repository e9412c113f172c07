#pragma once
// Domains (docs/target.md): boxes written "[a,b]^D" or "[a1,b1]x[a2,b2]x...", with exact
// rational endpoints read by parse_rational (never through double).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert {

inline constexpr std::size_t kMaxDomainDim = 10000;

// The product of the intervals [lo[k], hi[k]]; parse_domain guarantees lo[k] <= hi[k]
// (a degenerate interval lo == hi is allowed) and lo.size() == hi.size() >= 1.
struct Box {
  std::vector<Rational> lo, hi;
  std::size_t dim() const { return lo.size(); }
  friend bool operator==(const Box&, const Box&) = default;
};

// Parses a product of factors "[a,b]" or "[a,b]^k" (k >= 1) separated by 'x'; whitespace is
// allowed between tokens. Bad text (malformed, a > b, bad number, total dimension outside
// 1..kMaxDomainDim) throws InputError("domain: column N: what is wrong").
Box parse_domain(std::string_view text);

// Throws InputError("domain: ...") unless box.dim() == expected (the number of inputs).
void check_domain_dim(const Box& box, std::size_t expected);

// Exact canonical text, "[a,b]^D" when all intervals are equal and "[a1,b1]x[a2,b2]x..."
// otherwise, with endpoints as Rational::to_string: parse_domain(format_domain(b)) == b.
std::string format_domain(const Box& box);

}  // namespace approxcert
