// Certified comparisons: True and False must hold for every pair of points of the inputs (checked
// on exact random points), and a comparison of separated inputs is decided. Also the Truth connectives.
#include <doctest/doctest.h>

#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// The truth of "x R y" for exact rationals.
Truth exact_truth(bool holds) { return holds ? Truth::True : Truth::False; }

// A certified answer t about all pairs is consistent with the exact answer for one pair.
void consistent(Truth certified, Truth at_point) {
  if (certified != Truth::Unknown) CHECK(certified == at_point);
}

}  // namespace

TEST_CASE_TEMPLATE("scalar comparisons: verdicts hold at every exact point", S, Ball, Interval) {
  Rng rng(31);
  const std::vector<Range> range = {{q(-2), q(2)}};
  int decided = 0;
  for (int c = 0; c < 600; ++c) {
    const Range x = rng.interval(range, {q(0), q(1)});
    Range y = rng.interval(range, {x.lo, x.hi});
    if (rng.chance(20)) y = x;
    const Prec pa = rng.prec(), pb = rng.prec();
    INFO("x = [" << x.lo.to_string() << ", " << x.hi.to_string() << "], y = [" << y.lo.to_string() << ", "
                 << y.hi.to_string() << "]");
    const S a = make<S>(x, pa), b = make<S>(y, pb);
    const Truth lt = less(a, b), le = less_equal(a, b), eq = equal(a, b);
    decided += lt != Truth::Unknown;
    const Rational la = lower(a), ua = upper(a), lb = lower(b), ub = upper(b);
    // Separated inputs are decided (lower/upper are outward bounds, so this is the safe direction).
    if (ua < lb) CHECK(lt == Truth::True);
    if (la >= ub) CHECK(lt == Truth::False);
    if (ua <= lb) CHECK(le == Truth::True);
    if (la > ub) CHECK(le == Truth::False);
    if (ua < lb || ub < la) CHECK(eq == Truth::False);
    // True equality means one and the same exact point.
    if (eq == Truth::True) CHECK((la == ua && lb == ub && la == lb));
    // Every verdict holds for the exact points of the inputs (intended points and the midpoints).
    for (int k = 0; k < 6; ++k) {
      const Rational px = k == 0 ? mid(a) : rng.in(x.lo, x.hi);
      const Rational py = k == 0 ? mid(b) : rng.in(y.lo, y.hi);
      consistent(lt, exact_truth(px < py));
      consistent(le, exact_truth(px <= py));
      consistent(eq, exact_truth(px == py));
    }
  }
  CHECK(decided > 100);
}

TEST_CASE_TEMPLATE("scalar comparisons: exact and separated inputs", S, Ball, Interval) {
  const Prec p(64);
  const S one = make<S>(q(1), p), one_hi = make<S>(q(1), Prec(256)), two = make<S>(q(2), p);
  const S a12 = make<S>(q(1), q(2), p), a23 = make<S>(q(2), q(3), p), a34 = make<S>(q(3), q(4), p);
  CHECK(less(one, two) == Truth::True);
  CHECK(less(two, one) == Truth::False);
  CHECK(less(one, one_hi) == Truth::False);
  CHECK(less_equal(one, one_hi) == Truth::True);
  CHECK(less_equal(two, one) == Truth::False);
  CHECK(equal(one, one_hi) == Truth::True);
  CHECK(equal(one, two) == Truth::False);
  CHECK(less(a12, a34) == Truth::True);
  CHECK(less(a34, a12) == Truth::False);
  CHECK(less_equal(a12, a34) == Truth::True);
  CHECK(equal(a12, a34) == Truth::False);
  // Touching at 2: 2 < 2 fails at the shared point, so less is never True.
  CHECK(less(a12, a23) == Truth::Unknown);
  CHECK(less(a23, a12) != Truth::True);
  CHECK(less_equal(a23, a12) == Truth::Unknown);
  CHECK(equal(a12, a23) == Truth::Unknown);
  CHECK(equal(a12, a12) == Truth::Unknown);  // two different points of the same ball may differ
  // 1/3 is not dyadic: its enclosure is not a point, so even equal(1/3, 1/3) is Unknown.
  const S third = make<S>(q(1, 3), p);
  CHECK(equal(third, third) == Truth::Unknown);
  CHECK(less(third, make<S>(q(1, 3) + pow2(-40), p)) == Truth::True);
}

// Boxes cut at short dyadics are held exactly (MPFI endpoints; Ball [3/2 +/- 1/2] with an exact
// radius), so intervals touching at such a point are decided.
TEST_CASE_TEMPLATE("scalar comparisons: touching dyadic intervals are decided", S, Ball, Interval) {
  const Prec p(64);
  const S a12 = make<S>(q(1), q(2), p), a23 = make<S>(q(2), q(3), p);
  CHECK(less_equal(a12, a23) == Truth::True);
  CHECK(less(a23, a12) == Truth::False);
  CHECK(less_equal(a23, a12) == Truth::Unknown);
}

TEST_CASE_TEMPLATE("scalar comparisons: indeterminate inputs give Unknown", S, Ball, Interval) {
  const Prec p(64);
  S whole;
  div(whole, make<S>(q(1), p), make<S>(q(0), p), p);
  const S one = make<S>(q(1), p);
  CHECK(less(whole, one) == Truth::Unknown);
  CHECK(less(one, whole) == Truth::Unknown);
  CHECK(less_equal(whole, one) == Truth::Unknown);
  CHECK(equal(whole, one) == Truth::Unknown);
  CHECK(equal(whole, whole) == Truth::Unknown);
}

TEST_CASE("truth connectives are Kleene's three-valued logic") {
  const Truth T = Truth::True, F = Truth::False, U = Truth::Unknown;
  CHECK(truth_not(T) == F);
  CHECK(truth_not(F) == T);
  CHECK(truth_not(U) == U);
  const Truth all[] = {T, F, U};
  for (Truth a : all)
    for (Truth b : all) {
      const Truth both = truth_and(a, b), either = truth_or(a, b);
      CHECK(both == (a == F || b == F ? F : a == T && b == T ? T : U));
      CHECK(either == (a == T || b == T ? T : a == F && b == F ? F : U));
    }
  CHECK(to_string(T) == "true");
  CHECK(to_string(F) == "false");
  CHECK(to_string(U) == "unknown");
}
