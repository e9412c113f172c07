// DirectedInterval (FastInterval with + - * / and addmul rounded in each endpoint's direction):
// at random exact doubles (of every magnitude that matters: subnormal, near DBL_MAX, ordinary,
// and short dyadics whose results are often exact), each endpoint of + - * / is exactly the exact
// endpoint rounded down / up by MPFR (directed rounding at 53 bits with IEEE double's exponent
// range: a different code path from TwoSum and fma), so an exact result is an exact point; results
// are never narrower than the exact range at random exact points of random exact input intervals
// (exact rational reference, compositions of the rational operations); overflow gives infinite
// endpoints and never a NaN. The shared oracles (random_oracles_test.cpp) run every operation.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "directed_reference.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();

DirectedInterval point(double x) { return directed_point(x); }

}  // namespace

TEST_CASE("directed interval: + - * / of exact doubles are the exact result rounded down and up (MPFR reference)") {
  Rng rng(701);
  const Prec p(53);
  int exact = 0, inexact = 0;
  for (int c = 0; c < 20000; ++c) {
    const double a = random_double(rng), b = random_double(rng);
    for (int op = 0; op < 4; ++op) {
      if (op == 3 && b == 0) continue;
      DirectedInterval r;
      switch (op) {
        case 0: add(r, point(a), point(b), p); break;
        case 1: sub(r, point(a), point(b), p); break;
        case 2: mul(r, point(a), point(b), p); break;
        default: div(r, point(a), point(b), p); break;
      }
      check_directed_rounding(r, op, a, b);
      (r.lo == r.hi ? exact : inexact)++;
    }
  }
  CHECK(exact > 10000);  // exact results really come out as points
  CHECK(inexact > 10000);
}

// Products skip the fma when the factors' significands have at most 53 significant bits together:
// at 52, 53 and 54 bits (odd significands, so the count is exact) the result must still be the
// exact product rounded down and up.
TEST_CASE("directed interval: products at the 53-significant-bit boundary are rounded exactly (MPFR reference)") {
  Rng rng(702);
  const Prec p(53);
  int exact = 0, inexact = 0;
  for (int c = 0; c < 5000; ++c) {
    const auto [a, b] = boundary_factors(rng);
    DirectedInterval r, s;
    mul(r, point(a), point(b), p);
    s = point(1.0);
    addmul(s, point(a), point(b), p);  // the product's enclosure feeds the sum
    const Rational want = lower(point(a)) * lower(point(b));
    CAPTURE(a);
    CAPTURE(b);
    CHECK(r.lo == mpfr_rounded_double(want, MPFR_RNDD));
    CHECK(r.hi == mpfr_rounded_double(want, MPFR_RNDU));
    CHECK(encloses(s, want + Rational(1)));
    (r.lo == r.hi ? exact : inexact)++;
  }
  CHECK(exact > 1000);  // the bit counts 52 and 53 give exact products, 54 mostly not
  CHECK(inexact > 1000);
}

TEST_CASE("directed interval: + - * / on intervals give the exact range rounded outward to the next doubles") {
  Rng rng(702);
  const Prec p(53);
  for (int c = 0; c < 5000; ++c) {
    DirectedInterval a, b;
    a.lo = random_double(rng), a.hi = random_double(rng);
    b.lo = random_double(rng), b.hi = random_double(rng);
    if (a.hi < a.lo) std::swap(a.lo, a.hi);
    if (b.hi < b.lo) std::swap(b.lo, b.hi);
    const Rational al = lower(a), ah = upper(a), bl = lower(b), bh = upper(b);
    for (int op = 0; op < 4; ++op) {
      if (op == 3 && bl.sign() <= 0 && bh.sign() >= 0) continue;
      DirectedInterval r;
      Rational lo, hi;
      auto range = [&](auto f) {
        const Rational v[4] = {f(al, bl), f(al, bh), f(ah, bl), f(ah, bh)};
        lo = min(min(v[0], v[1]), min(v[2], v[3]));
        hi = max(max(v[0], v[1]), max(v[2], v[3]));
      };
      switch (op) {
        case 0:
          add(r, a, b, p);
          lo = al + bl, hi = ah + bh;
          break;
        case 1:
          sub(r, a, b, p);
          lo = al - bh, hi = ah - bl;
          break;
        case 2:
          mul(r, a, b, p);
          range([](const Rational& x, const Rational& y) { return x * y; });
          break;
        default:
          div(r, a, b, p);
          range([](const Rational& x, const Rational& y) { return x / y; });
          break;
      }
      CAPTURE(op);
      CAPTURE(to_string(a));
      CAPTURE(to_string(b));
      CAPTURE(to_string(r));
      REQUIRE(no_nan(r));
      CHECK(encloses(r, lo, hi));
      CHECK(r.lo >= std::nextafter(mpfr_rounded_double(lo, MPFR_RNDD), -kInf));  // at most one ulp beyond the tight end
      CHECK(r.hi <= std::nextafter(mpfr_rounded_double(hi, MPFR_RNDU), kInf));
    }
  }
}

// Random rational expression trees over random exact input intervals, every other tree on exact
// points (check_random_trees, as for FastInterval).
TEST_CASE("directed interval: never narrower than the exact range at random exact points") {
  Rng rng(703);
  const auto [checked, points] = check_random_trees<DirectedInterval>(rng, 400, true, no_nan);
  CHECK(checked > 20000);
  CHECK(points > 200);  // exact points occur and are checked as such
}

TEST_CASE("directed interval: overflow gives infinite endpoints, never NaN, and 0 * inf is indeterminate") {
  const Prec p(53);
  DirectedInterval big = point(kMax), r;
  add(r, big, big, p);
  CHECK(r.lo == kMax);  // exact sum 2 DBL_MAX rounded down
  CHECK(r.hi == kInf);
  mul(r, big, big, p);
  CHECK(r.lo == kMax);
  CHECK(r.hi == kInf);
  DirectedInterval whole, zero = point(0.0);
  whole.lo = -kInf, whole.hi = kInf;
  mul(r, zero, whole, p);
  CHECK(r.lo == -kInf);
  CHECK(r.hi == kInf);
  add(r, whole, big, p);
  CHECK(no_nan(r));
  CHECK(r.lo == -kInf);
  CHECK(r.hi == kInf);
  div(r, point(1.0), point(3.0), p);  // 1/3: the two doubles around it
  CHECK(r.hi == std::nextafter(r.lo, kInf));
  CHECK(encloses(r, q(1, 3)));
  div(r, point(1.0), zero, p);
  CHECK(!is_finite(r));
}
