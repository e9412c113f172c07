#pragma once
// Lowering: Network -> Program (the straight-line IR that evaluate<S>() runs). Builds nodes only,
// no arithmetic on the weights, so the program computes exactly the network of DESIGN.md:
//   inputs: x_k, or for sequence networks X[r, i] = input(i*D + r) (flattened column by column);
//   dense: one Affine node per output; sparse_dense: one Affine node per row, over its stored entries;
//   relu/step/sigmoid/tanh: one unary node per coordinate;
//   piecewise_linear: one PiecewiseLinear node per coordinate; residual: Add(x_r, body(x)_r);
//   inner_product: Dot(left(x), right(y));
//   layer_norm: c_r = Affine(x; e_r - 1/d), s = Affine(PowInt(c_r, 2); 1/d, eps), y_r = Div(c_r, Sqrt(s)),
//     then Affine(y_r; gamma_r, beta_r) unless gamma_r = 1 and beta_r = 0;
//   attention, per head h: Q = W_Q X + b_q, K = W_K X, V = W_V X, U = W_O V (Affine nodes; identical
//     rows on the same inputs within the layer share one node),
//     score of key j for query column i: scale * <K_:,j, Q_:,i> (Dot, or Mul if W_K has one row,
//     then Affine unless scale = 1),
//     out[r, i] = X[r, i] + sum_h Mix(normalizer, scores_i, U_h[r, :]) (normalizer "none": the raw
//     scores, Dot(scores_i, U_h[r, :]), or Mul for one token), where the terms of the rows
//     r with W_O[r, :] = 0 are left out (their mix is exactly 0), and out[r, i] is the node of
//     X[r, i] itself if no term is left;
//   tokenwise: the vector layers on every column; positional_encoding: X[r, i] + E[r][i].
// Outputs: the final vector, or the final X column by column (token 0 first).
#include <span>
#include <vector>

// Numbers: exact ones go into the Affine nodes' constants; a constant expression ("sqrt(2)/2") is
// its own nodes (compile_expression, no variables; one node per distinct text), and a weight w_k
// that is one adds Mul(w_k, x_k) to its row: the row is then Affine(1, ..., 1) over the Affine node
// of its exact terms, those products and an expression bias. So the evaluator encloses every
// expression at the working precision, derivatives see constants, and exact-rational evaluation
// of a transcendental expression throws NotExactError.
#include "net/network.hpp"
#include "net/program.hpp"

namespace approxcert {

// Builds the program of a network: a CheckedNetwork as it is; a Network after check_network()
// (InputError naming "network" if it is invalid).
Program lower(const CheckedNetwork& net);
Program lower(const Network& net);

// The same, lowered onto the inputs of `prog` (which must have input_dim(net) of them), after the
// nodes already there; returns its output nodes. Two networks lowered into one program share its
// inputs (network against network).
std::vector<NodeId> lower_into(Program& prog, const CheckedNetwork& net);
std::vector<NodeId> lower_into(Program& prog, const Network& net);

// The same, onto given nodes of `prog` (input_dim(net) of them; for a sequence network column by
// column) instead of its inputs: the network's outputs as nodes computing net(inputs). Composes
// networks (one network's outputs as another's inputs). std::logic_error on a wrong count or a
// node that does not exist.
std::vector<NodeId> lower_into(Program& prog, const CheckedNetwork& net, std::span<const NodeId> inputs);
std::vector<NodeId> lower_into(Program& prog, const Network& net, std::span<const NodeId> inputs);

}  // namespace approxcert
