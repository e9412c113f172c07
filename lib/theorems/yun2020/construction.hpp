#pragma once
// Builders of the Yun et al. 2020 networks as approxcert-net/1 Networks (spec section 2):
//   g_q  quantization: d range layers R_i, then d/delta layers Q_{i,k} (token-wise FF, r = 1);
//   g_c  contextual map: delta^-d two-head window attention layers (selective shift with query
//        bias), then one global shift layer;
//   g_v  value map: V_0 (kill invalid columns), V_1..V_d (zero negatives), one window FF layer per
//        (permutation class, column).
// Hardmax/Phi variant (bar g) or softmax/ReLU variant (g, with lambda and eta). No arithmetic on
// network values happens here: the networks are evaluated by the generic evaluator.
#include <optional>
#include <string>
#include <vector>

#include "net/network.hpp"
#include "theorems/yun2020/constants.hpp"

namespace approxcert::theorems::yun2020 {

// The constants of one construction (all exact; spec 1.8, 2.3, 2.4, 5 E1).
struct Config {
  Shape shape;
  Rational J;                                                 // out-of-range value is -J
  Rational K;                                                 // global-layer scale
  Rational t_l, t_r;                                          // thresholds of Lemma 6 (checked by Y-8, Y-9)
  Rational tau_l, tau_r;                                      // acceptance interval of the value map V_0
  std::string j_source, threshold_source, acceptance_source;  // provenance, for reports
  Normalizer ties = Normalizer::Hardmax;  // bar g's hardmax tie rule: split (average), first, last (spec E5)
};

// Softmax/ReLU variant parameters (spec 2.5): softmax scale lambda, ramp width eta.
struct Smoothing {
  Rational lambda, eta;
};

// One (class, column) entry of the value map: q(L)_j, g_c(L)_{:,j} and f(L)_{:,j}.
struct ValueEntry {
  Rational q;
  RationalVector column, target;
};

// Theorem 3 (spec 2.6): the layer X -> X + E, E_{:,j} = (j-1) 1_d, when c.shape.positional; else none.
LayerList positional_layers(const Config& c);
// R_i (range [0, shape.upper())), then Q_{i,k} for k < shape.levels_per_row().
LayerList quantizer_layers(const Config& c, const std::optional<Smoothing>& s);
// Window layer for id l (spec 2.3 step 1): heads with query bias -(l -/+ delta/2), W_O = +/- delta^-d e1.
Layer window_layer(const Config& c, const Rational& l, const std::optional<Smoothing>& s);
LayerList window_layers(const Config& c, const std::optional<Smoothing>& s);  // l = window_positions(), increasing
Layer global_layer(const Config& c, const std::optional<Smoothing>& s);
LayerList value_map_layers(const Config& c, const Rational& M, const std::vector<ValueEntry>& entries,
                           const std::optional<Smoothing>& s);

// A sequence network on d x n inputs with these layers.
Network sequence_network(const Shape& shape, LayerList layers);

}  // namespace approxcert::theorems::yun2020
