#pragma once
// Theorem 1 (hardmax one-layer Transformers lack memorization capacity), the explicit witness of
// spec §2.7: X1 = (1, 2, 5, 6) e and X2 = (1, 3, 4, 6) e share max, min and mean, so every hardmax
// head returns the same value at the token e (any weights, tie rule split / first / last, affine
// query bias), while softmax separates them.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "net/network.hpp"

namespace approxcert::theorems::kajitsuka2024 {

chain::Chain build_theorem_1(const chain::Parameters& p);

// One attention head on 1 x 4 inputs: scores (W_K x_k)(W_Q x_l + b_q) = kappa t_k t_l + b_q t_k,
// value and output weight 1, the given normalizer.
Network hardmax_witness_network(const Rational& kappa, const Rational& bq, Normalizer normalizer);

}  // namespace approxcert::theorems::kajitsuka2024
