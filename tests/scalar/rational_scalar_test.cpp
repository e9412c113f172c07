// Rational as a Scalar: exact results for rational operations, NotExactError for the others, and
// decided comparisons. Also which types model the Scalar concepts.
#include <doctest/doctest.h>

#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

static_assert(Scalar<Ball> && RigorousScalar<Ball>);
static_assert(Scalar<Interval> && RigorousScalar<Interval>);
static_assert(Scalar<Rational>);
static_assert(Scalar<Dirty> && !RigorousScalar<Dirty>);  // Dirty has no certified endpoints

TEST_CASE("rational scalar: rational operations are exact") {
  const Prec p(2);  // ignored: exact at any precision
  const Rational a = q(1, 3), b = q(-3, 4);
  Rational r;
  set(r, a, p);
  CHECK(r == a);
  add(r, a, b, p);
  CHECK(r == q(-5, 12));
  sub(r, a, b, p);
  CHECK(r == q(13, 12));
  mul(r, a, b, p);
  CHECK(r == q(-1, 4));
  r = q(1);
  addmul(r, a, b, p);
  CHECK(r == q(3, 4));
  div(r, a, b, p);
  CHECK(r == q(-4, 9));
  neg(r, a);
  CHECK(r == q(-1, 3));
  pow_int(r, b, -3, p);
  CHECK(r == q(-64, 27));
  relu(r, b, p);
  CHECK(r == q(0));
  relu(r, a, p);
  CHECK(r == a);
  step(r, q(0), p);
  CHECK(r == q(1));
  step(r, b, p);
  CHECK(r == q(0));
  abs(r, b, p);
  CHECK(r == q(3, 4));
  min(r, a, b, p);
  CHECK(r == b);
  max(r, a, b, p);
  CHECK(r == a);
  hull(r, a, a, p);
  CHECK(r == a);
  CHECK(less(b, a) == Truth::True);
  CHECK(less(a, a) == Truth::False);
  CHECK(less_equal(a, a) == Truth::True);
  CHECK(equal(a, q(2, 6)) == Truth::True);
  CHECK(lower(a) == a);
  CHECK(upper(a) == a);
}

TEST_CASE("rational scalar: operations without an exact rational result throw") {
  const Prec p(64);
  const Rational a = q(1, 2);
  Rational r;
  CHECK_THROWS_AS(set_pi(r, p), NotExactError);
  // In the engine's terms: no command's option is named (the message is shared by every caller).
  CHECK_THROWS_WITH_AS(sqrt(r, a, p), "sqrt has no exact rational result; evaluate with balls", NotExactError);
  CHECK_THROWS_AS(div(r, a, q(0), p), NotExactError);
  CHECK_THROWS_AS(pow_int(r, q(0), -1, p), NotExactError);
  using Unary = void (*)(Rational&, const Rational&, Prec);
  for (Unary f : std::initializer_list<Unary>{exp, log, sqrt, sin, cos, tan, atan, tanh, sigmoid})
    CHECK_THROWS_AS(f(r, a, p), NotExactError);
  CHECK_THROWS_AS(hull(r, a, q(1, 3), p), std::logic_error);
}
