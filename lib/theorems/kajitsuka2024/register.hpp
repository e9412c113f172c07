#pragma once
#include "chain/registry.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::kajitsuka2024 {

void register_theorems(chain::TheoremRegistry& r);
void register_constructions(ConstructionRegistry& r);

}  // namespace approxcert::theorems::kajitsuka2024
