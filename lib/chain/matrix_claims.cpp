// Matrix claims as step outcomes: thin glue from lib/linalg's certificates to Sides.
#include "chain/matrix_claims.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "linalg/definiteness.hpp"
#include "linalg/rank.hpp"

namespace approxcert::chain {

namespace {

std::string pivot_name(std::size_t k) { return "pivot " + std::to_string(k + 1); }

void require_nonempty(long n) {
  if (n == 0) throw std::invalid_argument("positive_definite_claim: the matrix is empty (0x0)");
}

// The rows and columns of a minor as a Point.
Point minor_point(const std::vector<long>& rows, const std::vector<long>& cols) {
  Point at;
  for (std::size_t i = 0; i < rows.size(); ++i) at.add("row " + std::to_string(i + 1), Rational(rows[i]));
  for (std::size_t i = 0; i < cols.size(); ++i) at.add("col " + std::to_string(i + 1), Rational(cols[i]));
  return at;
}

}  // namespace

Outcome positive_definite_claim(const BallMatrix& K, Prec p) {
  require_nonempty(K.rows());
  std::vector<Ball> pivots;
  positive_definite(pivots, K, p);
  Ball smallest;
  if (!pivots.empty()) smallest = pivots[0];
  for (const Ball& d : pivots) min(smallest, smallest, d, p);
  Outcome o(Side::enclosure(smallest, "smallest LDL^T pivot"), Side::exact(Rational(0)));
  for (std::size_t k = 0; k < pivots.size(); ++k) o.report(pivot_name(k), Side::enclosure(pivots[k]));
  return o;
}

Outcome positive_definite_claim(const ExactMatrix& K) {
  require_nonempty(K.rows());
  std::vector<Rational> pivots;
  positive_definite(pivots, K);
  Rational smallest = pivots.empty() ? Rational(0) : pivots[0];
  for (const Rational& d : pivots) smallest = min(smallest, d);
  Outcome o(Side::exact(smallest, "smallest LDL^T pivot"), Side::exact(Rational(0)));
  for (std::size_t k = 0; k < pivots.size(); ++k) o.report(pivot_name(k), Side::exact(pivots[k]));
  return o;
}

Outcome indefinite_claim(const BallMatrix& K, const std::vector<Rational>& c_neg, const std::vector<Rational>& c_pos,
                         Prec p) {
  Ball q_neg, q_pos, minus_q_pos, worst;
  const Truth t = indefinite(q_neg, q_pos, c_neg, c_pos, K, p);
  neg(minus_q_pos, q_pos);
  max(worst, q_neg, minus_q_pos, p);
  Side lhs = Side::enclosure(worst, "max(c_neg' K c_neg, -c_pos' K c_pos)");
  if (t == Truth::False) {
    // K or -K is positive definite, so the true value is >= 0 (> 0 even): clip the enclosure.
    const Enclosure e = Enclosure::of(worst);
    lhs = e.bounded() ? Side::derived(Enclosure::between(max(Rational(0), e.lower()), max(Rational(0), e.upper())),
                                      "K or -K is certified positive definite, so no vector pair witnesses "
                                      "indefiniteness: max(c_neg' K c_neg, -c_pos' K c_pos) > 0")
                      : Side::derived(Enclosure::whole_line(), "the quadratic forms are not enclosed");
  } else if (t == Truth::Unknown) {
    lhs = Side::derived(Enclosure::whole_line(),
                        "the witnesses do not certify indefiniteness and K is not certified definite");
  }
  Outcome o(std::move(lhs), Side::exact(Rational(0)));
  o.report("c_neg' K c_neg", Side::enclosure(q_neg)).report("c_pos' K c_pos", Side::enclosure(q_pos));
  return o;
}

Outcome indefinite_claim(const ExactMatrix& K, const std::vector<Rational>& c_neg, const std::vector<Rational>& c_pos) {
  if (!is_symmetric(K)) throw std::invalid_argument("indefinite_claim: the matrix is not symmetric or not square");
  for (const auto* c : {&c_neg, &c_pos})
    if (std::all_of(c->begin(), c->end(), [](const Rational& x) { return x.sign() == 0; }))
      throw std::invalid_argument("indefinite_claim: a witness is the zero vector");
  const Rational q_neg = quadratic_form(c_neg, K), q_pos = quadratic_form(c_pos, K);
  Outcome o;
  if (q_neg.sign() < 0 && q_pos.sign() > 0) {
    o = Outcome(Side::exact(max(q_neg, -q_pos), "max(c_neg' K c_neg, -c_pos' K c_pos)"), Side::exact(Rational(0)));
  } else {
    std::vector<Rational> pivots;
    const bool definite =
        positive_definite(pivots, K) == Truth::True || positive_definite(pivots, scale(K, Rational(-1))) == Truth::True;
    o = Outcome(definite ? Side::exact(max(q_neg, -q_pos), "K or -K is positive definite")
                         : Side::derived(Enclosure::whole_line(),
                                         "the witnesses do not certify indefiniteness and K is not definite"),
                Side::exact(Rational(0)));
  }
  o.report("c_neg' K c_neg", Side::exact(q_neg)).report("c_pos' K c_pos", Side::exact(q_pos));
  return o;
}

Relation determinant_sign_relation(int s) {
  return s > 0 ? Relation::Greater : s < 0 ? Relation::Less : Relation::Equal;
}

Outcome determinant_claim(const BallMatrix& K, Prec p) {
  Ball d;
  det(d, K, p);
  return Outcome(Side::enclosure(d, "det(K)"), Side::exact(Rational(0)));
}

Outcome determinant_claim(const ExactMatrix& K) {
  return Outcome(Side::exact(det(K), "det(K)"), Side::exact(Rational(0)));
}

Outcome rank_at_least_claim(const ExactMatrix& K, long r) {
  std::vector<long> rows, cols;
  rref(K, &cols);
  rref(transpose(K), &rows);
  const ExactMatrix minor = submatrix(K, rows, cols);  // nonsingular: rank-many independent rows and columns
  Outcome o(Side::exact(Rational(static_cast<long>(rows.size())), "rank(K), exact Gaussian elimination"),
            Side::exact(Rational(r)));
  o.where(minor_point(rows, cols)).report("minor determinant", Side::exact(det(minor)));
  return o;
}

Outcome rank_at_least_claim(const BallMatrix& K, long r, Prec p) {
  if (is_finite(K) && arb_mat_is_exact(K.arb_mat()))
    return rank_at_least_claim(midpoints(K), r);  // K is one exact matrix
  Minor minor;
  const long lower_bound = rank_lower_bound(minor, K, p);
  const long upper_bound = std::min(K.rows(), K.cols());
  Outcome o(Side::derived(Enclosure::between(Rational(lower_bound), Rational(upper_bound)),
                          "rank(K): a certified nonzero minor below, min(rows, cols) above"),
            Side::exact(Rational(r)));
  if (lower_bound > 0)
    o.where(minor_point(minor.rows, minor.cols)).report("minor determinant", Side::enclosure(minor.det));
  return o;
}

}  // namespace approxcert::chain
