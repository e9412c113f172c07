#pragma once
// Splitter: where to cut a box in two. A heuristic (soundness never depends on it): the
// coordinate whose width times max |df/dx_i| is largest (the part of the bound the split removes),
// or, with no gradient, the widest coordinate relative to the domain; the cut is the simplest
// dyadic in the middle half of that coordinate, so cuts are exact and short, and land on round
// points (such as 0, where kinks often are) when they can. For a box with dyadic ends k/2^j,
// (k+1)/2^j this is the midpoint.
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "domain/domain.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

struct Split {
  std::size_t dim;
  Rational at;  // lo[dim] < at < hi[dim]
};

// No split when every coordinate has zero width.
std::optional<Split> choose_split(const Box& box, const std::vector<double>& dirty_gradient, const Box& domain);

// The two halves: hi[dim] = at and lo[dim] = at.
std::pair<Box, Box> split_box(const Box& box, const Split& s);

// dirty: how many successive cuts to make at once (push_cuts) on a box whose bound on |f| is
// `upper` against the pruning threshold `prune_at`: one, or where the bound is so far above the
// threshold that the pieces of one cut are not expected to be pruned either, one per coordinate of
// positive width (at most `max_levels`), so that those pieces are never bounded.
std::size_t dirty_split_levels(const Box& box, double upper, double prune_at, std::size_t max_levels);

}  // namespace approxcert
