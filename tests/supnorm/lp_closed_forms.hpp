#pragma once
// Closed forms for the L^p-norm tests, computed with exact rationals, and the exact enclosure check.
#include <doctest/doctest.h>

#include <string>

#include "scalar/rational.hpp"
#include "supnorm/lpnorm.hpp"

namespace approxcert::lp_test {

inline Rational factorial(long n) {
  Rational f(1);
  for (long k = 2; k <= n; ++k) f *= Rational(k);
  return f;
}

// The ReLU interpolant of x^2 on [0,1] with n pieces as an expression:
// x/n + sum_{k=1}^{n-1} (2/n) relu(x - k/n).
inline std::string relu_interpolant(long n) {
  std::string s = "x0/" + std::to_string(n);
  for (long k = 1; k < n; ++k)
    s += " + 2/" + std::to_string(n) + "*relu(x0 - " + std::to_string(k) + "/" + std::to_string(n) + ")";
  return s;
}

// The integral of |x^2 - I_n|^p over [0,1]: on each piece [a, b] the error is (x - a)(x - b), so
// it is n h^(2p+1) B(p+1, p+1) = n^(-2p) (p!)^2 / (2p+1)!  (h = 1/n).
inline Rational interpolant_integral(long n, long p) {
  return factorial(p) * factorial(p) / factorial(2 * p + 1) / pow_int(Rational(n), 2 * p);
}

// lower^p <= lo_exact and hi_exact <= upper^p (the exact integral lies in [lo_exact, hi_exact]),
// likewise for the integral's enclosure, exactly; and the run converged.
inline void check_encloses(const LpNormResult& r, const Rational& lo_exact, const Rational& hi_exact, unsigned long p) {
  REQUIRE(r.upper.has_value());
  CHECK(r.status == SupNormStatus::Converged);
  CHECK(r.integral_lower <= lo_exact);
  CHECK(hi_exact <= *r.integral_upper);
  CHECK(pow_int(r.lower, static_cast<long>(p)) <= lo_exact);
  CHECK(hi_exact <= pow_int(*r.upper, static_cast<long>(p)));
}

}  // namespace approxcert::lp_test
