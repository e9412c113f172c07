#include "theorems/altabaa2024/attention.hpp"

#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/voronoi.hpp"

namespace approxcert::theorems::altabaa2024 {

RationalMatrix retrieval_query_factor(const RationalVector& sites) {
  RationalMatrix U;
  for (const Rational& s : sites) U.push_back({Rational(1), s, s * s});
  return U;
}

RationalMatrix retrieval_key_factor(const RationalVector& sites) {
  RationalMatrix V;
  for (const Rational& s : sites) V.push_back({-(s * s), Rational(2) * s, Rational(-1)});
  return V;
}

Network retrieval_score_network(const RationalVector& sites) {
  LayerList left = voronoi_layers(sites), right = voronoi_layers(sites);
  left.push_back(Layer{transpose_projection(retrieval_query_factor(sites))});
  right.push_back(Layer{transpose_projection(retrieval_key_factor(sites))});
  return inner_product_network(2, 1, std::move(left), std::move(right));
}

namespace {

// Builds a sparse_dense layer row by row (entries must be added in increasing (row, col) order).
struct SparseBuilder {
  SparseDenseLayer l;
  SparseBuilder(std::size_t rows, std::size_t cols) : l{rows, cols, {}, NumberVector(rows, Number(0))} {}
  void add(std::size_t r, std::size_t c, const Rational& w) {
    if (w.sign() != 0) l.entries.push_back({r, c, w});
  }
  Layer layer() { return Layer{std::move(l)}; }
};

}  // namespace

LayerList retrieval_token_layers(const RationalVector& query_sites, const RationalVector& key_sites, VoronoiTie tie) {
  const std::size_t mq = query_sites.size(), mk = key_sites.size(), W = 2 + mq + mk;  // (x, y, phi_q(x), phi_k(y))
  const LayerList phis[2] = {voronoi_layers(query_sites, tie), voronoi_layers(key_sites, tie)};
  const DenseLayer* l1[2] = {&std::get<DenseLayer>(phis[0][0].kind), &std::get<DenseLayer>(phis[1][0].kind)};
  const SparseDenseLayer* l2[2] = {&std::get<SparseDenseLayer>(phis[0][2].kind),
                                   &std::get<SparseDenseLayer>(phis[1][2].kind)};
  const std::size_t P[2] = {l1[0]->weight.size(), l1[1]->weight.size()};
  const std::size_t row0[2] = {0, P[0]};    // layer-1 rows of phi_q, then of phi_k
  const std::size_t out0[2] = {2, 2 + mq};  // coordinates of phi_q(x), then of phi_k(y)
  const std::size_t m[2] = {mq, mk};

  SparseBuilder embed(W, 2);  // (x, y) -> (x, y, 0, ..., 0)
  embed.add(0, 0, Rational(1));
  embed.add(1, 1, Rational(1));
  SparseBuilder pairs(P[0] + P[1], W);  // layer 1 of phi_q on x, then of phi_k on y
  for (std::size_t b = 0; b < 2; ++b)
    for (std::size_t r = 0; r < P[b]; ++r) {
      pairs.add(row0[b] + r, b, l1[b]->weight[r][0].rational());
      pairs.l.bias[row0[b] + r] = l1[b]->bias[r];
    }
  SparseBuilder cells(W, P[0] + P[1]);  // layer 2 of phi_q and phi_k into coordinates 2.. (rows 0, 1 stay 0)
  for (std::size_t b = 0; b < 2; ++b) {
    std::size_t e = 0;
    for (std::size_t k = 0; k < m[b]; ++k) {
      for (; e < l2[b]->entries.size() && l2[b]->entries[e].row == k; ++e)
        cells.add(out0[b] + k, row0[b] + l2[b]->entries[e].col, l2[b]->entries[e].value.rational());
      cells.l.bias[out0[b] + k] = l2[b]->bias[k];
    }
  }
  SparseBuilder keep(W, W);  // drops the step of the two zero rows, keeps phi_q(x), phi_k(y)
  for (std::size_t r = 2; r < W; ++r) keep.add(r, r, Rational(1));
  ResidualLayer block{{pairs.layer(), Layer{StepLayer{}}, cells.layer(), Layer{StepLayer{}}, keep.layer()}};
  SparseBuilder drop_x(W - 1, W);  // (x, y, phi_q(x), phi_k(y)) -> (y, phi_q(x), phi_k(y))
  for (std::size_t r = 0; r + 1 < W; ++r) drop_x.add(r, r + 1, Rational(1));
  return {embed.layer(), Layer{std::move(block)}, drop_x.layer()};
}

Network retrieval_head_network(const RationalVector& query_sites, const RationalVector& key_sites, std::size_t n,
                               const Rational& beta, const ValueMap& values) {
  const std::size_t mq = query_sites.size(), mk = key_sites.size(), D = 1 + mq + mk;  // (y, phi_q(x), phi_k(y))
  const RationalMatrix U = retrieval_query_factor(query_sites), V = retrieval_key_factor(key_sites);
  SparseBuilder features(kAttentionFeatureDim, D);
  features.add(0, 0, values.scale);  // the value phi_v(y) = scale y + shift
  features.l.bias[0] = values.shift;
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t k = 0; k < mq; ++k) features.add(1 + c, 1 + k, U[k][c]);
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t k = 0; k < mk; ++k) features.add(4 + c, 1 + mq + k, V[k][c]);

  AttentionHead head;
  head.wq.assign(3, NumberVector(kAttentionFeatureDim, Number(0)));
  head.wk.assign(3, NumberVector(kAttentionFeatureDim, Number(0)));
  for (std::size_t c = 0; c < 3; ++c) {
    head.wq[c][1 + c] = Rational(1);
    head.wk[c][4 + c] = Rational(1);
  }
  head.wv.assign(1, NumberVector(kAttentionFeatureDim, Number(0)));
  head.wv[0][0] = Rational(1);
  head.wo.assign(kAttentionFeatureDim, NumberVector(1, Number(0)));
  head.wo[kAttentionOutput][0] = Rational(1);
  AttentionLayer attention{{head}, Normalizer::Softmax, beta};
  return Network{{D, n}, {Layer{TokenwiseLayer{{features.layer()}}}, Layer{attention}}};
}

Network retrieval_attention_network(const RationalVector& query_sites, const RationalVector& key_sites, std::size_t n,
                                    const Rational& beta, const ValueMap& values, VoronoiTie tie) {
  Network head = retrieval_head_network(query_sites, key_sites, n, beta, values);
  LayerList tokenwise = retrieval_token_layers(query_sites, key_sites, tie);
  for (Layer& l : std::get<TokenwiseLayer>(head.layers[0].kind).layers) tokenwise.push_back(std::move(l));
  return Network{{2, n}, {Layer{TokenwiseLayer{std::move(tokenwise)}}, std::move(head.layers[1])}};
}

}  // namespace approxcert::theorems::altabaa2024
