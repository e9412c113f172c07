// Wide and extreme inputs: monotone functions on balls far wider than Arb's ball evaluation
// handles, negative powers of positive ranges that reach close to 0, and exponent extremes.
#include <doctest/doctest.h>

#include <climits>

#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

TEST_CASE_TEMPLATE("tanh and sigmoid of wide inputs stay finite and enclose sample points", S, Ball, Interval) {
  const Prec p(128);
  Rng rng(97);
  for (const auto& [lo, hi] : {std::pair{q(-40), q(40)}, std::pair{q(-1000), q(3)}, std::pair{q(5), q(700)}}) {
    const S x = make<S>(lo, hi, p);
    S t, s;
    tanh(t, x, p);
    sigmoid(s, x, p);
    REQUIRE(is_finite(t));
    REQUIRE(is_finite(s));
    for (int k = 0; k < 20; ++k) {
      const Rational pt = rng.in(lo, hi);
      if (!is_dyadic(pt)) continue;
      CHECK(encloses_value(
          t, [&](long bits) { return mpfr_bracket(mpfr_tanh, pt, bits); }, 200));
      CHECK(encloses_value(
          s, [&](long bits) { return sigmoid_bracket(pt, bits); }, 200));
    }
    // Tight at the ends: an Arb radius carries 30 bits, so a ball's ends may sit up to about
    // 2^-29 of its width outside [f(lo), f(hi)]; an MPFI interval's are correctly rounded.
    const Bracket tlo = mpfr_bracket(mpfr_tanh, lo, 300), thi = mpfr_bracket(mpfr_tanh, hi, 300);
    const Rational slack = width(t) * pow2(-28) + pow2(-100);
    CHECK(tlo.lo - lower(t) < slack);
    CHECK(upper(t) - thi.hi < slack);
  }
}

TEST_CASE_TEMPLATE("negative powers of a positive range close to 0 are finite and exact at the ends", S, Ball,
                   Interval) {
  const Prec p(128);
  const S x = make<S>(q(1, 1024), q(50), p);
  S r;
  pow_int(r, x, -3, p);
  REQUIRE(is_finite(r));
  CHECK(encloses(r, pow_int(q(50), -3), pow_int(q(1, 1024), -3)));
  CHECK(pow_int(q(50), -3) - lower(r) < width(r) * pow2(-28));  // tight up to the radius' 30 bits
  const S neg = make<S>(q(-3), q(-1, 8), p);
  pow_int(r, neg, -3, p);
  REQUIRE(is_finite(r));
  CHECK(encloses(r, pow_int(q(-1, 8), -3), pow_int(q(-3), -3)));  // [-512, -1/27]
  CHECK(upper(r) - pow_int(q(-3), -3) < width(r) * pow2(-28));
}

TEST_CASE_TEMPLATE("the most negative exponent is indeterminate, not undefined behaviour", S, Ball, Interval) {
  const Prec p(64);
  S r;
  pow_int(r, make<S>(q(2), p), LONG_MIN, p);
  CHECK(is_indeterminate(r));
}
