#pragma once
// The contextual-mapping claims (Lemma 10 and Lemma 6 properties 1-4) decided from an exhaustive
// evaluation of g_c (sweep.hpp), for any rigorous scalar S (Rational in the chain; Ball or Rational
// in bench/bench_yun_contextual.cpp). Each returns the ForAll outcome (decisive point and counts);
// the verdict is decided by the chain engine.
#include <algorithm>

#include "chain/step.hpp"
#include "theorems/yun2020/grid.hpp"
#include "theorems/yun2020/sweep.hpp"

namespace approxcert::theorems::yun2020 {

chain::Point grid_point(const Shape& s, const std::vector<Rational>& L, std::optional<std::size_t> column = std::nullopt);

// Calls visit(index, levels) for every point of the grid in G~ (distinct) or not in G~ (!distinct).
template <class F>
void for_each_point(const Grid& g, bool distinct, F visit) {
  std::vector<unsigned> lv;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, lv);
    if (g.distinct_in_range(lv) == distinct) visit(i, lv);
  }
}

// Y-5 / Y-5t: tilde l_n in [lo, hi] on G~.
template <RigorousScalar S>
chain::Outcome last_id_claim(const Grid& g, const ContextualValues<S>& v, const Rational& lo, const Rational& hi) {
  chain::ForAll fa(chain::Relation::InClosed);
  for_each_point(g, true, [&](std::uint64_t i, const std::vector<unsigned>& lv) {
    fa.add(grid_point(g.shape(), g.point(lv)), chain::Side::enclosure(v.last_id[i]), chain::Side::exact(lo), chain::Side::exact(hi));
  });
  return fa.outcome();
}

// Y-6: q(L)_j != q(L)_k on G~.
template <RigorousScalar S>
chain::Outcome distinct_entries_claim(const Grid& g, const ContextualValues<S>& v) {
  const std::size_t n = v.n;
  chain::ForAll fa(chain::Relation::NotEqual);
  for_each_point(g, true, [&](std::uint64_t i, const std::vector<unsigned>& lv) {
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k)
        fa.add(grid_point(g.shape(), g.point(lv), j).add("k", static_cast<long>(k + 1)), chain::Side::enclosure(v.q[i * n + j]),
               chain::Side::enclosure(v.q[i * n + k]));
  });
  return fa.outcome();
}

// The q-values (or last ids) of the class representatives: points of G~ with increasing column ids.
template <RigorousScalar S>
std::vector<chain::Side> representative_sides(const Grid& g, const ContextualValues<S>& v, bool last_id) {
  std::vector<chain::Side> out;
  for_each_point(g, true, [&](std::uint64_t i, const std::vector<unsigned>& lv) {
    const std::vector<Rational> ids = g.column_ids(g.point(lv));
    if (!std::is_sorted(ids.begin(), ids.end())) return;
    if (last_id) out.push_back(chain::Side::enclosure(v.last_id[i]));
    else
      for (std::size_t j = 0; j < v.n; ++j) out.push_back(chain::Side::enclosure(v.q[i * v.n + j]));
  });
  return out;
}

// Y-7: the q-values of different classes are pairwise distinct (reports their count and min gap).
template <RigorousScalar S>
chain::Outcome class_distinct_claim(const Grid& g, const ContextualValues<S>& v) {
  const std::vector<chain::Side> sides = representative_sides(g, v, false);
  std::vector<Rational> lows;
  for (const chain::Side& x : sides) lows.push_back(x.value.lower());
  std::sort(lows.begin(), lows.end());
  Rational gap = lows.back() - lows.front();
  for (std::size_t k = 1; k < lows.size(); ++k) gap = min(gap, lows[k] - lows[k - 1]);
  return chain::distinct(sides)
      .report("q-values", chain::Side::exact(Rational(static_cast<long>(sides.size()))))
      .report("n binom(delta^-d, n)", chain::Side::exact(Rational(g.shape().nl()) * class_count(g.shape())))
      .report("min gap (of lower endpoints)", chain::Side::exact(gap));
}

// Y-8 (in = true, on G~) and Y-9 (in = false, on the grid's points outside G~): q versus [t_l, t_r].
template <RigorousScalar S>
chain::Outcome thresholds_claim(const Grid& g, const ContextualValues<S>& v, const Rational& t_l, const Rational& t_r, bool in) {
  chain::ForAll fa(in ? chain::Relation::InClosed : chain::Relation::NotInClosed);
  long points = 0, failing = 0;
  for_each_point(g, in, [&](std::uint64_t i, const std::vector<unsigned>& lv) {
    bool refuted = false;
    const std::vector<Rational> L = g.point(lv);
    for (std::size_t j = 0; j < v.n; ++j)
      refuted = (fa.add(grid_point(g.shape(), L, j), chain::Side::enclosure(v.q[i * v.n + j]), chain::Side::exact(t_l),
                        chain::Side::exact(t_r)) == chain::Verdict::Refuted) || refuted;
    ++points;
    if (refuted) ++failing;
  });
  chain::Outcome o = fa.outcome();
  if (!in) o.report("points of G+ \\ G~", chain::Side::exact(Rational(points))).report("points violating property 4", chain::Side::exact(Rational(failing)));
  return o;
}

}  // namespace approxcert::theorems::yun2020
