// Symmetric eigenvalue enclosures against eigenvalues known in closed form, enclosed independently
// with the scalar layer at 512 bits: the tridiagonal (2, -1) matrix (2 - 2 cos(k pi / (n + 1))),
// exact similarity transforms H D H of diagonal matrices by rational Householder reflections
// (including repeated eigenvalues), the identities sum = trace, product = det, and exact points
// inside a ball matrix located by sign changes of their characteristic polynomial.
#include <doctest/doctest.h>

#include <algorithm>

#include "linalg/eigen.hpp"
#include "linalg_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

Rows tridiagonal(long n) {
  Rows t(n, std::vector<Rational>(n, Rational(0)));
  for (long i = 0; i < n; ++i) {
    t[i][i] = 2;
    if (i + 1 < n) t[i][i + 1] = t[i + 1][i] = -1;
  }
  return t;
}

// 2 - 2 cos(k pi / (n + 1)) with Ball at 512 bits (k = 1..n, increasing in k).
Ball tridiagonal_eigenvalue(long k, long n) {
  const Prec p(512);
  Ball pi, x, c, two, r;
  set_pi(pi, p);
  set(x, q(k, n + 1), p);
  mul(x, x, pi, p);
  cos(c, x, p);
  set(two, Rational(2), p);
  mul(c, c, two, p);
  sub(r, two, c, p);
  return r;
}

// Householder reflection H = I - 2 v v^T / (v^T v): exactly orthogonal and symmetric.
Rows householder(const std::vector<Rational>& v) {
  const long n = static_cast<long>(v.size());
  Rational vv = 0;
  for (const auto& x : v) vv += x * x;
  Rows h = identity_rows(n);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) h[i][j] -= Rational(2) * v[i] * v[j] / vv;
  return h;
}

Rows similar_to_diagonal(const std::vector<Rational>& d, const std::vector<Rational>& v) {
  Rows diag(d.size(), std::vector<Rational>(d.size(), Rational(0)));
  for (std::size_t i = 0; i < d.size(); ++i) diag[i][i] = d[i];
  const Rows h = householder(v);
  return product_rows(product_rows(h, diag), h);
}

// det(x I - a) by cofactor expansion.
Rational charpoly(const Rows& a, const Rational& x) {
  Rows m = a;
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m.size(); ++j) m[i][j] = (i == j ? x : Rational(0)) - a[i][j];
  return cofactor_det(m);
}

// outer contains the point that the (much tighter) reference inner encloses: outer contains inner,
// or outer is an exact point inside inner.
bool contains_ball(const Ball& outer, const Ball& inner) {
  return arb_contains(outer.arb(), inner.arb()) || (is_exact(outer) && arb_contains(inner.arb(), outer.arb()));
}

}  // namespace

TEST_CASE("eigen: tridiagonal (2, -1) matrices, n = 1..12, at 64 and 128 bits") {
  for (long n = 1; n <= 12; ++n) {
    std::vector<Ball> e64, e128;
    REQUIRE(symmetric_eigenvalues(e64, ball_matrix(tridiagonal(n), 64), Prec(64)));
    REQUIRE(symmetric_eigenvalues(e128, ball_matrix(tridiagonal(n), 128), Prec(128)));
    REQUIRE(e64.size() == static_cast<std::size_t>(n));
    for (long k = 1; k <= n; ++k) {
      const Ball ref = tridiagonal_eigenvalue(k, n);
      INFO("n = " << n << ", k = " << k << ": " << to_string(e64[k - 1]) << ", " << to_string(e128[k - 1]));
      CHECK(contains_ball(e64[k - 1], ref));
      CHECK(contains_ball(e128[k - 1], ref));
      CHECK(upper(e128[k - 1]) - lower(e128[k - 1]) < pow2(-60));  // tight, so the check means something
    }
  }
}

TEST_CASE("eigen: H D H with repeated and distinct eigenvalues, sum = trace and product = det") {
  Rng rng(401);
  const std::vector<std::vector<Rational>> spectra = {
      {q(3), q(1), q(1), q(-2)},
      {q(1), q(1), q(1)},
      {q(5, 2), q(-1, 3), q(0), q(7), q(7)},
      {q(4)},
      {q(1), q(1) + pow2(-100), q(3)}};  // a cluster closer than the enclosures' accuracy
  for (const auto& d : spectra) {
    for (int trial = 0; trial < 3; ++trial) {
      const long n = static_cast<long>(d.size());
      std::vector<Rational> v = random_rows(rng, 1, n)[0];
      v[0] += 1;  // nonzero
      if (v[0].sign() == 0) v[0] = 1;
      const Rows k = similar_to_diagonal(d, v);
      std::vector<Ball> e;
      REQUIRE(symmetric_eigenvalues(e, ball_matrix(k, 128), Prec(128)));
      std::vector<Rational> sorted = d;
      std::sort(sorted.begin(), sorted.end());
      Ball sum, prod;
      set(prod, Rational(1), Prec(128));
      for (long i = 0; i < n; ++i) {
        CHECK(ball_contains(e[i], sorted[i]));
        add(sum, sum, e[i], Prec(128));
        mul(prod, prod, e[i], Prec(128));
      }
      Rational trace = 0;
      for (long i = 0; i < n; ++i) trace += k[i][i];
      CHECK(ball_contains(sum, trace));
      CHECK(ball_contains(prod, det(ExactMatrix::from_rows(k))));
    }
  }
}

TEST_CASE("eigen: random exact symmetric matrices inside a ball matrix have eigenvalues in the enclosures") {
  Rng rng(402);
  const Prec p(64);
  for (int trial = 0; trial < 15; ++trial) {
    const long n = rng.integer(1, 4);
    // Diagonal spectrum 0, 3, 6, .. conjugated by H: well separated, so a 2^-20 ball keeps them apart.
    std::vector<Rational> d(n);
    for (long i = 0; i < n; ++i) d[i] = 3 * i;
    std::vector<Rational> v = random_rows(rng, 1, n)[0];
    v[0] = 1;
    const Rows center = similar_to_diagonal(d, v);
    BallMatrix K(n, n);
    Rows inside = center;
    Ball b;
    for (long i = 0; i < n; ++i)
      for (long j = 0; j <= i; ++j) {
        set_interval(b, center[i][j] - pow2(-20), center[i][j] + pow2(-20), p);
        K.set(i, j, b);
        K.set(j, i, b);
        inside[i][j] = inside[j][i] = rng.in(center[i][j] - pow2(-20), center[i][j] + pow2(-20));
      }
    std::vector<Ball> e;
    REQUIRE(symmetric_eigenvalues(e, K, p));
    // Exact reference: det(x I - inside) (cofactor expansion) changes sign across each enclosure,
    // so each of the n pairwise disjoint enclosures holds an eigenvalue of the point, in order.
    for (long i = 0; i < n; ++i) {
      if (i > 0) CHECK(upper(e[i - 1]) < lower(e[i]));
      CHECK((charpoly(inside, lower(e[i])) * charpoly(inside, upper(e[i]))).sign() < 0);
    }
  }
}

TEST_CASE("eigen: a non-symmetric matrix is rejected, an empty one has no eigenvalues") {
  std::vector<Ball> e;
  CHECK_THROWS_WITH_AS(symmetric_eigenvalues(e, ball_matrix({{q(1), q(2)}, {q(3), q(4)}}, 64), Prec(64)),
                       "symmetric_eigenvalues: the matrix is not symmetric (entries (1, 0) and (0, 1) differ)",
                       std::invalid_argument);
  CHECK_THROWS_AS(symmetric_eigenvalues(e, BallMatrix(2, 3), Prec(64)), std::invalid_argument);
  CHECK(symmetric_eigenvalues(e, BallMatrix(0, 0), Prec(64)));
  CHECK(e.empty());
}
