#include "theorems/yun2020/positional.hpp"

#include "theorems/yun2020/context.hpp"
#include "theorems/yun2020/contextual_claims.hpp"
#include "theorems/yun2020/step_spec.hpp"

namespace approxcert::theorems::yun2020 {

std::pair<Rational, Rational> exhaustive_q_range(const Config& c) {
  const Grid g(c.shape, c.J, false);
  const ContextualValues<Rational> v =
      sweep_contextual_exact_first<Rational>(g, contextual_programs(c), Prec(64), default_threads());
  Rational lo = v.q[0], hi = v.q[0];
  for (const Rational& q : v.q) lo = min(lo, q), hi = max(hi, q);
  return {lo, hi};
}

void add_positional_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx) {
  chain.add(
      spec(
          "Y-6d",
          "with positional encoding every grid point has pairwise distinct columns (column j lies in [j-1, j)^d), so there are no duplicate cells",
          "max_r |(L+E)_{r,j} - (L+E)_{r,k}| > 0 for all L in G_delta, j < k", chain::Relation::Greater,
          "max_r |(L+E)_rj - (L+E)_rk|", "0", "Sec. 2.6 (Theorem 3)", "P", "EX", "yun_thm2_Y6d"),
      chain::exact([ctx] {
        const Shape& s = ctx->config.shape;
        const Grid g(s, ctx->config.J, false);
        return chain::for_all_indices(
                   chain::Relation::Greater, g.size(), ctx->threads,
                   [&](chain::ForAll& fa, std::uint64_t begin, std::uint64_t end) {
                     std::vector<unsigned> lv;
                     for (std::uint64_t i = begin; i < end; ++i) {
                       g.levels(i, lv);
                       const std::vector<Rational> L = g.point(lv);
                       for (std::size_t j = 0; j < s.n; ++j)
                         for (std::size_t k = j + 1; k < s.n; ++k) {
                           Rational gap(0);
                           for (std::size_t r = 0; r < s.d; ++r) gap = max(gap, abs(L[j * s.d + r] - L[k * s.d + r]));
                           fa.add([&] { return grid_point(s, L, j).add("k", static_cast<long>(k + 1)); },
                                  chain::Side::exact(gap), chain::Side::exact(Rational(0)));
                         }
                     }
                   })
            .outcome();
      }));
}

}  // namespace approxcert::theorems::yun2020
