#pragma once
// Shared by the yun2020 tests that compare two runs of the contextual-mapping claims: the six
// claims of one sweep, and the check that two outcomes have the same decisive point, sides,
// counts and reported values.
#include <doctest/doctest.h>

#include <vector>

#include "theorems/yun2020/contextual_claims.hpp"

namespace approxcert::theorems::yun2020::testing {

// Y-5, Y-5t, Y-6, Y-7, Y-8, Y-9 (in this order) of the values v of grid g.
template <RigorousScalar S>
std::vector<chain::Outcome> claims(const Config& c, const Grid& g, const ContextualValues<S>& v, unsigned threads) {
  const Shape& s = c.shape;
  return {last_id_claim(g, v, lemma10_lower(s), lemma10_upper(s), threads),
          last_id_claim(g, v, tilde_min(s), tilde_max(s), threads),
          distinct_entries_claim(g, v, threads),
          class_distinct_claim(g, v, threads),
          thresholds_claim(g, v, c.t_l, c.t_r, true, threads),
          thresholds_claim(g, v, c.t_l, c.t_r, false, threads)};
}

inline void check_same(const chain::Outcome& a, const chain::Outcome& b) {
  CHECK(a.at == b.at);
  CHECK(a.lhs.value == b.lhs.value);
  CHECK(a.rhs.value == b.rhs.value);
  CHECK(a.rhs_high.has_value() == b.rhs_high.has_value());
  if (a.rhs_high && b.rhs_high) CHECK(a.rhs_high->value == b.rhs_high->value);
  CHECK(a.for_all->points == b.for_all->points);
  CHECK(a.for_all->proved == b.for_all->proved);
  CHECK(a.for_all->refuted == b.for_all->refuted);
  CHECK(a.for_all->unknown == b.for_all->unknown);
  REQUIRE(a.reported.size() == b.reported.size());
  for (std::size_t k = 0; k < a.reported.size(); ++k) CHECK(a.reported[k].second.value == b.reported[k].second.value);
}

}  // namespace approxcert::theorems::yun2020::testing
