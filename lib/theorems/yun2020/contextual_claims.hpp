#pragma once
// The contextual-mapping claims (Lemma 10 and Lemma 6 properties 1-4) decided from an exhaustive
// evaluation of g_c (sweep.hpp), for any rigorous scalar S (Rational in the chain; Ball or Rational
// in bench/bench_yun_contextual.cpp). Each returns the ForAll outcome (decisive point and counts);
// the verdict is decided by the chain engine. The points are fed on `threads` threads
// (chain/for_all_parallel.hpp: same outcome for every thread count); a point's name is only built
// for the decisive point.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <optional>

#include "chain/distinct_exact_first.hpp"
#include "chain/for_all_parallel.hpp"
#include "chain/step.hpp"
#include "scalar/double_weight.hpp"
#include "scalar/fast_interval.hpp"
#include "theorems/yun2020/grid.hpp"
#include "theorems/yun2020/sweep.hpp"

namespace approxcert::theorems::yun2020 {

chain::Point grid_point(const Shape& s, const std::vector<Rational>& L,
                        std::optional<std::size_t> column = std::nullopt);

// The exact-first sweep's exact double of value k (exact: values in `exact` are exact points), if any.
inline std::optional<double> exact_at(const std::vector<double>& exact, std::size_t k) {
  if (exact.empty() || std::isnan(exact[k])) return std::nullopt;
  return exact[k];
}

// A ForAll over the points of the grid in G~ (distinct) or not in G~ (!distinct), in index order:
// visit(fa, index, levels) adds the claims of one point.
template <class F>
chain::ForAll for_all_points(const Grid& g, chain::Relation r, bool distinct, unsigned threads, F visit) {
  return chain::for_all_indices(r, g.size(), threads, [&](chain::ForAll& fa, std::uint64_t begin, std::uint64_t end) {
    std::vector<unsigned> lv;
    for (std::uint64_t i = begin; i < end; ++i) {
      g.levels(i, lv);
      if (g.distinct_in_range(lv) == distinct) visit(fa, i, lv);
    }
  });
}

// Y-5 / Y-5t: tilde l_n in [lo, hi] on G~.
template <RigorousScalar S>
chain::Outcome last_id_claim(const Grid& g, const ContextualValues<S>& v, const Rational& lo, const Rational& hi,
                             unsigned threads) {
  const chain::Side low = chain::Side::exact(lo), high = chain::Side::exact(hi);
  const std::optional<double> lo_d = exact_double(lo), hi_d = exact_double(hi);
  return for_all_points(g, chain::Relation::InClosed, true, threads,
                        [&](chain::ForAll& fa, std::uint64_t i, const std::vector<unsigned>& lv) {
                          fa.add_exact_first(
                              [&] { return grid_point(g.shape(), g.point(lv)); }, exact_at(v.exact_last_id, i), lo_d,
                              hi_d,
                              [&] {
                                return chain::PointSides{chain::Side::enclosure(v.last_id[i]), low, high};
                              });
                        })
      .outcome();
}

// Y-6: q(L)_j != q(L)_k on G~.
template <RigorousScalar S>
chain::Outcome distinct_entries_claim(const Grid& g, const ContextualValues<S>& v, unsigned threads) {
  const std::size_t n = v.n;
  return for_all_points(
             g, chain::Relation::NotEqual, true, threads,
             [&](chain::ForAll& fa, std::uint64_t i, const std::vector<unsigned>& lv) {
               for (std::size_t j = 0; j < n; ++j)
                 for (std::size_t k = j + 1; k < n; ++k)
                   fa.add_exact_first(
                       [&] { return grid_point(g.shape(), g.point(lv), j).add("k", static_cast<long>(k + 1)); },
                       exact_at(v.exact_q, i * n + j), exact_at(v.exact_q, i * n + k), std::nullopt,
                       [&] {
                         return chain::PointSides{chain::Side::enclosure(v.q[i * n + j]),
                                                  chain::Side::enclosure(v.q[i * n + k]), std::nullopt};
                       });
             })
      .outcome();
}

// The class representatives: the points of G~ with increasing column ids, in index order. A column's
// id depends only on its index j and its levels (t = the levels read as a base-`base` number), so the
// ids of all (j, t) are computed once (exactly) and replaced by their ranks in sorted order (equal
// ids, equal ranks): the ids of a point are sorted iff its ranks are.
inline std::vector<std::uint64_t> representatives(const Grid& g, unsigned threads) {
  const std::size_t d = g.shape().d, n = g.shape().n;
  std::size_t tuples = 1;
  for (std::size_t r = 0; r < d; ++r) tuples *= g.base();  // at most the grid's size (<= 2^40 points)
  std::vector<Rational> ids(n * tuples);
  std::vector<unsigned> lv(g.entries(), 0);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t t = 0; t < tuples; ++t) {
      for (std::size_t r = 0, rest = t; r < d; ++r, rest /= g.base())
        lv[j * d + r] = static_cast<unsigned>(rest % g.base());
      ids[j * tuples + t] = g.column_ids(g.point(lv))[j];
    }
  std::vector<std::size_t> order(ids.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
  std::vector<std::uint64_t> rank(ids.size());
  for (std::size_t k = 1; k < order.size(); ++k)
    rank[order[k]] = rank[order[k - 1]] + (ids[order[k - 1]] < ids[order[k]] ? 1 : 0);
  const std::size_t chunk = 1024;  // points per part; parts are concatenated in index order
  std::vector<std::vector<std::uint64_t>> parts((g.size() + chunk - 1) / chunk);
  chain::parallel_chunks(parts.size(), threads, 1, [&](std::uint64_t first, std::uint64_t last) {
    std::vector<unsigned> levels;
    for (std::uint64_t p = first; p < last; ++p)
      for (std::uint64_t i = p * chunk; i < std::min<std::uint64_t>(g.size(), (p + 1) * chunk); ++i) {
        g.levels(i, levels);
        if (!g.distinct_in_range(levels)) continue;
        bool sorted = true;
        for (std::size_t j = 0, before = 0; j < n && sorted; ++j) {
          std::size_t t = 0;
          for (std::size_t r = d; r-- > 0;) t = t * g.base() + levels[j * d + r];
          const std::size_t here = rank[j * tuples + t];
          sorted = j == 0 || before <= here;
          before = here;
        }
        if (sorted) parts[p].push_back(i);
      }
  });
  std::vector<std::uint64_t> out;
  for (const std::vector<std::uint64_t>& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

// The q-values (or last ids) of the class representatives.
template <RigorousScalar S>
std::vector<chain::Side> representative_sides(const Grid& g, const ContextualValues<S>& v, bool last_id,
                                              unsigned threads) {
  std::vector<chain::Side> out;
  for (std::uint64_t i : representatives(g, threads)) {
    if (last_id) out.push_back(chain::Side::enclosure(v.last_id[i]));
    else
      for (std::size_t j = 0; j < v.n; ++j) out.push_back(chain::Side::enclosure(v.q[i * v.n + j]));
  }
  return out;
}

// Y-7: the q-values of different classes are pairwise distinct (reports their count and min gap).
// Where the exact-first sweep kept every representative's q as an exact double (below 2^1000 in
// magnitude), the values are sorted and compared in doubles (chain::distinct_exact_first: the same
// outcome as chain::distinct) and the gap is the least exact difference of neighbours (TwoSum).
template <RigorousScalar S>
chain::Outcome class_distinct_claim(const Grid& g, const ContextualValues<S>& v, unsigned threads) {
  const std::vector<std::uint64_t> reps = representatives(g, threads);
  std::vector<double> exact;
  for (std::uint64_t i : reps)
    for (std::size_t j = 0; j < v.n && !v.exact_q.empty(); ++j) exact.push_back(v.exact_q[i * v.n + j]);
  const bool doubles = exact.size() == reps.size() * v.n && std::all_of(exact.begin(), exact.end(), [](double x) {
                         return std::fabs(x) < 0x1p1000;
                       });  // false for NaN
  std::optional<chain::Outcome> o;
  Rational gap;
  if (doubles) {
    o = chain::distinct_exact_first(
        exact, [&](std::size_t k) { return chain::Side::enclosure(v.q[reps[k / v.n] * v.n + k % v.n]); });
    std::sort(exact.begin(), exact.end());
    chain::ExactDifference least = chain::ExactDifference::of(exact.back(), exact.front());
    for (std::size_t k = 1; k < exact.size(); ++k)
      least = min(least, chain::ExactDifference::of(exact[k], exact[k - 1]));
    gap = least.exact();
  } else {
    const std::vector<chain::Side> sides = representative_sides(g, v, false, threads);
    std::vector<Rational> lows;
    for (const chain::Side& x : sides) lows.push_back(x.value.lower());
    std::sort(lows.begin(), lows.end());
    gap = lows.back() - lows.front();
    for (std::size_t k = 1; k < lows.size(); ++k) gap = min(gap, lows[k] - lows[k - 1]);
    o = chain::distinct(sides);
  }
  return o->report("q-values", chain::Side::exact(Rational(static_cast<long>(reps.size() * v.n))))
      .report("n binom(delta^-d, n)", chain::Side::exact(Rational(g.shape().nl()) * class_count(g.shape())))
      .report("min gap (of lower endpoints)", chain::Side::exact(gap));
}

// Y-8 (in = true, on G~) and Y-9 (in = false, on the grid's points outside G~): q versus [t_l, t_r].
template <RigorousScalar S>
chain::Outcome thresholds_claim(const Grid& g, const ContextualValues<S>& v, const Rational& t_l, const Rational& t_r,
                                bool in, unsigned threads) {
  const chain::Side low = chain::Side::exact(t_l), high = chain::Side::exact(t_r);
  const std::optional<double> low_d = exact_double(t_l), high_d = exact_double(t_r);
  std::atomic<long> points = 0, failing = 0;
  chain::Outcome o =
      for_all_points(g, in ? chain::Relation::InClosed : chain::Relation::NotInClosed, in, threads,
                     [&](chain::ForAll& fa, std::uint64_t i, const std::vector<unsigned>& lv) {
                       bool refuted = false;
                       for (std::size_t j = 0; j < v.n; ++j)
                         refuted = (fa.add_exact_first(
                                        [&] { return grid_point(g.shape(), g.point(lv), j); },
                                        exact_at(v.exact_q, i * v.n + j), low_d, high_d,
                                        [&] {
                                          return chain::PointSides{chain::Side::enclosure(v.q[i * v.n + j]), low, high};
                                        }) == chain::Verdict::Refuted) ||
                                   refuted;
                       ++points;
                       if (refuted) ++failing;
                     })
          .outcome();
  if (!in)
    o.report("points of G+ \\ G~", chain::Side::exact(Rational(points.load())))
        .report("points violating property 4", chain::Side::exact(Rational(failing.load())));
  return o;
}

}  // namespace approxcert::theorems::yun2020
