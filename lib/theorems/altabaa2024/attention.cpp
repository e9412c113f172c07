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

DenseLayer zeros(std::size_t rows, std::size_t cols) {
  return DenseLayer{RationalMatrix(rows, RationalVector(cols, Rational(0))), RationalVector(rows, Rational(0))};
}

}  // namespace

Network retrieval_attention_network(const RationalVector& sites, std::size_t n, const Rational& beta) {
  const std::size_t m = sites.size(), W = 2 + 2 * m;  // width of (x, y, phi(x), phi(y))
  const LayerList phi = voronoi_layers(sites);
  const DenseLayer& l1 = std::get<DenseLayer>(phi[0].kind);
  const DenseLayer& l2 = std::get<DenseLayer>(phi[2].kind);
  const std::size_t P = l1.weight.size();

  DenseLayer embed = zeros(W, 2);  // (x, y) -> (x, y, 0, ..., 0)
  embed.weight[0][0] = embed.weight[1][1] = Rational(1);
  DenseLayer pairs = zeros(2 * P, W);  // layer 1 of phi on x (rows 0..P-1) and on y (rows P..2P-1)
  DenseLayer cells = zeros(W, 2 * P);  // layer 2 of phi into coordinates 2.. (rows 0, 1 stay 0)
  for (std::size_t b = 0; b < 2; ++b) {
    for (std::size_t r = 0; r < P; ++r) {
      pairs.weight[b * P + r][b] = l1.weight[r][0];
      pairs.bias[b * P + r] = l1.bias[r];
    }
    for (std::size_t k = 0; k < m; ++k) {
      for (std::size_t r = 0; r < P; ++r) cells.weight[2 + b * m + k][b * P + r] = l2.weight[k][r];
      cells.bias[2 + b * m + k] = l2.bias[k];
    }
  }
  DenseLayer keep = zeros(W, W);  // drops the step of the two zero rows, keeps phi(x), phi(y)
  for (std::size_t r = 2; r < W; ++r) keep.weight[r][r] = Rational(1);
  ResidualLayer block{{Layer{pairs}, Layer{StepLayer{}}, Layer{cells}, Layer{StepLayer{}}, Layer{keep}}};

  const RationalMatrix U = retrieval_query_factor(sites), V = retrieval_key_factor(sites);
  DenseLayer features = zeros(kAttentionFeatureDim, W);
  features.weight[0][1] = Rational(1);  // the value: y itself
  for (std::size_t k = 0; k < m; ++k)
    for (std::size_t c = 0; c < 3; ++c) {
      features.weight[1 + c][2 + k] = U[k][c];
      features.weight[4 + c][2 + m + k] = V[k][c];
    }

  AttentionHead head;
  head.wq.assign(3, RationalVector(kAttentionFeatureDim, Rational(0)));
  head.wk.assign(3, RationalVector(kAttentionFeatureDim, Rational(0)));
  for (std::size_t c = 0; c < 3; ++c) {
    head.wq[c][1 + c] = Rational(1);
    head.wk[c][4 + c] = Rational(1);
  }
  head.wv.assign(1, RationalVector(kAttentionFeatureDim, Rational(0)));
  head.wv[0][0] = Rational(1);
  head.wo.assign(kAttentionFeatureDim, RationalVector(1, Rational(0)));
  head.wo[kAttentionOutput][0] = Rational(1);
  AttentionLayer attention{{head}, Normalizer::Softmax, beta};

  TokenwiseLayer tokenwise{{Layer{embed}, Layer{block}, Layer{features}}};
  return Network{{2, n}, {Layer{tokenwise}, Layer{attention}}};
}

}  // namespace approxcert::theorems::altabaa2024
