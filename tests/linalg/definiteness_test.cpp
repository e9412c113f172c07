// Definiteness certificates: random SPD matrices B^T B + I are certified with pivots that contain
// the exact LDL^T pivots (hand-written elimination in Rational); a copy pushed indefinite along an
// exact vector is certified indefinite and not positive definite; quadratic forms contain the
// exact value; Hilbert matrices are positive definite.
#include <doctest/doctest.h>

#include "linalg/definiteness.hpp"
#include "linalg_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// K - s c c^T with s = 2 c^T K c / (c^T c)^2, so that c^T (K - s c c^T) c = -c^T K c < 0.
Rows pushed_indefinite(const Rows& k, const std::vector<Rational>& c) {
  const long n = static_cast<long>(k.size());
  Rational ckc = 0, cc = 0;
  for (long i = 0; i < n; ++i) {
    cc += c[i] * c[i];
    for (long j = 0; j < n; ++j) ckc += c[i] * k[i][j] * c[j];
  }
  const Rational s = Rational(2) * ckc / (cc * cc);
  Rows r = k;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) r[i][j] -= s * c[i] * c[j];
  return r;
}

Rational form(const Rows& k, const std::vector<Rational>& c) {
  Rational s = 0;
  for (std::size_t i = 0; i < k.size(); ++i)
    for (std::size_t j = 0; j < k.size(); ++j) s += c[i] * k[i][j] * c[j];
  return s;
}

}  // namespace

TEST_CASE("definiteness: random SPD matrices are certified, pivots contain the exact pivots at two precisions") {
  Rng rng(301);
  for (int trial = 0; trial < 25; ++trial) {
    const long n = rng.integer(1, 8);
    const Rows k = random_spd_rows(rng, n);
    const std::vector<Rational> exact = ldl_pivots(k);
    std::vector<Ball> p64, p256;
    CHECK(positive_definite(p64, ball_matrix(k, 64), Prec(64)) == Truth::True);
    CHECK(positive_definite(p256, ball_matrix(k, 256), Prec(256)) == Truth::True);
    REQUIRE(p64.size() == static_cast<std::size_t>(n));
    for (long i = 0; i < n; ++i) {
      CHECK(ball_contains(p64[i], exact[i]));
      CHECK(ball_contains(p256[i], exact[i]));
      CHECK(balls_overlap(p64[i], p256[i]));
    }
    std::vector<Rational> pe;
    CHECK(positive_definite(pe, ExactMatrix::from_rows(k)) == Truth::True);
    CHECK(pe == exact);
    // Identity: the product of the pivots is det K.
    Rational prod = 1;
    for (const auto& d : exact) prod *= d;
    if (n <= 6) CHECK(prod == cofactor_det(k));
  }
}

TEST_CASE("definiteness: a copy pushed indefinite along c is certified indefinite and not positive definite") {
  Rng rng(302);
  for (int trial = 0; trial < 25; ++trial) {
    const long n = rng.integer(2, 8);
    const Rows k = random_spd_rows(rng, n);
    std::vector<Rational> c = random_rows(rng, 1, n)[0];
    if (c[0].sign() == 0 && c[1].sign() == 0) c[0] = 1;
    std::vector<Rational> orth(n, Rational(0));  // orthogonal to c, so orth^T K' orth = orth^T K orth > 0
    orth[0] = c[1];
    orth[1] = -c[0];
    const Rows bad = pushed_indefinite(k, c);
    REQUIRE(form(bad, c).sign() < 0);
    REQUIRE(form(bad, orth).sign() > 0);
    Ball qn, qp;
    CHECK(indefinite(qn, qp, c, orth, ball_matrix(bad, 128), Prec(128)) == Truth::True);
    CHECK(ball_contains(qn, form(bad, c)));
    CHECK(ball_contains(qp, form(bad, orth)));
    std::vector<Ball> pivots;
    CHECK(positive_definite(pivots, ball_matrix(bad, 128), Prec(128)) == Truth::False);
    const std::vector<Rational> exact = ldl_pivots(bad);
    for (std::size_t i = 0; i < exact.size(); ++i)
      if (is_finite(pivots[i])) CHECK(ball_contains(pivots[i], exact[i]));
    std::vector<Rational> pe;
    CHECK(positive_definite(pe, ExactMatrix::from_rows(bad)) == Truth::False);
    CHECK(pe == exact);
    // The SPD original is certified definite, so indefiniteness is refuted whatever the vectors.
    CHECK(indefinite(qn, qp, c, orth, ball_matrix(k, 128), Prec(128)) == Truth::False);
  }
}

TEST_CASE("definiteness: Hilbert matrices n = 2..10 are positive definite, pivots contain the exact ones") {
  for (long n = 2; n <= 10; ++n) {
    const Rows h = hilbert_rows(n);
    const std::vector<Rational> exact = ldl_pivots(h);
    std::vector<Ball> pivots;
    REQUIRE(positive_definite(pivots, ball_matrix(h, 128), Prec(128)) == Truth::True);
    for (long i = 0; i < n; ++i) CHECK(ball_contains(pivots[i], exact[i]));
    // -H is negative definite: its first pivot is certainly negative.
    Rows minus = h;
    for (auto& row : minus)
      for (auto& x : row) x = -x;
    CHECK(positive_definite(pivots, ball_matrix(minus, 128), Prec(128)) == Truth::False);
  }
}

TEST_CASE("definiteness: undecided cases are Unknown, never True or False") {
  const Prec p(64);
  // [[1, 1], [1, t]] with t in [1 - 2^-10, 1 + 2^-10]: PD for t > 1, singular at 1, indefinite below.
  BallMatrix K = ball_matrix({{q(1), q(1)}, {q(1), q(1)}}, 64);
  Ball t;
  set_interval(t, q(1) - pow2(-10), q(1) + pow2(-10), p);
  K.set(1, 1, t);
  std::vector<Ball> pivots;
  CHECK(positive_definite(pivots, K, p) == Truth::Unknown);
  Ball qn, qp;
  CHECK(indefinite(qn, qp, {q(1), q(-1)}, {q(1), q(0)}, K, p) == Truth::Unknown);
  // Exactly singular PSD: not positive definite (pivot exactly 0), not certified indefinite.
  const Rows psd = {{q(1), q(1)}, {q(1), q(1)}};
  std::vector<Rational> pe;
  CHECK(positive_definite(pe, ExactMatrix::from_rows(psd)) == Truth::False);
  CHECK(pe == std::vector<Rational>{q(1), q(0)});
  CHECK(positive_definite(pivots, ball_matrix(psd, 64), p) == Truth::False);
}

TEST_CASE("definiteness: quadratic forms contain the exact value") {
  Rng rng(303);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(1, 6);
    const Rows k = random_rows(rng, n, n);
    const std::vector<Rational> c = random_rows(rng, 1, n)[0];
    Ball r;
    quadratic_form(r, c, ball_matrix(k, 64), Prec(64));
    CHECK(ball_contains(r, form(k, c)));
    CHECK(quadratic_form(c, ExactMatrix::from_rows(k)) == form(k, c));
  }
}

TEST_CASE("definiteness: bad input is rejected with a clear message") {
  const BallMatrix N = ball_matrix({{q(1), q(2)}, {q(3), q(4)}}, 64);
  std::vector<Ball> pivots;
  CHECK_THROWS_WITH_AS(positive_definite(pivots, N, Prec(64)),
                       "positive_definite: the matrix is not symmetric (entries (1, 0) and (0, 1) differ)",
                       std::invalid_argument);
  std::vector<Rational> pe;
  CHECK_THROWS_WITH_AS(positive_definite(pe, ExactMatrix(2, 3)), "positive_definite: the matrix is 2x3, not square",
                       std::invalid_argument);
  const BallMatrix S = ball_matrix({{q(1), q(0)}, {q(0), q(-1)}}, 64);
  Ball qn, qp;
  CHECK_THROWS_WITH_AS(indefinite(qn, qp, {q(0), q(0)}, {q(1), q(0)}, S, Prec(64)),
                       "indefinite: the negative witness is the zero vector", std::invalid_argument);
  CHECK_THROWS_WITH_AS(indefinite(qn, qp, {q(0), q(1)}, {q(1)}, S, Prec(64)),
                       "indefinite: the positive witness has 1 entries, the matrix is 2x2", std::invalid_argument);
  CHECK(indefinite(qn, qp, {q(0), q(1)}, {q(1), q(0)}, S, Prec(64)) == Truth::True);
}
