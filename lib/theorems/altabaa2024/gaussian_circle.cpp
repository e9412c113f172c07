#include "theorems/altabaa2024/gaussian_circle.hpp"

#include "scalar/bessel.hpp"

namespace approxcert::theorems::altabaa2024 {

Ball circle_eigenvalue(const Rational& z, std::uint64_t m, Prec p) {
  Ball zb, r, e;
  set(zb, z, p);
  bessel_i(r, m, zb, p);
  neg(e, zb);
  exp(e, e, p);
  mul(r, r, e, p);
  return r;
}

Ball circle_tail(const Rational& z, std::uint64_t M, Prec p) {
  Ball t, two;
  set(t, Rational(1), p);
  set(two, Rational(2), p);
  sub(t, t, circle_eigenvalue(z, 0, p), p);
  for (std::uint64_t m = 1; m <= M; ++m) {
    Ball l = circle_eigenvalue(z, m, p);
    mul(l, l, two, p);
    sub(t, t, l, p);
  }
  return t;
}

}  // namespace approxcert::theorems::altabaa2024
