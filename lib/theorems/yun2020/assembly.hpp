#pragma once
// The whole construction bar g = g_v o g_c o g_q (hardmax/Phi) and its softmax/ReLU variant g,
// with the data the value map needs: M (largest entry of g_c over G+, computed exhaustively with
// exact rationals by the generic evaluator) and one ValueEntry per (permutation class, column).
#include <optional>
#include <vector>

#include "theorems/yun2020/config.hpp"
#include "theorems/yun2020/construction.hpp"

namespace approxcert::theorems::yun2020 {

struct Assembly {
  Config config;
  Rational M;
  std::vector<ValueEntry> entries;                     // classes in grid order (sorted column ids), j = 1..n
  std::vector<std::vector<Rational>> representatives;  // one sorted point per class

  // bar g (no smoothing) or g (softmax lambda, ReLU ramps eta).
  Network network(const std::optional<Smoothing>& s = std::nullopt) const;
};

// M_override: use this M instead of the exhaustive maximum (Y-10 then checks it).
Assembly assemble(const Config& c, const TargetMap& f, const std::optional<Rational>& M_override, unsigned threads);

unsigned default_threads();

}  // namespace approxcert::theorems::yun2020
