#pragma once
// Registers the Yun et al. 2020 chain (theorem "yun2020/theorem-2") with the chain engine.
#include "chain/registry.hpp"

namespace approxcert::theorems::yun2020 {
void register_theorems(chain::TheoremRegistry& r);
}
