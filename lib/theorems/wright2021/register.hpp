#pragma once
// Registration of the Wright & Gonzalez 2021 family (for check / verify / regress).
#include "chain/registry.hpp"

namespace approxcert::theorems::wright2021 {
void register_theorems(chain::TheoremRegistry& r);
}  // namespace approxcert::theorems::wright2021
