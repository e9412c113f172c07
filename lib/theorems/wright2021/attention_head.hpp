#pragma once
// One attention head as a kernel smoother (spec (W1)-(W3), (W12)): a query t attends over fixed
// sources s_1..s_n. The network is an ordinary `attention` layer evaluated by the one generic
// evaluator; self-attention expresses the cross-attention exactly by stacking, in token column j,
//   (t, s_j, e_j, |W_K s_j|^2, output slots = 0),
// with W_Q reading t, W_K reading s_j, and values (W_V s_j, e_j) written by W_O into the output
// slots, so that column 0 of the output holds (Attn(t; S), attention weights). With `key_bias` the
// head gets one more score coordinate, query -1/2 (through b_q) times key |W_K s_j|^2: the logit
// bias -|k_j|^2/(2 sqrt d) of (W12), i.e. RBF attention written as EDP attention plus a key bias.
#include <vector>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network.hpp"
#include "theorems/wright2021/kernel.hpp"

namespace approxcert::theorems::wright2021 {

struct AttentionHeadInstance {
  EdpKernel kernel;
  ExactMatrix wv;       // d_v x d_s
  ExactMatrix sources;  // n x d_s
  long n() const { return sources.rows(); }
  long dt() const { return kernel.wq.cols(); }
  long ds() const { return kernel.wk.cols(); }
  long dv() const { return wv.rows(); }
  long width() const { return dt() + ds() + n() + 1 + dv() + n(); }

  Network network(bool key_bias) const;
  // The network's input for query t (a 1 x d_t matrix), column by column.
  std::vector<Rational> input(const ExactMatrix& t) const;
};

// Output of the attention at t: (Attn(t; S) in R^{d_v}, weights in R^n), from the network.
template <RigorousScalar S>
std::vector<S> network_attention(const AttentionHeadInstance& h, const Program& prog, const ExactMatrix& t, Prec p) {
  std::vector<S> in;
  for (const Rational& x : h.input(t)) {
    S v;
    set(v, x, p);
    in.push_back(v);
  }
  Evaluator<S> ev(prog, p);
  ev.run(in);
  const std::vector<S> out = ev.outputs();
  const long base = h.dt() + h.ds() + h.n() + 1;  // column 0, output slots
  return std::vector<S>(out.begin() + base, out.begin() + base + h.dv() + h.n());
}

// The closed form (W3): kappa_j = exp(t^T A s_j / sqrt d) (EDP) or exp(-|W_Q t - W_K s_j|^2 /
// (2 sqrt d)) (RBF); returns (sum_j kappa_j W_V s_j / Z, kappa_j / Z) and, in `kappa` and `Z`, the
// kernel values and their sum.
template <RigorousScalar S>
std::vector<S> smoother_closed_form(const AttentionHeadInstance& h, const ExactMatrix& t, bool rbf, Prec p,
                                    std::vector<S>* kappa_out = nullptr, S* Z_out = nullptr) {
  const ExactMatrix q = mul(h.kernel.wq, transpose(t));          // d x 1
  const ExactMatrix k = mul(h.kernel.wk, transpose(h.sources));  // d x n
  const ExactMatrix v = mul(h.wv, transpose(h.sources));         // d_v x n
  S scale, Z, w;
  set(scale, Rational(h.kernel.d()), p);
  sqrt(scale, scale, p);
  set(Z, Rational(0), p);
  std::vector<S> kappa;
  for (long j = 0; j < h.n(); ++j) {
    Rational e(0);
    for (long i = 0; i < q.rows(); ++i) {
      if (rbf) e -= (q.at(i, 0) - k.at(i, j)) * (q.at(i, 0) - k.at(i, j)) / Rational(2);
      else e += q.at(i, 0) * k.at(i, j);
    }
    set(w, e, p);
    div(w, w, scale, p);
    exp(w, w, p);
    kappa.push_back(w);
    add(Z, Z, w, p);
  }
  std::vector<S> out(static_cast<std::size_t>(h.dv() + h.n()));
  for (auto& o : out) set(o, Rational(0), p);
  for (long j = 0; j < h.n(); ++j) {
    S wj, vj;
    div(wj, kappa[j], Z, p);
    for (long i = 0; i < h.dv(); ++i) {
      set(vj, v.at(i, j), p);
      addmul(out[i], wj, vj, p);
    }
    out[h.dv() + j] = wj;
  }
  if (kappa_out) *kappa_out = kappa;
  if (Z_out) *Z_out = Z;
  return out;
}

}  // namespace approxcert::theorems::wright2021
