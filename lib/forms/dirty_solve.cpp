#include "forms/dirty_solve.hpp"

#include <cmath>
#include <utility>

namespace approxcert {

std::vector<double> dirty_solve(std::vector<std::vector<double>> A, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t piv = k;
    for (std::size_t r = k + 1; r < n; ++r)
      if (std::fabs(A[r][k]) > std::fabs(A[piv][k])) piv = r;
    if (!(std::fabs(A[piv][k]) > 0)) return {};
    std::swap(A[k], A[piv]);
    std::swap(b[k], b[piv]);
    for (std::size_t r = k + 1; r < n; ++r) {
      const double f = A[r][k] / A[k][k];
      for (std::size_t c = k; c < n; ++c) A[r][c] -= f * A[k][c];
      b[r] -= f * b[k];
    }
  }
  std::vector<double> s(n);
  for (std::size_t k = n; k-- > 0;) {
    double acc = b[k];
    for (std::size_t c = k + 1; c < n; ++c) acc -= A[k][c] * s[c];
    s[k] = acc / A[k][k];
    if (!std::isfinite(s[k])) return {};
  }
  return s;
}

}  // namespace approxcert
