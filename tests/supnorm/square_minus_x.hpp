#pragma once
// Exact references for the error x^2 - x of the cover-checker tests: its sup on an interval in
// closed form, and uniform covers whose leaves carry it.
#include <functional>

#include "check/cover_check.hpp"
#include "scalar/rational.hpp"

namespace approxcert::test {

// sup |x^2 - x| on [a, b], exactly (the endpoints and the vertex 1/2).
inline Rational sup_abs_square_minus_x(const Rational& a, const Rational& b) {
  auto g = [](const Rational& x) { return abs(x * x - x); };
  Rational m = max(g(a), g(b));
  const Rational half(mpz_class(1), mpz_class(2));
  if (a <= half && half <= b) m = max(m, g(half));
  return m;
}

// A uniform cover of [lo, hi] by 2^k leaves (midpoint cuts), each leaf bounded by the exact sup on it.
inline RecordedCover uniform_square_minus_x_cover(const Rational& lo, const Rational& hi, int k) {
  RecordedCover c;
  std::function<void(Rational, Rational, int)> build = [&](Rational a, Rational b, int depth) {
    if (depth == k) {
      c.tree += 'L';
      c.bounds.push_back(sup_abs_square_minus_x(a, b));
      return;
    }
    c.tree += 'S';
    c.cuts.push_back({0, std::nullopt});
    const Rational m = (a + b) / Rational(2);
    build(a, m, depth + 1);
    build(m, b, depth + 1);
  };
  build(lo, hi, 0);
  return c;
}

}  // namespace approxcert::test
