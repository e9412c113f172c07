#pragma once
// Theorem 5.1's attention network (spec §6, §7.7) for the retrieval utility u(x, y) = -(x - y)^2
// on [0,1]: phi_q = U^T phi, phi_k = V^T phi with phi the Voronoi one-hot network of §4.2 and
// U_i = (1, s_i, s_i^2), V_j = (-s_j^2, 2 s_j, -1), so <phi_q(x), phi_k(y)> = u(q(x), q(y)).
//
// Layout: token j is the column (x, y_j) (the query is given with every key, so that the n
// tokens are exactly the n keys and no self-attention to the query occurs). Per token, the
// quantiser part (retrieval_token_layers) computes (y, phi(x), phi(y)): an embedding, a residual
// block holding phi on x and on y, and a layer dropping x. The head (retrieval_head_network)
// maps it to the features f = (y, phi_q(x), phi_k(y), 0) in R^8 and applies one softmax head
// with scale beta, W_Q / W_K selecting phi_q / phi_k, W_V selecting y and W_O writing into the
// last coordinate. Output 7 (token 0, coordinate 7) is Attn(x, y) = sum_j alpha_j y_j,
// alpha = softmax(beta <phi_q(x), phi_k(y_j)>).
//
// retrieval_attention_network is literally the composition: its tokenwise layers are the
// quantiser part followed by the head's tokenwise layers, then the head's attention layer. Every
// linear map is `sparse_dense` (only nonzero weights are stored), so m = 800 fits the format.
#include <cstddef>

#include "net/network.hpp"
#include "theorems/altabaa2024/voronoi.hpp"

namespace approxcert::theorems::altabaa2024 {

inline constexpr std::size_t kAttentionFeatureDim = 8;
inline constexpr std::size_t kAttentionOutput = 7;  // output index of Attn(x, y) (token 0)

// U (m x 3) and V (m x 3) of the exact rank-3 factorisation u(s_i, s_j) = U_i . V_j.
RationalMatrix retrieval_query_factor(const RationalVector& sites);
RationalMatrix retrieval_key_factor(const RationalVector& sites);

// Queries and keys may live on different domains (spec W13: X != Y): phi_q quantises x on the
// query sites, phi_k quantises y on the key sites (the same sites when X = Y); below, m_q and m_k
// are their counts, and U (query sites) and V (key sites) give u(s_i, t_j) = U_i . V_j.

// Vector layers (x, y) -> (y, phi_q(x), phi_k(y)) in R^{1 + m_q + m_k}; `tie` picks which nearest
// site both quantisers select on a cell boundary (voronoi.hpp).
LayerList retrieval_token_layers(const RationalVector& query_sites, const RationalVector& key_sites,
                                 VoronoiTie tie = VoronoiTie::Smallest);

// The value map phi_v(y) = scale y + shift (spec W18): the values the head averages; the identity
// (values = the raw keys, the paper's setting) by default.
struct ValueMap {
  Rational scale{1}, shift{0};
};

// The head: tokens (y_j, phi_q(x), phi_k(y_j)) (input dim 1 + m_q + m_k, n tokens) -> attention
// output, the softmax average of phi_v(y_j) (coordinate 0 of the features is phi_v(y)).
Network retrieval_head_network(const RationalVector& query_sites, const RationalVector& key_sites, std::size_t n,
                               const Rational& beta, const ValueMap& values = {});

// The attention network for n keys (input: dim 2, tokens n; inputs x, y_1, x, y_2, ...).
Network retrieval_attention_network(const RationalVector& query_sites, const RationalVector& key_sites, std::size_t n,
                                    const Rational& beta, const ValueMap& values = {},
                                    VoronoiTie tie = VoronoiTie::Smallest);

// The relation model <phi_q(x), phi_k(y)> alone (inputs x, y): Theorem 3.1's network for u.
Network retrieval_score_network(const RationalVector& sites);

}  // namespace approxcert::theorems::altabaa2024
