// ComplexBall (scalar/complex_ball.hpp) at real points against the scalar suite's independent
// references (operation_table.hpp: exact rationals for rational operations, MPFR brackets rounded
// down and up for transcendental ones), without slack: the real part contains the reference and
// the imaginary part contains 0, at 64 and at 256 bits. And its holomorphy certificates: inside a
// HolomorphicScope a kink, a jump, a branch cut or an undecided comparison gives a non-finite
// ball or Unknown; a point where the function is holomorphic a finite ball; outside the scope the
// same inputs give finite enclosures of the real function.
#include <doctest/doctest.h>

#include <acb.h>

#include <sstream>

// Before the table: its operations are looked up where the table's template is defined.
#include "scalar/complex_ball.hpp"
//
#include "operation_table.hpp"
#include "scalar/ball.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

ComplexBall real_point(const Rational& x) {
  ComplexBall z;
  set(z, x, Prec(4096));
  REQUIRE(acb_is_exact(z.acb()));
  return z;
}

bool dyadic(const Rational& x) {
  const mpz_class d = x.den();
  return (d & (d - 1)) == 0;
}

// A real interval [lo, hi] with a zero imaginary part.
ComplexBall real_interval(const Rational& lo, const Rational& hi) {
  Ball b;
  set_interval(b, lo, hi, Prec(128));
  ComplexBall z;
  acb_set_arb(z.acb(), b.arb());
  return z;
}

Range real_part(const ComplexBall& z) {
  Ball b;
  arb_set(b.arb(), acb_realref(z.acb()));
  return {lower(b), upper(b)};
}

// Sample points of an argument: 1/8 steps across each range, and its kinks.
std::vector<Rational> samples(const ArgDomain& d) {
  std::vector<Rational> xs = d.kinks;
  for (const Range& r : d.ranges)
    for (long k = 1; k < 8; ++k) xs.push_back(r.lo + (r.hi - r.lo) * q(k, 8));
  return xs;
}

}  // namespace

TEST_CASE("complex ball: each operation of the scalar table at real points contains its reference") {
  for (const Operation<ComplexBall>& op : operations<ComplexBall>()) {
    std::vector<std::vector<Rational>> points;
    const std::vector<Rational> first = samples(op.args[0]);
    for (const Rational& a : first) {
      if (op.args.size() == 1) {
        points.push_back({a});
        continue;
      }
      const std::vector<Rational> second = samples(op.args[1]);
      for (std::size_t k = 0; k < second.size(); k += 3) {
        std::vector<Rational> x{a, second[k]};
        if (op.args.size() == 3) x.push_back(a + second[k]);
        points.push_back(std::move(x));
      }
    }
    std::size_t checked = 0;
    for (const auto& x : points) {
      if (!op.defined(x)) continue;
      bool exact_points = true;
      for (const Rational& v : x) exact_points = exact_points && dyadic(v);
      if (!exact_points) continue;  // the references take dyadic points
      std::vector<ComplexBall> in;
      std::vector<Range> ranges;
      for (const Rational& v : x) in.push_back(real_point(v)), ranges.push_back({v, v});
      for (long bits : {64L, 256L}) {
        std::ostringstream name;
        name << op.name << " at";
        for (const Rational& v : x) name << " " << v.to_string();
        name << " (" << bits << " bits)";
        CAPTURE(name.str());
        ComplexBall r;
        op.eval(r, in, Prec(bits));
        if (!is_finite(r)) {
          CHECK_FALSE(op.finite_expected(ranges));
          continue;
        }
        Bracket ref;
        if (op.exact) ref = {op.exact(x), op.exact(x)};
        else if (op.reference) ref = op.reference(x[0], bits + 100);
        else if (op.reference_n) ref = op.reference_n(x, bits + 100);
        else FAIL("no reference for " << op.name);
        const Range re = real_part(r);
        CHECK(re.lo <= ref.lo);
        CHECK(ref.hi <= re.hi);
        CHECK(arb_contains_zero(acb_imagref(r.acb())));
        ++checked;
      }
    }
    CAPTURE(op.name);
    CHECK(checked >= 8);  // every operation was compared at several points
  }
}

TEST_CASE("complex ball: holomorphy is certified only where it holds") {
  const Prec p(128);
  ComplexBall r;
  const ComplexBall straddle = real_interval(q(-1, 4), q(1, 4));
  const ComplexBall right = real_interval(q(1, 4), q(3, 4));
  {
    const HolomorphicScope scope(true);
    abs(r, straddle, p);
    CHECK_FALSE(is_finite(r));  // the kink of |x| at 0
    relu(r, straddle, p);
    CHECK_FALSE(is_finite(r));
    step(r, straddle, p);
    CHECK_FALSE(is_finite(r));
    max(r, straddle, real_point(q(0)), p);
    CHECK_FALSE(is_finite(r));
    sqrt(r, straddle, p);
    CHECK_FALSE(is_finite(r));  // the branch point at 0
    log(r, real_point(q(-1)), p);
    CHECK_FALSE(is_finite(r));  // on the branch cut
    log1p(r, real_point(q(-3, 2)), p);
    CHECK_FALSE(is_finite(r));
    asin(r, real_point(q(3, 2)), p);
    CHECK_FALSE(is_finite(r));
    acosh(r, real_point(q(1, 2)), p);
    CHECK_FALSE(is_finite(r));
    hull(r, right, straddle, p);
    CHECK_FALSE(is_finite(r));
    CHECK(less(real_point(q(0)), real_point(q(1))) == Truth::Unknown);
    // Holomorphic on these inputs: finite, and the real values inside.
    abs(r, right, p);
    CHECK(is_finite(r));
    CHECK(real_part(r).lo <= q(1, 4));
    sqrt(r, real_point(q(4)), p);
    REQUIRE(is_finite(r));
    CHECK(real_part(r).lo <= q(2));
    CHECK(q(2) <= real_part(r).hi);
    asin(r, real_point(q(1, 2)), p);
    CHECK(is_finite(r));
  }
  // Outside the scope the same inputs give enclosures of the real functions.
  abs(r, straddle, p);
  REQUIRE(is_finite(r));
  CHECK(real_part(r).lo <= q(0));
  CHECK(q(1, 4) <= real_part(r).hi);
  step(r, real_point(q(0)), p);
  REQUIRE(is_finite(r));
  CHECK(real_part(r).lo <= q(1));
  CHECK(q(1) <= real_part(r).hi);
  hull(r, right, straddle, p);
  CHECK(is_finite(r));
  CHECK(less(real_point(q(0)), real_point(q(1))) == Truth::True);
  CHECK(less(real_point(q(1)), real_point(q(0))) == Truth::False);
}
