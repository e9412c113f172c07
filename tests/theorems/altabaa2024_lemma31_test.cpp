// Altabaa Lemma 3.1 (relation_model.hpp exact_rank_factorisation; lemma_3_1.cpp's chain): the
// FLINT-rref factorisation of random exact matrices of known rank multiplies back to R exactly and
// has rank R columns, the rank confirmed by a second route (fmpz_mat_rank on an integer multiple,
// and a nonzero minor on the pivot rows and columns); a wrong hand-given factorisation is refuted.
#include <doctest/doctest.h>
#include <flint/fmpz_mat.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "chain/instance.hpp"
#include "linalg/exact_matrix.hpp"
#include "scalar/exact_json.hpp"
#include "theorems/altabaa2024/register.hpp"
#include "theorems/altabaa2024/relation_model.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

Rational random_q(std::mt19937_64& rng) {
  std::uniform_int_distribution<long> num(-9, 9), den(1, 7);
  return Rational(mpz_class(num(rng)), mpz_class(den(rng)));
}

// An n x n matrix of rank exactly r: L = [I_r; random] (n x r) times W = [I_r random] (r x n) contains
// I_r as its leading block, so rank >= r, and rank <= r by the inner dimension; then rows and columns
// are permuted at random and each row is scaled by a nonzero rational (rank unchanged).
RationalMatrix known_rank(std::mt19937_64& rng, std::size_t n, std::size_t r) {
  RationalMatrix L(n, RationalVector(r, Rational(0))), W(r, RationalVector(n, Rational(0)));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < r; ++k) L[i][k] = i < r ? Rational(i == k ? 1 : 0) : random_q(rng);
  for (std::size_t k = 0; k < r; ++k)
    for (std::size_t j = 0; j < n; ++j) W[k][j] = j < r ? Rational(j == k ? 1 : 0) : random_q(rng);
  std::vector<std::size_t> rp(n), cp(n);
  for (std::size_t i = 0; i < n; ++i) rp[i] = cp[i] = i;
  std::shuffle(rp.begin(), rp.end(), rng);
  std::shuffle(cp.begin(), cp.end(), rng);
  RationalMatrix R(n, RationalVector(n, Rational(0)));
  for (std::size_t i = 0; i < n; ++i) {
    Rational s(0);
    while (s.sign() == 0) s = random_q(rng);
    for (std::size_t j = 0; j < n; ++j) {
      Rational v(0);
      for (std::size_t k = 0; k < r; ++k) v += L[rp[i]][k] * W[k][cp[j]];
      R[i][j] = s * v;
    }
  }
  return R;
}

// Second route: the rank of the integer matrix D R (D the product of all denominators) by fmpz_mat_rank.
long integer_rank(const RationalMatrix& R) {
  mpz_class D(1);
  for (const auto& row : R)
    for (const Rational& v : row) D *= v.gmp().get_den();
  fmpz_mat_t M;
  fmpz_mat_init(M, static_cast<long>(R.size()), static_cast<long>(R[0].size()));
  for (std::size_t i = 0; i < R.size(); ++i)
    for (std::size_t j = 0; j < R[i].size(); ++j) {
      const mpq_class scaled = R[i][j].gmp() * D;
      REQUIRE(scaled.get_den() == 1);
      fmpz_set_mpz(fmpz_mat_entry(M, static_cast<long>(i), static_cast<long>(j)), scaled.get_num().get_mpz_t());
    }
  const long rk = fmpz_mat_rank(M);
  fmpz_mat_clear(M);
  return rk;
}

chain::InstanceRun run_lemma(const std::string& params) {
  chain::TheoremRegistry reg;
  register_theorems(reg);
  return chain::run_instance(reg, "altabaa2024/lemma-3.1", parse_exact_json(params, "<test>"), JsonAt("<test>"), "t",
                             {});
}

chain::Verdict verdict_of(const chain::InstanceRun& run, const std::string& id) {
  for (const auto& s : run.result.steps)
    if (s.spec.id == id) return s.verdict;
  FAIL("no step " << id);
  return chain::Verdict::Unknown;
}

const char* kStrictOrder = R"("R": [["0","1","1","1"],["0","0","1","1"],["0","0","0","1"],["0","0","0","0"]])";

}  // namespace

TEST_CASE("altabaa2024 Lemma 3.1: FLINT factorisation of random exact matrices of known rank") {
  std::mt19937_64 rng(20241129);
  for (std::size_t n : {1, 2, 3, 5, 8, 12})
    for (std::size_t r = 0; r <= n; ++r) {
      CAPTURE(n);
      CAPTURE(r);
      const RationalMatrix R = known_rank(rng, n, r);
      const RankFactorisation f = exact_rank_factorisation(R);
      REQUIRE(f.pivots.size() == r);
      CHECK(integer_rank(R) == static_cast<long>(r));
      // U V^T = R, multiplied back entry by entry.
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
          Rational s(0);
          for (std::size_t k = 0; k < r; ++k) s += f.U[i][k] * f.V[j][k];
          CHECK(s == R[i][j]);
        }
      // U is R's pivot columns; V^T is in reduced echelon form on them (identity block).
      for (std::size_t k = 0; k < r; ++k) {
        for (std::size_t i = 0; i < n; ++i) CHECK(f.U[i][k] == R[i][f.pivots[k]]);
        for (std::size_t l = 0; l < r; ++l) CHECK(f.V[f.pivots[l]][k] == Rational(k == l ? 1 : 0));
      }
      // A nonzero r x r minor on the pivot columns (rows: an independent set found greedily by rank).
      if (r > 0) {
        std::vector<long> rows, cols(f.pivots.begin(), f.pivots.end());
        for (long i = 0; i < static_cast<long>(n) && rows.size() < r; ++i) {
          rows.push_back(i);
          std::vector<long> all(n);
          for (std::size_t j = 0; j < n; ++j) all[j] = static_cast<long>(j);
          if (rank(submatrix(ExactMatrix::from_rows(R), rows, all)) < static_cast<long>(rows.size())) rows.pop_back();
        }
        REQUIRE(rows.size() == r);
        CHECK(det(submatrix(ExactMatrix::from_rows(R), rows, cols)) != Rational(0));
      }
    }
}

TEST_CASE("altabaa2024 Lemma 3.1: a rectangular matrix and the zero matrix") {
  const RankFactorisation f = exact_rank_factorisation({{1, 2, 3}, {2, 4, 6}});
  CHECK(f.pivots == std::vector<std::size_t>{0});
  CHECK(f.U == RationalMatrix{{1}, {2}});
  CHECK(f.V == RationalMatrix{{1}, {2}, {3}});
  const RankFactorisation z = exact_rank_factorisation({{0, 0}, {0, 0}});
  CHECK(z.pivots.empty());
  CHECK(z.U == RationalMatrix{{}, {}});
}

TEST_CASE("altabaa2024 Lemma 3.1 chain: the spec's hand-given factorisation (7.5) is proved, wrong ones refuted") {
  const chain::InstanceRun hand =
      run_lemma(std::string("{") + kStrictOrder +
                R"(, "U": [[1,1,1],[0,1,1],[0,0,1],[0,0,0]], "V": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]})");
  CHECK(hand.result.overall == chain::Verdict::Proved);
  // One entry of V changed: U V^T != R, L1 refuted (and L2, the network built from it).
  const chain::InstanceRun wrong =
      run_lemma(std::string("{") + kStrictOrder +
                R"(, "U": [[1,1,1],[0,1,1],[0,0,1],[0,0,0]], "V": [[0,0,0],[1,0,0],[0,1,0],[0,1,1]]})");
  CHECK(verdict_of(wrong, "L1") == chain::Verdict::Refuted);
  CHECK(verdict_of(wrong, "L2") == chain::Verdict::Refuted);
  CHECK(verdict_of(wrong, "L3") == chain::Verdict::Proved);
  CHECK(wrong.result.overall == chain::Verdict::Refuted);
  // The trivial factorisation U = R, V = I (spec §3): exact, but 4 columns for rank 3: L3 refuted.
  const chain::InstanceRun trivial =
      run_lemma(std::string("{") + kStrictOrder +
                R"(, "U": [[0,1,1,1],[0,0,1,1],[0,0,0,1],[0,0,0,0]], "V": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]})");
  CHECK(verdict_of(trivial, "L1") == chain::Verdict::Proved);
  CHECK(verdict_of(trivial, "L3") == chain::Verdict::Refuted);
  // Only one factor, or a factor with the wrong row count: InputError naming the parameter.
  CHECK_THROWS_WITH_AS(run_lemma(std::string("{") + kStrictOrder + R"(, "U": [[1]]})"),
                       doctest::Contains("/parameters/V"), InputError);
  CHECK_THROWS_WITH_AS(run_lemma(std::string("{") + kStrictOrder + R"(, "U": [[1]], "V": [[1]]})"),
                       doctest::Contains("/parameters/U"), InputError);
}

}  // namespace approxcert::theorems::altabaa2024
