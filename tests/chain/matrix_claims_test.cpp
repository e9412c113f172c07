// Matrix claims decided by the existing relations: proved, refuted and unknown outcomes for
// positive definiteness, indefiniteness, determinant sign and rank, on exact and ball matrices.
// Expected verdicts follow by hand from exact facts about the matrices (closed-form pivots,
// determinants and ranks).
#include <doctest/doctest.h>

#include "chain/matrix_claims.hpp"
#include "chain/relation.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Rational q(long a, long b = 1) { return Rational(mpz_class(a), mpz_class(b)); }

using Rows = std::vector<std::vector<Rational>>;

BallMatrix ball(const Rows& r, long bits = 64) {
  BallMatrix m;
  set(m, r, Prec(bits));
  return m;
}

Verdict verdict(Relation r, const Outcome& o) { return decide(r, o.lhs.value, o.rhs.value); }

const Side& reported(const Outcome& o, const std::string& name) {
  for (const auto& [n, s] : o.reported)
    if (n == name) return s;
  FAIL("no reported quantity " << name);
  throw std::logic_error("unreachable");
}

// [[1, 1], [1, t]]: pivots 1 and t - 1; positive definite iff t > 1, indefinite iff t < 1.
Rows two_by_two(const Rational& t) { return {{q(1), q(1)}, {q(1), t}}; }

// [[1, 1], [1, t]] with t a ball [1 - 2^-10, 1 + 2^-10]: neither decided.
BallMatrix undecided() {
  BallMatrix k = ball(two_by_two(q(1)));
  Ball t;
  set_interval(t, q(1) - pow2(-10), q(1) + pow2(-10), Prec(64));
  k.set(1, 1, t);
  return k;
}

}  // namespace

TEST_CASE("matrix claims: positive definite proved, refuted and unknown, pivots reported") {
  const Outcome pd = positive_definite_claim(ball(two_by_two(q(3, 2))), Prec(64));
  CHECK(verdict(positive_definite_relation, pd) == Verdict::Proved);
  CHECK(pd.lhs.value.contains(q(1, 2)));  // smallest pivot t - 1 = 1/2
  CHECK(reported(pd, "pivot 1").value.contains(q(1)));
  CHECK(reported(pd, "pivot 2").value.contains(q(1, 2)));
  CHECK(pd.lhs.evidence.kind == "arb");

  const Outcome not_pd = positive_definite_claim(ball(two_by_two(q(1, 2))), Prec(64));
  CHECK(verdict(positive_definite_relation, not_pd) == Verdict::Refuted);
  CHECK(not_pd.lhs.value.contains(q(-1, 2)));

  CHECK(verdict(positive_definite_relation, positive_definite_claim(undecided(), Prec(64))) == Verdict::Unknown);

  const Outcome exact = positive_definite_claim(ExactMatrix::from_rows(two_by_two(q(3, 2))));
  CHECK(verdict(positive_definite_relation, exact) == Verdict::Proved);
  CHECK(exact.lhs.value == Enclosure::exact(q(1, 2)));
  const Outcome singular = positive_definite_claim(ExactMatrix::from_rows(two_by_two(q(1))));
  CHECK(verdict(positive_definite_relation, singular) == Verdict::Refuted);  // pivot exactly 0
  CHECK(singular.lhs.value == Enclosure::exact(q(0)));
  CHECK_THROWS_AS(positive_definite_claim(ExactMatrix(0, 0)), std::invalid_argument);
}

TEST_CASE("matrix claims: indefinite proved by witnesses, refuted only when K is definite, else unknown") {
  const std::vector<Rational> c_neg = {q(1), q(-1)}, c_pos = {q(1), q(0)};
  // t = 1/2: c_neg' K c_neg = 1 - 2 + 1/2 = -1/2 < 0 < 1 = c_pos' K c_pos.
  const Outcome yes = indefinite_claim(ball(two_by_two(q(1, 2))), c_neg, c_pos, Prec(64));
  CHECK(verdict(indefinite_relation, yes) == Verdict::Proved);
  CHECK(reported(yes, "c_neg' K c_neg").value.contains(q(-1, 2)));
  CHECK(reported(yes, "c_pos' K c_pos").value.contains(q(1)));
  const Outcome yes_exact = indefinite_claim(ExactMatrix::from_rows(two_by_two(q(1, 2))), c_neg, c_pos);
  CHECK(verdict(indefinite_relation, yes_exact) == Verdict::Proved);
  CHECK(yes_exact.lhs.value == Enclosure::exact(q(-1, 2)));  // max(-1/2, -1)

  // t = 3/2: positive definite, so no witness can work: refuted.
  const Outcome no = indefinite_claim(ball(two_by_two(q(3, 2))), c_neg, c_pos, Prec(64));
  CHECK(verdict(indefinite_relation, no) == Verdict::Refuted);
  CHECK(verdict(indefinite_relation, indefinite_claim(ExactMatrix::from_rows(two_by_two(q(3, 2))), c_neg, c_pos)) ==
        Verdict::Refuted);

  // Indefinite (t = 1/2) but with bad witnesses (both forms positive): unknown, not refuted.
  const Outcome bad_witness = indefinite_claim(ball(two_by_two(q(1, 2))), c_pos, c_pos, Prec(64));
  CHECK(verdict(indefinite_relation, bad_witness) == Verdict::Unknown);
  CHECK(verdict(indefinite_relation, indefinite_claim(ExactMatrix::from_rows(two_by_two(q(1, 2))), c_pos, c_pos)) ==
        Verdict::Unknown);
  // Undecided matrix: unknown.
  CHECK(verdict(indefinite_relation, indefinite_claim(undecided(), c_neg, c_pos, Prec(64))) == Verdict::Unknown);
  CHECK_THROWS_AS(indefinite_claim(ExactMatrix::from_rows(two_by_two(q(1, 2))), {q(0), q(0)}, c_pos),
                  std::invalid_argument);
}

TEST_CASE("matrix claims: determinant sign proved, refuted and unknown") {
  // det [[1, 1], [1, t]] = t - 1.
  const Outcome neg = determinant_claim(ball(two_by_two(q(1, 2))), Prec(64));
  CHECK(verdict(determinant_sign_relation(-1), neg) == Verdict::Proved);
  CHECK(verdict(determinant_sign_relation(+1), neg) == Verdict::Refuted);
  CHECK(verdict(determinant_sign_relation(0), neg) == Verdict::Refuted);
  const Outcome zero = determinant_claim(ExactMatrix::from_rows(two_by_two(q(1))));
  CHECK(verdict(determinant_sign_relation(0), zero) == Verdict::Proved);
  CHECK(verdict(determinant_sign_relation(+1), zero) == Verdict::Refuted);
  const Outcome open = determinant_claim(undecided(), Prec(64));
  CHECK(verdict(determinant_sign_relation(+1), open) == Verdict::Unknown);
  CHECK(verdict(determinant_sign_relation(0), open) == Verdict::Unknown);
}

TEST_CASE("matrix claims: rank at least r proved by a minor, refuted for exact matrices, unknown for wide balls") {
  const Rows rank_two = {{q(1), q(2), q(3)}, {q(2), q(4), q(6)}, {q(0), q(1), q(1)}};  // row 2 = 2 row 1
  const ExactMatrix E = ExactMatrix::from_rows(rank_two);
  CHECK(verdict(rank_at_least_relation, rank_at_least_claim(E, 2)) == Verdict::Proved);
  const Outcome three = rank_at_least_claim(E, 3);
  CHECK(verdict(rank_at_least_relation, three) == Verdict::Refuted);
  CHECK(three.lhs.value == Enclosure::exact(q(2)));
  CHECK(three.at.coordinates.size() == 4);  // rows and columns of the 2x2 minor
  CHECK(reported(three, "minor determinant").value.bounded());
  CHECK_FALSE(reported(three, "minor determinant").value.contains(q(0)));

  // An exact ball matrix is one exact matrix: the exact rank decides.
  CHECK(verdict(rank_at_least_relation, rank_at_least_claim(ball(rank_two), 3, Prec(64))) == Verdict::Refuted);
  // Widen one entry: the set contains rank-2 and rank-3 matrices.
  BallMatrix wide = ball(rank_two);
  Ball b;
  set_interval(b, q(6) - pow2(-20), q(6) + pow2(-20), Prec(64));
  wide.set(1, 2, b);
  const Outcome open = rank_at_least_claim(wide, 3, Prec(64));
  CHECK(verdict(rank_at_least_relation, open) == Verdict::Unknown);
  CHECK(open.lhs.value == Enclosure::between(q(2), q(3)));
  CHECK(verdict(rank_at_least_relation, rank_at_least_claim(wide, 2, Prec(64))) == Verdict::Proved);
  CHECK(verdict(rank_at_least_relation, rank_at_least_claim(wide, 4, Prec(64))) == Verdict::Refuted);  // 3 columns
}
