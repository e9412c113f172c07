#pragma once
// Definiteness certificates for symmetric matrices: positive definiteness by an LDL^T (Cholesky)
// factorisation whose pivots are certainly > 0, and indefiniteness by two explicit exact vectors.
//
// A symmetric claim about a BallMatrix K is a claim about EVERY symmetric matrix S contained in K
// (S_ij in K_ij for all i, j). A K with a pair K_ij, K_ji that do not overlap contains no symmetric
// matrix: std::invalid_argument. The pivots d_1..d_n are the diagonal of D in S = L D L^T (L unit
// lower triangular); equivalently d_k = D_k / D_{k-1} with D_k the k-th leading principal minor.
// By Sylvester's criterion S is positive definite iff every d_k > 0.
#include <vector>

#include "linalg/ball_matrix.hpp"
#include "linalg/exact_matrix.hpp"
#include "scalar/ball.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

// pivots[k] contains d_{k+1} of every symmetric S in K. True: every pivot is certainly > 0 (every
// such S is positive definite); False: some pivot is certainly <= 0 (no such S is); else Unknown.
// Pivots come from Arb's arb_mat_ldl when it certifies; otherwise from ratios of leading principal
// minors (arb_mat_det), which may be indeterminate.
Truth positive_definite(std::vector<Ball>& pivots, const BallMatrix& K, Prec p);
// Exact: pivots receives d_1..d_n, or d_1..d_k when D_k = 0 for some k < n (the later pivots are
// undefined). True iff every pivot is > 0, else False; never Unknown. K must be symmetric (else
// std::invalid_argument).
Truth positive_definite(std::vector<Rational>& pivots, const ExactMatrix& K);

// r contains c^T A c for every A in K (c exact, of size n).
void quadratic_form(Ball& r, const std::vector<Rational>& c, const BallMatrix& K, Prec p);
Rational quadratic_form(const std::vector<Rational>& c, const ExactMatrix& K);  // exact

// Indefiniteness of every symmetric S in K, witnessed by nonzero exact vectors c_neg, c_pos:
// q_neg contains c_neg^T S c_neg and q_pos contains c_pos^T S c_pos. True: q_neg < 0 < q_pos
// certainly. False: K or -K is certified positive definite (so no S in K is indefinite). Else
// Unknown. A zero or wrongly sized vector: std::invalid_argument.
Truth indefinite(Ball& q_neg, Ball& q_pos, const std::vector<Rational>& c_neg, const std::vector<Rational>& c_pos,
                 const BallMatrix& K, Prec p);

}  // namespace approxcert
