#pragma once
// Token-wise feed-forward sub-layers x -> x + w2 * phi(w1 . x + b1) (hidden width r = 1) whose
// activation phi is written exactly as c0 + c1 t + sum_i a_i relu(s_i t + o_i) + sum_i b_i step(s_i t + o_i)
// (step(x) = 1 iff x >= 0). This covers the class Phi of the paper (piecewise linear, at most three
// pieces, possibly discontinuous) and its ReLU replacements, using only approxcert-net/1 layers:
//   tokenwise[ dense -> (x, t), residual[dense, step, dense], residual[dense, relu, dense], dense -> x ]
// The t coordinate is untouched by both residuals, so both unit groups read the same t.
#include <vector>

#include "net/network.hpp"
#include "scalar/rational.hpp"

namespace approxcert::theorems::yun2020 {

struct Unit {
  Rational coeff, slope, offset;  // coeff * act(slope * t + offset)
};

struct Activation {
  Rational constant, linear;  // c0 + c1 t
  std::vector<Unit> relus, steps;
  // Exact value at t (a reference for tests and for the layer's documentation).
  Rational operator()(const Rational& t) const;
};

// The tokenwise layer X -> X + w2 phi(w1^T X + b1 1^T) (every column).
Layer phi_feed_forward(const RationalVector& w1, const Rational& b1, const RationalVector& w2, const Activation& phi);

// The activations of the construction (spec 2.2, 2.4) and their ReLU forms with ramp width eta
// (spec 2.5; each ReLU form equals the Phi form outside its ramp zone).
Activation range_activation(const Rational& J, const Rational& upper = Rational(1));  // phi_out, range [0, upper)
Activation range_activation_relu(const Rational& J, const Rational& eta,
                                 const Rational& upper = Rational(1));            // ramps (-eta,0), (upper-eta,upper)
Activation quantize_activation(const Rational& delta);                            // phi_q
Activation quantize_activation_relu(const Rational& delta, const Rational& eta);  // ramp [delta-eta, delta)
Activation reject_activation(const Rational& tau_l, const Rational& tau_r);       // zeta_3
Activation reject_activation_relu(const Rational& tau_l, const Rational& tau_r, const Rational& eta);
Activation negative_part_activation();                // zeta_4 = relu(-t)
Activation window_activation(const Rational& delta);  // zeta_5
Activation window_activation_relu(const Rational& delta, const Rational& eta);

}  // namespace approxcert::theorems::yun2020
