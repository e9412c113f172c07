#pragma once
// Lipschitz constants of networks from their weights alone (no evaluation).
#include <string_view>

#include "net/network.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// Guarantee: for all inputs x, y and every output k, |f_k(x) - f_k(y)| <= L max_i |x_i - y_i|,
// where L is the returned exact rational: the product over layers of the max-row-sum (infinity)
// norms of the weight matrices and the activations' Lipschitz constants (relu, tanh: 1; sigmoid:
// 1/4; piecewise_linear: its largest |slope|; residual x + body(x): 1 + L(body)).
// Vector networks of dense, sparse_dense, relu, tanh, sigmoid, piecewise_linear and residual
// layers with exact weights only: anything else (step is discontinuous; attention, layer_norm and
// constant-expression weights are not handled) throws InputError naming `source` and the layer.
Rational lipschitz_upper_bound(const Network& net, std::string_view source);

}  // namespace approxcert
