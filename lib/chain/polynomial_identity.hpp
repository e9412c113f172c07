#pragma once
// Polynomial identity: two programs compute the same polynomial. Argument (docs/chain.md): if every
// output of both programs has degree <= d_k in input k (a certified bound from polynomial_degree(),
// lib/net), their difference is a polynomial of degree <= d_k in each variable; such a polynomial
// that vanishes on a tensor grid with d_k + 1 distinct points in variable k is the zero polynomial
// (induction on the number of variables: a nonzero univariate polynomial of degree <= d has at
// most d roots). So exact equality at every grid point proves the identity, and any grid point
// where the values differ is a certified counterexample.
#include <cstdint>

#include "chain/step.hpp"
#include "net/program.hpp"

namespace approxcert::chain {

// Largest grid evaluated (prod_k (d_k + 1)); a larger one is an InputError.
inline constexpr std::uint64_t kMaxIdentityGridPoints = 1000000;

// Outcome for a step with relation "=": every output of `a` and `b` evaluated EXACTLY (Rational,
// through the one generic evaluator) at the grid points x_k in {0, 1, ..., d_k}, decided by a
// ForAll of "=" (the decisive point: the largest difference, stopping at the first grid point that
// differs). Reports "degree bound x<k>" and "grid points". InputError if the programs differ in
// their numbers of inputs or outputs, are not polynomial (polynomial_degree()), or the grid
// exceeds kMaxIdentityGridPoints.
Outcome polynomial_identity(const Program& a, const Program& b);

}  // namespace approxcert::chain
