#include "theorems/yun2020/stages.hpp"

#include <stdexcept>

#include "net/clamp_form.hpp"
#include "net/lower.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

using Interval2 = std::pair<Rational, Rational>;

// The lowered layer with the probes w . Z_j + b (one per column of the input state) as extra outputs.
Program probe_program(const Shape& s, const Layer& layer, const RationalVector& w, const Rational& b) {
  Program prog = lower(sequence_network(s, {layer}));
  std::vector<NodeId> outs(prog.outputs().begin(), prog.outputs().end());
  for (std::size_t j = 0; j < s.n; ++j) {
    std::vector<NodeId> col;
    for (std::size_t r = 0; r < s.d; ++r) col.push_back(prog.input(j * s.d + r));
    outs.push_back(prog.affine(col, w, b));
  }
  prog.set_outputs(outs);
  return prog;
}

// w1 and b1 of a Phi layer (phi_layer.hpp: the last row of its first dense layer).
std::pair<RationalVector, Rational> pre_activation(const Layer& layer) {
  const auto* tw = std::get_if<TokenwiseLayer>(&layer.kind);
  const auto* lift = tw && !tw->layers.empty() ? std::get_if<DenseLayer>(&tw->layers[0].kind) : nullptr;
  if (!lift) throw std::logic_error("yun2020 stages: expected a Phi feed-forward layer");
  return {rationals(lift->weight.back()), lift->bias.back().rational()};
}

}  // namespace

std::vector<Stage> network_stages(const Config& c, const Network& net, const std::optional<Smoothing>& sm) {
  const Shape& s = c.shape;
  const Rational delta = s.delta(), h = delta / Rational(2);
  const std::vector<Rational> u = column_id_weights(s);
  const std::size_t d = s.d, levels = s.levels_per_row(), quant = d + d * levels;
  const std::vector<Rational> positions = window_positions(s);
  const std::size_t windows = positions.size();
  const Rational upper = s.upper();
  std::vector<Stage> out;
  const std::size_t first = s.positional ? 1 : 0;  // the encoding layer X + E comes first (no probes)
  if (s.positional) {
    if (net.layers.empty() || !std::holds_alternative<PositionalEncodingLayer>(net.layers[0].kind))
      throw std::logic_error("yun2020 stages: expected the positional encoding layer first");
    out.push_back(Stage{Stage::Kind::Encoding, lower(sequence_network(s, {net.layers[0]})), {}, {}, "E"});
  }
  for (std::size_t k = 0; k + first < net.layers.size(); ++k) {
    const Layer& layer = net.layers[k + first];
    Stage st{Stage::Kind::Quantizer, Program(), {}, {}, {}};
    if (k < quant) {
      const bool range = k < d;
      st.kind = Stage::Kind::Quantizer;
      st.name = range ? "R_" + std::to_string(k + 1)
                      : "Q_{" + std::to_string((k - d) / levels + 1) + "," + std::to_string((k - d) % levels) + "}";
      if (sm) {
        if (range) st.ramps = {Interval2{-sm->eta, Rational(0)}, Interval2{upper - sm->eta, upper}};
        else st.ramps = {Interval2{delta - sm->eta, delta}};
      }
    } else if (k < quant + windows + 1) {
      const bool global = k == quant + windows;
      st.kind = global ? Stage::Kind::Global : Stage::Kind::Window;
      const Rational l = global ? Rational(0) : positions[k - quant];
      st.name = global ? "global" : "window l=" + l.to_string();
      st.query_biases = global ? std::vector<Rational>{Rational(0)} : std::vector<Rational>{l - h, l + h};
      if (!std::holds_alternative<AttentionLayer>(layer.kind))
        throw std::logic_error("yun2020 stages: expected an attention layer");
      st.prog = probe_program(s, layer, u, Rational(0));
      out.push_back(std::move(st));
      continue;
    } else if (k == quant + windows + 1) {
      st.kind = Stage::Kind::Reject;
      st.name = "V_0";
      if (sm) st.ramps = {Interval2{c.tau_l - sm->eta, c.tau_l}, Interval2{c.tau_r, c.tau_r + sm->eta}};
    } else if (k < quant + windows + 2 + d) {
      st.kind = Stage::Kind::Negative;
      st.name = "V_" + std::to_string(k - quant - windows - 1);
    } else {
      st.kind = Stage::Kind::ValueWindow;
      st.name = "W_" + std::to_string(k - quant - windows - 1 - d);
      if (sm) st.ramps = {Interval2{-h - sm->eta, -h}, Interval2{h - sm->eta, h}};
    }
    const auto [w1, b1] = pre_activation(layer);
    st.prog = probe_program(s, layer, w1, b1);
    out.push_back(std::move(st));
  }
  return out;
}

std::vector<Program> entry_quantizer_programs(const Config& c, const std::optional<Smoothing>& s) {
  Config one = c;
  one.shape.d = 1;  // one row; levels_per_row() and upper() keep the tokens and the encoding flag
  const Shape entry{1, 1, c.shape.N};
  std::vector<Program> out;
  for (const Layer& l : quantizer_layers(one, s)) {
    const Network net = sequence_network(entry, {l});
    out.push_back(lower(s ? clamp_form(net) : net));
  }
  return out;
}

std::vector<FlatPiece> flat_pieces(const Config& c, const Rational& eta, const Rational& a) {
  const Shape& s = c.shape;
  std::vector<FlatPiece> out;
  if (a >= eta) out.push_back({-a, -eta, -c.J});
  for (std::uint64_t k = 0; k < s.levels_per_row(); ++k) {
    const Rational kd = Rational(static_cast<long>(k)) * s.delta();
    out.push_back({kd, kd + s.delta() - eta, kd});
  }
  if (a.sign() > 0) out.push_back({s.upper(), s.upper() + a, -c.J});
  return out;
}

}  // namespace approxcert::theorems::yun2020
