#include "theorems/altabaa2024/relu_interpolant.hpp"

#include <stdexcept>

#include "net/lower.hpp"
#include "problem/error_program.hpp"

namespace approxcert::theorems::altabaa2024 {

std::optional<std::uint64_t> knot_intervals(const Ball& L, const Rational& width, const Rational& e) {
  if (e.sign() <= 0) return std::nullopt;
  const Rational J = ceil_div(upper(L) * width / (Rational(2) * e));
  if (J > Rational(static_cast<long>(kMaxKnotIntervals))) return std::nullopt;
  return J.sign() <= 0 ? 1 : std::stoull(J.to_string());
}

Interpolant relu_interpolant(const std::vector<std::string>& g, const Rational& a, const Rational& b, std::uint64_t J) {
  Interpolant it;
  it.J = J;
  const Rational h = (b - a) / count_q(J);
  for (std::uint64_t j = 0; j <= J; ++j) it.knots.push_back(a + count_q(j) * h);
  std::vector<RationalVector> val(g.size());
  for (std::size_t i = 0; i < g.size(); ++i)
    for (const Rational& t : it.knots) val[i].push_back(dyadic_near(expression_at(g[i], t, Prec(128)), 40));
  for (const auto& v : val) it.bias_unit = it.bias_unit || v[0].sign() != 0;

  DenseLayer hidden, out;
  for (std::uint64_t j = 0; j < J; ++j) {
    hidden.weight.push_back({Rational(1)});
    hidden.bias.push_back(-it.knots[j]);
  }
  if (it.bias_unit) {
    hidden.weight.push_back({Rational(0)});
    hidden.bias.push_back(Rational(1));
  }
  for (const auto& v : val) {
    NumberVector row;
    row.push_back((v[1] - v[0]) / h);
    for (std::uint64_t j = 1; j < J; ++j) row.push_back((v[j + 1] - Rational(2) * v[j] + v[j - 1]) / h);
    if (it.bias_unit) row.push_back(v[0]);
    out.weight.push_back(std::move(row));
    out.bias.push_back(Rational(0));
  }
  it.net = Network{{1, std::nullopt}, {Layer{std::move(hidden)}, Layer{ReluLayer{}}, Layer{std::move(out)}}};
  return it;
}

Network component_network(const Network& net, std::size_t i) {
  Network c = net;
  DenseLayer& out = std::get<DenseLayer>(c.layers.back().kind);
  out.weight = {out.weight.at(i)};
  out.bias = {out.bias.at(i)};
  return c;
}

Rational eps_nn(const Rational& C, const Rational& budget, std::uint64_t N) {
  Ball t, c;
  const Prec p(256);
  set(t, C * C + budget / count_q(N), p);
  sqrt(t, t, p);
  set(c, C, p);
  sub(t, t, c, p);
  return dyadic_floor(lower(t), 30);
}

chain::Side component_error(const Network& net, std::size_t i, const std::string& g, const Box& box,
                            const chain::Attempt& a, const SupBudget& budget) {
  return sup_norm_side(net_error_program(lower(component_network(net, i)), 0, g), box, a, {"x"},
                       "sup |g_i - psi_i| (sup-norm engine)", budget);
}

chain::Side expression_sup(const std::string& g, const Box& box, const chain::Attempt& a, const SupBudget& budget) {
  return sup_norm_side(expression_error_program("0", g, 1), box, a, {"x"}, "sup |g_i| (sup-norm engine)", budget);
}

chain::Side output_sup(const Network& net, std::size_t i, const Box& box, const chain::Attempt& a,
                       const SupBudget& budget) {
  return sup_norm_side(net_error_program(lower(component_network(net, i)), 0, "0"), box, a, {"x"},
                       "sup |psi_i| (sup-norm engine)", budget);
}

}  // namespace approxcert::theorems::altabaa2024
