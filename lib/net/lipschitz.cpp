#include "net/lipschitz.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

Rational abs_q(const Rational& q) { return q < Rational(0) ? -q : q; }

Rational exact_weight(const Number& w, std::string_view source, const std::string& where) {
  if (!w.is_exact())
    throw InputError(std::string(source) + ": " + where +
                     ": a Lipschitz bound needs exact weights; this one is a constant expression");
  return *w.exact();
}

Rational layers_bound(const LayerList& layers, std::string_view source, const std::string& at) {
  Rational product(1);
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const std::string where = at + "/" + std::to_string(i);
    const Rational factor = std::visit(
        [&](const auto& l) -> Rational {
          using L = std::decay_t<decltype(l)>;
          if constexpr (std::is_same_v<L, DenseLayer>) {
            Rational norm(0);
            for (const NumberVector& row : l.weight) {
              Rational sum(0);
              for (const Number& w : row) sum += abs_q(exact_weight(w, source, where + "/weight"));
              norm = std::max(norm, sum);
            }
            return norm;
          } else if constexpr (std::is_same_v<L, SparseDenseLayer>) {
            std::vector<Rational> sums(l.rows, Rational(0));
            for (const SparseEntry& e : l.entries)
              sums[e.row] += abs_q(exact_weight(e.value, source, where + "/entries"));
            Rational norm(0);
            for (const Rational& s : sums) norm = std::max(norm, s);
            return norm;
          } else if constexpr (std::is_same_v<L, ReluLayer> || std::is_same_v<L, TanhLayer>) {
            return Rational(1);
          } else if constexpr (std::is_same_v<L, SigmoidLayer>) {
            return Rational(1) / Rational(4);
          } else if constexpr (std::is_same_v<L, PiecewiseLinearLayer>) {
            Rational slope(0);
            for (std::size_t k = 0; k + 1 < l.breakpoints.size(); ++k)
              slope =
                  std::max(slope, abs_q((l.values[k + 1] - l.values[k]) / (l.breakpoints[k + 1] - l.breakpoints[k])));
            return slope;
          } else if constexpr (std::is_same_v<L, ResidualLayer>) {
            return Rational(1) + layers_bound(l.body, source, where + "/body");
          } else {
            throw InputError(
                std::string(source) + ": " + where + ": a Lipschitz bound from the weights is not available for a \"" +
                std::string(layer_type_name(Layer{l})) +
                "\" layer (supported: dense, sparse_dense, relu, tanh, sigmoid, piecewise_linear, residual)");
          }
        },
        layers[i].kind);
    product *= factor;
  }
  return product;
}

}  // namespace

Rational lipschitz_upper_bound(const Network& net, std::string_view source) {
  if (net.input.tokens)
    throw InputError(std::string(source) +
                     ": /input/tokens: a Lipschitz bound from the weights is for vector networks only");
  return layers_bound(net.layers, source, "/layers");
}

}  // namespace approxcert
