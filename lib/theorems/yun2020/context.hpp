#pragma once
// What the steps of one Yun 2020 instance share: the configuration, the target, the assembled
// network(s) and the exhaustive evaluation of g_c over G+ (computed once, on first use).
#include <map>
#include <memory>
#include <optional>

#include "theorems/yun2020/assembly.hpp"
#include "theorems/yun2020/grid.hpp"
#include "theorems/yun2020/sweep.hpp"

namespace approxcert::theorems::yun2020 {

struct Context {
  Config config;
  TargetMap target;
  Assembly assembly;
  unsigned threads = 1;
  ContextualPrograms programs;
  Grid plus;  // G+_delta

  Context(Config c, TargetMap f, Assembly a, unsigned t);
  // g_c over every point of G+ (exact rationals).
  const ContextualValues<Rational>& values();
  // The sorted representative of a distinct-column point: its index in assembly.representatives
  // and the permutation (position of each column of L in the sorted order). Safe to call from
  // several threads.
  std::pair<std::size_t, std::vector<std::size_t>> representative_of(const std::vector<Rational>& L) const;

 private:
  std::optional<ContextualValues<Rational>> values_;
  std::map<std::vector<Rational>, std::size_t> representative_index_;  // representative -> its index
};

}  // namespace approxcert::theorems::yun2020
