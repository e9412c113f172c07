#pragma once
// Helpers shared by the linalg tests: random exact matrices and independent exact references
// (cofactor determinants, the closed-form Hilbert inverse, hand-written products and LDL^T pivots
// in Rational). Nothing here calls the code under test.
#include <doctest/doctest.h>

#include <vector>

#include "../scalar/scalar_test_support.hpp"
#include "linalg/ball_matrix.hpp"
#include "linalg/exact_matrix.hpp"

namespace approxcert::testing {

using Rows = std::vector<std::vector<Rational>>;

// A random exact matrix with entries num/den, |num| <= 20, den in 1..12.
inline Rows random_rows(Rng& rng, long n, long m) {
  Rows a(n, std::vector<Rational>(m));
  for (auto& row : a)
    for (auto& x : row) x = q(rng.integer(-20, 20), rng.integer(1, 12));
  return a;
}

inline Rows identity_rows(long n) {
  Rows a(n, std::vector<Rational>(n, Rational(0)));
  for (long i = 0; i < n; ++i) a[i][i] = 1;
  return a;
}

inline Rows transpose_rows(const Rows& a) {
  const std::size_t m = a.empty() ? 0 : a[0].size();
  Rows t(m, std::vector<Rational>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < m; ++j) t[j][i] = a[i][j];
  return t;
}

// The schoolbook product.
inline Rows product_rows(const Rows& a, const Rows& b) {
  const std::size_t n = a.size(), k = b.size(), m = b.empty() ? 0 : b[0].size();
  Rows c(n, std::vector<Rational>(m, Rational(0)));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j)
      for (std::size_t l = 0; l < k; ++l) c[i][j] += a[i][l] * b[l][j];
  return c;
}

// Laplace expansion along the first row (exponential: only for n <= 7).
inline Rational cofactor_det(const Rows& a) {
  const std::size_t n = a.size();
  if (n == 0) return 1;
  if (n == 1) return a[0][0];
  Rational d = 0;
  for (std::size_t j = 0; j < n; ++j) {
    Rows minor;
    for (std::size_t i = 1; i < n; ++i) {
      std::vector<Rational> row;
      for (std::size_t l = 0; l < n; ++l)
        if (l != j) row.push_back(a[i][l]);
      minor.push_back(row);
    }
    const Rational term = a[0][j] * cofactor_det(minor);
    d += (j % 2 == 0) ? term : -term;
  }
  return d;
}

// Hilbert matrix H_ij = 1/(i+j+1), i, j = 0..n-1.
inline Rows hilbert_rows(long n) {
  Rows h(n, std::vector<Rational>(n));
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) h[i][j] = q(1, i + j + 1);
  return h;
}

inline mpz_class binomial(long n, long k) {
  mpz_class r;
  mpz_bin_uiui(r.get_mpz_t(), static_cast<unsigned long>(n), static_cast<unsigned long>(k));
  return r;
}

// The closed form (1-indexed): (H^-1)_ij = (-1)^(i+j) (i+j-1) C(n+i-1, n-j) C(n+j-1, n-i) C(i+j-2, i-1)^2.
inline Rows hilbert_inverse_rows(long n) {
  Rows r(n, std::vector<Rational>(n));
  for (long i = 1; i <= n; ++i)
    for (long j = 1; j <= n; ++j) {
      const mpz_class c = binomial(i + j - 2, i - 1);
      mpz_class v = mpz_class(i + j - 1) * binomial(n + i - 1, n - j) * binomial(n + j - 1, n - i) * c * c;
      if ((i + j) % 2 != 0) v = -v;
      r[i - 1][j - 1] = Rational(v);
    }
  return r;
}

// Pivots of A = L D L^T by plain Gaussian elimination without pivoting, in Rational (stops after
// a zero pivot).
inline std::vector<Rational> ldl_pivots(Rows a) {
  std::vector<Rational> d;
  const std::size_t n = a.size();
  for (std::size_t k = 0; k < n; ++k) {
    d.push_back(a[k][k]);
    if (a[k][k].sign() == 0) break;
    for (std::size_t i = k + 1; i < n; ++i) {
      const Rational f = a[i][k] / a[k][k];
      for (std::size_t j = k; j < n; ++j) a[i][j] -= f * a[k][j];
    }
  }
  return d;
}

// B^T B + I: symmetric positive definite.
inline Rows random_spd_rows(Rng& rng, long n) {
  const Rows b = random_rows(rng, n, n);
  Rows k = product_rows(transpose_rows(b), b);
  for (long i = 0; i < n; ++i) k[i][i] += 1;
  return k;
}

inline bool ball_contains(const Ball& b, const Rational& x) { return is_finite(b) && lower(b) <= x && x <= upper(b); }

inline bool balls_overlap(const Ball& a, const Ball& b) {
  return is_finite(a) && is_finite(b) && lower(a) <= upper(b) && lower(b) <= upper(a);
}

// Every entry of m contains the corresponding exact entry of r.
inline bool matrix_contains(const BallMatrix& m, const Rows& r) {
  if (m.rows() != static_cast<long>(r.size())) return false;
  for (long i = 0; i < m.rows(); ++i) {
    if (m.cols() != static_cast<long>(r[i].size())) return false;
    for (long j = 0; j < m.cols(); ++j)
      if (!ball_contains(m.at(i, j), r[i][j])) return false;
  }
  return true;
}

inline BallMatrix ball_matrix(const Rows& r, long bits) {
  BallMatrix m;
  set(m, r, Prec(bits));
  return m;
}

}  // namespace approxcert::testing
