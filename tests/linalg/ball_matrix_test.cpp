// BallMatrix (Arb arb_mat) with the four oracles: two precisions overlap, exact references are
// contained (fmpq_mat determinants checked against cofactor expansions, the closed-form Hilbert
// inverse), identities hold (det(AB) = det(A)det(B), A A^-1 = I), and exact random matrices
// inside a matrix of balls have their exact results contained.
#include <doctest/doctest.h>

#include "linalg_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// A matrix of balls around m: entry (i, j) is [m_ij - w, m_ij + w], w = 2^-e; returns also an
// exact random matrix inside it.
BallMatrix widened(Rows& inside, const Rows& m, long e, Rng& rng, Prec p) {
  BallMatrix r(static_cast<long>(m.size()), static_cast<long>(m[0].size()));
  inside = m;
  Ball b;
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j) {
      const Rational lo = m[i][j] - pow2(-e), hi = m[i][j] + pow2(-e);
      set_interval(b, lo, hi, p);
      r.set(static_cast<long>(i), static_cast<long>(j), b);
      inside[i][j] = rng.in(lo, hi);
    }
  return r;
}

}  // namespace

TEST_CASE("ball matrix: products, sums and transposes contain the exact results") {
  Rng rng(201);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(1, 5), k = rng.integer(1, 5), m = rng.integer(1, 5);
    const Rows a = random_rows(rng, n, k), b = random_rows(rng, k, m);
    BallMatrix P, T, S;
    mul(P, ball_matrix(a, 64), ball_matrix(b, 64), Prec(64));
    CHECK(matrix_contains(P, product_rows(a, b)));
    transpose(T, ball_matrix(a, 64));
    CHECK(matrix_contains(T, transpose_rows(a)));
    add(S, ball_matrix(a, 64), ball_matrix(a, 64), Prec(64));
    CHECK(matrix_contains(S, scale(ExactMatrix::from_rows(a), Rational(2)).to_rows()));
    BallMatrix I;
    set_identity(I, n);
    mul(P, I, ball_matrix(a, 64), Prec(64));
    CHECK(matrix_contains(P, a));
  }
}

TEST_CASE("ball matrix: determinants contain the exact determinant (cofactor expansion) at 64 and 256 bits") {
  Rng rng(202);
  for (int trial = 0; trial < 40; ++trial) {
    const long n = rng.integer(1, 6);
    const Rows a = random_rows(rng, n, n);
    const Rational exact = cofactor_det(a);
    REQUIRE(det(ExactMatrix::from_rows(a)) == exact);  // fmpq_mat agrees with the cofactor expansion
    Ball lo, hi;
    det(lo, ball_matrix(a, 64), Prec(64));
    det(hi, ball_matrix(a, 256), Prec(256));
    CHECK(ball_contains(lo, exact));
    CHECK(ball_contains(hi, exact));
    CHECK(balls_overlap(lo, hi));  // two precisions agree
  }
}

TEST_CASE("ball matrix: det(AB) and det(A) det(B) overlap, A A^-1 contains I") {
  Rng rng(203);
  const Prec p(128);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(1, 6);
    const BallMatrix A = ball_matrix(random_rows(rng, n, n), 128), B = ball_matrix(random_rows(rng, n, n), 128);
    BallMatrix AB, inv, prod;
    Ball dab, da, db, dadb;
    mul(AB, A, B, p);
    det(dab, AB, p);
    det(da, A, p);
    det(db, B, p);
    mul(dadb, da, db, p);
    CHECK(balls_overlap(dab, dadb));
    if (inverse(inv, A, p) == Truth::True) {
      mul(prod, A, inv, p);
      CHECK(matrix_contains(prod, identity_rows(n)));
    }
  }
}

TEST_CASE("ball matrix: random exact matrices inside balls have their det, inverse and solution contained") {
  Rng rng(204);
  const Prec p(64);
  for (int trial = 0; trial < 40; ++trial) {
    const long n = rng.integer(1, 5);
    const Rows m = random_rows(rng, n, n);
    Rows inside;
    const BallMatrix A = widened(inside, m, 20, rng, p);
    Ball d;
    det(d, A, p);
    CHECK(ball_contains(d, cofactor_det(inside)));
    BallMatrix inv, x;
    const Rows b = random_rows(rng, n, 2);
    const Truth t_inv = inverse(inv, A, p);
    const Truth t_solve = solve(x, A, ball_matrix(b, 64), p);
    const std::optional<ExactMatrix> exact_inv = inverse(ExactMatrix::from_rows(inside));
    if (t_inv == Truth::True) {
      REQUIRE(exact_inv.has_value());  // certified invertible: every matrix inside is invertible
      CHECK(matrix_contains(inv, exact_inv->to_rows()));
    }
    if (t_solve == Truth::True) {
      const std::optional<ExactMatrix> X = solve(ExactMatrix::from_rows(inside), ExactMatrix::from_rows(b));
      REQUIRE(X.has_value());
      CHECK(matrix_contains(x, X->to_rows()));
    }
    if (t_inv == Truth::False) CHECK_FALSE(exact_inv.has_value());
  }
}

TEST_CASE("ball matrix: the Hilbert inverse encloses the closed form (n = 2..10) and both precisions overlap") {
  for (long n = 2; n <= 10; ++n) {
    const Rows h = hilbert_rows(n), exact = hilbert_inverse_rows(n);
    BallMatrix inv_lo, inv_hi, x;
    // 10x10 Hilbert has condition ~1.6e13: 64 bits may not certify; 128 and 256 must.
    const Truth t64 = inverse(inv_lo, ball_matrix(h, 64), Prec(64));
    if (t64 == Truth::True) CHECK(matrix_contains(inv_lo, exact));
    CHECK(t64 != Truth::False);
    REQUIRE(inverse(inv_hi, ball_matrix(h, 256), Prec(256)) == Truth::True);
    CHECK(matrix_contains(inv_hi, exact));
    REQUIRE(solve(x, ball_matrix(h, 256), ball_matrix(identity_rows(n), 256), Prec(256)) == Truth::True);
    CHECK(matrix_contains(x, exact));
    BallMatrix inv128;
    REQUIRE(inverse(inv128, ball_matrix(h, 128), Prec(128)) == Truth::True);
    CHECK(matrix_contains(inv128, exact));
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < n; ++j) CHECK(balls_overlap(inv128.at(i, j), inv_hi.at(i, j)));
    // The inverse at 256 bits is tight: its entries are integers known to far more than 1 unit.
    CHECK(upper(inv_hi.at(n - 1, n - 1)) - lower(inv_hi.at(n - 1, n - 1)) < q(1, 1000));
  }
}

TEST_CASE("ball matrix: singular matrices: exactly singular is False, nearly singular balls are Unknown") {
  const Prec p(64);
  BallMatrix r;
  const BallMatrix exact_singular = ball_matrix({{q(1), q(2)}, {q(2), q(4)}}, 64);
  CHECK(inverse(r, exact_singular, p) == Truth::False);
  CHECK_FALSE(is_finite(r));
  CHECK(solve(r, exact_singular, ball_matrix({{q(1)}, {q(1)}}, 64), p) == Truth::False);
  BallMatrix wide = ball_matrix({{q(1), q(2)}, {q(2), q(4)}}, 64);
  Ball b;
  set_interval(b, q(3), q(5), p);  // contains 4 (singular) and 5 (invertible)
  wide.set(1, 1, b);
  CHECK(inverse(r, wide, p) == Truth::Unknown);
  CHECK_FALSE(is_finite(r));
}

TEST_CASE("ball matrix: bilinear forms and inf-norm contain the exact values") {
  Rng rng(205);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(1, 5), m = rng.integer(1, 5);
    const Rows a = random_rows(rng, n, m);
    const std::vector<Rational> x = random_rows(rng, 1, n)[0], y = random_rows(rng, 1, m)[0];
    Rational expect = 0;
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < m; ++j) expect += x[i] * a[i][j] * y[j];
    Ball r, norm;
    bilinear_form(r, x, ball_matrix(a, 64), y, Prec(64));
    CHECK(ball_contains(r, expect));
    Rational best = 0;
    for (const auto& row : a) {
      Rational s = 0;
      for (const auto& v : row) s += abs(v);
      best = max(best, s);
    }
    norm_inf(norm, ball_matrix(a, 64), Prec(64));
    CHECK(ball_contains(norm, best));
  }
}

TEST_CASE("ball matrix: midpoints, containment, symmetry check and bad dimensions") {
  const Rows a = {{q(1, 3), q(2)}, {q(2), q(-5)}};
  const BallMatrix A = ball_matrix(a, 64);
  CHECK(contains(A, ExactMatrix::from_rows(a)));
  CHECK_NOTHROW(require_symmetric("op", A));
  CHECK(midpoints(ball_matrix({{q(3, 4)}}, 64)).at(0, 0) == q(3, 4));
  const BallMatrix N = ball_matrix({{q(1), q(2)}, {q(3), q(4)}}, 64);
  CHECK_THROWS_WITH_AS(require_symmetric("op", N), "op: the matrix is not symmetric (entries (1, 0) and (0, 1) differ)",
                       std::invalid_argument);
  BallMatrix r;
  Ball d;
  const BallMatrix R(2, 3);
  CHECK_THROWS_WITH_AS(det(d, R, Prec(64)), "det: the matrix is 2x3, not square", std::invalid_argument);
  CHECK_THROWS_WITH_AS(mul(r, R, R, Prec(64)), "mul: cannot multiply 2x3 by 2x3", std::invalid_argument);
  CHECK_THROWS_AS(add(r, R, A, Prec(64)), std::invalid_argument);
  CHECK_THROWS_AS(inverse(r, R, Prec(64)), std::invalid_argument);
  CHECK_THROWS_AS(solve(r, A, BallMatrix(3, 1), Prec(64)), std::invalid_argument);
  CHECK_THROWS_AS(set(r, Rows{{q(1)}, {q(1), q(2)}}, Prec(64)), std::invalid_argument);
  CHECK_THROWS_AS(BallMatrix(1L << 30, 2), std::invalid_argument);
  CHECK_THROWS_AS(A.at(0, 2), std::out_of_range);
}
