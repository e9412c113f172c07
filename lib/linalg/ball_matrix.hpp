#pragma once
// BallMatrix: a matrix of Balls (Arb arb_mat). A ball matrix stands for the set of real matrices
// whose entries lie in its balls; every operation below returns a result that contains the exact
// result for EVERY matrix of that set (the enclosure contract, lifted to matrices). Output first,
// precision last; numbers come in only as exact Rationals (from rows or an ExactMatrix).
//
// Where a matrix may be singular at this precision, the operation returns a Truth: True when Arb
// certified the property, False when it is certainly violated, Unknown otherwise (the output is
// then indeterminate). Dimension errors throw std::invalid_argument naming the operation and sizes.
#include <arb_mat.h>

#include <vector>

#include "linalg/exact_matrix.hpp"
#include "scalar/ball.hpp"
#include "scalar/prec.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

class BallMatrix {
 public:
  BallMatrix() : BallMatrix(0, 0) {}
  BallMatrix(long rows, long cols);  // the exact zero matrix; negative or absurd sizes: std::invalid_argument
  BallMatrix(const BallMatrix& o);
  BallMatrix(BallMatrix&& o) noexcept;
  BallMatrix& operator=(const BallMatrix& o);
  BallMatrix& operator=(BallMatrix&& o) noexcept;
  ~BallMatrix();

  long rows() const { return arb_mat_nrows(m_); }
  long cols() const { return arb_mat_ncols(m_); }
  bool is_square() const { return rows() == cols(); }
  Ball at(long i, long j) const;            // a copy of the entry; out of range: std::out_of_range
  void set(long i, long j, const Ball& v);  // out of range: std::out_of_range

  arb_mat_struct* arb_mat() { return m_; }
  const arb_mat_struct* arb_mat() const { return m_; }

 private:
  arb_mat_t m_;
};

// r contains a (exact where each entry is a dyadic that fits in prec bits).
void set(BallMatrix& r, const ExactMatrix& a, Prec p);
// r contains the rows (all of one length, else std::invalid_argument).
void set(BallMatrix& r, const RationalRows& rows, Prec p);
void set_identity(BallMatrix& r, long n);            // exactly the n x n identity
void transpose(BallMatrix& r, const BallMatrix& a);  // exact
// r contains a + b, a - b, a b, s a for every matrix in a, b and every s in the ball s.
void add(BallMatrix& r, const BallMatrix& a, const BallMatrix& b, Prec p);
void sub(BallMatrix& r, const BallMatrix& a, const BallMatrix& b, Prec p);
void mul(BallMatrix& r, const BallMatrix& a, const BallMatrix& b, Prec p);
void scale(BallMatrix& r, const BallMatrix& a, const Ball& s, Prec p);
// r contains det(A) for every A in a (square; Arb arb_mat_det).
void det(Ball& r, const BallMatrix& a, Prec p);
// True: every A in a is invertible and r contains A^-1 for each (arb_mat_inv). False: every A in
// a is singular (det is exactly 0). Unknown: neither certified; r is indeterminate.
Truth inverse(BallMatrix& r, const BallMatrix& a, Prec p);
// x with A x = B: True/False/Unknown as for inverse (arb_mat_solve); on True x contains A^-1 B
// for every A in a and B in b.
Truth solve(BallMatrix& x, const BallMatrix& a, const BallMatrix& b, Prec p);
// Contains x^T A y for every A in a (exact vectors x, y of sizes rows and cols).
void bilinear_form(Ball& r, const std::vector<Rational>& x, const BallMatrix& a, const std::vector<Rational>& y,
                   Prec p);
// Contains ||A||_inf = max_i sum_j |A_ij| for every A in a.
void norm_inf(Ball& r, const BallMatrix& a, Prec p);
// The submatrix on the given rows and columns (indices in range, else std::out_of_range); exact.
BallMatrix submatrix(const BallMatrix& a, const std::vector<long>& rows, const std::vector<long>& cols);
// True: every A in a contains B (entrywise, exact rationals of the same size).
bool contains(const BallMatrix& a, const ExactMatrix& b);
// The exact midpoint matrix (non-rigorous as an approximation of anything; used to choose minors).
ExactMatrix midpoints(const BallMatrix& a);
// True if every entry is finite (no indeterminate entry).
bool is_finite(const BallMatrix& a);
// Throws std::invalid_argument("<op>: the matrix is not symmetric ...") unless a is square and
// each pair a_ij, a_ji overlaps (so that a contains at least one symmetric matrix).
void require_symmetric(const char* op, const BallMatrix& a);

}  // namespace approxcert
