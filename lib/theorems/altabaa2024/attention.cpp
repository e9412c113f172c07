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

LayerList retrieval_token_layers(const RationalVector& sites) {
  const std::size_t m = sites.size(), W = 2 + 2 * m;  // width of (x, y, phi(x), phi(y))
  const LayerList phi = voronoi_layers(sites);
  const DenseLayer& l1 = std::get<DenseLayer>(phi[0].kind);
  const SparseDenseLayer& l2 = std::get<SparseDenseLayer>(phi[2].kind);
  const std::size_t P = l1.weight.size();

  SparseBuilder embed(W, 2);  // (x, y) -> (x, y, 0, ..., 0)
  embed.add(0, 0, Rational(1));
  embed.add(1, 1, Rational(1));
  SparseBuilder pairs(2 * P, W);  // layer 1 of phi on x (rows 0..P-1) and on y (rows P..2P-1)
  for (std::size_t b = 0; b < 2; ++b)
    for (std::size_t r = 0; r < P; ++r) {
      pairs.add(b * P + r, b, l1.weight[r][0].rational());
      pairs.l.bias[b * P + r] = l1.bias[r];
    }
  SparseBuilder cells(W, 2 * P);  // layer 2 of phi into coordinates 2.. (rows 0, 1 stay 0)
  for (std::size_t b = 0; b < 2; ++b) {
    std::size_t e = 0;
    for (std::size_t k = 0; k < m; ++k) {
      for (; e < l2.entries.size() && l2.entries[e].row == k; ++e)
        cells.add(2 + b * m + k, b * P + l2.entries[e].col, l2.entries[e].value.rational());
      cells.l.bias[2 + b * m + k] = l2.bias[k];
    }
  }
  SparseBuilder keep(W, W);  // drops the step of the two zero rows, keeps phi(x), phi(y)
  for (std::size_t r = 2; r < W; ++r) keep.add(r, r, Rational(1));
  ResidualLayer block{{pairs.layer(), Layer{StepLayer{}}, cells.layer(), Layer{StepLayer{}}, keep.layer()}};
  SparseBuilder drop_x(W - 1, W);  // (x, y, phi(x), phi(y)) -> (y, phi(x), phi(y))
  for (std::size_t r = 0; r + 1 < W; ++r) drop_x.add(r, r + 1, Rational(1));
  return {embed.layer(), Layer{std::move(block)}, drop_x.layer()};
}

Network retrieval_head_network(const RationalVector& sites, std::size_t n, const Rational& beta,
                               const ValueMap& values) {
  const std::size_t m = sites.size(), D = 1 + 2 * m;  // (y, phi(x), phi(y))
  const RationalMatrix U = retrieval_query_factor(sites), V = retrieval_key_factor(sites);
  SparseBuilder features(kAttentionFeatureDim, D);
  features.add(0, 0, values.scale);  // the value phi_v(y) = scale y + shift
  features.l.bias[0] = values.shift;
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t k = 0; k < m; ++k) features.add(1 + c, 1 + k, U[k][c]);
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t k = 0; k < m; ++k) features.add(4 + c, 1 + m + k, V[k][c]);

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

Network retrieval_attention_network(const RationalVector& sites, std::size_t n, const Rational& beta,
                                    const ValueMap& values) {
  Network head = retrieval_head_network(sites, n, beta, values);
  LayerList tokenwise = retrieval_token_layers(sites);
  for (Layer& l : std::get<TokenwiseLayer>(head.layers[0].kind).layers) tokenwise.push_back(std::move(l));
  return Network{{2, n}, {Layer{TokenwiseLayer{std::move(tokenwise)}}, std::move(head.layers[1])}};
}

}  // namespace approxcert::theorems::altabaa2024
