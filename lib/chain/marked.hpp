#pragma once
// A builder whose chain a theorem module then marks (Chain::trust, recheck): registered as
// chain::marked<build_x, with_trust_marks> by a module that gives many builders one set of marks.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"

namespace approxcert::chain {

// Mark(Build(p)).
template <Chain (*Build)(const Parameters&), Chain (*Mark)(Chain)>
Chain marked(const Parameters& p) {
  return Mark(Build(p));
}

}  // namespace approxcert::chain
