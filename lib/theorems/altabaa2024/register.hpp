#pragma once
// Registration of the Altabaa & Lafferty 2024 family: its theorems (for check / verify / regress)
// and its constructions (for build).
#include "chain/registry.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::altabaa2024 {
void register_theorems(chain::TheoremRegistry& r);
void register_constructions(ConstructionRegistry& r);
}  // namespace approxcert::theorems::altabaa2024
