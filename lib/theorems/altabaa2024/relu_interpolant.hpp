#pragma once
// Corollary 2.1's explicit one-dimensional construction (spec §2): the piecewise-linear
// interpolant of g_1..g_N at J + 1 equally spaced knots of [a, b], written exactly as a shallow
// ReLU network with ONE shared hidden layer: psi_i(x) = c_i + sum_j w_ij relu(x - t_j),
// c_i = g_i(a) (through one extra unit relu(0 x + 1) when some c_i != 0: the paper's class has no
// output bias), w_i0 = (g_i(t_1) - g_i(t_0))/h, w_ij = (g_i(t_j+1) - 2 g_i(t_j) + g_i(t_j-1))/h.
// The knot values g_i(t_j) are certified enclosures rounded to the 2^-40 grid (network weights
// must be exact rationals); every claim about the network is then certified against g itself.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/step.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "scalar/ball.hpp"
#include "theorems/altabaa2024/certify.hpp"

namespace approxcert::theorems::altabaa2024 {

struct Interpolant {
  std::uint64_t J = 0;     // knot intervals = ReLU units on the knots
  bool bias_unit = false;  // the extra unit carrying c_i
  RationalVector knots;    // t_0..t_J
  Network net;             // input dim 1, N outputs
  std::uint64_t hidden() const { return J + (bias_unit ? 1 : 0); }
};

// J = ceil(L (b - a) / (2 e)) knot intervals: the interpolant error is at most L h / 2 <= e.
// nullopt when e <= 0 or J > kMaxKnotIntervals (the caller names the parameter that caused it).
inline constexpr std::uint64_t kMaxKnotIntervals = 100000;
std::optional<std::uint64_t> knot_intervals(const Ball& L, const Rational& width, const Rational& e);

Interpolant relu_interpolant(const std::vector<std::string>& g, const Rational& a, const Rational& b, std::uint64_t J);

// The largest e with N (2 C e + e^2) <= budget, rounded DOWN to the 2^-30 grid (so the budget
// closes strictly): e = sqrt(C^2 + budget / N) - C.
Rational eps_nn(const Rational& C, const Rational& budget, std::uint64_t N);

// The i-th component alone (the shared hidden layer and output row i): what S2 / R2 certify.
Network component_network(const Network& net, std::size_t i);

// sup over box of |g - psi_i| (g an expression in x0), on the component network of output i.
chain::Side component_error(const Network& net, std::size_t i, const std::string& g, const Box& box,
                            const chain::Attempt& a, const SupBudget& budget = {});
// sup over box of |g| and of |psi_i|.
chain::Side expression_sup(const std::string& g, const Box& box, const chain::Attempt& a, const SupBudget& budget = {});
chain::Side output_sup(const Network& net, std::size_t i, const Box& box, const chain::Attempt& a,
                       const SupBudget& budget = {});

}  // namespace approxcert::theorems::altabaa2024
