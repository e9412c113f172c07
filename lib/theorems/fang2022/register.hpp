#pragma once
// Registration of the Fang, Ouyang, Zhou & Cheng 2022 family: its theorems (for check / verify /
// regress) and its constructions (for build).
#include "chain/registry.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::fang2022 {
void register_theorems(chain::TheoremRegistry& r);
void register_constructions(ConstructionRegistry& r);
}  // namespace approxcert::theorems::fang2022
