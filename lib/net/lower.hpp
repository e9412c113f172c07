#pragma once
// Lowering: Network -> Program (the straight-line IR that evaluate<S>() runs). Builds nodes only,
// no arithmetic on the weights, so the program computes exactly the network of DESIGN.md:
//   inputs: x_k, or for sequence networks X[r, i] = input(i*D + r) (flattened column by column);
//   dense: one Affine node per output; relu/step/sigmoid/tanh: one unary node per coordinate;
//   piecewise_linear: one PiecewiseLinear node per coordinate; residual: Add(x_r, body(x)_r);
//   inner_product: Dot(left(x), right(y));
//   attention, per head h: Q = W_Q X + b_q, K = W_K X, V = W_V X, U = W_O V (Affine nodes),
//     score of key j for query column i: scale * <K_:,j, Q_:,i> (Dot, then Affine),
//     out[r, i] = X[r, i] + sum_h Mix(normalizer, scores_i, U_h[r, :]);
//   tokenwise: the vector layers on every column; positional_encoding: X[r, i] + E[r][i].
// Outputs: the final vector, or the final X column by column (token 0 first).
#include "net/network.hpp"
#include "net/program.hpp"

namespace approxcert {

// Checks the network (InputError naming "network" if invalid) and builds its program.
Program lower(const Network& net);

}  // namespace approxcert
