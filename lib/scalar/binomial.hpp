#pragma once
// Binomial coefficients as exact rationals.
#include <cstdint>

#include "scalar/rational.hpp"

namespace approxcert {

// binom(n, k) exactly: prod_{i=1..k} (n - k + i) / i (0 for k > n).
inline Rational binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return Rational(0);
  Rational r(1);
  for (std::uint64_t i = 1; i <= k; ++i)
    r = r * Rational(static_cast<long>(n - k + i)) / Rational(static_cast<long>(i));
  return r;
}

}  // namespace approxcert
