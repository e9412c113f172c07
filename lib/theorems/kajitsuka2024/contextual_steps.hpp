#pragma once
// The chain of Theorem 2 (spec §3, K-1 .. K-10) and the eq. (10) erratum (spec §5, E1, E3) for one
// instance.
#include <memory>

#include "chain/chain.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

void add_contextual_steps(chain::Chain& c, const std::shared_ptr<const Instance>& inst);

}  // namespace approxcert::theorems::kajitsuka2024
