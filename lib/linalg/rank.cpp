// Rank lower bound. If the midpoint matrix M has rank r, then r independent rows R of M and r
// independent columns C of M give a nonsingular r x r minor M[R, C]; its determinant, enclosed
// for every A in a by arb_mat_det, is the certificate. When that enclosure contains 0 the leading
// parts of R and C are tried, down to size 1 (a heuristic: only the enclosure certifies).
#include "linalg/rank.hpp"

namespace approxcert {

long rank_lower_bound(Minor& minor, const BallMatrix& a, Prec p) {
  const ExactMatrix m = midpoints(a);
  std::vector<long> cols, rows;
  rref(m, &cols);             // pivot columns: independent columns of M
  rref(transpose(m), &rows);  // pivot columns of M^T: independent rows of M
  Ball d;
  const Ball zero;
  for (long s = static_cast<long>(rows.size()); s > 0; --s) {
    const std::vector<long> r(rows.begin(), rows.begin() + s), c(cols.begin(), cols.begin() + s);
    det(d, submatrix(a, r, c), p);
    if (equal(d, zero) == Truth::False) {
      minor = Minor{r, c, d};
      return s;
    }
  }
  minor = Minor{};
  return 0;
}

}  // namespace approxcert
