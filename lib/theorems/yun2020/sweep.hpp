#pragma once
// Exhaustive evaluation of the contextual map g_c over a grid, with the generic evaluator, for any
// Scalar S (Rational: exact; Ball: an enclosure, exact for dyadic delta at enough precision), on
// several threads (TBB; every point's values go to its own slots, so the result does not depend on
// the thread count). The theorem module adds no arithmetic: the column ids, tilde l_n = max_j id and
// the largest entry are extra output nodes of the lowered programs.
#include <cstdint>
#include <vector>

#include "chain/for_all_parallel.hpp"
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
  const auto wo = progs.windows.outputs(), go = progs.global.outputs();
  chain::parallel_chunks(total, threads, 64, [&](std::uint64_t begin, std::uint64_t end) {
    Evaluator<S> windows(progs.windows, prec), global(progs.global, prec);
    std::vector<unsigned> levels;
    std::vector<S> x(dn), z(dn), level_value(grid.base());
    for (unsigned l = 0; l < grid.base(); ++l) set(level_value[l], grid.value(l), prec);
    for (std::uint64_t i = begin; i < end; ++i) {
      grid.levels(i, levels);
      if (grid.shape().positional) {  // column offsets of E
        const std::vector<Rational> p = grid.point(levels);
        for (std::size_t e = 0; e < dn; ++e) set(x[e], p[e], prec);
      } else {
        for (std::size_t e = 0; e < dn; ++e) x[e] = level_value[levels[e]];
      }
      windows.run(x);
      for (std::size_t e = 0; e < dn; ++e) z[e] = windows.value(wo[e]);
      out.last_id[i] = windows.value(wo[dn + n]);
      global.run(z);
      for (std::size_t j = 0; j < n; ++j) out.q[i * n + j] = global.value(go[dn + j]);
      out.max_entry[i] = global.value(go[dn + n]);
    }
  });
  return out;
}

}  // namespace approxcert::theorems::yun2020
