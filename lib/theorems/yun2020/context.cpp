#include "theorems/yun2020/context.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace approxcert::theorems::yun2020 {

Context::Context(Config c, TargetMap f, Assembly a, unsigned t)
    : config(std::move(c)),
      target(std::move(f)),
      assembly(std::move(a)),
      threads(t),
      programs(contextual_programs(config)),
      plus(config.shape, config.J, true) {
  for (std::size_t k = 0; k < assembly.representatives.size(); ++k)
    representative_index_.emplace(assembly.representatives[k], k);
}

const ContextualValues<Rational>& Context::values() {
  if (!values_) values_ = sweep_contextual_exact_first<Rational>(plus, programs, Prec(64), threads);
  return *values_;
}

std::pair<std::size_t, std::vector<std::size_t>> Context::representative_of(const std::vector<Rational>& L) const {
  const std::vector<Rational> ids = plus.column_ids(L);
  std::vector<std::size_t> order(ids.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
  const std::size_t d = config.shape.d;
  std::vector<Rational> sorted;
  for (std::size_t j : order)
    for (std::size_t r = 0; r < d; ++r) sorted.push_back(L[j * d + r]);
  const auto it = representative_index_.find(sorted);
  if (it == representative_index_.end())
    throw std::logic_error("yun2020: no representative for a distinct-column point");
  std::vector<std::size_t> position(ids.size());
  for (std::size_t k = 0; k < order.size(); ++k) position[order[k]] = k;
  return {it->second, position};
}

}  // namespace approxcert::theorems::yun2020
