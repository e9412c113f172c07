#pragma once
// Gram matrices of exponentiated bilinear kernels k(x, y) = exp(scale * x^T A y), the kernel of a
// dot-product attention head (A = W_Q^T W_K, scale = 1/sqrt(d_k)). The bilinear forms are exact
// (FLINT); only the scale and the exponential are rounded, outward.
#include "linalg/ball_matrix.hpp"
#include "linalg/exact_matrix.hpp"

namespace approxcert {

// K (rows(X) x rows(Y)) contains exp(s * x_i^T A y_j) for every s in the ball `scale`, where x_i,
// y_j are the rows of X and Y (X.cols() == A.rows(), Y.cols() == A.cols(), else
// std::invalid_argument).
void exp_bilinear_gram(BallMatrix& K, const ExactMatrix& X, const ExactMatrix& A, const ExactMatrix& Y,
                       const Ball& scale, Prec p);

// r contains (K + K^T) / 2 for every K in the ball matrix (square, else std::invalid_argument).
void symmetric_part(BallMatrix& r, const BallMatrix& K, Prec p);

}  // namespace approxcert
