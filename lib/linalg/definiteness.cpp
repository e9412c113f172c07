// Definiteness certificates. Positive definiteness: Arb's arb_mat_ldl (an LDL^T factorisation in
// ball arithmetic of the lower triangle, which succeeds only when every pivot is certainly > 0).
// When it does not succeed the pivots are enclosed as ratios of leading principal minors
// (arb_mat_det), which can certify that a pivot is <= 0. Exact matrices use fmpq_mat_det.
#include "linalg/definiteness.hpp"

#include <stdexcept>
#include <string>

namespace approxcert {

namespace {

std::vector<long> leading(long k) {
  std::vector<long> idx(k);
  for (long i = 0; i < k; ++i) idx[i] = i;
  return idx;
}

// pivots from the leading principal minors D_1..D_n: d_k = D_k / D_{k-1} (D_0 = 1).
void pivots_from_minors(std::vector<Ball>& pivots, const BallMatrix& K, Prec p) {
  const long n = K.rows();
  Ball previous, current;
  set(previous, Rational(1), p);
  for (long k = 1; k <= n; ++k) {
    det(current, submatrix(K, leading(k), leading(k)), p);
    div(pivots[k - 1], current, previous, p);
    previous = current;
  }
}

Truth truth_of_pivots(const std::vector<Ball>& pivots) {
  const Ball zero;
  Truth all_positive = Truth::True;
  for (const Ball& d : pivots) all_positive = truth_and(all_positive, less(zero, d));
  return all_positive;  // False as soon as one pivot is certainly <= 0 (less(0, d) is False)
}

void require_vector(const char* op, const char* what, const std::vector<Rational>& c, long n, bool nonzero) {
  if (static_cast<long>(c.size()) != n)
    throw std::invalid_argument(std::string(op) + ": " + what + " has " + std::to_string(c.size()) +
                                " entries, the matrix is " + linalg_detail::shape(n, n));
  if (!nonzero) return;
  for (const Rational& x : c)
    if (x.sign() != 0) return;
  throw std::invalid_argument(std::string(op) + ": " + what + " is the zero vector");
}

}  // namespace

Truth positive_definite(std::vector<Ball>& pivots, const BallMatrix& K, Prec p) {
  require_symmetric("positive_definite", K);
  const long n = K.rows();
  pivots.assign(n, Ball());
  BallMatrix L(n, n);
  if (arb_mat_ldl(L.arb_mat(), K.arb_mat(), p.bits)) {
    for (long k = 0; k < n; ++k) pivots[k] = L.at(k, k);  // D is stored on L's diagonal
    return Truth::True;
  }
  pivots_from_minors(pivots, K, p);
  return truth_of_pivots(pivots);
}

Truth positive_definite(std::vector<Rational>& pivots, const ExactMatrix& K) {
  if (!is_symmetric(K))
    throw std::invalid_argument(K.is_square() ? "positive_definite: the matrix is not symmetric"
                                              : "positive_definite: the matrix is " +
                                                    linalg_detail::shape(K.rows(), K.cols()) + ", not square");
  pivots.clear();
  Rational previous = 1;
  bool all_positive = true;
  for (long k = 1; k <= K.rows(); ++k) {
    const Rational current = det(submatrix(K, leading(k), leading(k)));
    pivots.push_back(current / previous);  // previous != 0, else the loop has stopped
    all_positive = all_positive && pivots.back().sign() > 0;
    if (current.sign() == 0) break;  // the next pivot is undefined
    previous = current;
  }
  return all_positive ? Truth::True : Truth::False;
}

void quadratic_form(Ball& r, const std::vector<Rational>& c, const BallMatrix& K, Prec p) {
  linalg_detail::require_square("quadratic_form", "the matrix", K.rows(), K.cols());
  require_vector("quadratic_form", "the vector", c, K.rows(), false);
  bilinear_form(r, c, K, c, p);
}

Rational quadratic_form(const std::vector<Rational>& c, const ExactMatrix& K) {
  linalg_detail::require_square("quadratic_form", "the matrix", K.rows(), K.cols());
  require_vector("quadratic_form", "the vector", c, K.rows(), false);
  return bilinear_form(c, K, c);
}

Truth indefinite(Ball& q_neg, Ball& q_pos, const std::vector<Rational>& c_neg, const std::vector<Rational>& c_pos,
                 const BallMatrix& K, Prec p) {
  require_symmetric("indefinite", K);
  require_vector("indefinite", "the negative witness", c_neg, K.rows(), true);
  require_vector("indefinite", "the positive witness", c_pos, K.rows(), true);
  quadratic_form(q_neg, c_neg, K, p);
  quadratic_form(q_pos, c_pos, K, p);
  const Ball zero;
  if (less(q_neg, zero) == Truth::True && less(zero, q_pos) == Truth::True) return Truth::True;
  std::vector<Ball> pivots;
  if (positive_definite(pivots, K, p) == Truth::True) return Truth::False;
  BallMatrix minus_K(K.rows(), K.cols());
  arb_mat_neg(minus_K.arb_mat(), K.arb_mat());
  if (positive_definite(pivots, minus_K, p) == Truth::True) return Truth::False;
  return Truth::Unknown;
}

}  // namespace approxcert
