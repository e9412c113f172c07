#pragma once
// An O(m) threshold network for the 1-D nearest-site quantiser of voronoi.hpp (a construction
// choice of this checker, not the paper's network): layer 1 has one step unit per cell boundary
// b_k = (s_k + s_{k+1})/2 (m - 1 units), layer 2 one unit per cell taking the difference of two
// neighbouring boundary units. Smallest rule: g_k = step(b_k - x) = 1[x <= b_k], z_k =
// step(g_k - g_{k-1} - 1/2) with g_{-1} = 0, g_{m-1} = 1 (the boundary belongs to the left cell).
// Largest rule: h_k = step(x - b_k) = 1[x >= b_k], z_k = step(h_{k-1} - h_k - 1/2) with h_{-1} = 1,
// h_{m-1} = 0 (the boundary belongs to the right cell). Same layer shape as voronoi_layers
// (dense, step, sparse_dense, step), so the same sweep and the generic evaluator evaluate it;
// 2m - 1 threshold units and 5m - 4 stored numbers instead of m(m-1)/2 + m and ~2m^2.
// structured_equals_paper proves it equal to voronoi_layers' network without building the latter.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "theorems/altabaa2024/voronoi.hpp"

namespace approxcert::theorems::altabaa2024 {

// The four layers of the structured quantiser for sorted distinct sites (m >= 2).
LayerList voronoi_structured_layers(const RationalVector& sites, VoronoiTie tie = VoronoiTie::Smallest);

// Threshold units (2m - 1) and stored numbers (m - 1 weights and biases, 2(m - 1) nonzeros, m biases).
std::uint64_t voronoi_structured_neurons(std::uint64_t m);
std::uint64_t voronoi_structured_stored_numbers(std::uint64_t m);

// Layer-1 row of voronoi_layers for the pair i < j, as integers over the sites' common denominator
// D (s_i = a_i / D): weight = w / D, bias = b / (2 D^2). Tested equal to voronoi_layers' rows.
struct PairRow {
  std::int64_t w, b;
};
PairRow paper_pair_row(std::int64_t a_i, std::int64_t a_j, VoronoiTie tie);

// Result of comparing the two networks on [lo, hi] = [0, 1] at every point P / (4D), P = 0..4D:
// every layer-1 switch point of either network is such a point (the paper's are (a_i + a_j)/(2D),
// the structured ones a subset) and every open piece between consecutive switch points contains
// one, so agreement there is agreement on all of [0, 1]. The paper network is streamed pair by
// pair (paper_pair_row and voronoi_layers' layer-2 weights +-1, biases), never stored.
struct QuantiserEquality {
  std::uint64_t points = 0;          // points compared (4D + 1)
  std::uint64_t paper_units = 0;     // layer-1 pairs streamed
  std::optional<Rational> mismatch;  // first point where the outputs differ
};
// Throws std::domain_error when 4D or the numerators exceed the integer ranges used (4D <= 2^26).
QuantiserEquality structured_equals_paper(const RationalVector& sites, VoronoiTie tie);
// The same comparison for any candidate layers of that shape (the tests pass a deliberately wrong one).
QuantiserEquality quantiser_equals_paper(const LayerList& candidate, const RationalVector& sites, VoronoiTie tie);

}  // namespace approxcert::theorems::altabaa2024
