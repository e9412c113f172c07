#include "theorems/yun2020/size_steps.hpp"

#include <stdexcept>

#include "theorems/yun2020/step_spec.hpp"

namespace approxcert::theorems::yun2020 {

using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

namespace {

// What one sub-layer of a built network is, counted from its layers (phi_layer.hpp's encoding:
// tokenwise[dense lift -> (x, t rows), residual[dense units, step|relu, dense]..., dense drop]).
struct SubLayer {
  bool encoding = false;  // the positional encoding X + E (Theorem 3): not a sub-layer, counted apart
  bool attention = false;
  std::size_t heads = 0, head_size = 0, stored = 0;  // attention: heads, max rows of W_Q, stored entries
  std::size_t pre_activations = 0;                   // feed-forward: rows t = w1 . x + b1
  std::size_t relus = 0, steps = 0;                  // units reading t
  bool linear = false;                               // a term c1 t (a ReLU network needs 2 units for it)
};

std::size_t entries(const NumberMatrix& m) {
  std::size_t k = 0;
  for (const auto& row : m) k += row.size();
  return k;
}

SubLayer count(const Layer& layer, std::size_t d) {
  SubLayer s;
  if (std::holds_alternative<PositionalEncodingLayer>(layer.kind)) {
    s.encoding = true;
    return s;
  }
  if (const auto* a = std::get_if<AttentionLayer>(&layer.kind)) {
    s.attention = true;
    s.heads = a->heads.size();
    for (const AttentionHead& h : a->heads) {
      s.head_size = std::max(s.head_size, h.wq.size());
      s.stored += entries(h.wq) + entries(h.wk) + entries(h.wv) + entries(h.wo) + (h.bq ? h.bq->size() : 0);
    }
    return s;
  }
  const auto* tw = std::get_if<TokenwiseLayer>(&layer.kind);
  if (!tw || tw->layers.size() < 2) throw std::logic_error("yun2020 sizes: expected a Phi feed-forward layer");
  const auto* lift = std::get_if<DenseLayer>(&tw->layers.front().kind);
  const auto* drop = std::get_if<DenseLayer>(&tw->layers.back().kind);
  if (!lift || !drop || lift->weight.size() < d) throw std::logic_error("yun2020 sizes: unexpected feed-forward layer");
  s.pre_activations = lift->weight.size() - d;
  for (std::size_t k = 1; k + 1 < tw->layers.size(); ++k) {
    const auto* res = std::get_if<ResidualLayer>(&tw->layers[k].kind);
    if (!res || res->body.size() != 3) throw std::logic_error("yun2020 sizes: unexpected unit group");
    const std::size_t units = std::get<DenseLayer>(res->body[0].kind).weight.size();
    if (std::holds_alternative<ReluLayer>(res->body[1].kind)) s.relus += units;
    else s.steps += units;
  }
  for (const auto& row : drop->weight)
    for (std::size_t c = d; c < row.size(); ++c) s.linear = s.linear || row[c].rational().sign() != 0;
  return s;
}

// A ReLU feed-forward sub-layer's hidden width: its ReLU units, plus 2 for a linear term
// (c1 t = c1 relu(t) - c1 relu(-t)); a step unit has no ReLU width (it is not a ReLU layer).
std::size_t relu_width(const SubLayer& s) { return s.relus + (s.linear ? 2 : 0); }

}  // namespace

void add_size_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const std::optional<Smoothing>& sm) {
  const Shape s = ctx->config.shape;
  const std::size_t d = s.d;
  const long dl = s.dl(), N = static_cast<long>(s.N);
  // The formulas of spec 2.7 (exact). With positional encoding (Theorem 3; reconstructed from spec
  // 2.6, the spec states no formula): n/delta quantization layers per row, n delta^-d windows, and
  // every grid point its own class, delta^(-dn) classes (class_count).
  const bool pe = s.positional;
  const Rational rows(pe ? s.nl() : 1);  // the n id ranges of Theorem 3
  const Rational windows = rows * window_scale(s), classes = class_count(s);
  const Rational f_q = Rational(dl) + Rational(dl * N) * rows, f_c = windows + Rational(1),
                 f_v = Rational(1) + Rational(dl) + Rational(s.nl()) * classes;
  const Rational f_B = f_q + f_c + f_v;
  const Rational att_params(8 * dl + 2), ff_params(9 * dl + 4);

  struct Counted {
    std::string name;
    std::vector<SubLayer> layers;
  };
  auto nets = std::make_shared<std::vector<Counted>>();
  auto counted = [d](const Network& net) {
    std::vector<SubLayer> out;
    for (const Layer& l : net.layers) out.push_back(count(l, d));
    return out;
  };
  nets->push_back({"bar g", counted(ctx->assembly.network())});
  if (sm) nets->push_back({"g", counted(ctx->assembly.network(*sm))});

  chain.add(
      pe ? spec(
               "Y-S1",
               "sizes with positional encoding (Theorem 3; formulas reconstructed from spec 2.6, which states none): the sub-layers of the built network(s), counted by part (feed-forward before the first attention layer: g_q; attention: g_c; feed-forward after: g_v), equal d + dn/delta (n/delta quantization layers per row), n delta^-d + 1 (windows over the n id ranges, then the global layer), 1 + d + n delta^(-dn) (every grid point its own class), their sum B_P, and B_P - 1 blocks; the encoding X + E is one layer before them",
               "#E = 1, #g_q = d + dn/delta, #g_c = n delta^-d + 1, #g_v = 1 + d + n delta^(-dn), #sub-layers = B_P, #blocks = B_P - 1",
               Relation::Equal, "count in the built network", "formula", "spec 2.6, 2.7 (reconstructed)", "R", "count",
               "yun_thm2_YS1")
         : spec(
               "Y-S1",
               "sizes (spec 2.7): the sub-layers of the built network(s), counted by part (feed-forward before the first attention layer: g_q; attention: g_c; feed-forward after: g_v), equal the formulas d + d/delta, delta^-d + 1, 1 + d + n binom(delta^-d, n), their sum B, and B - 1 blocks (attention then feed-forward; the last attention layer shares a block with V_0)",
               "#g_q = d + d/delta, #g_c = delta^-d + 1, #g_v = 1 + d + n binom(delta^-d, n), #sub-layers = B, #blocks = B - 1",
               Relation::Equal, "count in the built network", "formula", "spec 2.7", "C", "count", "yun_thm2_YS1"),
      chain::exact([nets, f_q, f_c, f_v, f_B, pe] {
        chain::ForAll fa(Relation::Equal);
        for (std::size_t ni = 0; ni < nets->size(); ++ni) {
          const auto& all = (*nets)[ni].layers;
          std::vector<SubLayer> L;  // the sub-layers: the encoding counted apart
          long encodings = 0, encoding_position = -1;
          for (std::size_t k = 0; k < all.size(); ++k)
            if (all[k].encoding) ++encodings, encoding_position = static_cast<long>(k);
            else L.push_back(all[k]);
          long q = 0, c = 0, v = 0, blocks = 0, runs = 0;
          for (std::size_t k = 0; k < L.size(); ++k) {
            const bool after_attention = k > 0 && L[k - 1].attention;
            if (L[k].attention) ++c, runs += after_attention ? 0 : 1;
            else if (c == 0) ++q;
            else ++v;
            // a block is attention then feed-forward: a feed-forward layer right after an attention layer joins its
            // block
            if (L[k].attention || !after_attention) ++blocks;
          }
          const bool order_ok = runs == 1;
          const Rational net(static_cast<long>(ni));
          auto at = [&net, pe](long part) {
            return Point{}
                .add("network (0 = bar g, 1 = g)", net)
                .add(pe ? "part (0 encoding, 1 g_q, 2 g_c, 3 g_v, 4 total, 5 blocks)"
                        : "part (1 g_q, 2 g_c, 3 g_v, 4 total, 5 blocks)",
                     Rational(part));
          };
          if (pe)
            fa.add(at(0),
                   Side::exact(Rational(encoding_position == 0 ? encodings : -1), "encoding layers (-1: not first)"),
                   Side::exact(Rational(1)));
          fa.add(at(1), Side::exact(Rational(q)), Side::exact(f_q));
          fa.add(at(2), Side::exact(Rational(order_ok ? c : -1), "attention layers (-1: not contiguous)"),
                 Side::exact(f_c));
          fa.add(at(3), Side::exact(Rational(v)), Side::exact(f_v));
          fa.add(at(4), Side::exact(Rational(static_cast<long>(L.size()))), Side::exact(f_B));
          fa.add(at(5), Side::exact(Rational(blocks)), Side::exact(f_B - Rational(1)));
        }
        return fa.outcome().report(pe ? "B_P" : "B", Side::exact(f_B));
      }));

  const std::string classes_text =
      pe ? "T-bar_P^{2,1,1} and T_P^{2,1,4} (with the encoding E)" : "T-bar^{2,1,1} and T^{2,1,4}";
  chain.add(
      spec(
          "Y-S2",
          "widths (spec 1.7, 2.7): every attention layer of the built network(s) has at most 2 heads of size at most 1; every feed-forward sub-layer of bar g reads one pre-activation (hidden width 1, a Phi activation), every one of g at most 4 ReLUs (a linear term counted as 2) and no step: the networks are in the classes of " +
              classes_text,
          "heads <= 2, head size <= 1, hidden width <= 1 (bar g) or <= 4 ReLUs (g), for every sub-layer",
          Relation::LessEqual, "width in the built network", "width of the class",
          pe ? "Theorem 3, spec 1.7, 2.6, 2.7" : "Theorem 2, spec 1.7, 2.7", "P", "count", "yun_thm2_YS2"),
      chain::exact([nets] {
        chain::ForAll fa(Relation::LessEqual);
        for (std::size_t ni = 0; ni < nets->size(); ++ni) {
          const bool relu_net = (*nets)[ni].name == "g";
          const auto& L = (*nets)[ni].layers;
          for (std::size_t k = 0; k < L.size(); ++k) {
            auto at = [&](long what) {
              return Point{}
                  .add("network (0 = bar g, 1 = g)", Rational(static_cast<long>(ni)))
                  .add("sub-layer", Rational(static_cast<long>(k + 1)))
                  .add("what (1 heads, 2 head size, 3 hidden width)", Rational(what));
            };
            if (L[k].encoding) continue;  // X + E: no width
            if (L[k].attention) {
              fa.add(at(1), Side::exact(Rational(static_cast<long>(L[k].heads))), Side::exact(Rational(2)));
              fa.add(at(2), Side::exact(Rational(static_cast<long>(L[k].head_size))), Side::exact(Rational(1)));
            } else if (relu_net) {
              // a step unit makes the layer no ReLU layer: width counted as beyond the class
              const long w = L[k].steps ? 5 : static_cast<long>(relu_width(L[k]));
              fa.add(at(3), Side::exact(Rational(w), "ReLU units (+2 for a linear term; 5 if a step unit is present)"),
                     Side::exact(Rational(4)));
            } else {
              fa.add(at(3),
                     Side::exact(Rational(static_cast<long>(L[k].pre_activations)), "pre-activations of the Phi unit"),
                     Side::exact(Rational(1)));
            }
          }
        }
        return fa.outcome();
      }));

  chain.add(
      pe ? spec(
               "Y-S3",
               "parameters with positional encoding (Theorem 3; formula reconstructed from spec 2.6 and the per-sub-layer counts of 2.7): the built network g counted in T_P^{2,1,4} sub-layer by sub-layer (attention 8d + 2, feed-forward with hidden width 4 9d + 4; the encoding E not counted) equals #g_c (8d + 2) + (#g_q + #g_v)(9d + 4) with the formula counts of Y-S1; also reported: B_P full blocks, the d n entries of E, and the parameters the built networks store",
               "sum over built sub-layers of (8d + 2 or 9d + 4) = (n delta^-d + 1)(8d + 2) + (2d + dn/delta + 1 + n delta^(-dn))(9d + 4)",
               Relation::Equal, "parameters of the built network in T_P^{2,1,4}", "formula",
               "spec 2.6, 2.7 (reconstructed)", "R", "count", "yun_thm2_YS3")
         : spec(
               "Y-S3",
               "parameters (spec 2.7): the built network g counted in T^{2,1,4} sub-layer by sub-layer (attention with 2 heads of size 1 and a query bias 2(4d + 1) = 8d + 2, feed-forward with hidden width 4 9d + 4) equals the formula #g_c (8d + 2) + (#g_q + #g_v)(9d + 4) with the formula counts of Y-S1; also reported: B full blocks, and the parameters the built networks store (heads and ReLU units present)",
               "sum over built sub-layers of (8d + 2 or 9d + 4) = (delta^-d + 1)(8d + 2) + (2d + d/delta + 1 + n binom(delta^-d, n))(9d + 4)",
               Relation::Equal, "parameters of the built network in T^{2,1,4}", "formula", "spec 2.7", "C", "count",
               "yun_thm2_YS3"),
      chain::exact([nets, d, f_q, f_c, f_v, f_B, att_params, ff_params, pe, dn = s.d * s.n] {
        const auto& L = nets->back().layers;  // g if built, else bar g (the same sub-layers)
        Rational built(0);
        for (const SubLayer& x : L)
          if (!x.encoding) built += x.attention ? att_params : ff_params;
        Outcome o(Side::exact(built), Side::exact(f_c * att_params + (f_q + f_v) * ff_params));
        o.report(pe ? "parameters of B_P full blocks, B_P (8d + 2 + 9d + 4)"
                    : "parameters of B full blocks, B (8d + 2 + 9d + 4)",
                 Side::exact(f_B * (att_params + ff_params)));
        if (pe) o.report("entries of the encoding E (d n)", Side::exact(Rational(static_cast<long>(dn))));
        const Rational dd(static_cast<long>(d));
        for (const auto& net : *nets) {
          Rational stored(0);
          for (const SubLayer& x : net.layers) {
            if (x.encoding) continue;
            if (x.attention) stored += Rational(static_cast<long>(x.stored));
            else if (net.name == "g")
              stored += Rational(static_cast<long>(relu_width(x))) * (Rational(2) * dd + Rational(1)) + dd;
            else stored += Rational(3) * dd + Rational(1);  // hidden width 1: W1, b1, W2, b2
          }
          o.report("parameters stored by " + net.name + " (heads present; " +
                       (net.name == "g" ? std::string("ReLU units present, r (2d + 1) + d per feed-forward")
                                        : std::string("3d + 1 per Phi feed-forward")) +
                       ")",
                   Side::exact(stored));
        }
        return o;
      }));
}

}  // namespace approxcert::theorems::yun2020
