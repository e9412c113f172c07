#include "theorems/yun2020/construction.hpp"

#include "theorems/yun2020/phi_layer.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

RationalVector basis(std::size_t d, std::size_t i) {
  RationalVector e(d, Rational(0));
  e[i] = Rational(1);
  return e;
}

// Selective-shift head Psi(.; b) scaled by `scale`: W_V = W_K = W_Q = u^T, query bias -b, W_O = scale e1.
AttentionHead shift_head(const Config& c, const Rational& b, const Rational& scale) {
  const std::vector<Rational> u = column_id_weights(c.shape);
  AttentionHead h;
  h.wq = {numbers(u)};
  h.wk = {numbers(u)};
  h.wv = {numbers(u)};
  for (std::size_t r = 0; r < c.shape.d; ++r) h.wo.push_back({r == 0 ? scale : Rational(0)});
  h.bq = NumberVector{-b};
  return h;
}

AttentionLayer attention(const Config& c, const std::optional<Smoothing>& s) {
  AttentionLayer a;
  a.normalizer = s ? Normalizer::Softmax : c.ties;
  a.scale = s ? s->lambda : Rational(1);
  return a;
}

}  // namespace

LayerList positional_layers(const Config& c) {
  if (!c.shape.positional) return {};
  RationalMatrix E(c.shape.d);
  for (RationalVector& row : E)
    for (std::size_t j = 0; j < c.shape.n; ++j) row.push_back(c.shape.offset(j));
  return {Layer{PositionalEncodingLayer{numbers(E)}}};
}

LayerList quantizer_layers(const Config& c, const std::optional<Smoothing>& s) {
  const std::size_t d = c.shape.d;
  const Rational delta = c.shape.delta();
  LayerList layers;
  for (std::size_t i = 0; i < d; ++i)
    layers.push_back(phi_feed_forward(
        basis(d, i), Rational(0), basis(d, i),
        s ? range_activation_relu(c.J, s->eta, c.shape.upper()) : range_activation(c.J, c.shape.upper())));
  for (std::size_t i = 0; i < d; ++i)
    for (std::uint64_t k = 0; k < c.shape.levels_per_row(); ++k)
      layers.push_back(phi_feed_forward(basis(d, i), -Rational(static_cast<long>(k)) * delta, basis(d, i),
                                        s ? quantize_activation_relu(delta, s->eta) : quantize_activation(delta)));
  return layers;
}

Layer window_layer(const Config& c, const Rational& l, const std::optional<Smoothing>& s) {
  const Rational h = c.shape.delta() / Rational(2), w = window_scale(c.shape);
  AttentionLayer a = attention(c, s);
  a.heads.push_back(shift_head(c, l - h, w));
  a.heads.push_back(shift_head(c, l + h, -w));
  return Layer{a};
}

LayerList window_layers(const Config& c, const std::optional<Smoothing>& s) {
  LayerList layers;
  for (const Rational& l : window_positions(c.shape)) layers.push_back(window_layer(c, l, s));
  return layers;
}

Layer global_layer(const Config& c, const std::optional<Smoothing>& s) {
  AttentionLayer a = attention(c, s);
  a.heads.push_back(shift_head(c, Rational(0), c.K));
  return Layer{a};
}

LayerList value_map_layers(const Config& c, const Rational& M, const std::vector<ValueEntry>& entries,
                           const std::optional<Smoothing>& s) {
  const std::size_t d = c.shape.d;
  const Rational delta = c.shape.delta();
  const std::vector<Rational> u = column_id_weights(c.shape);
  LayerList layers;
  layers.push_back(
      phi_feed_forward(u, Rational(0), RationalVector(d, -(M + Rational(1))),
                       s ? reject_activation_relu(c.tau_l, c.tau_r, s->eta) : reject_activation(c.tau_l, c.tau_r)));
  for (std::size_t i = 0; i < d; ++i)
    layers.push_back(phi_feed_forward(basis(d, i), Rational(0), basis(d, i), negative_part_activation()));
  for (const ValueEntry& e : entries) {
    RationalVector w2;
    for (std::size_t r = 0; r < d; ++r) w2.push_back(e.target[r] - e.column[r]);
    layers.push_back(
        phi_feed_forward(u, -e.q, w2, s ? window_activation_relu(delta, s->eta) : window_activation(delta)));
  }
  return layers;
}

Network sequence_network(const Shape& shape, LayerList layers) {
  Network net;
  net.input.dim = shape.d;
  net.input.tokens = shape.n;
  net.layers = std::move(layers);
  return net;
}

}  // namespace approxcert::theorems::yun2020
