#pragma once
// The pairs a "pairwise distinct" claim checks: after a stable sort of n values by `less`, every
// two neighbours in that order, as indices i < j with their point {i, j}. Distinct values in
// sorted order are pairwise distinct exactly when every neighbouring pair is.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

#include "chain/enclosure.hpp"

namespace approxcert::chain {

// Calls visit(i, j, point) for each neighbouring pair, i < j, in sorted order.
template <class Less, class Visit>
void for_each_sorted_neighbour(std::size_t n, Less less, Visit visit) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), less);
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const std::size_t i = std::min(order[k], order[k + 1]);
    const std::size_t j = std::max(order[k], order[k + 1]);
    visit(i, j, [i, j] { return Point{}.add("i", static_cast<long>(i)).add("j", static_cast<long>(j)); });
  }
}

}  // namespace approxcert::chain
