#include "theorems/fang2022/construction.hpp"

#include <algorithm>
#include <stdexcept>

namespace approxcert::theorems::fang2022 {

namespace {

// A rows x cols matrix of zeros with ones at the given (row, col) positions.
NumberMatrix ones_at(std::size_t rows, std::size_t cols, const std::vector<std::pair<std::size_t, std::size_t>>& at) {
  NumberMatrix m(rows, NumberVector(cols, Number(Rational(0))));
  for (const auto& [r, c] : at) m.at(r).at(c) = Number(Rational(1));
  return m;
}

Layer raw_attention(NumberMatrix wq, NumberMatrix wk, NumberMatrix wv, NumberMatrix wo, Normalizer normalizer) {
  AttentionLayer a;
  a.heads.push_back(AttentionHead{std::move(wq), std::move(wk), std::move(wv), std::move(wo), std::nullopt});
  a.normalizer = normalizer;
  a.scale = Number(Rational(1));  // A3: no 1/sqrt(d_k)
  return Layer{a};
}

// The embedding as one sparse_dense layer from d inputs to `rows` outputs: `ones` (row, input)
// entries equal to 1 and `bias_ones` rows whose bias is 1.
Network sparse_embedding(std::size_t d, std::size_t rows, std::vector<std::pair<std::size_t, std::size_t>> ones,
                         const std::vector<std::size_t>& bias_ones) {
  std::sort(ones.begin(), ones.end());
  SparseDenseLayer s;
  s.rows = rows;
  s.cols = d;
  for (const auto& [r, c] : ones) s.entries.push_back(SparseEntry{r, c, Number(Rational(1))});
  s.bias.assign(rows, Number(Rational(0)));
  for (const std::size_t r : bias_ones) s.bias.at(r) = Number(Rational(1));
  Network net;
  net.input.dim = d;
  net.layers.push_back(Layer{s});
  return net;
}

}  // namespace

Network embedding_network(const Monomials& mono) {
  const Layout L = layout(mono);
  std::vector<std::pair<std::size_t, std::size_t>> ones;
  std::vector<std::size_t> bias_ones;
  for (std::size_t j = 0; j < L.n; ++j) {
    const std::size_t row0 = j * L.D;
    bias_ones.push_back(row0 + L.pos(j));
    bias_ones.push_back(row0 + L.r(0, 0));
    for (std::size_t l = 0; l < mono.k; ++l) {
      if (j >= mono.m(l + 1)) continue;
      const auto [ia, b] = mono.pairs[l][j];
      const std::size_t row = row0 + L.key(l, ia);
      if (b == 0) bias_ones.push_back(row);  // xt_0 = 1
      else ones.emplace_back(row, b - 1);
    }
  }
  return sparse_embedding(mono.d, L.n * L.D, std::move(ones), bias_ones);
}

Network block_network(const Monomials& mono, const BlockOptions& o) {
  if (o.blocks < 1 || o.blocks > mono.k) throw std::invalid_argument("block_network: blocks must be in 1..k");
  const Layout L = layout(mono);
  Network net;
  net.input.dim = L.D;
  net.input.tokens = L.n;
  for (std::size_t l = 0; l < o.blocks; ++l) {
    std::vector<std::pair<std::size_t, std::size_t>> q, k, v, out;
    for (std::size_t t = 0; t < mono.m(l); ++t) {
      q.emplace_back(t, L.r(l, t));
      k.emplace_back(t, L.key(l, t));
    }
    for (std::size_t j = 0; j < mono.m(l + 1); ++j) {
      v.emplace_back(j, L.pos(j));
      out.emplace_back(L.r(l + 1, j), j);
    }
    net.layers.push_back(raw_attention(ones_at(mono.m(l), L.D, q), ones_at(mono.m(l), L.D, k),
                                       ones_at(mono.m(l + 1), L.D, v), ones_at(L.D, mono.m(l + 1), out), o.normalizer));
    if (o.layer_norm_eps) {
      TokenwiseLayer tw;
      tw.layers.push_back(Layer{LayerNormLayer{*o.layer_norm_eps, std::nullopt, std::nullopt}});
      net.layers.push_back(Layer{tw});
    }
  }
  if (o.readout) {
    if (o.readout->size() != mono.m(mono.k) || o.blocks != mono.k)
      throw std::invalid_argument("block_network: the read-out needs all k blocks and m_k coefficients");
    DenseLayer dense;
    dense.weight.assign(1, NumberVector(L.D, Number(Rational(0))));
    for (std::size_t t = 0; t < o.readout->size(); ++t) dense.weight[0][L.r(mono.k, t)] = Number((*o.readout)[t]);
    dense.bias.assign(1, Number(Rational(0)));
    TokenwiseLayer tw;
    tw.layers.push_back(Layer{dense});
    net.layers.push_back(Layer{tw});
  }
  return net;
}

Network mirrored_embedding(const Monomials& mono) {
  const Layout L = layout(mono);
  Network net = embedding_network(mono);
  auto& s = std::get<SparseDenseLayer>(net.layers.at(0).kind);
  const std::size_t half = s.rows;
  s.rows = 2 * half;
  s.bias.resize(2 * half, Number(Rational(0)));
  const auto is_key = [&](std::size_t row) { return row % L.D >= L.key_start.at(0); };
  std::vector<SparseEntry> mirror;
  for (const SparseEntry& e : s.entries)
    if (is_key(e.row)) mirror.push_back(SparseEntry{half + e.row, e.col, Number(Rational(-1))});
  s.entries.insert(s.entries.end(), mirror.begin(), mirror.end());
  for (std::size_t row = 0; row < half; ++row)
    if (is_key(row) && !s.bias[row].is_exact_zero()) s.bias[half + row] = Number(Rational(-1));
  return net;
}

Network tempered_block_network(const Monomials& mono, const Rational& eps, const std::vector<Rational>& readout,
                               bool mirrored) {
  if (eps.sign() <= 0) throw std::invalid_argument("tempered_block_network: eps must be > 0");
  Network net = block_network(mono, {.blocks = mono.k, .readout = readout});
  const Layout L = layout(mono);
  const Rational N(static_cast<long>(mirrored ? 2 * L.n : L.n));
  net.input.tokens = static_cast<std::size_t>(N.num().get_ui());
  for (Layer& layer : net.layers) {
    auto* a = std::get_if<AttentionLayer>(&layer.kind);
    if (!a) continue;
    AttentionHead A = a->heads.at(0), B = A;
    for (auto& row : A.wo)
      for (Number& w : row)
        if (!w.is_exact_zero()) w = Number(*w.exact() * N / eps);
    for (auto& row : B.wo)
      for (Number& w : row)
        if (!w.is_exact_zero()) w = Number(-*w.exact() * N / eps);
    for (auto& row : B.wq) std::fill(row.begin(), row.end(), Number(Rational(0)));
    a->heads = {std::move(A), std::move(B)};
    a->normalizer = Normalizer::Softmax;
    a->scale = Number(eps);
  }
  return net;
}

// One token: R_l at column l (l = 0..k), K_l at column k + 1 + l.
Network one_token_embedding(std::size_t d, const std::vector<std::size_t>& factors) {
  const std::size_t k = factors.size();
  std::vector<std::pair<std::size_t, std::size_t>> ones;
  std::vector<std::size_t> bias_ones{0};
  for (std::size_t l = 0; l < k; ++l) {
    if (factors[l] == 0) bias_ones.push_back(k + 1 + l);
    else ones.emplace_back(k + 1 + l, factors[l] - 1);
  }
  return sparse_embedding(d, 2 * k + 1, std::move(ones), bias_ones);
}

Network one_token_blocks(std::size_t k) {
  const std::size_t D = 2 * k + 1;
  Network net;
  net.input.dim = D;
  net.input.tokens = 1;
  for (std::size_t l = 0; l < k; ++l)
    net.layers.push_back(raw_attention(ones_at(1, D, {{0, l}}), ones_at(1, D, {{0, k + 1 + l}}),
                                       ones_at(1, D, {{0, 0}}), ones_at(D, 1, {{l + 1, 0}}), Normalizer::None));
  return net;
}

Network cube_embedding(std::size_t blocks) { return sparse_embedding(1, blocks + 1, {{0, 0}}, {}); }

Network cube_blocks(std::size_t blocks) {
  const std::size_t D = blocks + 1;
  Network net;
  net.input.dim = D;
  net.input.tokens = 1;
  for (std::size_t t = 1; t <= blocks; ++t)
    net.layers.push_back(raw_attention(ones_at(1, D, {{0, t - 1}}), ones_at(1, D, {{0, t - 1}}),
                                       ones_at(1, D, {{0, t - 1}}), ones_at(D, 1, {{t, 0}}), Normalizer::None));
  return net;
}

}  // namespace approxcert::theorems::fang2022
