// Condition numbers. kappa_2 from the certified extreme eigenvalues of A^T A (which contains
// A^T A, a symmetric matrix, for every A in a); kappa_inf from the certified inverse.
#include "linalg/condition.hpp"

#include "linalg/eigen.hpp"

#include <stdexcept>
#include <string>

namespace approxcert {

namespace {
void require_nonempty_square(const char* op, long rows, long cols) {
  linalg_detail::require_square(op, "the matrix", rows, cols);
  if (rows == 0) throw std::invalid_argument(std::string(op) + ": the matrix is empty (0x0)");
}
}  // namespace

void condition_number_2(Ball& r, const BallMatrix& a, Prec p) {
  require_nonempty_square("condition_number_2", a.rows(), a.cols());
  BallMatrix at, gram;
  transpose(at, a);
  mul(gram, at, a, p);
  std::vector<Ball> lambda;
  Ball ratio;
  if (!symmetric_eigenvalues(lambda, gram, p)) {
    arb_indeterminate(r.arb());
    return;
  }
  div(ratio, lambda.back(), lambda.front(), p);  // indeterminate if lambda_min may be 0
  sqrt(r, ratio, p);                             // indeterminate unless ratio >= 0 certainly
}

void condition_number_inf(Ball& r, const BallMatrix& a, Prec p) {
  require_nonempty_square("condition_number_inf", a.rows(), a.cols());
  BallMatrix inv;
  if (inverse(inv, a, p) != Truth::True) {
    arb_indeterminate(r.arb());
    return;
  }
  Ball n, n_inv;
  norm_inf(n, a, p);
  norm_inf(n_inv, inv, p);
  mul(r, n, n_inv, p);
}

std::optional<Rational> condition_number_inf(const ExactMatrix& a) {
  require_nonempty_square("condition_number_inf", a.rows(), a.cols());
  const std::optional<ExactMatrix> inv = inverse(a);
  if (!inv) return std::nullopt;
  return norm_inf(a) * norm_inf(*inv);
}

}  // namespace approxcert
