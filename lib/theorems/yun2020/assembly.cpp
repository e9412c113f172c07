#include "theorems/yun2020/assembly.hpp"

#include <thread>

#include "theorems/yun2020/sweep.hpp"

namespace approxcert::theorems::yun2020 {

unsigned default_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

Network Assembly::network(const std::optional<Smoothing>& s) const {
  LayerList layers = positional_layers(config);
  for (Layer& l : quantizer_layers(config, s)) layers.push_back(std::move(l));
  for (Layer& l : window_layers(config, s)) layers.push_back(std::move(l));
  layers.push_back(global_layer(config, s));
  for (Layer& l : value_map_layers(config, M, entries, s)) layers.push_back(std::move(l));
  return sequence_network(config.shape, std::move(layers));
}

Assembly assemble(const Config& c, const TargetMap& f, const std::optional<Rational>& M_override, unsigned threads) {
  Assembly a;
  a.config = c;
  const ContextualPrograms progs = contextual_programs(c);
  const Prec prec(64);  // unused by exact rationals
  if (M_override) {
    a.M = *M_override;
  } else {
    const Grid plus(c.shape, c.J, true);
    const ContextualValues<Rational> all = sweep_contextual_exact_first<Rational>(plus, progs, prec, threads);
    a.M = all.max_entry[0];
    for (const Rational& m : all.max_entry) a.M = max(a.M, m);
  }
  // Representatives: in-range points with strictly increasing column ids.
  const Grid g(c.shape, c.J, false);
  std::vector<unsigned> levels;
  Evaluator<Rational> windows(progs.windows, prec), global(progs.global, prec);
  const std::size_t d = c.shape.d, n = c.shape.n, dn = d * n;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, levels);
    const std::vector<Rational> L = g.point(levels);
    const std::vector<Rational> ids = g.column_ids(L);
    bool increasing = true;
    for (std::size_t j = 1; j < n; ++j) increasing = increasing && ids[j - 1] < ids[j];
    if (!increasing) continue;
    windows.run(L);
    std::vector<Rational> z(dn);
    for (std::size_t e = 0; e < dn; ++e) z[e] = windows.value(progs.windows.outputs()[e]);
    global.run(z);
    const std::vector<Rational> out = global.outputs();
    const std::vector<Rational> target = eval_target(f, g.corner(levels));
    for (std::size_t j = 0; j < n; ++j)
      a.entries.push_back({out[dn + j],
                           RationalVector(out.begin() + static_cast<std::ptrdiff_t>(j * d),
                                          out.begin() + static_cast<std::ptrdiff_t>((j + 1) * d)),
                           RationalVector(target.begin() + static_cast<std::ptrdiff_t>(j * d),
                                          target.begin() + static_cast<std::ptrdiff_t>((j + 1) * d))});
    a.representatives.push_back(L);
  }
  return a;
}

}  // namespace approxcert::theorems::yun2020
