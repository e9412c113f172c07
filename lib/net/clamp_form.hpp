#pragma once
// The clamp form of a network: the same function, with every ReLU-ramp activation group of a
// token-wise layer tokenwise[lift, residual[dense(units from t), relu, dense(rho * coeff)]..., drop]
// rewritten as ONE piecewise_linear node psi(t) - alpha t (constant outside its breakpoints) plus
// the linear part alpha t moved into the layer's final dense. Used for interval propagation:
// the ReLU sum c_1 relu(t - b) - c_1 relu(t - b - eta) with c_1 = 1/eta over a wide t loses the
// cancellation and grows like 1/eta, while the piecewise-linear node is enclosed within its total
// variation (the evaluator's clamp form), independently of eta.
//
// Exactness: psi is the exact ReLU sum, so both are continuous piecewise linear with the same
// breakpoints; the node takes psi's exact values at every breakpoint and the common slope alpha
// outside, hence equals psi - alpha t everywhere. A group that does not have this shape (a step
// group, units reading more than t, output rows not proportional, different end slopes) is kept.
#include "net/network.hpp"

namespace approxcert {

// Guarantee: lower(clamp_form(net)) computes exactly the function of lower(net).
Network clamp_form(const Network& net);

}  // namespace approxcert
