#pragma once
// `approxcert build` constructions of the Yun 2020 family: the hardmax/Phi network bar g and the
// softmax/ReLU network g (same builders as the chain, so the file is the network the chain checks).
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::yun2020 {
void register_constructions(ConstructionRegistry& r);
}
