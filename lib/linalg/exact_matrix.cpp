// ExactMatrix: thin wrappers over FLINT's fmpq_mat (exact arithmetic, nothing to round).
#include "linalg/exact_matrix.hpp"

#include <flint/fmpq.h>

#include <stdexcept>
#include <utility>

namespace approxcert {

namespace linalg_detail {

std::string shape(long rows, long cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

void require_square(const char* op, const char* what, long rows, long cols) {
  if (rows != cols)
    throw std::invalid_argument(std::string(op) + ": " + what + " is " + shape(rows, cols) + ", not square");
}

void require_size(const char* op, long rows, long cols) {
  if (rows < 0 || cols < 0)
    throw std::invalid_argument(std::string(op) + ": negative matrix size " + shape(rows, cols));
  if (rows != 0 && static_cast<std::size_t>(cols) > max_matrix_entries / static_cast<std::size_t>(rows))
    throw std::invalid_argument(std::string(op) + ": a " + shape(rows, cols) + " matrix exceeds the limit of " +
                                std::to_string(max_matrix_entries) + " entries");
}

}  // namespace linalg_detail

using linalg_detail::require_square;
using linalg_detail::shape;

namespace {

struct Fmpq {
  fmpq_t v;
  Fmpq() { fmpq_init(v); }
  ~Fmpq() { fmpq_clear(v); }
  Fmpq(const Fmpq&) = delete;
  Fmpq& operator=(const Fmpq&) = delete;
};

Rational to_rational(const fmpq_t q) {
  mpq_class r;
  fmpq_get_mpq(r.get_mpq_t(), q);
  return Rational(r);
}

void from_rational(fmpq_t r, const Rational& q) { fmpq_set_mpq(r, q.get_mpq_t()); }

void require_same_size(const char* op, const ExactMatrix& a, const ExactMatrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    throw std::invalid_argument(std::string(op) + ": sizes differ (" + shape(a.rows(), a.cols()) + " and " +
                                shape(b.rows(), b.cols()) + ")");
}

void check_index(const ExactMatrix& a, long i, long j) {
  if (i < 0 || j < 0 || i >= a.rows() || j >= a.cols())
    throw std::out_of_range("entry (" + std::to_string(i) + ", " + std::to_string(j) + ") of a " +
                            shape(a.rows(), a.cols()) + " matrix");
}

}  // namespace

ExactMatrix::ExactMatrix(long rows, long cols) {
  linalg_detail::require_size("ExactMatrix", rows, cols);
  fmpq_mat_init(m_, rows, cols);
}
ExactMatrix::ExactMatrix(const ExactMatrix& o) { fmpq_mat_init_set(m_, o.m_); }
ExactMatrix::ExactMatrix(ExactMatrix&& o) noexcept {
  fmpq_mat_init(m_, 0, 0);
  fmpq_mat_swap(m_, o.m_);
}
ExactMatrix& ExactMatrix::operator=(const ExactMatrix& o) {
  if (this != &o) {
    ExactMatrix copy(o);
    fmpq_mat_swap(m_, copy.m_);
  }
  return *this;
}
ExactMatrix& ExactMatrix::operator=(ExactMatrix&& o) noexcept {
  fmpq_mat_swap(m_, o.m_);
  return *this;
}
ExactMatrix::~ExactMatrix() { fmpq_mat_clear(m_); }

ExactMatrix ExactMatrix::identity(long n) {
  ExactMatrix r(n, n);
  fmpq_mat_one(r.m_);
  return r;
}

ExactMatrix ExactMatrix::from_rows(const RationalRows& rows) {
  const long n = static_cast<long>(rows.size());
  const long m = rows.empty() ? 0 : static_cast<long>(rows[0].size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (static_cast<long>(rows[i].size()) != m)
      throw std::invalid_argument("matrix rows: row " + std::to_string(i) + " has " + std::to_string(rows[i].size()) +
                                  " entries, row 0 has " + std::to_string(m));
  ExactMatrix r(n, m);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < m; ++j) from_rational(fmpq_mat_entry(r.m_, i, j), rows[i][j]);
  return r;
}

RationalRows ExactMatrix::to_rows() const {
  RationalRows out(rows(), std::vector<Rational>(cols()));
  for (long i = 0; i < rows(); ++i)
    for (long j = 0; j < cols(); ++j) out[i][j] = to_rational(fmpq_mat_entry(m_, i, j));
  return out;
}

Rational ExactMatrix::at(long i, long j) const {
  check_index(*this, i, j);
  return to_rational(fmpq_mat_entry(m_, i, j));
}

void ExactMatrix::set(long i, long j, const Rational& v) {
  check_index(*this, i, j);
  from_rational(fmpq_mat_entry(m_, i, j), v);
}

bool operator==(const ExactMatrix& a, const ExactMatrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && fmpq_mat_equal(a.m_, b.m_);
}

ExactMatrix transpose(const ExactMatrix& a) {
  ExactMatrix r(a.cols(), a.rows());
  fmpq_mat_transpose(r.fmpq_mat(), a.fmpq_mat());
  return r;
}

ExactMatrix add(const ExactMatrix& a, const ExactMatrix& b) {
  require_same_size("add", a, b);
  ExactMatrix r(a.rows(), a.cols());
  fmpq_mat_add(r.fmpq_mat(), a.fmpq_mat(), b.fmpq_mat());
  return r;
}

ExactMatrix sub(const ExactMatrix& a, const ExactMatrix& b) {
  require_same_size("sub", a, b);
  ExactMatrix r(a.rows(), a.cols());
  fmpq_mat_sub(r.fmpq_mat(), a.fmpq_mat(), b.fmpq_mat());
  return r;
}

ExactMatrix mul(const ExactMatrix& a, const ExactMatrix& b) {
  if (a.cols() != b.rows())
    throw std::invalid_argument("mul: cannot multiply " + shape(a.rows(), a.cols()) + " by " +
                                shape(b.rows(), b.cols()));
  ExactMatrix r(a.rows(), b.cols());
  fmpq_mat_mul(r.fmpq_mat(), a.fmpq_mat(), b.fmpq_mat());
  return r;
}

ExactMatrix scale(const ExactMatrix& a, const Rational& s) {
  Fmpq f;
  from_rational(f.v, s);
  ExactMatrix r(a.rows(), a.cols());
  fmpq_mat_scalar_mul_fmpq(r.fmpq_mat(), a.fmpq_mat(), f.v);
  return r;
}

Rational det(const ExactMatrix& a) {
  require_square("det", "the matrix", a.rows(), a.cols());
  Fmpq d;
  fmpq_mat_det(d.v, a.fmpq_mat());
  return to_rational(d.v);
}

std::optional<ExactMatrix> inverse(const ExactMatrix& a) {
  require_square("inverse", "the matrix", a.rows(), a.cols());
  ExactMatrix r(a.rows(), a.cols());
  if (!fmpq_mat_inv(r.fmpq_mat(), a.fmpq_mat())) return std::nullopt;
  return r;
}

std::optional<ExactMatrix> solve(const ExactMatrix& a, const ExactMatrix& b) {
  require_square("solve", "the matrix", a.rows(), a.cols());
  if (b.rows() != a.rows())
    throw std::invalid_argument("solve: right-hand side is " + shape(b.rows(), b.cols()) + ", the matrix is " +
                                shape(a.rows(), a.cols()));
  ExactMatrix x(a.cols(), b.cols());
  if (!fmpq_mat_solve(x.fmpq_mat(), a.fmpq_mat(), b.fmpq_mat())) return std::nullopt;
  return x;
}

ExactMatrix rref(const ExactMatrix& a, std::vector<long>* pivot_columns) {
  ExactMatrix r(a.rows(), a.cols());
  const long rk = fmpq_mat_rref(r.fmpq_mat(), a.fmpq_mat());
  if (pivot_columns) {
    pivot_columns->clear();
    long j = 0;
    for (long i = 0; i < rk; ++i) {
      while (fmpq_is_zero(fmpq_mat_entry(r.fmpq_mat(), i, j))) ++j;  // rref: row i has a leading 1
      pivot_columns->push_back(j);
    }
  }
  return r;
}

long rank(const ExactMatrix& a) {
  ExactMatrix r(a.rows(), a.cols());
  return fmpq_mat_rref(r.fmpq_mat(), a.fmpq_mat());
}

ExactMatrix submatrix(const ExactMatrix& a, const std::vector<long>& rows, const std::vector<long>& cols) {
  ExactMatrix r(static_cast<long>(rows.size()), static_cast<long>(cols.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j) {
      check_index(a, rows[i], cols[j]);
      fmpq_set(fmpq_mat_entry(r.fmpq_mat(), i, j), fmpq_mat_entry(a.fmpq_mat(), rows[i], cols[j]));
    }
  return r;
}

bool is_symmetric(const ExactMatrix& a) { return a.is_square() && a == transpose(a); }

Rational bilinear_form(const std::vector<Rational>& x, const ExactMatrix& a, const std::vector<Rational>& y) {
  if (static_cast<long>(x.size()) != a.rows() || static_cast<long>(y.size()) != a.cols())
    throw std::invalid_argument("bilinear_form: vectors of sizes " + std::to_string(x.size()) + " and " +
                                std::to_string(y.size()) + " for a " + shape(a.rows(), a.cols()) + " matrix");
  Rational s = 0;
  for (long i = 0; i < a.rows(); ++i) {
    if (x[i].sign() == 0) continue;
    Rational row = 0;
    for (long j = 0; j < a.cols(); ++j) row += a.at(i, j) * y[j];
    s += x[i] * row;
  }
  return s;
}

Rational norm_inf(const ExactMatrix& a) {
  Rational best = 0;
  for (long i = 0; i < a.rows(); ++i) {
    Rational row = 0;
    for (long j = 0; j < a.cols(); ++j) row += abs(a.at(i, j));
    best = max(best, row);
  }
  return best;
}

}  // namespace approxcert
