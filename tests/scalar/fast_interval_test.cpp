// FastInterval (double endpoints rounded outward): exact rationals enter as the two adjacent
// doubles (checked against MPFR's directed rounding, a different code path from the Arb one used),
// results are never narrower than the exact range at random exact points of random exact input
// intervals (exact rational reference, compositions of the rational operations), overflow gives
// infinite endpoints and never a NaN, and tightness: one operation widens by at most one ulp each
// side. The transcendental functions are in the shared oracles (random_oracles_test.cpp).
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <limits>
#include <random>

#include "../test_multiplier.hpp"
#include "scalar/fast_interval.hpp"
#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A random exact rational of any magnitude that matters to doubles.
Rational random_rational(Rng& rng) {
  const Rational x = rng.in(q(-8), q(8));
  switch (rng.integer(0, 5)) {
    case 0: return x * pow2(rng.integer(-1100, -1000));  // subnormal range
    case 1: return x * pow2(rng.integer(1000, 1030));    // near and beyond DBL_MAX
    case 2: return x * pow2(rng.integer(-60, 60));
    default: return x;
  }
}

bool no_nan(const FastInterval& a) { return !std::isnan(a.lo) && !std::isnan(a.hi) && a.lo <= a.hi; }

}  // namespace

TEST_CASE("fast interval: set gives the two doubles around an exact rational (MPFR reference)") {
  Rng rng(501);
  int inexact = 0;
  for (int c = 0; c < approxcert::test::random_cases(3000); ++c) {
    const Rational x = random_rational(rng);
    INFO(x.to_string());
    FastInterval r;
    set(r, x, Prec(53));
    REQUIRE(no_nan(r));
    CHECK(r.lo == mpfr_rounded_double(x, MPFR_RNDD));  // -inf where the rounding overflows
    CHECK(r.hi == mpfr_rounded_double(x, MPFR_RNDU));
    if (is_finite(r)) {
      CHECK(lower(r) <= x);
      CHECK(x <= upper(r));
    }
    if (r.lo != r.hi) ++inexact;
  }
  CHECK(inexact > 1000);  // most draws are not doubles: the rounding was really exercised
}

TEST_CASE("fast interval: set_interval rounds outward and rejects reversed ends") {
  FastInterval r;
  set_interval(r, q(1, 3), q(2, 3), Prec(53));
  CHECK(lower(r) < q(1, 3));
  CHECK(q(2, 3) < upper(r));
  set_interval(r, q(1, 4), q(3, 4), Prec(53));
  CHECK(lower(r) == q(1, 4));
  CHECK(upper(r) == q(3, 4));
  CHECK_THROWS_AS(set_interval(r, q(1), q(0), Prec(53)), std::invalid_argument);
}

// Random rational expression trees over random exact input intervals; each point of the input box
// (corners always, then random interior points) is evaluated exactly and must lie in the result.
TEST_CASE("fast interval: never narrower than the exact range at random exact points") {
  Rng rng(502);
  CHECK(check_random_trees<FastInterval>(rng, 400, false, no_nan).first > 20000);
}

TEST_CASE("fast interval: one operation widens by at most one ulp each side") {
  const Prec p(53);
  FastInterval a, b, r;
  set(a, q(1), p);
  set(b, pow2(-60), p);
  add(r, a, b, p);
  CHECK(r.lo == std::nextafter(1.0, 0.0));
  CHECK(r.hi == std::nextafter(1.0, 2.0));
  CHECK(lower(r) <= q(1) + pow2(-60));
  CHECK(q(1) + pow2(-60) <= upper(r));
  set(a, q(1, 3), p);
  set(b, q(3), p);
  mul(r, a, b, p);  // contains 1 with a width of a few ulps
  CHECK(encloses(r, q(1)));
  CHECK(upper(r) - lower(r) <= pow2(-50));
  relu(r, a, p);  // exact operations do not widen
  CHECK(r.lo == a.lo);
  CHECK(r.hi == a.hi);
}

TEST_CASE("fast interval: overflow gives infinite endpoints, never NaN") {
  const Prec p(53);
  FastInterval big, r, whole, zero;
  big.lo = big.hi = kMax;
  add(r, big, big, p);
  CHECK(r.lo == kMax);  // exact sum 2 DBL_MAX >= DBL_MAX
  CHECK(r.hi == kInf);
  CHECK(!is_finite(r));
  CHECK_THROWS_AS(upper(r), std::domain_error);
  whole.lo = -kInf;
  whole.hi = kInf;
  mul(r, whole, zero, p);  // 0 * inf in doubles is NaN: the result is the whole line
  CHECK(no_nan(r));
  CHECK(!is_finite(r));
  div(r, big, whole, p);
  CHECK(no_nan(r));
  CHECK(!is_finite(r));
  set(r, pow10(400), p);
  CHECK(r.lo == kMax);
  CHECK(r.hi == kInf);
  set(r, -pow10(400), p);
  CHECK(r.lo == -kInf);
  CHECK(r.hi == -kMax);
  set(r, pow10(-400), p);
  CHECK(r.lo == 0.0);
  CHECK(r.hi == std::numeric_limits<double>::denorm_min());
  FastInterval x;
  set(x, q(1000), p);
  exp(r, x, p);  // exp(1000) > DBL_MAX
  CHECK(r.lo == kMax);
  CHECK(r.hi == kInf);
  set(x, q(-1), p);
  log(r, x, p);
  CHECK(no_nan(r));
  CHECK(!is_finite(r));
  sqrt(r, x, p);
  CHECK(no_nan(r));
  CHECK(!is_finite(r));
  using Unary = void (*)(FastInterval&, const FastInterval&, Prec);
  const Unary bounded[] = {tanh, sigmoid, sin, cos, atan};
  for (Unary f : bounded) {  // bounded functions of the whole line stay finite
    f(r, whole, p);
    CHECK(no_nan(r));
    CHECK(is_finite(r));
    CHECK(r.lo >= -2.0);
    CHECK(r.hi <= 2.0);
  }
  tan(r, whole, p);
  CHECK(no_nan(r));
  CHECK(!is_finite(r));
  pow_int(r, whole, -2, p);
  CHECK(no_nan(r));
  CHECK(!is_finite(r));
}

TEST_CASE("fast interval: pi and comparisons") {
  FastInterval pi;
  set_pi(pi, Prec(53));
  Mpfr lo(300), hi(300);
  mpfr_const_pi(lo.v, MPFR_RNDD);
  mpfr_const_pi(hi.v, MPFR_RNDU);
  CHECK(lower(pi) <= to_rational(lo.v));
  CHECK(to_rational(hi.v) <= upper(pi));
  CHECK(std::nextafter(pi.lo, 4.0) == pi.hi);
  FastInterval a, b;
  set_interval(a, q(0), q(1), Prec(53));
  set_interval(b, q(1), q(2), Prec(53));
  CHECK(less(a, b) == Truth::Unknown);
  CHECK(less_equal(a, b) == Truth::True);
  CHECK(less(b, a) == Truth::False);
  CHECK(equal(a, b) == Truth::Unknown);
  set(a, q(1, 2), Prec(53));
  set(b, q(1, 2), Prec(53));
  CHECK(equal(a, b) == Truth::True);
  set(b, q(1, 3), Prec(53));
  CHECK(equal(a, b) == Truth::False);
  CHECK(less(b, a) == Truth::True);
}

TEST_CASE("FastInterval: a rational that is a double enters as that point, any other as its two neighbours") {
  std::mt19937_64 rng(23);
  std::uniform_int_distribution<long> mant(-(1L << 53) + 1, (1L << 53) - 1);
  std::uniform_int_distribution<int> expo(-1130, 960);  // below the overflow at 2^1024
  long points = 0, neighbours = 0;
  for (int i = 0; i < approxcert::test::random_cases(4000); ++i) {
    const long m = mant(rng);
    const int e = expo(rng);
    const Rational q = Rational(m) * pow2(e);  // a double when normal (or a subnormal without lost bits)
    FastInterval x;
    set(x, q, Prec(53));
    if (x.lo == x.hi) {
      CHECK(lower(x) == q);
      ++points;
    } else {
      CHECK(lower(x) < q);
      CHECK(q < upper(x));
      CHECK(x.hi == std::nextafter(x.lo, 1.0 / 0.0));
      ++neighbours;
    }
    const Rational r = q + Rational(1) / Rational(3);  // not a dyadic: never a point
    set(x, r, Prec(53));
    CHECK(lower(x) < r);
    CHECK(r < upper(x));
    CHECK(x.hi == std::nextafter(x.lo, 1.0 / 0.0));
  }
  CHECK(points > 3000);    // every normal one
  CHECK(neighbours > 10);  // deep subnormals lose bits
}
