// Condition numbers: kappa_inf against the exact product of inf-norms of the closed-form Hilbert
// inverse (Rational), kappa_2 against closed forms (the 2x2 Hilbert matrix, H D H with a rational
// Householder H, whose singular values are |d_i|), two precisions, and singular inputs.
#include <doctest/doctest.h>

#include "linalg/condition.hpp"
#include "linalg_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

Rational row_sum_norm(const Rows& a) {
  Rational best = 0;
  for (const auto& row : a) {
    Rational s = 0;
    for (const auto& x : row) s += abs(x);
    best = max(best, s);
  }
  return best;
}

}  // namespace

TEST_CASE("condition: kappa_inf of Hilbert matrices n = 2..10 contains ||H|| ||H^-1|| from the closed form") {
  for (long n = 2; n <= 10; ++n) {
    const Rational exact = row_sum_norm(hilbert_rows(n)) * row_sum_norm(hilbert_inverse_rows(n));
    const std::optional<Rational> via_flint = condition_number_inf(ExactMatrix::from_rows(hilbert_rows(n)));
    REQUIRE(via_flint.has_value());
    CHECK(*via_flint == exact);
    Ball k128, k256;
    condition_number_inf(k128, ball_matrix(hilbert_rows(n), 128), Prec(128));
    condition_number_inf(k256, ball_matrix(hilbert_rows(n), 256), Prec(256));
    CHECK(ball_contains(k128, exact));
    CHECK(ball_contains(k256, exact));
    CHECK(balls_overlap(k128, k256));
  }
}

TEST_CASE("condition: kappa_2 of the 2x2 Hilbert matrix is (4 + sqrt 13) / (4 - sqrt 13)") {
  const Prec p(512);
  Ball s13, num, den, four, ref;
  set(s13, Rational(13), p);
  sqrt(s13, s13, p);
  set(four, Rational(4), p);
  add(num, four, s13, p);
  sub(den, four, s13, p);
  div(ref, num, den, p);
  for (long bits : {64L, 128L}) {
    Ball k;
    condition_number_2(k, ball_matrix(hilbert_rows(2), bits), Prec(bits));
    CHECK(arb_contains(k.arb(), ref.arb()));
  }
}

TEST_CASE("condition: kappa_2 of H D H is max|d| / min|d|, and kappa_2 <= n kappa_inf") {
  Rng rng(501);
  const std::vector<std::vector<Rational>> spectra = {{q(3), q(-1, 2), q(2)}, {q(-7), q(1, 10), q(5), q(5)}};
  for (const auto& d : spectra) {
    const long n = static_cast<long>(d.size());
    std::vector<Rational> v = random_rows(rng, 1, n)[0];
    v[0] = 2;
    Rational vv = 0;
    for (const auto& x : v) vv += x * x;
    Rows h = identity_rows(n), diag(n, std::vector<Rational>(n, Rational(0)));
    for (long i = 0; i < n; ++i) {
      diag[i][i] = d[i];
      for (long j = 0; j < n; ++j) h[i][j] -= Rational(2) * v[i] * v[j] / vv;
    }
    const Rows a = product_rows(product_rows(h, diag), h);
    Rational big = 0, small = abs(d[0]);
    for (const auto& x : d) {
      big = max(big, abs(x));
      small = min(small, abs(x));
    }
    Ball k2, kinf;
    condition_number_2(k2, ball_matrix(a, 128), Prec(128));
    CHECK(ball_contains(k2, big / small));
    condition_number_inf(kinf, ball_matrix(a, 128), Prec(128));
    CHECK(upper(k2) <= upper(kinf) * Rational(n));
  }
}

TEST_CASE("condition: singular matrices give indeterminate results and nullopt, empty and non-square are rejected") {
  const Rows s = {{q(1), q(2)}, {q(2), q(4)}};
  Ball k;
  condition_number_2(k, ball_matrix(s, 64), Prec(64));
  CHECK_FALSE(is_finite(k));
  condition_number_inf(k, ball_matrix(s, 64), Prec(64));
  CHECK_FALSE(is_finite(k));
  CHECK_FALSE(condition_number_inf(ExactMatrix::from_rows(s)).has_value());
  CHECK_THROWS_WITH_AS(condition_number_2(k, BallMatrix(0, 0), Prec(64)),
                       "condition_number_2: the matrix is empty (0x0)", std::invalid_argument);
  CHECK_THROWS_AS(condition_number_inf(k, BallMatrix(2, 3), Prec(64)), std::invalid_argument);
}
