#pragma once
// The chain of Theorem 2 (spec §3, K-1 .. K-10) and the eq. (10) erratum (spec §5, E1, E3) for one
// instance.
#include <memory>

#include "chain/chain.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

// errata: also the steps E1a, E1b, E3, E6 (spec §5).
void add_contextual_steps(chain::Chain& c, const std::shared_ptr<const Instance>& inst, bool errata);

}  // namespace approxcert::theorems::kajitsuka2024
