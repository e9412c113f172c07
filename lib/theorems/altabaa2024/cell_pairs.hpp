#pragma once
// Certifying a piecewise-constant relation model against a continuous relation (spec §4.3,
// "Certification of V5"): the model equals R_kl on the cell pair V_k x V_l, so
//   sup |r - model| = max_{k,l} sup_{(x,y) in closure(V_k x V_l)} |r(x,y) - R_kl|,
// one sup-norm run per cell pair (closed boxes: the tie rule on cell boundaries is irrelevant).
#include <string>
#include <vector>

#include "chain/step.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "theorems/altabaa2024/certify.hpp"

namespace approxcert::theorems::altabaa2024 {

// A program with inputs (x, y) and output 0 = r_x(x) * r_y(y) (expressions in x0).
Program product_relation_program(const std::string& r_x, const std::string& r_y);

// For all cell pairs (k, l) of the 1-D cells with boundaries b: sup over [b_k, b_k+1] x
// [b_l, b_l+1] of |target - R[k][l]| compared (by the step's relation) with `bound`.
chain::Outcome cell_pair_sup_norms(const Program& target, const RationalVector& b, const RationalMatrix& R,
                                   const chain::Side& bound, const chain::Attempt& a, const SupBudget& budget);
// The same over cells of any dimension d (closed boxes, all of one dimension): sup over the 2d-dimensional
// box cells[k] x cells[l] of |target - R[k][l]|, target with inputs (x_1..x_d, y_1..y_d).
chain::Outcome cell_box_pair_sup_norms(const Program& target, const std::vector<Box>& cells, const RationalMatrix& R,
                                       const chain::Side& bound, const chain::Attempt& a, const SupBudget& budget);

}  // namespace approxcert::theorems::altabaa2024
