#pragma once
// Proposition 1 (universal approximation of permutation-equivariant functions; spec §2.9, §6):
// F = F_2^FF o F_S^SA o F_1^FF with the quantiser F_1^FF (cell centres, ReLU ramps of width eta),
// the rank-1 attention layer of Theorem 2 and the memoriser of the context ids with targets
// f(Q(X)). The chain checks K-1 .. K-11, E2 (f(XP) = f(X)P on the grid), K-15 (the quantiser is
// exact off the ramps), the fit at every good cell and the L^p assembly K-16.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "net/network.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

chain::Chain build_proposition_1(const chain::Parameters& p);

// F_1^FF as a token-wise residual layer: per coordinate x, -relu(x) + (delta/eta) sum_k
// [relu(x - k delta + eta) - relu(x - k delta)] + delta/2, hidden width d (2K - 1).
Layer quantiser_layer(const Instance& inst, const Rational& eta);

}  // namespace approxcert::theorems::kajitsuka2024
