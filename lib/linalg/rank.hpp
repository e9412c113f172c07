#pragma once
// Rank of a ball matrix, bounded below by a certified nonzero minor. (The exact rank of a rational
// matrix is rank() in exact_matrix.hpp.)
#include <vector>

#include "linalg/ball_matrix.hpp"
#include "scalar/ball.hpp"

namespace approxcert {

// A square submatrix: its row and column indices and an enclosure of its determinant.
struct Minor {
  std::vector<long> rows;
  std::vector<long> cols;
  Ball det;
};

// Finds a minor whose determinant is certainly nonzero for every A in a, so that rank(A) >=
// minor.rows.size() for every A in a, and returns that size (0, with an empty minor, when no
// minor is certified). The rows and columns are chosen from the exact midpoint matrix (its
// independent rows and columns); only the determinant's enclosure (arb_mat_det) certifies.
long rank_lower_bound(Minor& minor, const BallMatrix& a, Prec p);

}  // namespace approxcert
