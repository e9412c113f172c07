#pragma once
// The networks of the reconstruction (spec 1.3, 2.3-2.7, 4.5), as approxcert-net/1 networks run by
// the one generic evaluator. Weights are 0/1; only the read-out c depends on the target.
//   embedding: a vector network R^d -> R^{D x n} (one sparse_dense layer, output flattened column
//     by column = token by token), the affine map E(x) = E_0 + sum_i x_i E_i of (F6);
//   blocks: a sequence network on D x n, block l+1 = raw-score attention (F7) with W_Q reading R_l,
//     W_K reading K_l and the value routing POS_j to R_{l+1, j}; optionally followed per token by the
//     read-out c^T R_k (F9). Ablations (F-C11): the same weights with row-softmax instead of raw
//     scores, or a parameter-free layer_norm after each block's residual.
#include <optional>
#include <vector>

#include "net/network.hpp"
#include "theorems/fang2022/monomials.hpp"

namespace approxcert::theorems::fang2022 {

// The affine embedding (F6) for (d, k).
Network embedding_network(const Monomials& mono);

struct BlockOptions {
  std::size_t blocks = 0;                          // how many of the k blocks (1..k); the first ones
  Normalizer normalizer = Normalizer::None;        // None: the adapted block (F2); Softmax: ablation A1
  std::optional<Rational> layer_norm_eps{};        // set: ablation A2, layer_norm after every block
  std::optional<std::vector<Rational>> readout{};  // c (m_k entries): a last tokenwise dense c^T R_k
};
Network block_network(const Monomials& mono, const BlockOptions& options);

// F-C12, the [U] tempered-softmax reading (spec 1.3): N * softmax(eps s)_j = 1 + eps (s_j - mean s) +
// O(eps^2), so a block whose raw scores S are replaced by (N softmax_row(eps S) - 1) / eps tends to
// linear attention on the CENTRED scores. mirrored_embedding doubles the tokens: token n + j holds
// the negated K slices of token j and zeros elsewhere (its score is -s_ij and its value 0), so every
// score row sums to 0 and the centring vanishes.
Network mirrored_embedding(const Monomials& mono);
// The k blocks on n tokens (mirrored: 2n) with each raw score matrix replaced by
// (N softmax_row(eps S) - 1) / eps, N the number of tokens: two softmax heads with scale eps, head
// A with the block's weights and W_O scaled by N/eps, head B with W_Q = 0 (uniform weights 1/N)
// and W_O scaled by -N/eps; then the read-out c^T R_k per token.
Network tempered_block_network(const Monomials& mono, const Rational& eps, const std::vector<Rational>& readout,
                               bool mirrored);

// Section 2.7(a): one token; layout R_0..R_k, K_0..K_{k-1} (width 2k+1). Factors b_1..b_k in
// {1..d} (0 would be the constant 1). embedding: x -> (R_0 = 1, R = 0, K_l = x_{b_{l+1}}).
Network one_token_embedding(std::size_t d, const std::vector<std::size_t>& factors);
// Blocks l+1 = 0..k-1: Q reads R_l, K reads K_l, V copies R_0 into R_{l+1}; raw scores.
Network one_token_blocks(std::size_t k);

// Section 4.5: one token of width b+1, x in coordinate 0; block t (t = 1..b) has W_Q = W_K reading
// coordinate t-1 and W_V copying it into coordinate t, so coordinate t holds x^(3^t).
Network cube_embedding(std::size_t blocks);
Network cube_blocks(std::size_t blocks);

}  // namespace approxcert::theorems::fang2022
