#pragma once
// The Scalar concept: what the generic evaluator needs of a number type. Ball (Arb) and Interval
// (MPFI) are rigorous enclosures; Rational is exact but supports only rational operations; Dirty
// is plain double and NON-RIGOROUS. Operations are free functions, output first, precision last.
#include <concepts>

#include "ball.hpp"
#include "dirty.hpp"
#include "interval.hpp"
#include "prec.hpp"
#include "rational.hpp"
#include "rational_scalar.hpp"
#include "truth.hpp"

namespace approxcert {

template <class S>
concept Scalar = std::default_initializable<S> && std::copyable<S> &&
    requires(S& r, const S& a, const S& b, const Rational& q, Prec p, long n) {
  set(r, q, p);
  set_pi(r, p);
  add(r, a, b, p);
  sub(r, a, b, p);
  mul(r, a, b, p);
  addmul(r, a, b, p);
  div(r, a, b, p);
  neg(r, a);
  pow_int(r, a, n, p);
  exp(r, a, p);
  log(r, a, p);
  expm1(r, a, p);
  log1p(r, a, p);
  log2(r, a, p);
  log10(r, a, p);
  asin(r, a, p);
  acos(r, a, p);
  sinh(r, a, p);
  cosh(r, a, p);
  asinh(r, a, p);
  acosh(r, a, p);
  atanh(r, a, p);
  erf(r, a, p);
  erfc(r, a, p);
  pow(r, a, b, p);
  sqrt(r, a, p);
  sin(r, a, p);
  cos(r, a, p);
  tan(r, a, p);
  atan(r, a, p);
  tanh(r, a, p);
  sigmoid(r, a, p);
  relu(r, a, p);
  step(r, a, p);
  abs(r, a, p);
  min(r, a, b, p);
  max(r, a, b, p);
  hull(r, a, b, p);
  { less(a, b) } -> std::same_as<Truth>;
  { less_equal(a, b) } -> std::same_as<Truth>;
  { equal(a, b) } -> std::same_as<Truth>;
  { is_finite(a) } -> std::same_as<bool>;
  { dirty_mid(a) } -> std::same_as<double>;
};

// A Scalar whose values are certified enclosures with exact endpoints.
template <class S>
concept RigorousScalar = Scalar<S> && requires(const S& a) {
  { lower(a) } -> std::same_as<Rational>;
  { upper(a) } -> std::same_as<Rational>;
};

}  // namespace approxcert
