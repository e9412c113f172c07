// exp_partial_sum and exp_tail_bound against independent references: the exact rational partial
// sum, and the exact next Taylor term, which bounds the true tail from below for z > 0 (so the
// Lagrange bound must lie above it), with MPFR exp at 512 bits for the true tail.
#include <doctest/doctest.h>

#include "scalar/exp_series.hpp"
#include "scalar_test_support.hpp"

namespace approxcert::testing {

namespace {

Rational exact_partial_sum(const Rational& z, long N) {
  Rational s(0), term(1);
  for (long n = 0; n <= N; ++n) {
    if (n > 0) term = term * z / Rational(n);
    s += term;
  }
  return s;
}

template <class S>
void check_partial_sum(const Rational& z, long N, long bits) {
  S zs, r;
  set(zs, z, Prec(bits));
  exp_partial_sum(r, zs, N, Prec(bits));
  const Rational ref = exact_partial_sum(z, N);
  CHECK(lower(r) <= ref);
  CHECK(ref <= upper(r));
}

}  // namespace

TEST_CASE("exp_partial_sum contains the exact rational partial sum (Ball and Interval)") {
  for (const Rational& z : {q(3, 7), q(-5, 3), q(0), q(12, 5)})
    for (long N : {0L, 1L, 4L, 16L}) {
      check_partial_sum<Ball>(z, N, 64);
      check_partial_sum<Ball>(z, N, 200);
      check_partial_sum<Interval>(z, N, 64);
    }
}

TEST_CASE("exp_tail_bound bounds |e^z - S_N| (MPFR exp at 512 bits) and is at least the next term") {
  for (const Rational& z : {q(1, 2), q(3, 2), q(-3, 2), q(1, 1024)})
    for (long N = 0; N <= 16; ++N) {
      Ball zs, bound;
      set(zs, z, Prec(128));
      exp_tail_bound(bound, zs, N, Prec(128));
      const Bracket e = mpfr_bracket(mpfr_exp, z, 512);
      const Rational S = exact_partial_sum(z, N);
      const Rational tail_hi = max(abs(e.hi - S), abs(e.lo - S));
      CHECK(tail_hi <= lower(bound));
      // |z|^{N+1}/(N+1)! <= bound, exactly.
      Rational next = pow_int(abs(z), N + 1);
      for (long k = 2; k <= N + 1; ++k) next = next / Rational(k);
      CHECK(next <= lower(bound));
    }
}

}  // namespace approxcert::testing
