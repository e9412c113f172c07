#pragma once
// distinct() (step.hpp) for values known as exact doubles: the same outcome (verdict, decisive pair
// with its sides, counts) as distinct(sides) with sides[k] the exact point exact[k], decided in
// doubles. distinct() sorts by (lower, upper), stably, which for exact points is the order of the
// values with ties in index order: the stable sort of the doubles (exact comparisons) gives the
// same order, and each adjacent pair goes through ForAll::add_exact_first (the same verdict and
// margin as add() on the exact sides). side(k) builds value k's Side, only for a decisive pair.
#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <vector>

#include "chain/sorted_neighbours.hpp"
#include "chain/step.hpp"

namespace approxcert::chain {

// Every exact[k] must be finite, and there must be at least two (std::logic_error otherwise).
template <class SideOf>
Outcome distinct_exact_first(const std::vector<double>& exact, SideOf side) {
  if (exact.size() < 2) throw std::logic_error("distinct: needs at least two values");
  for (double x : exact)
    if (!std::isfinite(x)) throw std::logic_error("distinct_exact_first: a value is not a finite double");
  ForAll fa(Relation::Distinct);
  for_each_sorted_neighbour(
      exact.size(), [&](std::size_t a, std::size_t b) { return exact[a] < exact[b]; },
      [&](std::size_t i, std::size_t j, auto point) {
        fa.add_exact_first(point, exact[i], exact[j], std::nullopt, [&] {
          return PointSides{side(i), side(j), std::nullopt};
        });
      });
  return fa.outcome();
}

}  // namespace approxcert::chain
