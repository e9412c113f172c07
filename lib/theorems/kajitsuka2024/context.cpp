#include "theorems/kajitsuka2024/context.hpp"

#include "chain/search_then_certify.hpp"

#include <stdexcept>

namespace approxcert::theorems::kajitsuka2024 {

Projection projection_from(const Instance& inst, const chain::Point& candidate) {
  return project(inst, chain::candidate_values(candidate, {{"u", inst.d}}));
}

Projection projection_of(const Instance& inst, const chain::Attempt& a) {
  const auto& c = a.result("K-1").outcome.candidate;
  if (!c) throw std::domain_error("step K-1 certified no projection vector");
  return projection_from(inst, *c);
}

chain::Point candidate_point(const RationalVector& u) {
  chain::Point p;
  for (std::size_t r = 0; r < u.size(); ++r) p.add("u" + std::to_string(r + 1), u[r]);
  return p;
}

std::vector<SameTokenPair> same_token_pairs(const Instance& inst) {
  std::vector<SameTokenPair> out;
  auto contains = [&](std::size_t i, std::size_t v) {
    for (std::size_t k : inst.sets[i])
      if (k == v) return true;
    return false;
  };
  for (std::size_t v = 0; v < inst.vocabulary_size(); ++v)
    for (std::size_t i = 0; i < inst.sets.size(); ++i)
      if (contains(i, v))
        for (std::size_t j = i + 1; j < inst.sets.size(); ++j)
          if (contains(j, v)) out.push_back({v, i, j});
  return out;
}

std::size_t column_of(const Instance& inst, std::size_t i, std::size_t v) {
  for (std::size_t l = 0; l < inst.sets[i].size(); ++l)
    if (inst.sets[i][l] == v) return l;
  throw std::logic_error("column_of: token not in set");
}

std::vector<Rational> ids_of_set(const Instance& inst, const Projection& pr, std::size_t i) {
  std::vector<Rational> out;
  for (std::size_t k : inst.sets[i]) out.push_back(pr.a[k]);
  return out;
}

chain::Point pair_point(const SameTokenPair& q) {
  return chain::Point{}
      .add("token", Rational(static_cast<long>(q.v + 1)))
      .add("set i", Rational(static_cast<long>(q.i + 1)))
      .add("set j", Rational(static_cast<long>(q.j + 1)));
}

}  // namespace approxcert::theorems::kajitsuka2024
