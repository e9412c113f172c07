#pragma once
// Theorem 3.1's quantiser (spec §4.2, after Wu & Xiu [44]): a two-hidden-layer threshold network
// phi: R -> {0,1}^m that outputs the one-hot vector of the nearest of m sites. Layer 1 has one
// unit per pair i < j, h_ij = step((s_i - s_j) x - (s_i^2 - s_j^2)/2) = 1[|x - s_i| <= |x - s_j|]
// (the file format's step is 1 at 0); layer 2 has z_k = step(sum_{j>k} h_kj - sum_{i<k} h_ik
// - (m - k) + 1/2). With step(0) = 1 the SMALLEST index among the nearest sites wins, and phi is
// exactly one-hot everywhere. Inputs are one-dimensional (the instances of the spec are 1-D).
// Representation: layer 1 is a dense (m(m-1)/2 x 1) layer; layer 2 is a `sparse_dense` layer
// holding its m(m-1) nonzero weights (+1/-1) instead of the m * m(m-1)/2 entries of the dense
// matrix (spec W12: 2.6e8 at m = 800, above the format's 1e8-number limit); same function.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "net/network.hpp"

namespace approxcert::theorems::altabaa2024 {

// Which of several nearest sites phi selects. Smallest: the construction above. Largest (the spec's
// §4.2 rule): layer-1 rows negated, h'_ij = step((s_j - s_i) x - (s_j^2 - s_i^2)/2) = 1[|x - s_j| <=
// |x - s_i|], and z_k = step(sum_{i<k} h'_ik - sum_{j>k} h'_kj - k + 1/2) (0-based k), which is 1/2
// inside the step iff s_k is no farther than every s_i, i < k, and strictly closer than every s_j,
// j > k; else <= -1/2. Still exactly one-hot everywhere with step(0) = 1.
enum class VoronoiTie { Smallest, Largest };

// Sites (2i - 1) hi/(2m), i = 1..m: the centres of the m cells [(i-1) hi/m, i hi/m] of [0, hi].
RationalVector grid_sites(std::uint64_t m, const Rational& hi = Rational(1));

// The four layers dense, step, dense, step of phi for sorted distinct sites (m >= 2).
LayerList voronoi_layers(const RationalVector& sites, VoronoiTie tie = VoronoiTie::Smallest);

// Layer 2 of phi alone (m rows over the m(m-1)/2 pair units, sparse): it depends only on m and the
// tie rule, not on the sites or their dimension (the pair units may compare points of any R^d).
Layer voronoi_selection_layer(std::size_t m, VoronoiTie tie = VoronoiTie::Smallest);

// The one-hot network phi alone (input dim 1, m outputs).
Network voronoi_network(const RationalVector& sites, VoronoiTie tie = VoronoiTie::Smallest);

// Index (0-based) of the nearest site, the smallest (or largest) one on ties: what phi computes.
std::size_t nearest_site(const RationalVector& sites, const Rational& x, VoronoiTie tie = VoronoiTie::Smallest);

// Points of [lo, hi] that cover every layer-1 pattern of phi: lo, hi, every threshold
// (s_i + s_j)/2 inside, and the midpoint between consecutive ones. Between consecutive
// thresholds every h_ij is constant, so phi is constant there: evaluating phi at these points
// determines it on all of [lo, hi]. Sorted, distinct.
RationalVector pattern_points(const RationalVector& sites, const Rational& lo, const Rational& hi);
// The distinct points in increasing order, with the midpoint of each consecutive pair between them.
RationalVector with_midpoints(RationalVector points);

// Boundaries of the cells on [lo, hi]: lo, the midpoints of consecutive sites, hi (m + 1 values).
RationalVector cell_boundaries(const RationalVector& sites, const Rational& lo, const Rational& hi);

// The layer-1 rows of voronoi_layers that decide between neighbouring cells: the pairs (i, i+1)
// of consecutive sites, whose threshold is the cell boundary (s_i + s_{i+1})/2 (m - 1 rows).
std::vector<std::size_t> cell_boundary_units(std::size_t m);

// Hidden units of phi: m(m-1)/2 + m.
std::uint64_t voronoi_neurons(std::uint64_t m);
// Weights of layer 2 as a dense matrix (the paper's count): m * m(m-1)/2.
std::uint64_t voronoi_dense_layer2_weights(std::uint64_t m);
// Output dimension of a dense or sparse_dense layer (std::logic_error for other kinds).
std::size_t linear_layer_rows(const Layer& layer);
// Threshold units of the quantiser phi of an inner-product network whose left map starts with
// voronoi_layers: the rows of its two threshold layers (left layers 0 and 2), counted on the network.
std::uint64_t threshold_units(const Network& inner_product_network);
// sum_i |out_i - [i = k]|, exactly: 0 if and only if out is the one-hot vector e_k.
Rational one_hot_deviation(const std::vector<Rational>& out, std::size_t k);
// Numbers stored by voronoi_layers: layer 1 weights and biases, layer 2 nonzeros and biases.
std::uint64_t voronoi_stored_numbers(std::uint64_t m);

}  // namespace approxcert::theorems::altabaa2024
