#pragma once
// Certified eigenvalue enclosures of symmetric matrices (Arb: acb_mat_approx_eig_qr for the
// approximations, then acb_mat_eig_simple or, for clustered eigenvalues, acb_mat_eig_multiple,
// whose output discs are certified to hold the eigenvalues with their multiplicities).
#include <vector>

#include "linalg/ball_matrix.hpp"
#include "scalar/ball.hpp"

namespace approxcert {

// For every symmetric matrix S contained in K (see require_symmetric): on success (true),
// r[i] contains the i-th smallest eigenvalue of S, i = 0..n-1, counted with multiplicity, and
// r is sorted. Eigenvalues whose enclosures overlap share one ball (their hull). On failure
// (false: Arb could not separate the eigenvalues at this precision) every r[i] is indeterminate.
bool symmetric_eigenvalues(std::vector<Ball>& r, const BallMatrix& K, Prec p);

}  // namespace approxcert
