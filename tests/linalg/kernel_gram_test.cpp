// exp_bilinear_gram and symmetric_part against independent references: MPFR exp at 512 bits of the
// exact bilinear forms (dyadic scale), mpmath values at 40 digits (scale 1/sqrt 3), and exact
// rational symmetrisation.
#include <doctest/doctest.h>

#include "linalg/kernel_gram.hpp"
#include "linalg_test_support.hpp"

namespace approxcert::testing {

namespace {

bool contains(const Ball& b, const Bracket& r) { return lower(b) <= r.lo && r.hi <= upper(b); }

}  // namespace

TEST_CASE("exp_bilinear_gram contains MPFR exp of the exact forms (dyadic scale), at 64/128/256 bits") {
  const ExactMatrix X = ExactMatrix::from_rows({{q(1), q(2)}, {q(0), q(-1)}, {q(3, 4), q(1, 2)}});
  const ExactMatrix A = ExactMatrix::from_rows({{q(1), q(0)}, {q(1), q(1)}});
  const ExactMatrix Y = ExactMatrix::from_rows({{q(3), q(1, 2)}, {q(-1), q(5, 8)}});
  for (long bits : {64L, 128L, 256L}) {
    Ball s;
    set(s, q(1, 4), Prec(bits));
    BallMatrix K;
    exp_bilinear_gram(K, X, A, Y, s, Prec(bits));
    REQUIRE(K.rows() == 3);
    REQUIRE(K.cols() == 2);
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 2; ++j) {
        // x_i^T A y_j by hand: A y = (y1, y1 + y2).
        const Rational y1 = Y.at(j, 0), y2 = Y.at(j, 1);
        const Rational form = X.at(i, 0) * y1 + X.at(i, 1) * (y1 + y2);
        const Bracket ref = mpfr_bracket(mpfr_exp, form * q(1, 4), 512);
        CHECK(contains(K.at(i, j), ref));
        CHECK(upper(K.at(i, j)) - lower(K.at(i, j)) < pow2(-bits + 12) * ref.hi);
      }
  }
}

TEST_CASE("exp_bilinear_gram with scale 1/sqrt 3 agrees with mpmath at 40 digits") {
  const ExactMatrix X = ExactMatrix::from_rows({{q(1), q(2)}, {q(0), q(-1)}});
  const ExactMatrix A = ExactMatrix::from_rows({{q(1), q(0)}, {q(1), q(1)}});
  const ExactMatrix Y = ExactMatrix::from_rows({{q(3), q(1, 2)}});
  Ball s, three;
  set(three, q(3), Prec(160));
  sqrt(s, three, Prec(160));
  set(three, q(1), Prec(160));
  div(s, three, s, Prec(160));
  BallMatrix K;
  exp_bilinear_gram(K, X, A, Y, s, Prec(160));
  // mpmath (mp.dps = 60): exp(10/sqrt 3), exp(-3.5/sqrt 3).
  const Rational r0 = parse_rational("321.6624461785191176569444024066539590532");
  const Rational r1 = parse_rational("0.132559199830505513348005164076030855213");
  const Rational tol = parse_rational("1e-36");
  CHECK(lower(K.at(0, 0)) <= r0 + tol);
  CHECK(r0 - tol <= upper(K.at(0, 0)));
  CHECK(lower(K.at(1, 0)) <= r1 + tol);
  CHECK(r1 - tol <= upper(K.at(1, 0)));
  CHECK(upper(K.at(0, 0)) - lower(K.at(0, 0)) < tol);
}

TEST_CASE("exp_bilinear_gram rejects points that do not fit the form") {
  const ExactMatrix X = ExactMatrix::from_rows({{q(1), q(2), q(3)}});
  const ExactMatrix A = ExactMatrix::identity(2);
  Ball s;
  set(s, q(1), Prec(64));
  BallMatrix K;
  CHECK_THROWS_AS(exp_bilinear_gram(K, X, A, A, s, Prec(64)), std::invalid_argument);
}

TEST_CASE("symmetric_part contains the exact (K + K^T)/2") {
  const Rows rows = {{q(1), q(2, 3), q(-5)}, {q(7), q(0), q(1, 9)}, {q(4), q(-1, 3), q(2)}};
  BallMatrix K;
  set(K, rows, Prec(128));
  BallMatrix S;
  symmetric_part(S, K, Prec(128));
  Rows ref = rows;
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) ref[i][j] = (rows[i][j] + rows[j][i]) / q(2);
  CHECK(contains(S, ExactMatrix::from_rows(ref)));
  BallMatrix R;
  set(R, Rows{{q(1), q(2)}}, Prec(64));
  CHECK_THROWS_AS(symmetric_part(S, R, Prec(64)), std::invalid_argument);
}

}  // namespace approxcert::testing
