#pragma once
// The Taylor partial sums of exp and their Lagrange tail bound, for any rigorous scalar. Used where
// a claim is about a truncated exponential series itself (truncated feature maps of exp-kernels).
#include "scalar/scalar.hpp"

namespace approxcert {

// r contains S_N(z) = sum_{n=0}^{N} z^n / n! for every z in the enclosure z (N >= 0; exact
// rational arithmetic per term, one rounding per operation).
template <RigorousScalar S>
void exp_partial_sum(S& r, const S& z, long N, Prec p) {
  S term, nn;
  set(term, Rational(1), p);
  set(r, Rational(1), p);
  for (long n = 1; n <= N; ++n) {
    set(nn, Rational(n), p);
    mul(term, term, z, p);
    div(term, term, nn, p);
    add(r, r, term, p);
  }
}

// r contains the Lagrange bound |z|^{N+1} / (N+1)! * exp(|z|) >= |exp(z) - S_N(z)| for every z
// in the enclosure z (N >= 0).
template <RigorousScalar S>
void exp_tail_bound(S& r, const S& z, long N, Prec p) {
  S a, e, fact, nn;
  abs(a, z, p);
  pow_int(r, a, N + 1, p);
  set(fact, Rational(1), p);
  for (long n = 2; n <= N + 1; ++n) {
    set(nn, Rational(n), p);
    mul(fact, fact, nn, p);
  }
  div(r, r, fact, p);
  exp(e, a, p);
  mul(r, r, e, p);
}

}  // namespace approxcert
