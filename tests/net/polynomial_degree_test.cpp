// The structural degree pass: bounds for hand-checked polynomials (reference: the degrees read off
// the expanded polynomials by hand), refusal of every non-polynomial op.
#include <doctest/doctest.h>

#include "net/polynomial_degree.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

TEST_CASE("polynomial_degree: bounds of hand-checked polynomials") {
  // x^3 y + 5 (dot with z: + z*z) -> degree (3, 1, 2), total 4.
  Program p(3);
  const NodeId x = p.input(0), y = p.input(1), z = p.input(2);
  const NodeId x3y = p.binary(Op::Mul, p.pow_int(x, 3), y);
  const NodeId five = p.constant(Rational(5));
  const NodeId a[] = {z}, b[] = {z};
  const NodeId zz = p.dot(a, b);
  const NodeId terms[] = {x3y, five, zz};
  const Rational w[] = {1, 1, -1};
  p.add_output(p.affine(terms, w, Rational(7)));
  const PolynomialDegree d = polynomial_degree(p);
  CHECK(d.per_variable == std::vector<std::uint64_t>{3, 1, 2});
  CHECK(d.total == 4);

  // Neg and Sub keep degrees; PowInt 0 is a constant.
  Program q(1);
  q.add_output(q.binary(Op::Sub, q.unary(Op::Neg, q.pow_int(q.input(0), 4)), q.pow_int(q.input(0), 0)));
  CHECK(polynomial_degree(q).per_variable == std::vector<std::uint64_t>{4});
  CHECK(polynomial_degree(q).total == 4);
}

TEST_CASE("polynomial_degree: an Affine operand with coefficient 0 adds nothing, a nonzero one does") {
  // 0 * x^5 + 2 y + 1 is 2 y + 1: degree (0, 1), total 1; with coefficient 1/3 on x^5: (5, 1), total 5.
  Program p(2);
  const NodeId x5 = p.pow_int(p.input(0), 5), y = p.input(1);
  const NodeId terms[] = {x5, y};
  const Rational zero_first[] = {0, 2}, third_first[] = {Rational(1) / Rational(3), 2};
  p.add_output(p.affine(terms, zero_first, Rational(1)));
  PolynomialDegree d = polynomial_degree(p);
  CHECK(d.per_variable == std::vector<std::uint64_t>{0, 1});
  CHECK(d.total == 1);
  p.set_outputs({p.affine(terms, third_first, Rational(1))});
  d = polynomial_degree(p);
  CHECK(d.per_variable == std::vector<std::uint64_t>{5, 1});
  CHECK(d.total == 5);
}

TEST_CASE("polynomial_degree: refuses exp, division, negative powers, pi and absurd degrees") {
  Program e(1);
  e.add_output(e.unary(Op::Exp, e.input(0)));
  CHECK_THROWS_WITH_AS(polynomial_degree(e), doctest::Contains("node 1 (exp) is not a polynomial operation"),
                       InputError);
  Program d(1);
  d.add_output(d.binary(Op::Div, d.input(0), d.input(0)));
  CHECK_THROWS_AS(polynomial_degree(d), InputError);
  Program n(1);
  n.add_output(n.pow_int(n.input(0), -1));
  CHECK_THROWS_WITH_AS(polynomial_degree(n), doctest::Contains("negative exponent"), InputError);
  Program pi(0);
  pi.add_output(pi.pi());
  CHECK_THROWS_AS(polynomial_degree(pi), InputError);
  Program big(1);
  big.add_output(big.pow_int(big.pow_int(big.input(0), 1000), 1001));
  CHECK_THROWS_WITH_AS(polynomial_degree(big), doctest::Contains("above the limit"), InputError);
}
