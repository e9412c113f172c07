#pragma once
// Exact evaluation of a one-input two-hidden-layer threshold network (the shape of a Voronoi
// quantiser) at many points at once: a specialised exact evaluator, tested against the generic one
// (tests/net/threshold_sweep_test.cpp). Layer-1 unit u is step(w_u x + b_u): as x increases it
// switches at most once, at c_u = -b_u / w_u. Sweeping sorted points, each unit's switch updates
// the layer-2 pre-activations it feeds, so all points cost O(P log P + nnz + points * m) exact
// rational operations instead of O(points * (P + nnz)) for evaluating the network point by point.
#include <cstddef>
#include <vector>

#include "net/network.hpp"

namespace approxcert {

// Layers [dense (P x 1), step, dense or sparse_dense (m x P), step], points sorted increasing.
// Returns, for every point, the sorted indices of the outputs equal to 1 (the others are 0):
// exactly the network's output at that point (every comparison and sum is in exact rationals).
// Throws std::logic_error for another layer shape or unsorted points.
std::vector<std::vector<std::size_t>> threshold_network_ones(const LayerList& layers, const RationalVector& points);

}  // namespace approxcert
