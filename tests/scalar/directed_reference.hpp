#pragma once
// The MPFR reference of DirectedInterval's + - * / at exact doubles (directed_interval_test.cpp,
// directed_lanes_test.cpp): random doubles of every magnitude that matters, and the check that each
// endpoint is the exact result rounded down / up by MPFR (directed rounding at 53 bits with IEEE
// double's exponent range: a different code path from TwoSum and fma).
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <limits>

#include "scalar/directed_interval.hpp"
#include "scalar_test_support.hpp"

namespace approxcert::testing {

// A random double: short dyadics (exact sums and products are common), any 53-bit mantissa, or
// one of subnormal size or near DBL_MAX.
inline double random_double(Rng& rng) {
  const double sign = rng.chance(50) ? -1.0 : 1.0;
  switch (rng.integer(0, 6)) {
    case 0: return 0.0;
    case 1:
      return sign *
             std::ldexp(static_cast<double>(rng.integer(1, 1 << 20)), static_cast<int>(rng.integer(-1090, -1040)));
    case 2:
      return sign * std::ldexp(static_cast<double>(rng.integer(1, 1 << 20)), static_cast<int>(rng.integer(1000, 1003)));
    case 3:
    case 4:
      return sign * std::ldexp(static_cast<double>(rng.integer(1, 1 << 12)), static_cast<int>(rng.integer(-20, 10)));
    default: {
      const double m = std::ldexp(static_cast<double>(rng.integer(1L << 40, (1L << 52) - 1)), -52) + 1.0;
      return sign * std::ldexp(m, static_cast<int>(rng.integer(-60, 60)));
    }
  }
}

// Two factors whose significands have 52, 53 or 54 significant bits together (odd significands,
// so the count is exact), at random scales and signs: the boundary where products skip the fma.
inline std::pair<double, double> boundary_factors(Rng& rng) {
  for (;;) {
    const int k = static_cast<int>(rng.integer(1, 52)), total = static_cast<int>(rng.integer(52, 54));
    if (total - k < 1 || total - k > 53) continue;
    auto odd = [&](int bits) {  // an odd integer of exactly `bits` bits, scaled
      const long top = bits == 1 ? 1 : (1L << (bits - 1)) | (rng.integer(0, (1L << (bits - 1)) - 1) | 1);
      return std::ldexp(static_cast<double>(top), static_cast<int>(rng.integer(-40, 40)) - bits) *
             (rng.chance(50) ? -1.0 : 1.0);
    };
    const double a = odd(k);
    return {a, odd(total - k)};
  }
}

inline DirectedInterval directed_point(double x) {
  DirectedInterval r;
  r.lo = r.hi = x;
  return r;
}

inline bool no_nan(const FastInterval& a) { return !std::isnan(a.lo) && !std::isnan(a.hi) && a.lo <= a.hi; }

// The exact value of a op b (op 0..3: + - * /) at exact doubles.
inline Rational exact_op(int op, double a, double b) {
  const Rational qa = lower(directed_point(a)), qb = lower(directed_point(b));
  switch (op) {
    case 0: return qa + qb;
    case 1: return qa - qb;
    case 2: return qa * qb;
    default: return qa / qb;
  }
}

// r = a op b computed by DirectedInterval: each endpoint is MPFR's round-down / round-up of the exact
// result where the error terms are exact (every operand and the result's two neighbours of
// magnitude in 2^-900 .. 2^1000, or an exact 0), and at most one ulp further out elsewhere.
inline void check_directed_rounding(const FastInterval& r, int op, double a, double b) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const Rational want = exact_op(op, a, b);
  CAPTURE(op);
  CAPTURE(a);
  CAPTURE(b);
  CAPTURE(want.to_string());
  CAPTURE(to_string(r));
  REQUIRE(no_nan(r));
  CHECK(encloses(r, want));
  const double down = mpfr_rounded_double(want, MPFR_RNDD), up = mpfr_rounded_double(want, MPFR_RNDU);
  const bool in_range = [&] {
    for (double x : {a, b, down, up})
      if (x != 0 && !(std::fabs(x) >= 0x1p-900 && std::fabs(x) < 0x1p1000)) return false;
    return true;
  }();
  if (in_range || want.sign() == 0) {
    CHECK(r.lo == down);
    CHECK(r.hi == up);
  } else {
    CHECK(r.lo >= std::nextafter(down, -kInf));
    CHECK(r.hi <= std::nextafter(up, kInf));
  }
}

}  // namespace approxcert::testing
