// ExactMatrix (FLINT fmpq_mat) against independent exact references: hand-written products and
// cofactor determinants in Rational, the closed-form Hilbert inverse, the Vandermonde determinant
// of a principal lattice, and matrices of known rank.
#include <doctest/doctest.h>

#include "linalg_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

TEST_CASE("exact matrix: rows round-trip, identity, transpose, sums and products match schoolbook Rational") {
  Rng rng(101);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(1, 5), k = rng.integer(1, 5), m = rng.integer(1, 5);
    const Rows a = random_rows(rng, n, k), b = random_rows(rng, k, m), c = random_rows(rng, n, k);
    const ExactMatrix A = ExactMatrix::from_rows(a), B = ExactMatrix::from_rows(b), C = ExactMatrix::from_rows(c);
    CHECK(A.to_rows() == a);
    CHECK(mul(A, B).to_rows() == product_rows(a, b));
    CHECK(transpose(A).to_rows() == transpose_rows(a));
    CHECK(mul(ExactMatrix::identity(n), A) == A);
    Rows sum = a, diff = a;
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < k; ++j) {
        sum[i][j] += c[i][j];
        diff[i][j] -= c[i][j];
      }
    CHECK(add(A, C).to_rows() == sum);
    CHECK(sub(A, C).to_rows() == diff);
    CHECK(transpose(mul(A, B)) == mul(transpose(B), transpose(A)));  // identity
    CHECK(scale(A, q(-3, 7)).at(0, 0) == a[0][0] * q(-3, 7));
  }
}

TEST_CASE("exact matrix: determinant equals the cofactor expansion (n = 0..6) and det(AB) = det(A) det(B)") {
  Rng rng(102);
  for (int trial = 0; trial < 30; ++trial) {
    const long n = rng.integer(0, 6);
    const Rows a = random_rows(rng, n, n), b = random_rows(rng, n, n);
    const ExactMatrix A = ExactMatrix::from_rows(a), B = ExactMatrix::from_rows(b);
    CHECK(det(A) == cofactor_det(a));
    CHECK(det(mul(A, B)) == det(A) * det(B));
  }
}

TEST_CASE("exact matrix: Vandermonde determinant of the principal lattice Lambda_{2,3} is -576") {
  // Points in the lattice order, monomials 1, x, y, x^2, xy, y^2, x^3, x^2y, xy^2, y^3.
  const std::vector<std::pair<long, long>> points = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0},
                                                     {1, 1}, {1, 2}, {2, 0}, {2, 1}, {3, 0}};
  const std::vector<std::pair<long, long>> monomials = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1},
                                                        {0, 2}, {3, 0}, {2, 1}, {1, 2}, {0, 3}};
  Rows v;
  for (const auto& [x, y] : points) {
    std::vector<Rational> row;
    for (const auto& [a, b] : monomials) row.push_back(pow_int(Rational(x), a) * pow_int(Rational(y), b));
    v.push_back(row);
  }
  const ExactMatrix V = ExactMatrix::from_rows(v);
  CHECK(det(V) == Rational(-576));
  CHECK(rank(V) == 10);
  // One-variable Vandermonde: the closed form prod_{i<j} (x_j - x_i).
  const std::vector<Rational> x = {q(-2), q(1, 3), q(5, 7), q(3), q(-9, 4)};
  Rows w;
  Rational closed = 1;
  for (std::size_t i = 0; i < x.size(); ++i) {
    std::vector<Rational> row;
    for (std::size_t j = 0; j < x.size(); ++j) row.push_back(pow_int(x[i], static_cast<long>(j)));
    w.push_back(row);
    for (std::size_t j = i + 1; j < x.size(); ++j) closed *= x[j] - x[i];
  }
  CHECK(det(ExactMatrix::from_rows(w)) == closed);
}

TEST_CASE("exact matrix: the inverse of the Hilbert matrix is the closed form (n = 1..10)") {
  for (long n = 1; n <= 10; ++n) {
    const ExactMatrix H = ExactMatrix::from_rows(hilbert_rows(n));
    const std::optional<ExactMatrix> inv = inverse(H);
    REQUIRE(inv.has_value());
    CHECK(inv->to_rows() == hilbert_inverse_rows(n));
    CHECK(mul(H, *inv) == ExactMatrix::identity(n));
  }
}

TEST_CASE("exact matrix: solve satisfies A X = B, singular systems give nullopt") {
  Rng rng(103);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(1, 6), m = rng.integer(1, 3);
    const Rows a = random_rows(rng, n, n), b = random_rows(rng, n, m);
    const ExactMatrix A = ExactMatrix::from_rows(a), B = ExactMatrix::from_rows(b);
    if (cofactor_det(a).sign() == 0) continue;
    const std::optional<ExactMatrix> X = solve(A, B);
    REQUIRE(X.has_value());
    CHECK(product_rows(a, X->to_rows()) == b);
  }
  const ExactMatrix singular = ExactMatrix::from_rows({{q(1), q(2)}, {q(1, 2), q(1)}});
  CHECK_FALSE(inverse(singular).has_value());
  CHECK_FALSE(solve(singular, ExactMatrix::identity(2)).has_value());
}

TEST_CASE("exact matrix: rank and rref of products of known rank") {
  Rng rng(104);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(2, 7), m = rng.integer(2, 7), r = rng.integer(0, std::min(n, m));
    // L (n x r) with an identity block on top has rank r; R (r x m) likewise on the left, so
    // L R has rank exactly r.
    Rows l = random_rows(rng, n, r), rr = random_rows(rng, r, m);
    for (long i = 0; i < r; ++i)
      for (long j = 0; j < r; ++j) {
        l[i][j] = i == j ? 1 : 0;
        rr[i][j] = i == j ? 1 : 0;
      }
    const ExactMatrix P =
        ExactMatrix::from_rows(r == 0 ? Rows(n, std::vector<Rational>(m, Rational(0))) : product_rows(l, rr));
    CHECK(rank(P) == r);
    std::vector<long> pivots;
    const ExactMatrix R = rref(P, &pivots);
    CHECK(static_cast<long>(pivots.size()) == r);
    for (long i = 0; i < r; ++i) CHECK(R.at(i, pivots[i]) == Rational(1));
    CHECK(rank(R) == r);
    for (long i = r; i < n; ++i)
      for (long j = 0; j < m; ++j) CHECK(R.at(i, j) == Rational(0));
  }
}

TEST_CASE("exact matrix: bilinear form, symmetry and inf-norm against direct sums") {
  const Rows a = {{q(1), q(-2), q(3, 4)}, {q(0), q(5), q(-1, 3)}};
  const ExactMatrix A = ExactMatrix::from_rows(a);
  const std::vector<Rational> x = {q(2), q(-1, 2)}, y = {q(1), q(1, 3), q(-6)};
  Rational expect = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) expect += x[i] * a[i][j] * y[j];
  CHECK(bilinear_form(x, A, y) == expect);
  CHECK(norm_inf(A) == q(5) + q(1, 3));
  CHECK_FALSE(is_symmetric(A));
  CHECK(is_symmetric(ExactMatrix::from_rows(hilbert_rows(4))));
}

TEST_CASE("exact matrix: bad dimensions are rejected with a message naming the sizes") {
  const ExactMatrix A(2, 3), B(2, 3), S(2, 2);
  CHECK_THROWS_WITH_AS(det(A), "det: the matrix is 2x3, not square", std::invalid_argument);
  CHECK_THROWS_WITH_AS(mul(A, B), "mul: cannot multiply 2x3 by 2x3", std::invalid_argument);
  CHECK_THROWS_WITH_AS(add(A, S), "add: sizes differ (2x3 and 2x2)", std::invalid_argument);
  CHECK_THROWS_AS(inverse(A), std::invalid_argument);
  CHECK_THROWS_WITH_AS(solve(S, ExactMatrix(3, 1)), "solve: right-hand side is 3x1, the matrix is 2x2",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(ExactMatrix::from_rows({{q(1), q(2)}, {q(3)}}), "matrix rows: row 1 has 1 entries, row 0 has 2",
                       std::invalid_argument);
  CHECK_THROWS_AS(ExactMatrix(-1, 2), std::invalid_argument);
  CHECK_THROWS_AS(ExactMatrix(1L << 20, 1L << 20), std::invalid_argument);
  CHECK_THROWS_AS(S.at(2, 0), std::out_of_range);
  CHECK_THROWS_AS(bilinear_form({q(1)}, S, {q(1), q(2)}), std::invalid_argument);
}
