#pragma once
// Step Y-E9 (spec 5, E9): the sup error of the softmax/ReLU network g on the certified good set
// G_good = union over L in G~ of the boxes prod [L_ij, L_ij + delta - eta] (each good cell S_L
// minus the ramps Omega_1). g is constant on each box (its entry quantizer is, by the mean-value
// image as in Y-1r), so sup |f_k - g_k| is sup |f_k - f_k(L)| (the sup-norm engine, one run per
// cell and output entry) within |f_k(L) - g_k(L°)| (ball arithmetic):
//   sup_{X in G_good} max_k |f_k(X) - g_k(X)| <= Lip delta + eps_grid
// (|f_k(X) - f_k(L)| <= Lip delta, |f_k(L) - g_k| <= e_L <= eps_grid by Y-17). It also reports the
// same sup for the hardmax network bar g and, to show that the sup over [0,1)^(d x n) is not
// small, a certified lower bound on it at the interior points of the duplicate-column cells.
#include <memory>

#include "chain/chain.hpp"
#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/context.hpp"
#include "theorems/yun2020/error_steps.hpp"

namespace approxcert::theorems::yun2020 {

void add_good_set_step(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const Smoothing& smoothing,
                       const Rational& eps_grid, const ErrorBudget& error);

}  // namespace approxcert::theorems::yun2020
