// dyadic (forms/dyadic.hpp) against brute force over exact grids: the simplest dyadic between
// lo and hi is found by scanning j from coarse to fine, each candidate checked exactly.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include "../test_multiplier.hpp"
#include "forms/dyadic.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }

// Brute force: the smallest j (from -40 up) whose grid k/2^j meets [lo, hi], and that point.
Rational simplest_by_scan(const Rational& lo, const Rational& hi) {
  for (long j = -40; j <= 200; ++j) {
    const Rational c = ceil_div(lo * pow2(j)) * pow2(-j);
    if (c <= hi) return c;
  }
  FAIL("no grid point found");
  return Rational(0);
}

}  // namespace

TEST_CASE("dyadic: simplest_dyadic_between is the coarsest grid point inside, found by scanning") {
  CHECK(simplest_dyadic_between(q("-1"), q("1")) == 0);
  CHECK(simplest_dyadic_between(q("1/3"), q("2/3")) == q("1/2"));
  CHECK(simplest_dyadic_between(q("5"), q("7")) == q("6"));    // 6 = 3 * 2^1 beats 5 and 7 (j = 0)
  CHECK(simplest_dyadic_between(q("9"), q("15")) == q("12"));  // multiple of 4
  CHECK(simplest_dyadic_between(q("-7/10"), q("-6/10")) == q("-5/8"));
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<long> num(-100000, 100000), den(1, 5000);
  for (int i = 0; i < approxcert::test::random_cases(2000); ++i) {
    Rational a(mpz_class(num(rng)), mpz_class(den(rng))), b(mpz_class(num(rng)), mpz_class(den(rng)));
    if (a == b) continue;
    if (b < a) std::swap(a, b);
    const Rational s = simplest_dyadic_between(a, b);
    CHECK(a <= s);
    CHECK(s <= b);
    CHECK(s == simplest_by_scan(a, b));
  }
  CHECK_THROWS_AS(simplest_dyadic_between(q("1"), q("1")), std::invalid_argument);
}

TEST_CASE("dyadic: dyadic_near stays in [lo, hi], on the grid, and within one grid step of the target") {
  CHECK(dyadic_near(q("1/3"), q("1/4"), q("1/4")) == q("1/4"));
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<long> num(-100000, 100000), den(1, 5000);
  for (int i = 0; i < approxcert::test::random_cases(2000); ++i) {
    Rational a(mpz_class(num(rng)), mpz_class(den(rng))), b(mpz_class(num(rng)), mpz_class(den(rng)));
    if (a == b) continue;
    if (b < a) std::swap(a, b);
    const Rational t(mpz_class(num(rng)), mpz_class(den(rng)));
    const int bits = 1 + static_cast<int>(i % 30);
    const Rational c = dyadic_near(t, a, b, bits);
    CHECK(a <= c);
    CHECK(c <= b);
    // the grid 2^-j with 2^-j <= (b - a) / 2^bits < 2^(1-j): c * 2^j is an integer
    long j = 0;
    while (pow2(-j) > (b - a) / pow2(bits)) ++j;
    while (pow2(-(j - 1)) <= (b - a) / pow2(bits)) --j;
    CHECK(floor_div(c * pow2(j)) == c * pow2(j));
    // the nearest grid point to the target, clamped: within one step of the clamped target
    const Rational clamped = t < a ? a : (b < t ? b : t);
    const Rational gap = c < clamped ? clamped - c : c - clamped;
    CHECK(gap <= pow2(-j));
  }
}

TEST_CASE("dyadic: dirty_dyadic is the double's exact value") {
  CHECK(dirty_dyadic(0.5) == q("1/2"));
  CHECK(dirty_dyadic(-0.1) == q("-0x1.999999999999ap-4"));
  CHECK(dirty_dyadic(std::ldexp(1.0, -1074)) == pow2(-1074));
  CHECK(dirty_dyadic(0.0) == 0);
  CHECK_THROWS_AS(dirty_dyadic(std::nan("")), std::invalid_argument);
}

TEST_CASE("dyadic: dyadic_near_double gives a double of [lo, hi] on the grid, within one step of the target") {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> u(-4, 4);
  for (int i = 0; i < approxcert::test::random_cases(5000); ++i) {
    double lo = u(rng), hi = u(rng);
    if (i % 7 == 0)
      hi = lo + std::ldexp(u(rng) + 4.5, -(i % 26));  // narrow boxes (the grid stays within 2^52 steps of 0)
    if (lo == hi) continue;
    if (hi < lo) std::swap(lo, hi);
    const double target = i % 11 == 0 ? lo - 1 : lo + (hi - lo) * (u(rng) + 4) / 8;  // some outside
    const std::optional<double> c = dyadic_near_double(target, lo, hi);
    REQUIRE(c.has_value());
    const Rational rc = dirty_dyadic(*c), rlo = dirty_dyadic(lo), rhi = dirty_dyadic(hi);
    CHECK(rlo <= rc);
    CHECK(rc <= rhi);
    const long e = std::ilogb(hi - lo);
    CHECK(pow2(e) <= rhi - rlo);  // the grid step 2^(e - 24) is at most the width / 2^24
    const Rational step = pow2(e - 24);
    CHECK(floor_div(rc / step) == rc / step);  // on the grid
    const Rational t = dirty_dyadic(target), clamped = t < rlo ? rlo : (rhi < t ? rhi : t);
    CHECK((rc < clamped ? clamped - rc : rc - clamped) <= step);
  }
  CHECK(!dyadic_near_double(0.5, 1.0, 1.0));  // empty interior
  CHECK(!dyadic_near_double(0.5, 0.0, std::numeric_limits<double>::infinity()));
  CHECK(!dyadic_near_double(0.5, 1.0, 1.0 + std::ldexp(1.0, -52)));  // grid finer than the doubles there
  CHECK(*dyadic_near_double(std::nan(""), 0.0, 1.0) == 0.0);         // a NaN target: clamped to an end
}

TEST_CASE("dyadic: exact_difference is b - a exactly, or nothing when that is not a double") {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> u(-4, 4);
  long exact = 0, inexact = 0;
  for (int i = 0; i < approxcert::test::random_cases(5000); ++i) {
    const double a = i % 3 == 0 ? std::ldexp(std::round(std::ldexp(u(rng), 8)), -8) : u(rng);
    const double b = i % 3 == 0 ? std::ldexp(std::round(std::ldexp(u(rng), 8)), -8) : std::ldexp(u(rng), i % 40 - 20);
    const std::optional<double> w = exact_difference(a, b);
    const Rational truth = dirty_dyadic(b) - dirty_dyadic(a);
    if (w) {
      CHECK(dirty_dyadic(*w) == truth);
      ++exact;
    } else {
      // not a double: rounding it to nearest and back changes it
      CHECK(dirty_dyadic(b - a) != truth);
      ++inexact;
    }
  }
  CHECK(exact > 1000);
  CHECK(inexact > 1000);
  CHECK(!exact_difference(-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()));  // overflow
}

TEST_CASE("dyadic: simplest_dyadic_between_doubles is simplest_dyadic_between's point") {
  std::mt19937_64 rng(19);
  std::uniform_real_distribution<double> u(-4, 4);
  long compared = 0;
  for (int i = 0; i < approxcert::test::random_cases(5000); ++i) {
    double lo = u(rng), hi = i % 5 == 0 ? lo + std::ldexp(u(rng) + 4.5, -(i % 50)) : u(rng);
    if (i % 13 == 0) lo = std::ldexp(lo, 300), hi = std::ldexp(hi, 300);
    if (i % 17 == 0)
      lo = std::ldexp(std::round(std::ldexp(lo, 6)), -6), hi = std::ldexp(std::round(std::ldexp(hi, 6)), -6);
    if (hi < lo) std::swap(lo, hi);
    if (!(lo < hi)) continue;
    const std::optional<double> m = simplest_dyadic_between_doubles(lo, hi);
    REQUIRE(m.has_value());
    CHECK(dirty_dyadic(*m) == simplest_dyadic_between(dirty_dyadic(lo), dirty_dyadic(hi)));
    ++compared;
  }
  CHECK(compared > 4000);
  CHECK(!simplest_dyadic_between_doubles(1.0, 1.0));                                       // empty interior
  CHECK(!simplest_dyadic_between_doubles(std::ldexp(1.0, -1000), std::ldexp(1.0, -999)));  // outside the exact range
  CHECK(*simplest_dyadic_between_doubles(-3.0, -1.5) == -2.0);
  CHECK(*simplest_dyadic_between_doubles(0.3, 0.4) == 0.375);
}
