#pragma once
// Theorem 3.1's quantiser in d >= 1 dimensions (spec §4.2): sites on the uniform grid with k per
// axis in [0,1]^d, s = ((i_1 - 1/2)/k, ..., (i_d - 1/2)/k), m = k^d of them, index
// i = sum_a i_a k^(d-1-a) (0-based i_a: the first axis varies slowest). Layer 1 has one unit per pair
// i < j, h_ij = step((s_i - s_j).x - (|s_i|^2 - |s_j|^2)/2) = 1[|x - s_i| <= |x - s_j|] (Euclidean);
// layer 2 is voronoi_selection_layer (voronoi.hpp), the same as in one dimension.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "domain/domain.hpp"
#include "net/network.hpp"
#include "theorems/altabaa2024/voronoi.hpp"

namespace approxcert::theorems::altabaa2024 {

using SiteList = std::vector<RationalVector>;  // one point of R^d per site

// The k^d grid sites of [0,1]^d in the index order above (k >= 1, d >= 1).
SiteList grid_sites_nd(std::uint64_t k, std::size_t d);

// The closed cell [i_a/k, (i_a+1)/k] (product over the axes) of site i: its Voronoi cell.
std::vector<Box> grid_cells_nd(std::uint64_t k, std::size_t d);

// The four layers dense, step, sparse_dense, step of phi: R^d -> {0,1}^m for distinct sites of one
// dimension (m >= 2).
LayerList voronoi_layers_nd(const SiteList& sites, VoronoiTie tie = VoronoiTie::Smallest);

// Index (0-based) of the nearest site in the Euclidean norm, by exact squared distances; the smallest
// (or largest) index on ties: what phi computes.
std::size_t nearest_site_nd(const SiteList& sites, const RationalVector& x, VoronoiTie tie = VoronoiTie::Smallest);

// The points of the lattice (1/(2 k q)) Z^d in [0,1]^d: with q = 2 every site, cell corner, face
// centre and boundary midpoint, i.e. points with ties of every kind.
SiteList lattice_points_nd(std::uint64_t k, std::size_t d, std::uint64_t q);

}  // namespace approxcert::theorems::altabaa2024
