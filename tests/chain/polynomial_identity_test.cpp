// Polynomial identity by exact evaluation on a tensor grid with a certified degree bound.
// References: hand-expanded polynomials evaluated in exact rational arithmetic at the recorded
// counterexample point.
#include <doctest/doctest.h>

#include "chain/polynomial_identity.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Program square_of_sum() {  // (x + y)^2
  Program p(2);
  p.add_output(p.pow_int(p.binary(Op::Add, p.input(0), p.input(1)), 2));
  return p;
}

Program expanded(const Rational& cross) {  // x^2 + cross*xy + y^2
  Program p(2);
  const NodeId x = p.input(0), y = p.input(1);
  const NodeId terms[] = {p.pow_int(x, 2), p.binary(Op::Mul, x, y), p.pow_int(y, 2)};
  const Rational weights[] = {1, cross, 1};
  p.add_output(p.affine(terms, weights, Rational(0)));
  return p;
}

const Side& reported(const Outcome& o, const std::string& name) {
  for (const auto& [n, s] : o.reported)
    if (n == name) return s;
  FAIL("not reported: " << name);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("polynomial_identity: (x+y)^2 = x^2 + 2xy + y^2 is proved on the 3 x 3 grid") {
  const Outcome o = polynomial_identity(square_of_sum(), expanded(2));
  CHECK(decide(Relation::Equal, o.lhs.value, o.rhs.value) == Verdict::Proved);
  REQUIRE(o.for_all.has_value());
  CHECK(o.for_all->points == 9);
  CHECK(o.for_all->proved == 9);
  CHECK(reported(o, "degree bound x0").value == Enclosure::exact(2));
  CHECK(reported(o, "degree bound x1").value == Enclosure::exact(2));
  CHECK(reported(o, "grid points").value == Enclosure::exact(9));
}

TEST_CASE("polynomial_identity: a one-coefficient change is refuted at a certified counterexample point") {
  for (const Rational& cross : {Rational(3), Rational(1), Rational(2) + Rational(1) / Rational(1000)}) {
    CAPTURE(cross.to_string());
    const Outcome o = polynomial_identity(square_of_sum(), expanded(cross));
    CHECK(decide(Relation::Equal, o.lhs.value, o.rhs.value) == Verdict::Refuted);
    REQUIRE(o.at.coordinates.size() == 2);
    const Rational x = o.at.coordinates[0].second, y = o.at.coordinates[1].second;
    // Independent: (x+y)^2 - (x^2 + c xy + y^2) = (2 - c) xy, nonzero exactly when xy != 0.
    CHECK(x * y != Rational(0));
    CHECK(o.lhs.value == Enclosure::exact((x + y) * (x + y)));
    CHECK(o.rhs.value == Enclosure::exact(x * x + cross * x * y + y * y));
  }
}

TEST_CASE("polynomial_identity: non-polynomial programs and mismatched shapes are refused") {
  Program e(1);
  e.add_output(e.unary(Op::Exp, e.input(0)));
  Program x(1);
  x.add_output(x.input(0));
  CHECK_THROWS_WITH_AS(polynomial_identity(e, x), doctest::Contains("not a polynomial operation"), InputError);
  CHECK_THROWS_AS(polynomial_identity(square_of_sum(), x), InputError);
  Program huge(3);  // degree 200 in each of 3 variables: 201^3 > 10^6 grid points
  huge.add_output(
      huge.pow_int(huge.binary(Op::Mul, huge.binary(Op::Mul, huge.input(0), huge.input(1)), huge.input(2)), 200));
  CHECK_THROWS_WITH_AS(polynomial_identity(huge, huge), doctest::Contains("grid needs more than"), InputError);
}
