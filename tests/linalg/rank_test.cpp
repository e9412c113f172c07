// Rank lower bounds by certified minors: for ball matrices built from exact matrices of known rank
// the bound is the exact rank, the minor's determinant contains its exact value (cofactor
// expansion), and widened balls never give a bound above the rank of any matrix inside.
#include <doctest/doctest.h>

#include "linalg/rank.hpp"
#include "linalg_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// An n x m matrix of rank exactly r: [I_r; L] [I_r R], rows and columns then permuted.
Rows rank_r(Rng& rng, long n, long m, long r) {
  if (r == 0) return Rows(n, std::vector<Rational>(m, Rational(0)));
  Rows l = random_rows(rng, n, r), rr = random_rows(rng, r, m);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < r; ++j) l[i][j] = rr[i][j] = (i == j ? 1 : 0);
  Rows a = product_rows(l, rr);
  for (long i = n - 1; i > 0; --i) std::swap(a[i], a[rng.integer(0, i)]);
  return a;
}

Rows minor_rows(const Rows& a, const std::vector<long>& rows, const std::vector<long>& cols) {
  Rows m;
  for (long i : rows) {
    std::vector<Rational> row;
    for (long j : cols) row.push_back(a[i][j]);
    m.push_back(row);
  }
  return m;
}

}  // namespace

TEST_CASE("rank: the certified lower bound of an exactly known rank-r matrix is r (n, m <= 6)") {
  Rng rng(601);
  for (int trial = 0; trial < 30; ++trial) {
    const long n = rng.integer(1, 6), m = rng.integer(1, 6), r = rng.integer(0, std::min(n, m));
    const Rows a = rank_r(rng, n, m, r);
    REQUIRE(rank(ExactMatrix::from_rows(a)) == r);
    Minor minor;
    const long bound = rank_lower_bound(minor, ball_matrix(a, 128), Prec(128));
    CHECK(bound == r);
    REQUIRE(minor.rows.size() == static_cast<std::size_t>(bound));
    REQUIRE(minor.cols.size() == static_cast<std::size_t>(bound));
    if (bound > 0) {
      const Rational exact = cofactor_det(minor_rows(a, minor.rows, minor.cols));
      CHECK(exact.sign() != 0);
      CHECK(ball_contains(minor.det, exact));
    }
  }
}

TEST_CASE("rank: Hilbert matrices have full certified rank at 128 bits") {
  for (long n = 1; n <= 10; ++n) {
    Minor minor;
    CHECK(rank_lower_bound(minor, ball_matrix(hilbert_rows(n), 128), Prec(128)) == n);
  }
}

TEST_CASE("rank: a ball that contains a lower-rank matrix gives a bound no larger than that rank") {
  Rng rng(602);
  const Prec p(64);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = rng.integer(2, 5), r = rng.integer(1, n - 1);
    const Rows a = rank_r(rng, n, n, r);
    BallMatrix K(n, n);
    Ball b;
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < n; ++j) {
        set_interval(b, a[i][j] - pow2(-30), a[i][j] + pow2(-30), p);
        K.set(i, j, b);
      }
    Minor minor;
    const long bound = rank_lower_bound(minor, K, p);
    CHECK(bound <= r);  // K contains a, of rank r
    if (bound > 0) CHECK(ball_contains(minor.det, cofactor_det(minor_rows(a, minor.rows, minor.cols))));
  }
}

TEST_CASE("rank: the zero and empty matrices have bound 0") {
  Minor minor;
  CHECK(rank_lower_bound(minor, BallMatrix(3, 2), Prec(64)) == 0);
  CHECK(minor.rows.empty());
  CHECK(rank_lower_bound(minor, BallMatrix(0, 0), Prec(64)) == 0);
}
