#pragma once
// Programs over the input x in R^d built from the construction's networks (nodes only, no
// arithmetic): the embedding composed with the blocks, the closed-form states M^(l) they must
// equal, and the read-out c of a polynomial target found by exact interpolation on the lattice.
#include <string>
#include <vector>

#include "linalg/exact_matrix.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "theorems/fang2022/monomials.hpp"

namespace approxcert::theorems::fang2022 {

// x -> blocks(embedding(x)) with d inputs; outputs: every output of `blocks`, token by token
// (only_first: just output 0, the read-out of token 0 = T_c(x)).
Program composed_program(const Network& embedding, const Network& blocks, bool only_first);

// One output per expression over x0..x{d-1}.
Program expressions_program(const std::vector<std::string>& expressions, std::size_t d);

// The residual stream expected after `blocks` blocks (spec 2.5, induction hypothesis): for every
// token, POS one-hot, R_0 = 1, R_l = M^(l)(x) for l <= blocks, R_l = 0 after, the K slices as
// embedded; as target-language expressions, token by token, column by column.
std::vector<std::string> expected_stream(const Monomials& mono, std::size_t blocks);

// The principal lattice Lambda_{d,k} = {beta : |beta| <= k}, sorted lexicographically.
std::vector<std::vector<Rational>> lattice(const Monomials& mono);
// V[i][t] = beta_i^alpha(A_k[t]) (0^0 = 1): rows the lattice points, columns the monomials of A_k.
ExactMatrix lattice_vandermonde(const Monomials& mono);

// The monomial coefficients c (in A_k order) of the polynomial of degree <= k that agrees with
// output 0 of `target` (d inputs) on the lattice: V c = target(lattice), solved exactly. For a
// target of degree <= k this is its coefficient vector; nothing is claimed otherwise (the identity
// step then refutes T_c = target). std::logic_error if V is singular (it never is: unisolvence).
std::vector<Rational> interpolated_readout(const Monomials& mono, const Program& target);

}  // namespace approxcert::theorems::fang2022
