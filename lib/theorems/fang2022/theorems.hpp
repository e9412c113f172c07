#pragma once
// The chain builders of the fang2022 family.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"

namespace approxcert::theorems::fang2022 {
chain::Chain build_zero_error(const chain::Parameters& prm);   // zero_error.cpp
chain::Chain build_one_token(const chain::Parameters& prm);    // variants.cpp
chain::Chain build_cube_blocks(const chain::Parameters& prm);  // variants.cpp
chain::Chain build_bernstein(const chain::Parameters& prm);    // bernstein.cpp
chain::Chain build_size_table(const chain::Parameters& prm);   // tables.cpp
chain::Chain build_conditioning(const chain::Parameters& prm); // tables.cpp
}  // namespace approxcert::theorems::fang2022
