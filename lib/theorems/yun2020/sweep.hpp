#pragma once
// Exhaustive evaluation of the contextual map g_c over a grid, with the generic evaluator, for any
// Scalar S (Rational: exact; Ball: an enclosure, exact for dyadic delta at enough precision), on
// several threads (TBB; every point's values go to its own slots, so the result does not depend on
// the thread count). The theorem module adds no arithmetic: the column ids, tilde l_n = max_j id and
// the largest entry are extra output nodes of the lowered programs.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "chain/for_all_parallel.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/directed_lanes.hpp"
#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/grid.hpp"

namespace approxcert::theorems::yun2020 {

// The two programs of g_c. windows: L -> (Z after the windows [d n], ids u^T Z_j [n], max_j id [1]);
// global: Z -> (g_c(L) [d n], q(L)_j = u^T g_c(L)_j [n], max entry of g_c(L) [1]).
struct ContextualPrograms {
  Program windows, global;
};
ContextualPrograms contextual_programs(const Config& c, const std::optional<Smoothing>& s = std::nullopt);

template <Scalar S>
struct ContextualValues {
  std::size_t n = 0;
  std::vector<S> last_id;    // per point: tilde l_n = max_j u^T Z_j after the windows
  std::vector<S> q;          // per point, n values: q(L)_j
  std::vector<S> max_entry;  // per point: the largest entry of g_c(L)
  // Filled by sweep_contextual_exact_first only (else empty): last_id and q as exact doubles where
  // the point was exact in doubles, NaN where it was re-evaluated with S.
  std::vector<double> exact_last_id, exact_q;
};

namespace sweep_detail {

// The two programs of g_c evaluated with S at the points of one grid (one per thread). A batched S
// (LaneBatch: DirectedLanes) evaluates one point per lane in each pass.
template <Scalar S>
class PointEvaluator {
 public:
  using Lane = lane_type_t<S>;
  PointEvaluator(const Grid& grid, const ContextualPrograms& progs, Prec prec)
      : grid_(grid),
        prec_(prec),
        windows_(progs.windows, prec),
        global_(progs.global, prec),
        wo_(progs.windows.outputs().begin(), progs.windows.outputs().end()),
        go_(progs.global.outputs().begin(), progs.global.outputs().end()),
        x_(grid.entries()),
        z_(grid.entries()),
        point_(grid.entries()),
        level_value_(grid.base()) {
    for (unsigned l = 0; l < grid.base(); ++l) set(level_value_[l], grid.value(l), prec);
  }
  // Evaluates g_c at point i.
  void run(std::uint64_t i) requires(!LaneBatch<S>) {
    point_inputs(i, x_);
    evaluate();
  }
  // Evaluates g_c at points begin + k in lane k, for begin < end <= begin + S::lanes (the lanes
  // beyond end - begin repeat point end - 1).
  void run(std::uint64_t begin, std::uint64_t end) requires LaneBatch<S> {
    for (std::size_t k = 0; k < S::lanes; ++k) {
      point_inputs(std::min(begin + k, end - 1), point_);
      for (std::size_t e = 0; e < point_.size(); ++e) set_lane(x_[e], k, point_[e]);
    }
    evaluate();
  }
  // The values kept of the point last run (in lane k of a batched S): tilde l_n, q_j (j < n), the largest entry.
  const Lane& last_id(std::size_t k = 0) const {
    return in_lane(windows_.value(wo_[grid_.entries() + grid_.shape().n]), k);
  }
  const Lane& q(std::size_t j, std::size_t k = 0) const { return in_lane(global_.value(go_[grid_.entries() + j]), k); }
  const Lane& max_entry(std::size_t k = 0) const {
    return in_lane(global_.value(go_[grid_.entries() + grid_.shape().n]), k);
  }

 private:
  static const Lane& in_lane(const S& x, std::size_t k) {
    if constexpr (LaneBatch<S>) return lane(x, k);
    else return x;
  }
  // The inputs of point i in the lane type.
  void point_inputs(std::uint64_t i, std::vector<Lane>& out) {
    grid_.levels(i, levels_);
    if (grid_.shape().positional) {  // column offsets of E
      const std::vector<Rational> p = grid_.point(levels_);
      for (std::size_t e = 0; e < out.size(); ++e) set(out[e], p[e], prec_);
    } else {
      for (std::size_t e = 0; e < out.size(); ++e) out[e] = level_value_[levels_[e]];
    }
  }
  void evaluate() {
    windows_.run(x_);
    for (std::size_t e = 0; e < z_.size(); ++e) z_[e] = windows_.value(wo_[e]);
    global_.run(z_);
  }

  const Grid& grid_;
  Prec prec_;
  Evaluator<S> windows_, global_;
  std::vector<NodeId> wo_, go_;  // the programs' outputs
  std::vector<unsigned> levels_;
  std::vector<S> x_, z_;
  std::vector<Lane> point_, level_value_;  // point_: one point's inputs (batched S only)
};

template <Scalar S>
ContextualValues<S> sized_values(const Grid& grid, bool exact_doubles) {
  ContextualValues<S> out;
  out.n = grid.shape().n;
  out.last_id.resize(grid.size());
  out.q.resize(grid.size() * out.n);
  out.max_entry.resize(grid.size());
  if (exact_doubles) {
    out.exact_last_id.resize(grid.size());
    out.exact_q.resize(grid.size() * out.n);
  }
  return out;
}

// Stores the values of the point last run by `from` (in lane k) as point i of `out`, converted by convert(to, from).
template <class S, class T, class Convert>
void store(ContextualValues<S>& out, std::uint64_t i, const PointEvaluator<T>& from, std::size_t k, Convert convert) {
  convert(out.last_id[i], from.last_id(k));
  for (std::size_t j = 0; j < out.n; ++j) convert(out.q[i * out.n + j], from.q(j, k));
  convert(out.max_entry[i], from.max_entry(k));
}

}  // namespace sweep_detail

// Evaluates g_c at every point of `grid` (index order), on `threads` threads (>= 1).
template <Scalar S>
ContextualValues<S> sweep_contextual(const Grid& grid, const ContextualPrograms& progs, Prec prec, unsigned threads) {
  ContextualValues<S> out = sweep_detail::sized_values<S>(grid, false);
  chain::parallel_chunks(grid.size(), threads, 64, [&](std::uint64_t begin, std::uint64_t end) {
    sweep_detail::PointEvaluator<S> ev(grid, progs, prec);
    for (std::uint64_t i = begin; i < end; ++i) {
      ev.run(i);
      sweep_detail::store(out, i, ev, 0, [](S& to, const S& from) { to = from; });
    }
  });
  return out;
}

// The same values as sweep_contextual<S> wherever those are exact (and never wider elsewhere),
// faster: every point is first evaluated with DirectedInterval (exact when exact), B points per
// pass (DirectedLanes<B>: lane k is bit for bit the DirectedInterval evaluation of its point); if
// every value kept is an exact point, that point is the exact value and is stored as S (set from
// the exact rational: exact for Rational, and for Ball at prec >= 53 bits); otherwise the point is
// re-evaluated with S at `prec`. The exact points are also kept as doubles (exact_last_id, exact_q:
// the claims decide them in doubles). `fallbacks` (if not null) receives the number of re-evaluated points.
template <RigorousScalar S, std::size_t B = 8>
ContextualValues<S> sweep_contextual_exact_first(const Grid& grid, const ContextualPrograms& progs, Prec prec,
                                                 unsigned threads, std::uint64_t* fallbacks = nullptr) {
  ContextualValues<S> out = sweep_detail::sized_values<S>(grid, true);
  std::atomic<std::uint64_t> redone = 0;
  chain::parallel_chunks(grid.size(), threads, 64, [&](std::uint64_t begin, std::uint64_t end) {
    sweep_detail::PointEvaluator<DirectedLanes<B>> fast(grid, progs, prec);
    std::optional<sweep_detail::PointEvaluator<S>> slow;
    for (std::uint64_t first = begin; first < end; first += B) {
      const std::uint64_t last = std::min<std::uint64_t>(end, first + B);
      fast.run(first, last);
      for (std::uint64_t i = first; i < last; ++i) {
        const std::size_t k = i - first;
        bool exact = is_exact(fast.last_id(k)) && is_exact(fast.max_entry(k));
        for (std::size_t j = 0; j < out.n; ++j) exact = exact && is_exact(fast.q(j, k));
        if (exact) {
          sweep_detail::store(out, i, fast, k,
                              [&](S& to, const DirectedInterval& from) { set(to, lower(from), prec); });
          out.exact_last_id[i] = fast.last_id(k).lo;
          for (std::size_t j = 0; j < out.n; ++j) out.exact_q[i * out.n + j] = fast.q(j, k).lo;
          continue;
        }
        out.exact_last_id[i] = std::numeric_limits<double>::quiet_NaN();
        for (std::size_t j = 0; j < out.n; ++j) out.exact_q[i * out.n + j] = std::numeric_limits<double>::quiet_NaN();
        if (!slow) slow.emplace(grid, progs, prec);
        slow->run(i);
        sweep_detail::store(out, i, *slow, 0, [](S& to, const S& from) { to = from; });
        ++redone;
      }
    }
  });
  if (fallbacks) *fallbacks = redone.load();
  return out;
}

}  // namespace approxcert::theorems::yun2020
