#include "net/clamp_form.hpp"

#include <algorithm>
#include <optional>

namespace approxcert {

namespace {

Rational relu_of(const Rational& x) { return x.sign() > 0 ? x : Rational(0); }

struct Rewrite {
  Layer body;                     // residual[dense(select t), piecewise_linear, dense(rho)]
  RationalVector linear_per_row;  // alpha * rho_r, to add to the final dense's t column
};

// The clamp form of one relu group residual[in, relu, out] on (x, t) (t = last coordinate), or
// nothing if the group does not have the shape described in the header.
std::optional<Rewrite> rewrite_group(const ResidualLayer& group) {
  if (group.body.size() != 3) return std::nullopt;
  const auto* in = std::get_if<DenseLayer>(&group.body[0].kind);
  const auto* out = std::get_if<DenseLayer>(&group.body[2].kind);
  if (!in || !out || !std::holds_alternative<ReluLayer>(group.body[1].kind) || in->weight.empty()) return std::nullopt;
  const std::size_t k = in->weight.size(), cols = in->weight[0].size(), t = cols - 1;
  // The construction's numbers are exact (NotExactError otherwise).
  const RationalMatrix in_weight = rationals(in->weight), out_weight = rationals(out->weight);
  const RationalVector in_bias = rationals(in->bias);
  std::vector<Rational> slope, offset;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t c = 0; c < t; ++c)
      if (in_weight[i][c].sign() != 0) return std::nullopt;
    slope.push_back(in_weight[i][t]);
    offset.push_back(in_bias[i]);
  }
  // coeff_i from the first row with a nonzero weight; every row must be rho_r * coeff.
  std::optional<std::size_t> r0;
  for (std::size_t r = 0; r < out_weight.size() && !r0; ++r)
    for (const Rational& w : out_weight[r])
      if (w.sign() != 0) r0 = r;
  if (!r0) return std::nullopt;
  const RationalVector& coeff = out_weight[*r0];
  const std::size_t pivot = static_cast<std::size_t>(
      std::find_if(coeff.begin(), coeff.end(), [](const Rational& c) { return c.sign() != 0; }) - coeff.begin());
  RationalVector rho;
  for (const RationalVector& row : out_weight) {
    const Rational ratio = row[pivot] / coeff[pivot];
    for (std::size_t i = 0; i < k; ++i)
      if (row[i] != ratio * coeff[i]) return std::nullopt;
    rho.push_back(ratio);
  }
  if (rho.size() != cols || rho[t].sign() != 0) return std::nullopt;  // the t coordinate must pass unchanged
  Rational left(0), right(0);
  std::vector<Rational> breaks;
  for (std::size_t i = 0; i < k; ++i) {
    if (slope[i].sign() < 0) left += coeff[i] * slope[i];
    if (slope[i].sign() > 0) right += coeff[i] * slope[i];
    if (slope[i].sign() != 0) breaks.push_back(-offset[i] / slope[i]);
  }
  if (left != right || breaks.empty()) return std::nullopt;
  std::sort(breaks.begin(), breaks.end());
  breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
  const Rational alpha = left;
  auto psi = [&](const Rational& x) {
    Rational v(0);
    for (std::size_t i = 0; i < k; ++i) v += coeff[i] * relu_of(slope[i] * x + offset[i]);
    return v - alpha * x;
  };
  PiecewiseLinearLayer pl;
  for (const Rational& b : breaks) {
    pl.breakpoints.push_back(b);
    pl.values.push_back(psi(b));
  }
  DenseLayer select, spread;
  RationalVector pick(cols, Rational(0));
  pick[t] = Rational(1);
  select.weight.push_back(numbers(pick));
  select.bias.push_back(Rational(0));
  for (std::size_t r = 0; r < cols; ++r) {
    spread.weight.push_back({rho[r]});
    spread.bias.push_back(out->bias[r]);
  }
  Rewrite rw{Layer{ResidualLayer{{Layer{select}, Layer{pl}, Layer{spread}}}}, {}};
  for (const Rational& r : rho) rw.linear_per_row.push_back(alpha * r);
  return rw;
}

// A token-wise layer tokenwise[lift, groups..., drop]: rewrites its relu groups, moving alpha t into drop.
Layer clamp_tokenwise(const TokenwiseLayer& tw) {
  TokenwiseLayer copy = tw;
  auto* drop = copy.layers.empty() ? nullptr : std::get_if<DenseLayer>(&copy.layers.back().kind);
  if (!drop || copy.layers.size() < 3) return Layer{tw};
  for (std::size_t g = 1; g + 1 < copy.layers.size(); ++g) {
    const auto* group = std::get_if<ResidualLayer>(&copy.layers[g].kind);
    if (!group) continue;
    std::optional<Rewrite> rw = rewrite_group(*group);
    if (!rw) continue;
    const std::size_t t = rw->linear_per_row.size() - 1;
    if (drop->weight.empty() || drop->weight[0].size() != t + 1) return Layer{tw};
    for (std::size_t r = 0; r < drop->weight.size(); ++r)  // the x part of drop must be the identity
      for (std::size_t c = 0; c < t; ++c)
        if (drop->weight[r][c] != Number(r == c ? 1 : 0)) return Layer{tw};
    for (std::size_t r = 0; r < drop->weight.size(); ++r)
      drop->weight[r][t] = drop->weight[r][t].rational() + rw->linear_per_row[r];
    copy.layers[g] = std::move(rw->body);
  }
  return Layer{copy};
}

}  // namespace

Network clamp_form(const Network& net) {
  Network out = net;
  for (Layer& l : out.layers)
    if (const auto* tw = std::get_if<TokenwiseLayer>(&l.kind)) l = clamp_tokenwise(*tw);
  return out;
}

}  // namespace approxcert
