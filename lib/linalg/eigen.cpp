// Symmetric eigenvalue enclosures. Arb's eig functions enclose the eigenvalues of every matrix
// in a ball matrix in complex discs: pairwise disjoint discs, each holding as many eigenvalues
// (with multiplicity) as it is repeated in the output. A symmetric S has real eigenvalues, so each
// lies in the real projection of its disc; projections that overlap are merged into their hull,
// repeated once per eigenvalue they hold, which keeps "r[i] contains the i-th smallest".
#include "linalg/eigen.hpp"

#include <acb_mat.h>

#include <algorithm>

namespace approxcert {

namespace {

struct AcbVec {
  acb_ptr v;
  long n;
  explicit AcbVec(long size) : v(_acb_vec_init(size)), n(size) {}
  ~AcbVec() { _acb_vec_clear(v, n); }
  AcbVec(const AcbVec&) = delete;
  AcbVec& operator=(const AcbVec&) = delete;
};

struct AcbMat {
  acb_mat_t m;
  AcbMat(long rows, long cols) { acb_mat_init(m, rows, cols); }
  ~AcbMat() { acb_mat_clear(m); }
  AcbMat(const AcbMat&) = delete;
  AcbMat& operator=(const AcbMat&) = delete;
};

// Arb's certified discs of the eigenvalues of every matrix in A (false if it cannot certify).
bool eigenvalue_discs(AcbVec& E, const acb_mat_t A, long n, long prec) {
  AcbVec approx(n);
  AcbMat R(n, n);
  acb_mat_approx_eig_qr(approx.v, nullptr, R.m, A, nullptr, 0, prec);  // heuristic starting point
  if (acb_mat_eig_simple(E.v, nullptr, nullptr, A, approx.v, R.m, prec)) return true;
  return acb_mat_eig_multiple(E.v, A, approx.v, R.m, prec);
}

}  // namespace

bool symmetric_eigenvalues(std::vector<Ball>& r, const BallMatrix& K, Prec p) {
  require_symmetric("symmetric_eigenvalues", K);
  const long n = K.rows();
  r.assign(n, Ball());
  AcbMat A(n, n);
  acb_mat_set_arb_mat(A.m, K.arb_mat());
  AcbVec E(n);
  if (!eigenvalue_discs(E, A.m, n, p.bits)) {
    for (Ball& b : r) arb_indeterminate(b.arb());
    return false;
  }
  for (long i = 0; i < n; ++i) arb_set(r[i].arb(), acb_realref(E.v + i));
  for (const Ball& b : r)
    if (!is_finite(b)) {
      for (Ball& x : r) arb_indeterminate(x.arb());
      return false;
    }
  std::sort(r.begin(), r.end(), [](const Ball& a, const Ball& b) { return lower(a) < lower(b); });
  // Merge runs of overlapping projections: r[first..last] becomes their hull, repeated.
  for (long first = 0; first < n;) {
    Ball group = r[first];
    long last = first;
    while (last + 1 < n && arb_overlaps(group.arb(), r[last + 1].arb())) {
      ++last;
      hull(group, group, r[last], p);
    }
    for (long i = first; i <= last; ++i) r[i] = group;
    first = last + 1;
  }
  return true;
}

}  // namespace approxcert
