#pragma once
// Exhaustive evaluation of the contextual map g_c over a grid, with the generic evaluator, for any
// Scalar S (Rational: exact; Ball: an enclosure, exact for dyadic delta at enough precision), on
// several threads. The theorem module adds no arithmetic: the column ids, tilde l_n = max_j id and
// the largest entry are extra output nodes of the lowered programs.
#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
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
};

// Evaluates g_c at every point of `grid` (index order), on `threads` threads (>= 1).
template <Scalar S>
ContextualValues<S> sweep_contextual(const Grid& grid, const ContextualPrograms& progs, Prec prec, unsigned threads) {
  const std::size_t n = grid.shape().n, dn = grid.entries();
  const std::uint64_t total = grid.size();
  ContextualValues<S> out;
  out.n = n;
  out.last_id.resize(total);
  out.q.resize(total * n);
  out.max_entry.resize(total);
  auto work = [&](std::uint64_t begin, std::uint64_t end) {
    Evaluator<S> windows(progs.windows, prec), global(progs.global, prec);
    std::vector<unsigned> levels;
    std::vector<S> x(dn), z(dn);
    for (std::uint64_t i = begin; i < end; ++i) {
      grid.levels(i, levels);
      for (std::size_t e = 0; e < dn; ++e) set(x[e], grid.value(levels[e]), prec);
      windows.run(x);
      const auto wo = progs.windows.outputs();
      for (std::size_t e = 0; e < dn; ++e) z[e] = windows.value(wo[e]);
      out.last_id[i] = windows.value(wo[dn + n]);
      global.run(z);
      const auto go = progs.global.outputs();
      for (std::size_t j = 0; j < n; ++j) out.q[i * n + j] = global.value(go[dn + j]);
      out.max_entry[i] = global.value(go[dn + n]);
    }
  };
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::uint64_t>(1, total / 64))));
  if (threads == 1) {
    work(0, total);
    return out;
  }
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, total * t / threads, total * (t + 1) / threads);
  for (auto& th : pool) th.join();
  return out;
}

}  // namespace approxcert::theorems::yun2020
