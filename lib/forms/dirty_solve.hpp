#pragma once
// dirty (not rigorous): a small dense linear solve in doubles, for search heuristics only (Newton
// steps toward witness points, multipliers of the relu-substitution form).
#include <vector>

namespace approxcert {

// Solves A s = b by Gaussian elimination with partial pivoting; empty if A is singular or the
// solution is not finite. A is n x n, b has n entries.
std::vector<double> dirty_solve(std::vector<std::vector<double>> A, std::vector<double> b);

}  // namespace approxcert
