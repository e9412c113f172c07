// BallMatrix: thin wrappers over Arb's arb_mat, whose functions satisfy the enclosure contract for
// ball inputs. Compositions not in Arb (bilinear forms, the inf-norm) are built from arb_mat_mul
// and the scalar layer's Ball operations, each of which encloses.
#include "linalg/ball_matrix.hpp"

#include <flint/fmpq.h>

#include <stdexcept>
#include <string>

namespace approxcert {

using linalg_detail::require_square;
using linalg_detail::shape;

namespace {

void check_index(const BallMatrix& a, long i, long j) {
  if (i < 0 || j < 0 || i >= a.rows() || j >= a.cols())
    throw std::out_of_range("entry (" + std::to_string(i) + ", " + std::to_string(j) + ") of a " +
                            shape(a.rows(), a.cols()) + " matrix");
}

void require_same_size(const char* op, const BallMatrix& a, const BallMatrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    throw std::invalid_argument(std::string(op) + ": sizes differ (" + shape(a.rows(), a.cols()) + " and " +
                                shape(b.rows(), b.cols()) + ")");
}

// r has the given size (reallocated only if it differs).
void resize(BallMatrix& r, long rows, long cols) {
  if (r.rows() != rows || r.cols() != cols) r = BallMatrix(rows, cols);
}

// An exact vector as a column (n x 1) ball matrix.
BallMatrix column(const std::vector<Rational>& v, Prec p) {
  BallMatrix c(static_cast<long>(v.size()), 1);
  Ball b;
  for (std::size_t i = 0; i < v.size(); ++i) {
    approxcert::set(b, v[i], p);
    c.set(static_cast<long>(i), 0, b);
  }
  return c;
}

}  // namespace

BallMatrix::BallMatrix(long rows, long cols) {
  linalg_detail::require_size("BallMatrix", rows, cols);
  arb_mat_init(m_, rows, cols);
}
BallMatrix::BallMatrix(const BallMatrix& o) {
  arb_mat_init(m_, o.rows(), o.cols());
  arb_mat_set(m_, o.m_);
}
BallMatrix::BallMatrix(BallMatrix&& o) noexcept {
  arb_mat_init(m_, 0, 0);
  arb_mat_swap(m_, o.m_);
}
BallMatrix& BallMatrix::operator=(const BallMatrix& o) {
  if (this != &o) {
    BallMatrix copy(o);
    arb_mat_swap(m_, copy.m_);
  }
  return *this;
}
BallMatrix& BallMatrix::operator=(BallMatrix&& o) noexcept {
  arb_mat_swap(m_, o.m_);
  return *this;
}
BallMatrix::~BallMatrix() { arb_mat_clear(m_); }

Ball BallMatrix::at(long i, long j) const {
  check_index(*this, i, j);
  Ball b;
  arb_set(b.arb(), arb_mat_entry(m_, i, j));
  return b;
}

void BallMatrix::set(long i, long j, const Ball& v) {
  check_index(*this, i, j);
  arb_set(arb_mat_entry(m_, i, j), v.arb());
}

void set(BallMatrix& r, const ExactMatrix& a, Prec p) {
  resize(r, a.rows(), a.cols());
  arb_mat_set_fmpq_mat(r.arb_mat(), a.fmpq_mat(), p.bits);
}

void set(BallMatrix& r, const RationalRows& rows, Prec p) { set(r, ExactMatrix::from_rows(rows), p); }

void set_identity(BallMatrix& r, long n) {
  resize(r, n, n);
  arb_mat_one(r.arb_mat());
}

void transpose(BallMatrix& r, const BallMatrix& a) {
  BallMatrix t(a.cols(), a.rows());
  arb_mat_transpose(t.arb_mat(), a.arb_mat());
  r = std::move(t);
}

void add(BallMatrix& r, const BallMatrix& a, const BallMatrix& b, Prec p) {
  require_same_size("add", a, b);
  resize(r, a.rows(), a.cols());
  arb_mat_add(r.arb_mat(), a.arb_mat(), b.arb_mat(), p.bits);
}

void sub(BallMatrix& r, const BallMatrix& a, const BallMatrix& b, Prec p) {
  require_same_size("sub", a, b);
  resize(r, a.rows(), a.cols());
  arb_mat_sub(r.arb_mat(), a.arb_mat(), b.arb_mat(), p.bits);
}

void mul(BallMatrix& r, const BallMatrix& a, const BallMatrix& b, Prec p) {
  if (a.cols() != b.rows())
    throw std::invalid_argument("mul: cannot multiply " + shape(a.rows(), a.cols()) + " by " +
                                shape(b.rows(), b.cols()));
  BallMatrix t(a.rows(), b.cols());  // arb_mat_mul allows aliasing, but r may alias with a new size
  arb_mat_mul(t.arb_mat(), a.arb_mat(), b.arb_mat(), p.bits);
  r = std::move(t);
}

void scale(BallMatrix& r, const BallMatrix& a, const Ball& s, Prec p) {
  resize(r, a.rows(), a.cols());
  arb_mat_scalar_mul_arb(r.arb_mat(), a.arb_mat(), s.arb(), p.bits);
}

void det(Ball& r, const BallMatrix& a, Prec p) {
  require_square("det", "the matrix", a.rows(), a.cols());
  arb_mat_det(r.arb(), a.arb_mat(), p.bits);
}

namespace {
// After arb_mat_inv / arb_mat_solve failed: False if the determinant is exactly 0 (every matrix
// of the set is singular), else Unknown. The output is made indeterminate either way.
Truth not_certified(BallMatrix& out, const BallMatrix& a, Prec p) {
  arb_mat_indeterminate(out.arb_mat());
  Ball d;
  det(d, a, p);
  return arb_is_zero(d.arb()) ? Truth::False : Truth::Unknown;
}
}  // namespace

Truth inverse(BallMatrix& r, const BallMatrix& a, Prec p) {
  require_square("inverse", "the matrix", a.rows(), a.cols());
  BallMatrix t(a.rows(), a.cols());
  const bool ok = arb_mat_inv(t.arb_mat(), a.arb_mat(), p.bits);
  const Truth result = ok ? Truth::True : not_certified(t, a, p);
  r = std::move(t);
  return result;
}

Truth solve(BallMatrix& x, const BallMatrix& a, const BallMatrix& b, Prec p) {
  require_square("solve", "the matrix", a.rows(), a.cols());
  if (b.rows() != a.rows())
    throw std::invalid_argument("solve: right-hand side is " + shape(b.rows(), b.cols()) + ", the matrix is " +
                                shape(a.rows(), a.cols()));
  BallMatrix t(a.cols(), b.cols());
  const bool ok = arb_mat_solve(t.arb_mat(), a.arb_mat(), b.arb_mat(), p.bits);
  const Truth result = ok ? Truth::True : not_certified(t, a, p);
  x = std::move(t);
  return result;
}

void bilinear_form(Ball& r, const std::vector<Rational>& x, const BallMatrix& a, const std::vector<Rational>& y,
                   Prec p) {
  if (static_cast<long>(x.size()) != a.rows() || static_cast<long>(y.size()) != a.cols())
    throw std::invalid_argument("bilinear_form: vectors of sizes " + std::to_string(x.size()) + " and " +
                                std::to_string(y.size()) + " for a " + shape(a.rows(), a.cols()) + " matrix");
  BallMatrix ay, xt, xtay;
  mul(ay, a, column(y, p), p);
  transpose(xt, column(x, p));
  mul(xtay, xt, ay, p);
  r = xtay.at(0, 0);  // 1x1 (exactly 0 for an empty matrix)
}

void norm_inf(Ball& r, const BallMatrix& a, Prec p) {
  Ball best, row, t;  // best starts at exactly 0, the norm of an empty matrix
  for (long i = 0; i < a.rows(); ++i) {
    row = Ball();
    for (long j = 0; j < a.cols(); ++j) {
      abs(t, a.at(i, j), p);
      add(row, row, t, p);
    }
    max(best, best, row, p);
  }
  r = best;
}

BallMatrix submatrix(const BallMatrix& a, const std::vector<long>& rows, const std::vector<long>& cols) {
  BallMatrix r(static_cast<long>(rows.size()), static_cast<long>(cols.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j)
      r.set(static_cast<long>(i), static_cast<long>(j), a.at(rows[i], cols[j]));
  return r;
}

bool contains(const BallMatrix& a, const ExactMatrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && arb_mat_contains_fmpq_mat(a.arb_mat(), b.fmpq_mat());
}

ExactMatrix midpoints(const BallMatrix& a) {
  ExactMatrix m(a.rows(), a.cols());
  for (long i = 0; i < a.rows(); ++i)
    for (long j = 0; j < a.cols(); ++j) {
      const Ball e = a.at(i, j);
      if (is_finite(e)) m.set(i, j, mid(e));
    }
  return m;
}

bool is_finite(const BallMatrix& a) { return arb_mat_is_finite(a.arb_mat()); }

void require_symmetric(const char* op, const BallMatrix& a) {
  require_square(op, "the matrix", a.rows(), a.cols());
  for (long i = 0; i < a.rows(); ++i)
    for (long j = 0; j < i; ++j)
      if (!arb_overlaps(arb_mat_entry(a.arb_mat(), i, j), arb_mat_entry(a.arb_mat(), j, i)))
        throw std::invalid_argument(std::string(op) + ": the matrix is not symmetric (entries (" + std::to_string(i) +
                                    ", " + std::to_string(j) + ") and (" + std::to_string(j) + ", " +
                                    std::to_string(i) + ") differ)");
}

}  // namespace approxcert
