#pragma once
// The closed-form constants of the construction (spec §2.3, §2.5, §2.6), enclosed with any
// rigorous scalar S at precision p from the exact instance data. Formulas only: every value is one
// of the spec's displayed expressions, evaluated with enclosure-preserving operations.
#include "scalar/scalar.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

template <class S>
S exact_value(const Rational& q, Prec p) {
  S r;
  set(r, q, p);
  return r;
}

template <class S>
struct Constants {
  S eps, rmin, rmax, c, Delta, kappa, lambda, gamma, kappa_B, R_star, delta_R, delta_P, delta_P8, log_n;
};

// kappa_B(Delta) of Lemma B (spec §2.5): with E = e^-Delta, sigma_1 = E/(1-E) + E/(1-E)^2,
// (1-E)^2 [1 - sigma_1 - E/(1-E)^3 - sigma_1 E/(1-E) - (1+sigma_1) E^2/(1-E)].
template <class S>
S kappa_B(const S& Delta, Prec p) {
  S E, one, omE, t, t2, sigma1, br, r;
  one = exact_value<S>(Rational(1), p);
  neg(E, Delta);
  exp(E, E, p);
  sub(omE, one, E, p);
  div(sigma1, E, omE, p);
  pow_int(t, omE, 2, p);
  div(t, E, t, p);
  add(sigma1, sigma1, t, p);
  sub(br, one, sigma1, p);
  pow_int(t, omE, 3, p);
  div(t, E, t, p);
  sub(br, br, t, p);
  mul(t, sigma1, E, p);
  div(t, t, omE, p);
  sub(br, br, t, p);
  add(t, one, sigma1, p);
  pow_int(t2, E, 2, p);
  mul(t, t, t2, p);
  div(t, t, omE, p);
  sub(br, br, t, p);
  pow_int(t, omE, 2, p);
  mul(r, t, br, p);
  return r;
}

template <class S>
Constants<S> constants(const Instance& inst, const Projection& pr, Prec p) {
  Constants<S> k;
  S t, t2, pi;
  const Rational V1 = Rational(static_cast<long>(inst.vocabulary_size() + 1));
  const Rational dd = Rational(static_cast<long>(inst.d));
  set_pi(pi, p);
  k.eps = exact_value<S>(inst.eps(), p);
  sqrt(k.rmin, exact_value<S>(inst.rmin2, p), p);
  sqrt(k.rmax, exact_value<S>(inst.rmax2, p), p);
  // c = sqrt(8 / (pi d)) / (|V|+1)^2
  mul(t, pi, exact_value<S>(dd, p), p);
  div(t, exact_value<S>(Rational(8), p), t, p);
  sqrt(t, t, p);
  div(k.c, t, exact_value<S>(V1 * V1, p), p);
  log(k.log_n, exact_value<S>(Rational(static_cast<long>(inst.n)), p), p);
  mul(k.Delta, k.log_n, exact_value<S>(Rational(2), p), p);
  add(k.Delta, k.Delta, exact_value<S>(Rational(3), p), p);
  // lambda = Delta * kappa; paper: kappa = (|V|+1)^4 pi d / (8 eps r_min); instance: 1 / (g_min a_min)
  if (inst.paper_lambda) {
    mul(t, pi, exact_value<S>(pow_int(V1, 4) * dd / (Rational(8) * inst.eps()), p), p);
    div(k.kappa, t, k.rmin, p);
  } else {
    k.kappa = exact_value<S>(Rational(1) / (pr.g_min * pr.a_min), p);
  }
  mul(k.lambda, k.Delta, k.kappa, p);
  // gamma = eps / (4 r_max)
  mul(t, k.rmax, exact_value<S>(Rational(4), p), p);
  div(k.gamma, k.eps, t, p);
  k.kappa_B = kappa_B(k.Delta, p);
  // R* = 2 lambda r_max^2
  mul(k.R_star, k.lambda, exact_value<S>(Rational(2) * inst.rmax2, p), p);
  S e_minus_R, four_lambda_r2;
  neg(e_minus_R, k.R_star);
  exp(e_minus_R, e_minus_R, p);
  mul(four_lambda_r2, k.lambda, exact_value<S>(Rational(4) * inst.rmax2, p), p);
  // delta_R = min(eps/2, eps kappa_B Delta e^Delta / (4 lambda r_max^2) e^{-R*})
  exp(t, k.Delta, p);
  mul(t, t, k.Delta, p);
  mul(t, t, k.kappa_B, p);
  mul(t, t, k.eps, p);
  div(t, t, four_lambda_r2, p);
  mul(t, t, e_minus_R, p);
  min(k.delta_R, t, exact_value<S>(inst.eps() / Rational(2), p), p);
  // delta_P = eps (ln n)^2 / (4 lambda r_max^2) e^{-R*}  (eq. (8) rewritten)
  pow_int(t, k.log_n, 2, p);
  mul(t, t, k.eps, p);
  div(t, t, four_lambda_r2, p);
  mul(k.delta_P, t, e_minus_R, p);
  // eq. (8) as printed: 2 (ln n)^2 eps^2 r_min / (r_max^2 (|V|+1)^4 (2 ln n + 3) pi d)
  //                     * exp(-(|V|+1)^4 (2 ln n + 3) pi d r_max^2 / (4 eps r_min))
  S A;  // (|V|+1)^4 (2 ln n + 3) pi d
  mul(A, k.Delta, pi, p);
  mul(A, A, exact_value<S>(pow_int(V1, 4) * dd, p), p);
  pow_int(t, k.log_n, 2, p);
  mul(t, t, exact_value<S>(Rational(2) * inst.eps() * inst.eps(), p), p);
  mul(t, t, k.rmin, p);
  mul(t2, A, exact_value<S>(inst.rmax2, p), p);
  div(t, t, t2, p);
  mul(t2, exact_value<S>(Rational(4) * inst.eps(), p), k.rmin, p);
  div(t2, exact_value<S>(inst.rmax2, p), t2, p);
  mul(t2, t2, A, p);
  neg(t2, t2);
  exp(t2, t2, p);
  mul(k.delta_P8, t, t2, p);
  return k;
}

}  // namespace approxcert::theorems::kajitsuka2024
