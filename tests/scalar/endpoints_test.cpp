// Entering and leaving the rigorous world: set/set_interval enclose the exact rationals they are
// given, lower/upper/mid/rad are exact rationals that bound every point, and a non-finite
// enclosure has no endpoints (std::domain_error).
#include <doctest/doctest.h>

#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// A random rational of any size: tiny, huge, dyadic or not.
Rational random_rational(Rng& rng) {
  const Rational base = Rational(mpz_class(rng.integer(-1000000, 1000000)), rng.denominator());
  switch (rng.integer(0, 3)) {
    case 0: return base * pow10(rng.integer(-300, 300));
    case 1: return base * pow2(rng.integer(-1000, 1000));
    default: return base;
  }
}

}  // namespace

TEST_CASE_TEMPLATE("scalar endpoints: set encloses the exact rational", S, Ball, Interval) {
  for (long bits : {30L, 64L, 256L}) {
    const Prec p(bits);
    const S third = make<S>(q(1, 3), p);
    CHECK(lower(third) <= q(1, 3));
    CHECK(q(1, 3) <= upper(third));
    CHECK(lower(third) < upper(third));  // 1/3 is not dyadic: the enclosure cannot be a point
    CHECK(upper(third) - lower(third) <= pow2(-bits));
    CHECK_FALSE(is_exact(third));
  }
  Rng rng(41);
  for (int c = 0; c < 500; ++c) {
    const Rational x = random_rational(rng);
    const Prec p = rng.prec();
    INFO(x.to_string() << " at " << p.bits);
    const S e = make<S>(x, p);
    REQUIRE(is_finite(e));
    CHECK(lower(e) <= x);
    CHECK(x <= upper(e));
    // Tight: within a few units in the last place.
    CHECK(upper(e) - lower(e) <= abs(x) * pow2(4 - p.bits));
    // Dyadics that fit are exact.
    if (is_dyadic(x) && mpz_sizeinbase(x.num().get_mpz_t(), 2) <= static_cast<std::size_t>(p.bits)) {
      CHECK(is_exact(e));
      CHECK(lower(e) == x);
      CHECK(upper(e) == x);
    }
    CHECK(lower(e) <= mid(e) - rad(e));
    CHECK(mid(e) + rad(e) <= upper(e));
    CHECK(rad(e).sign() >= 0);
  }
}

TEST_CASE_TEMPLATE("scalar endpoints: set_interval encloses [lo, hi]", S, Ball, Interval) {
  Rng rng(42);
  for (int c = 0; c < 500; ++c) {
    Rational lo = random_rational(rng), hi = rng.chance(20) ? lo : random_rational(rng);
    if (hi < lo) std::swap(lo, hi);
    const Prec p = rng.prec();
    INFO("[" << lo.to_string() << ", " << hi.to_string() << "] at " << p.bits);
    const S e = make<S>(lo, hi, p);
    REQUIRE(is_finite(e));
    CHECK(lower(e) <= lo);
    CHECK(hi <= upper(e));
    for (int k = 0; k < 3; ++k) {
      const Rational x = rng.in(lo, hi);
      CHECK(lower(e) <= x);
      CHECK(x <= upper(e));
    }
    CHECK(lower(e) <= mid(e) - rad(e));
    CHECK(mid(e) + rad(e) <= upper(e));
  }
  S e;
  CHECK_THROWS_AS(set_interval(e, q(2), q(1), Prec(64)), std::invalid_argument);
}

TEST_CASE_TEMPLATE("scalar endpoints: default value, copies and non-finite enclosures", S, Ball, Interval) {
  const S zero;
  CHECK(is_exact(zero));
  CHECK(lower(zero) == q(0));
  CHECK(upper(zero) == q(0));
  S a = make<S>(q(1, 3), Prec(256));
  S b = a;  // copies keep the enclosure
  CHECK(lower(b) == lower(a));
  CHECK(upper(b) == upper(a));
  S c;
  c = std::move(b);
  CHECK(lower(c) == lower(a));
  CHECK(upper(c) == upper(a));
  CHECK(dirty_mid(c) > 0.333);
  CHECK(dirty_mid(c) < 0.334);
  CHECK_FALSE(to_string(c).empty());

  S whole;
  div(whole, make<S>(q(1), Prec(64)), make<S>(q(0), Prec(64)), Prec(64));
  CHECK_FALSE(is_finite(whole));
  CHECK_THROWS_AS(static_cast<void>(lower(whole)), std::domain_error);
  CHECK_THROWS_AS(static_cast<void>(upper(whole)), std::domain_error);
}

TEST_CASE("scalar endpoints: an Interval result has the requested precision") {
  const Interval a = make<Interval>(q(1, 3), Prec(256)), b = make<Interval>(q(1, 7), Prec(256));
  Interval r;
  add(r, a, b, Prec(40));
  CHECK(mpfi_get_prec(r.mpfi()) == 40);
  CHECK(encloses(r, q(1, 3) + q(1, 7)));
  relu(r, a, Prec(40));
  CHECK(mpfi_get_prec(r.mpfi()) == 40);
  CHECK(encloses(r, q(1, 3)));
  min(r, a, b, Prec(40));
  CHECK(mpfi_get_prec(r.mpfi()) == 40);
  CHECK(encloses(r, q(1, 7)));
}

TEST_CASE("scalar endpoints: Ball and Interval agree on the same exact inputs") {
  Rng rng(43);
  for (int c = 0; c < 200; ++c) {
    const Rational x = random_rational(rng);
    const Prec p = rng.prec();
    const Ball b = make<Ball>(x, p);
    const Interval i = make<Interval>(x, p);
    CHECK(lower(b) <= upper(i));
    CHECK(lower(i) <= upper(b));
  }
}
