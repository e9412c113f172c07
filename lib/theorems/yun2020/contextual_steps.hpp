#pragma once
// Steps Y-1 to Y-12 (the finite claims on the hardmax network, exhaustive over the grids).
#include <memory>

#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "theorems/yun2020/context.hpp"

namespace approxcert::theorems::yun2020 {

// Adds Y-1 .. Y-12 (and the E1 criterion and witness steps) to the chain.
void add_finite_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx,
                      const std::optional<std::vector<Rational>>& e1_witness);

}  // namespace approxcert::theorems::yun2020
