#pragma once
// Corollary 1 (memorization; spec §2.8, §3 K-12 .. K-14, §6 "Memorization variant"): the chain of
// Theorem 2 (K-1 .. K-11) followed by the memoriser's steps and its parameter count.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"

namespace approxcert::theorems::kajitsuka2024 {

chain::Chain build_corollary_1(const chain::Parameters& p);

}  // namespace approxcert::theorems::kajitsuka2024
