// Raising the Taylor order per interval (taylor_model.hpp, bound_raising_order): where the
// remainder alone keeps an interval's range from its refinement goal, higher orders are tried and
// the enclosures intersected. References, all independent of the engine's Arb series: MPFR at 300
// bits (mpfr_exp, mpfr_sin) on exact rational points and exact rational polynomials, compared with
// every enclosure without slack; the goal test (polynomial_range.hpp) on hand-computed cases.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <functional>
#include <string>

#include "net/expression.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/polynomial_range.hpp"
#include "supnorm/quotient_taylor_model.hpp"
#include "supnorm/removable_zero.hpp"
#include "supnorm/supnorm.hpp"
#include "supnorm/taylor_model.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

constexpr mpfr_prec_t kRefBits = 300;

// An MPFR value as an enclosing pair of exact rationals (+- 2^-280 relative: MPFR's rounding is
// 2^-300, and no comparison below depends on which way it went).
struct Ref {
  Rational lo, hi;
};
Ref mpfr_value(const Rational& x, const std::function<void(mpfr_t, const mpfr_t)>& f) {
  mpfr_t a, r;
  mpfr_inits2(kRefBits, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_q(a, x.get_mpq_t(), MPFR_RNDN);
  f(r, a);
  mpq_t q;
  mpq_init(q);
  mpfr_get_q(q, r);
  const Rational mid{mpq_class(q)};
  mpq_clear(q);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  const Rational slack = abs(mid) * pow2(-280);
  return {mid - slack, mid + slack};
}

// exp(x) - sum_{k <= 16} x^k / k!: the program's signed error (target - approx), by MPFR.
Ref exp_tail(const Rational& x) {
  Rational partial(0), term(1);
  for (long k = 0; k <= 16; ++k) {
    if (k > 0) term = term * x / Rational(k);
    partial += term;
  }
  return mpfr_value(x, [&](mpfr_t r, const mpfr_t a) {
    mpfr_t p;
    mpfr_init2(p, kRefBits);
    mpfr_set_q(p, partial.get_mpq_t(), MPFR_RNDN);
    mpfr_exp(r, a, MPFR_RNDN);
    mpfr_sub(r, r, p, MPFR_RNDN);
    mpfr_clear(p);
  });
}

std::string taylor_polynomial_of_exp(int n) {
  std::string s = "1";
  for (int k = n; k >= 1; --k) s = "1 + x0/" + std::to_string(k) + "*(" + s + ")";
  return s;
}

// q = (p - sin x) / sin x with p = x - x^3/6 + x^5/120, by MPFR (q(0) = 0 by continuity).
Ref sine_relative_error(const Rational& x) {
  if (x.sign() == 0) return {Rational(0), Rational(0)};
  const Rational p = x - x * x * x / Rational(6) + x * x * x * x * x / Rational(120);
  return mpfr_value(x, [&](mpfr_t r, const mpfr_t a) {
    mpfr_t s, pm;
    mpfr_inits2(kRefBits, s, pm, static_cast<mpfr_ptr>(nullptr));
    mpfr_sin(s, a, MPFR_RNDN);
    mpfr_set_q(pm, p.get_mpq_t(), MPFR_RNDN);
    mpfr_sub(r, pm, s, MPFR_RNDN);
    mpfr_div(r, r, s, MPFR_RNDN);
    mpfr_clears(s, pm, static_cast<mpfr_ptr>(nullptr));
  });
}

bool contains(const Range& r, const Ref& v) { return r.lo <= v.lo && v.hi <= r.hi; }

}  // namespace

TEST_CASE("taylor order raise: exp minus its degree-16 Taylor polynomial, order 8 raised, meets the closed form") {
  const Program prog = expression_error_program(taylor_polynomial_of_exp(16), "exp(x0)", 1);
  const Rational lo(-1), hi(1);
  const Ref sup = exp_tail(hi);  // the tail sum_{k > 16} x^k / k! is largest at x = 1
  TaylorModelOptions fixed{8};
  fixed.rel_tol = pow2(-20);
  TaylorModelOptions raised = fixed;
  raised.max_order = 24;
  // The engine passes its certified lower bound as known_lower; here: the closed form's, rounded down.
  const Rational known = sup.lo * (Rational(1) - pow2(-40));

  TaylorModel fixed_model(prog, Prec(128), fixed), raised_model(prog, Prec(128), raised);
  const auto f = fixed_model.bound(lo, hi, known);
  const auto r = raised_model.bound(lo, hi, known);
  REQUIRE(f.has_value());
  REQUIRE(r.has_value());
  // Order 8 cannot see the degree-17 tail: its remainder is millions of times the error itself.
  CHECK(abs_max(f->range) > Rational(1000000) * sup.hi);
  // Raised, the range is within the refinement goal of the closed form, and contains it.
  CHECK(sup.hi <= r->range.hi);
  CHECK(abs_max(r->range) <= sup.hi * (Rational(1) + pow2(-18)));
  CHECK(r->dirty_settled);
  // Both contain the error at every sampled point; the raised range lies inside the fixed one.
  for (int k = 0; k <= 40; ++k) {
    const Rational x = lo + (hi - lo) * frac(k, 40);
    const Ref v = exp_tail(x);
    CHECK(contains(f->range, v));
    CHECK(contains(r->range, v));
  }
  CHECK(f->range.lo <= r->range.lo);
  CHECK(r->range.hi <= f->range.hi);
  // The same interval again is answered from the last result.
  const auto again = raised_model.bound(lo, hi, known);
  REQUIRE(again.has_value());
  CHECK(again->range.lo == r->range.lo);
  CHECK(again->range.hi == r->range.hi);
}

TEST_CASE("taylor order raise: the divided form near a removable zero contains q at every sampled point") {
  const Program p = relative_error_program(expression_error_program("x - x^3/6 + x^5/120", "sin(x)", 1));
  const Rational known = abs(sine_relative_error(frac(1, 2)).lo) * (Rational(1) - pow2(-40));
  const std::pair<Rational, Rational> boxes[] = {
      {frac(-1, 2), frac(1, 2)}, {frac(-1, 2), frac(-1, 4)}, {frac(1, 4), frac(1, 2)}, {Rational(0), frac(1, 8)}};
  TaylorModelOptions fixed{4};
  fixed.rel_tol = pow2(-20);
  TaylorModelOptions raised = fixed;
  raised.max_order = 12;
  QuotientTaylorModel fixed_model(p, RemovableZero{Rational(0), 1}, Prec(128), fixed);
  QuotientTaylorModel raised_model(p, RemovableZero{Rational(0), 1}, Prec(128), raised);
  bool narrower_somewhere = false;
  for (const auto& [lo, hi] : boxes) {
    CAPTURE(lo.to_string());
    CAPTURE(hi.to_string());
    const auto f = fixed_model.bound(lo, hi, known);
    const auto r = raised_model.bound(lo, hi, known);
    REQUIRE(f.has_value());
    REQUIRE(r.has_value());
    for (int k = 0; k <= 32; ++k) {
      const Ref v = sine_relative_error(lo + (hi - lo) * frac(k, 32));
      CHECK(contains(f->range, v));
      CHECK(contains(r->range, v));
    }
    CHECK(f->range.lo <= r->range.lo);
    CHECK(r->range.hi <= f->range.hi);
    if (abs_max(r->range) * Rational(2) < abs_max(f->range)) narrower_somewhere = true;
  }
  CHECK(narrower_somewhere);
}

TEST_CASE("taylor order raise: relative sin near 0 converges in few boxes to the closed-form supremum") {
  // q = (x - x^3/6 + x^5/120 - x^7/5040 - sin x) / sin x ~ x^8 / 9!, largest in |x| at x = +-1/2.
  const Program p = relative_error_program(expression_error_program("x - x^3/6 + x^5/120 - x^7/5040", "sin(x)", 1));
  const Rational half = frac(1, 2);
  const Rational p7 = half - half * half * half / Rational(6) + pow2(-5) / Rational(120) - pow2(-7) / Rational(5040);
  const Ref sup = mpfr_value(half, [&](mpfr_t r, const mpfr_t a) {
    mpfr_t s, pm;
    mpfr_inits2(kRefBits, s, pm, static_cast<mpfr_ptr>(nullptr));
    mpfr_sin(s, a, MPFR_RNDN);
    mpfr_set_q(pm, p7.get_mpq_t(), MPFR_RNDN);
    mpfr_sub(r, pm, s, MPFR_RNDN);
    mpfr_div(r, r, s, MPFR_RNDN);
    mpfr_abs(r, r, MPFR_RNDN);
    mpfr_clears(s, pm, static_cast<mpfr_ptr>(nullptr));
  });
  const Box domain = cube(-half, half, 1);
  SupNormOptions o;
  o.rel_tol = pow2(-20);
  o.abs_tol = Rational(0);
  o.threads = 1;
  o.removable_zeros = find_removable_zeros(p, domain, Prec(64), "relative mode");
  const SupNormResult r = sup_norm(p, domain, o);
  CHECK(r.status == SupNormStatus::Converged);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= sup.hi);
  CHECK(sup.lo <= *r.upper);
  // With the order raised where the remainder blocks (and witnesses valued in balls, not doubles),
  // 7 boxes; at a fixed order 24 with witnesses valued in doubles it took 11.
  CHECK(r.boxes <= 8);
}

TEST_CASE("taylor order raise: the goal test on hand-computed ranges") {
  PolynomialRange r;
  r.range = Range{Rational(-1), Rational(1)};
  r.best_abs_lower = Rational(1);
  // No remainder, the best point value is the maximum: met.
  const DirtyGoalOutcome met =
      dirty_goal_outcome(r, PolynomialRangeGoal{Rational(0), Rational(0), frac(1, 100), Rational(0)});
  CHECK(met.met);
  CHECK_FALSE(met.slack_blocks);
  // A remainder of 1/2 against a known lower bound 1: upper 3/2 misses (1 + 1/100) 1 by 49/100, of
  // which the remainder is most; any remainder <= 1/100 would meet the goal.
  const DirtyGoalOutcome blocked =
      dirty_goal_outcome(r, PolynomialRangeGoal{frac(1, 2), Rational(1), frac(1, 100), Rational(0)});
  CHECK_FALSE(blocked.met);
  CHECK(blocked.slack_blocks);
  CHECK(blocked.slack_allowed == frac(1, 100));
  // P itself misses (max |P| = 2 against the best 1): the remainder 1/100 is not what blocks.
  r.range = Range{Rational(-2), Rational(2)};
  const DirtyGoalOutcome p_misses =
      dirty_goal_outcome(r, PolynomialRangeGoal{frac(1, 100), Rational(1), frac(1, 100), Rational(0)});
  CHECK_FALSE(p_misses.met);
  CHECK_FALSE(p_misses.slack_blocks);
  // An absolute tolerance: upper - best = 1/2 + 1/2 <= 1 is met.
  r.range = Range{Rational(-1), Rational(1)};
  const DirtyGoalOutcome absolute =
      dirty_goal_outcome(r, PolynomialRangeGoal{frac(1, 2), Rational(0), Rational(0), Rational(1)});
  CHECK(absolute.met);
}
