#pragma once
// ExactMatrix: a matrix of exact rationals (FLINT fmpq_mat). Every operation is exact: products,
// sums, determinants, inverses, solves, rank and reduced row echelon form by FLINT's exact
// (fraction-free / multimodular) Gaussian elimination. Nothing here rounds.
//
// Dimension errors (non-square where a square matrix is needed, mismatched sizes, ragged rows,
// more than max_matrix_entries entries) throw std::invalid_argument naming the operation and the
// sizes. Callers that read matrices from files check dimensions first and report the JSON path.
#include <flint/fmpq_mat.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert {

// The largest matrix (rows * cols) the layer allocates: bounds memory on absurd sizes.
inline constexpr std::size_t max_matrix_entries = std::size_t{1} << 24;

// Rows of exact rationals, the form networks and instance files use.
using RationalRows = std::vector<std::vector<Rational>>;

class ExactMatrix {
 public:
  ExactMatrix() : ExactMatrix(0, 0) {}
  ExactMatrix(long rows, long cols);  // the zero matrix; negative or absurd sizes: std::invalid_argument
  ExactMatrix(const ExactMatrix& o);
  ExactMatrix(ExactMatrix&& o) noexcept;
  ExactMatrix& operator=(const ExactMatrix& o);
  ExactMatrix& operator=(ExactMatrix&& o) noexcept;
  ~ExactMatrix();

  static ExactMatrix identity(long n);
  // From a list of rows (all of one length; an empty list is the 0x0 matrix).
  static ExactMatrix from_rows(const RationalRows& rows);
  RationalRows to_rows() const;

  long rows() const { return fmpq_mat_nrows(m_); }
  long cols() const { return fmpq_mat_ncols(m_); }
  bool is_square() const { return rows() == cols(); }
  Rational at(long i, long j) const;            // out of range: std::out_of_range
  void set(long i, long j, const Rational& v);  // out of range: std::out_of_range

  friend bool operator==(const ExactMatrix& a, const ExactMatrix& b);

  fmpq_mat_struct* fmpq_mat() { return m_; }
  const fmpq_mat_struct* fmpq_mat() const { return m_; }

 private:
  fmpq_mat_t m_;
};

// Exact results (there is no rounding, so no precision argument).
ExactMatrix transpose(const ExactMatrix& a);
ExactMatrix add(const ExactMatrix& a, const ExactMatrix& b);  // same size
ExactMatrix sub(const ExactMatrix& a, const ExactMatrix& b);  // same size
ExactMatrix mul(const ExactMatrix& a, const ExactMatrix& b);  // a.cols() == b.rows()
ExactMatrix scale(const ExactMatrix& a, const Rational& s);   // s * a
Rational det(const ExactMatrix& a);                           // square; det of 0x0 is 1
std::optional<ExactMatrix> inverse(const ExactMatrix& a);     // square; nullopt iff singular
// X with a X = b (a square, b.rows() == a.rows()); nullopt iff a is singular.
std::optional<ExactMatrix> solve(const ExactMatrix& a, const ExactMatrix& b);
long rank(const ExactMatrix& a);
// The reduced row echelon form of a; pivot_columns (if given) receives the pivot column of each
// nonzero row, in order (so its size is the rank).
ExactMatrix rref(const ExactMatrix& a, std::vector<long>* pivot_columns = nullptr);
// The submatrix on the given rows and columns (indices in range, else std::out_of_range).
ExactMatrix submatrix(const ExactMatrix& a, const std::vector<long>& rows, const std::vector<long>& cols);
bool is_symmetric(const ExactMatrix& a);  // square and a == a^T
// x^T a y for exact vectors (x.size() == a.rows(), y.size() == a.cols()).
Rational bilinear_form(const std::vector<Rational>& x, const ExactMatrix& a, const std::vector<Rational>& y);
// ||a||_inf = max_i sum_j |a_ij| (0 for an empty matrix).
Rational norm_inf(const ExactMatrix& a);

namespace linalg_detail {
// Throws std::invalid_argument("<op>: <what> is RxC, not square") unless rows == cols.
void require_square(const char* op, const char* what, long rows, long cols);
// Throws std::invalid_argument for sizes that are negative or exceed max_matrix_entries.
void require_size(const char* op, long rows, long cols);
std::string shape(long rows, long cols);  // "RxC"
}  // namespace linalg_detail

}  // namespace approxcert
