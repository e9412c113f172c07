#pragma once
// Domains (docs/target.md): boxes written "[a,b]^D" or "[a1,b1]x[a2,b2]x...", with exact
// rational endpoints read by parse_rational (never through double), or endpoints that are
// constant expressions ("[0,pi]", "[0, pi/2]x[-1,1]"; net/constant.hpp).
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
// 1..kMaxDomainDim) throws InputError("domain: column N: what is wrong"); so does an endpoint that
// is a constant expression (use parse_domain_with_constants where those are meaningful).
Box parse_domain(std::string_view text);

inline constexpr long kDomainEndpointPrec = 256;  // bits at which expression endpoints are enclosed

// A domain whose endpoints may be constant expressions. Its true box may have irrational corners,
// so it is represented by two exact boxes: inner <= true domain <= outer (as sets). An exact
// endpoint is the same in both; an expression endpoint is enclosed at kDomainEndpointPrec bits
// (more if needed to be finite) and its enclosure [l, u] gives l to the outer box and u to the
// inner one (the other way round for an upper endpoint). When every endpoint is exact (or its
// enclosure is a point), inner == outer == the domain.
struct Domain {
  Box outer, inner;
  bool is_exact() const { return outer == inner; }
};

// Parses like parse_domain but also accepts constant-expression endpoints. Additional errors: an
// invalid or non-finite expression, an endpoint of magnitude >= 2^4096, or an interval whose
// endpoints cannot be certified to satisfy lower <= upper (inner box empty).
Domain parse_domain_with_constants(std::string_view text);

// Throws InputError("domain: ...") unless box.dim() == expected (the number of inputs).
void check_domain_dim(const Box& box, std::size_t expected);

// The exact volume of a box (product of its widths).
Rational box_volume(const Box& box);

// Exact canonical text, "[a,b]^D" when all intervals are equal and "[a1,b1]x[a2,b2]x..."
// otherwise, with endpoints as Rational::to_string: parse_domain(format_domain(b)) == b.
std::string format_domain(const Box& box);

}  // namespace approxcert
