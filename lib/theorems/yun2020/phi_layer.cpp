#include "theorems/yun2020/phi_layer.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

const Rational kZero(0), kOne(1);

Rational relu_of(const Rational& x) { return x.sign() > 0 ? x : Rational(0); }
Rational step_of(const Rational& x) { return Rational(x.sign() >= 0 ? 1 : 0); }

// residual[dense(units from the t coordinate), act, dense(back into the x rows)] on (x, t).
Layer unit_residual(const std::vector<Unit>& units, std::size_t d, const RationalVector& w2, Layer act) {
  DenseLayer in, out;
  for (const Unit& u : units) {
    RationalVector row(d + 1, kZero);
    row[d] = u.slope;
    in.weight.push_back(numbers(row));
    in.bias.push_back(u.offset);
  }
  for (std::size_t r = 0; r <= d; ++r) {
    RationalVector row;
    for (const Unit& u : units) row.push_back(r < d ? w2[r] * u.coeff : kZero);
    out.weight.push_back(numbers(row));
    out.bias.push_back(kZero);
  }
  return Layer{ResidualLayer{{Layer{in}, std::move(act), Layer{out}}}};
}

}  // namespace

Rational Activation::operator()(const Rational& t) const {
  Rational v = constant + linear * t;
  for (const Unit& u : relus) v += u.coeff * relu_of(u.slope * t + u.offset);
  for (const Unit& u : steps) v += u.coeff * step_of(u.slope * t + u.offset);
  return v;
}

Layer phi_feed_forward(const RationalVector& w1, const Rational& b1, const RationalVector& w2, const Activation& phi) {
  const std::size_t d = w1.size();
  DenseLayer lift;  // (x, t) with t = w1 . x + b1
  for (std::size_t r = 0; r < d; ++r) {
    RationalVector row(d, kZero);
    row[r] = kOne;
    lift.weight.push_back(numbers(row));
    lift.bias.push_back(kZero);
  }
  lift.weight.push_back(numbers(w1));
  lift.bias.push_back(b1);
  DenseLayer drop;  // x + w2 (c0 + c1 t)
  for (std::size_t r = 0; r < d; ++r) {
    RationalVector row(d + 1, kZero);
    row[r] = kOne;
    row[d] = w2[r] * phi.linear;
    drop.weight.push_back(numbers(row));
    drop.bias.push_back(w2[r] * phi.constant);
  }
  TokenwiseLayer tw;
  tw.layers.push_back(Layer{lift});
  if (!phi.steps.empty()) tw.layers.push_back(unit_residual(phi.steps, d, w2, Layer{StepLayer{}}));
  if (!phi.relus.empty()) tw.layers.push_back(unit_residual(phi.relus, d, w2, Layer{ReluLayer{}}));
  tw.layers.push_back(Layer{drop});
  return Layer{tw};
}

// phi_out(t) = -t - J outside [0,a), 0 on [0,a) (a = upper: 1, or n with positional encoding)
//            = -t - J + relu(t) - relu(t-a) + J step(t) - (a+J) step(t-a).
Activation range_activation(const Rational& J, const Rational& upper) {
  return {.constant = -J,
          .linear = Rational(-1),
          .relus = {{kOne, kOne, kZero}, {Rational(-1), kOne, -upper}},
          .steps = {{J, kOne, kZero}, {-(upper + J), kOne, -upper}}};
}

// relu(-t) - (J/eta)[relu(-t) - relu(-t-eta)] - relu(t-u) - ((u+J)/eta)[relu(t-u+eta) - relu(t-u)]
// (u = upper: 1, or n with positional encoding; equal to phi_out outside (-eta, 0) and (u-eta, u)).
Activation range_activation_relu(const Rational& J, const Rational& eta, const Rational& upper) {
  const Rational a = J / eta, b = (upper + J) / eta;
  return {.constant = kZero,
          .linear = kZero,
          .relus = {{kOne - a, Rational(-1), kZero},
                    {a, Rational(-1), -eta},
                    {Rational(-1) + b, kOne, -upper},
                    {-b, kOne, eta - upper}},
          .steps = {}};
}

// phi_q(t) = -t on [0, delta), 0 otherwise = -relu(t) + relu(t - delta) + delta step(t - delta).
Activation quantize_activation(const Rational& delta) {
  return {.constant = kZero,
          .linear = kZero,
          .relus = {{Rational(-1), kOne, kZero}, {kOne, kOne, -delta}},
          .steps = {{delta, kOne, -delta}}};
}

// -relu(t) + (1 - delta/eta) relu(t - delta) + (delta/eta) relu(t - delta + eta).
Activation quantize_activation_relu(const Rational& delta, const Rational& eta) {
  return {.constant = kZero,
          .linear = kZero,
          .relus = {{Rational(-1), kOne, kZero}, {kOne - delta / eta, kOne, -delta}, {delta / eta, kOne, eta - delta}},
          .steps = {}};
}

// zeta_3(t) = 0 on [tau_l, tau_r], 1 otherwise = 2 - step(t - tau_l) - step(tau_r - t).
Activation reject_activation(const Rational& tau_l, const Rational& tau_r) {
  return {.constant = Rational(2),
          .linear = kZero,
          .relus = {},
          .steps = {{Rational(-1), kOne, -tau_l}, {Rational(-1), Rational(-1), tau_r}}};
}

// 1 - (1/eta)[relu(t - tau_l + eta) - relu(t - tau_l)] + (1/eta)[relu(t - tau_r) - relu(t - tau_r - eta)].
Activation reject_activation_relu(const Rational& tau_l, const Rational& tau_r, const Rational& eta) {
  const Rational s = kOne / eta;
  return {.constant = kOne,
          .linear = kZero,
          .relus = {{-s, kOne, eta - tau_l}, {s, kOne, -tau_l}, {s, kOne, -tau_r}, {-s, kOne, -tau_r - eta}},
          .steps = {}};
}

Activation negative_part_activation() {
  return {.constant = kZero, .linear = kZero, .relus = {{kOne, Rational(-1), kZero}}, .steps = {}};
}

// zeta_5(t) = 1 on [-delta/2, delta/2), 0 otherwise = step(t + delta/2) - step(t - delta/2).
Activation window_activation(const Rational& delta) {
  const Rational h = delta / Rational(2);
  return {.constant = kZero, .linear = kZero, .relus = {}, .steps = {{kOne, kOne, h}, {Rational(-1), kOne, -h}}};
}

// (1/eta)[relu(t + delta/2 + eta) - relu(t + delta/2)] - (1/eta)[relu(t - delta/2 + eta) - relu(t - delta/2)].
Activation window_activation_relu(const Rational& delta, const Rational& eta) {
  const Rational h = delta / Rational(2), s = kOne / eta;
  return {.constant = kZero,
          .linear = kZero,
          .relus = {{s, kOne, h + eta}, {-s, kOne, h}, {-s, kOne, eta - h}, {s, kOne, -h}},
          .steps = {}};
}

}  // namespace approxcert::theorems::yun2020
