#pragma once
// Inner-product relation models <psi_x(x), psi_y(y)> (spec eq. 3.1) and Lemma 3.1's exact rank
// factorisation R = U V^T (spec §3: pivot columns of R, nonzero rows of rref(R), in rationals).
#include <cstddef>
#include <string>
#include <vector>

#include "chain/step.hpp"
#include "net/network.hpp"

namespace approxcert::theorems::altabaa2024 {

struct RankFactorisation {
  RationalMatrix U;                 // n x d_r: the pivot columns of R
  RationalMatrix V;                 // n x d_r: V^T = the nonzero rows of rref(R)
  std::vector<std::size_t> pivots;  // pivot column indices (0-based)
};

// Guarantee: U V^T = R exactly, d_r = rank R (FLINT's exact rref: U = R[:, pivots], V^T = the nonzero
// rows of rref(R)). R must be rectangular with at least one row and column (else std::logic_error).
RankFactorisation exact_rank_factorisation(const RationalMatrix& R);

// The dense layer y = P^T x (zero bias) for P with one row per input coordinate.
DenseLayer transpose_projection(const RationalMatrix& P);

// (x, y) -> <left(x), right(y)>, x the first `split` of `dim` inputs.
Network inner_product_network(std::size_t dim, std::size_t split, LayerList left, LayerList right);

// Guarantee: adds to fa, for every pair (k, l) (points k, l 1-based), the exact value of the head
// <U^T e_k, V^T e_l> (the inner-product network of the two projections, evaluated in rationals)
// against R[k][l] (its side noted `rhs_note`). U, V: m rows each, equal column counts; R: m x m.
void add_head_on_one_hot_pairs(chain::ForAll& fa, const RationalMatrix& U, const RationalMatrix& V,
                               const RationalMatrix& R, const std::string& rhs_note = {});

}  // namespace approxcert::theorems::altabaa2024
