// polynomial_range (supnorm/polynomial_range.hpp) against exact rational arithmetic: the range
// must contain P(t) at every exact sample point t, for the extreme choices of coefficients in
// their balls, and a closed-form minimum; best_t and best_abs_lower are re-checked exactly.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "../test_multiplier.hpp"
#include "net/series.hpp"
#include "scalar/ball.hpp"
#include "supnorm/polynomial_range.hpp"

using namespace approxcert;

namespace {

const Prec kPrec(128);

// Coefficient k of P (a Series used only as an owned Arb polynomial) is the ball
// [mid[k] - rad[k], mid[k] + rad[k]] (dyadic, held exactly).
void set_coefficients(Series& P, const std::vector<Rational>& mid, const std::vector<Rational>& rad) {
  for (std::size_t k = 0; k < mid.size(); ++k) {
    Ball c;
    set_interval(c, mid[k] - rad[k], mid[k] + rad[k], kPrec);
    REQUIRE(lower(c) == mid[k] - rad[k]);  // exactly the intended ball
    REQUIRE(upper(c) == mid[k] + rad[k]);
    arb_poly_set_coeff_arb(P.poly(), static_cast<slong>(k), c.arb());
  }
}

// sum c_k t^k, exactly, with c_k = mid_k + s rad_k sign(t^k) (s = +1: the largest value at t).
Rational extreme_value(const std::vector<Rational>& mid, const std::vector<Rational>& rad, const Rational& t, int s) {
  Rational v(0), tk(1);
  for (std::size_t k = 0; k < mid.size(); ++k) {
    const int sign = tk.sign();
    v = v + (mid[k] + Rational(s * sign) * rad[k]) * tk;
    tk = tk * t;
  }
  return v;
}

PolynomialRangeGoal goal(const char* rel_tol) {
  return PolynomialRangeGoal{Rational(0), Rational(0), parse_rational(rel_tol), Rational(0), 4096};
}

}  // namespace

TEST_CASE("polynomial_range: t^3 - t on [-1, 2] contains the exact extremes -2/(3 sqrt 3) and 6") {
  Series P;
  set_coefficients(P, {Rational(0), Rational(-1), Rational(0), Rational(1)}, std::vector<Rational>(4, Rational(0)));
  const PolynomialRange r = bound_polynomial(P.poly(), Rational(-1), Rational(2), goal("1/1000000"), kPrec);
  CHECK(r.range.hi >= Rational(6));
  CHECK(r.range.lo.sign() < 0);
  CHECK(Rational(27) * r.range.lo * r.range.lo >= Rational(4));  // lo <= -2/(3 sqrt 3)
  CHECK(r.range.hi <= Rational(6) * parse_rational("1.000001") + Rational(mpz_class(1), mpz_class(1000)));
  REQUIRE(r.best_t.has_value());
  CHECK(Rational(-1) <= *r.best_t);
  CHECK(*r.best_t <= Rational(2));
  const Rational at = extreme_value({Rational(0), Rational(-1), Rational(0), Rational(1)},
                                    std::vector<Rational>(4, Rational(0)), *r.best_t, 1);
  CHECK((at.sign() < 0 ? -at : at) >= r.best_abs_lower);
  CHECK(r.best_abs_lower >= Rational(6) / parse_rational("1.000001") - Rational(mpz_class(1), mpz_class(1000)));
}

TEST_CASE("polynomial_range: random ball polynomials contain every exact sample for extreme coefficients") {
  std::mt19937_64 rng(17);
  std::uniform_int_distribution<long> num(-64, 64), exp2(0, 6), radius(0, 3), degree(0, 9);
  for (int i = 0; i < approxcert::test::random_cases(200); ++i) {
    const std::size_t n = 1 + static_cast<std::size_t>(degree(rng));
    std::vector<Rational> mid(n), rad(n);
    for (std::size_t k = 0; k < n; ++k) {
      mid[k] = Rational(num(rng)) * pow2(-exp2(rng));
      rad[k] = i % 2 ? Rational(radius(rng)) * pow2(-5 - exp2(rng)) : Rational(0);
    }
    Series P;
    set_coefficients(P, mid, rad);
    Rational lo = Rational(num(rng)) * pow2(-4), hi = Rational(num(rng)) * pow2(-4);
    if (hi < lo) std::swap(lo, hi);
    const PolynomialRange r = bound_polynomial(P.poly(), lo, hi, goal(i % 3 ? "1/100" : "1/1000000"), kPrec);
    for (int j = 0; j <= 64; ++j) {
      const Rational t = lo + (hi - lo) * Rational(mpz_class(j), mpz_class(64));
      CHECK(r.range.lo <= extreme_value(mid, rad, t, -1));
      CHECK(extreme_value(mid, rad, t, 1) <= r.range.hi);
    }
    if (r.best_t) {
      CHECK(lo <= *r.best_t);
      CHECK(*r.best_t <= hi);
      // |P(best_t)| >= best_abs_lower for every choice of coefficients: check the smaller extreme.
      const Rational a = extreme_value(mid, rad, *r.best_t, 1), b = extreme_value(mid, rad, *r.best_t, -1);
      const Rational least = a.sign() > 0 && b.sign() > 0 ? b : (a.sign() < 0 && b.sign() < 0 ? -a : Rational(0));
      CHECK(r.best_abs_lower <= least);
    }
  }
}

TEST_CASE("polynomial_range: at a non-dyadic endpoint the pieces do not overhang it, and the refinement converges") {
  // P(t) = t^3 + t is increasing: its maximum on [lo, hi] is P(hi). With hi = 1/3, a piece with a
  // dyadic centre near 1/6 and a symmetric half-width reaches past 1/3, where P exceeds P(1/3) and
  // no evaluated point of [lo, hi] can match the piece's bound: the refinement then cut the overhang
  // until max_pieces (4095 pieces, range not within 1e-12 of P(1/3)). Pieces that tile [lo, hi]
  // exactly converge in a few dozen cuts toward the end, at dyadic centres.
  Series P;
  set_coefficients(P, {Rational(0), Rational(1), Rational(0), Rational(1)}, std::vector<Rational>(4, Rational(0)));
  const Rational third = Rational(1) / Rational(3);
  for (const auto& [lo, hi] :
       {std::pair{Rational(0), third}, std::pair{-third, Rational(1) / Rational(5)},
        std::pair{Rational(20) / Rational(39), Rational(1)}, std::pair{Rational(0), Rational(20) / Rational(39)}}) {
    CAPTURE(lo.to_string());
    CAPTURE(hi.to_string());
    const PolynomialRange r = bound_polynomial(P.poly(), lo, hi, goal("1/1000000000000"), kPrec);
    REQUIRE(r.best_t.has_value());
    CHECK(lo <= *r.best_t);
    CHECK(*r.best_t <= hi);
    CHECK(mpz_popcount(r.best_t->den().get_mpz_t()) == 1);  // evaluated at dyadic points only
    CHECK(r.pieces > 2);
    CHECK(r.pieces < 400);  // converged, far from max_pieces = 4096
    const auto value = [](const Rational& t) { return t * t * t + t; };
    CHECK(r.range.lo <= value(lo));
    CHECK(value(hi) <= r.range.hi);
    const Rational top = max(abs(value(lo)), abs(value(hi)));
    CHECK(max(-r.range.lo, r.range.hi) <= top * parse_rational("1.000000000001"));
    CHECK(r.best_abs_lower * parse_rational("1.000000000001") >= top);
  }
}
