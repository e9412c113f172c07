#pragma once
// Step Y-14c: Lemma 8's d_p(f, bar f) certified directly by the L^p-norm engine
// (supnorm/lpnorm.hpp), without the instance's stated Lipschitz constant: bar f takes the corner
// value f(L) on each cell S_L = L + [0, delta)^(dn) of G_delta, so
//   d_p(f, bar f)^p = sum_{L in G_delta} sum_k integral over S_L of |f_k(X) - f_k(L)|^p dX,
// each integral enclosed by lp_norm (leaf sums over a cover of the closed cell; the boundary has
// measure 0), summed exactly, and the p-th root rounded outward.
#include <memory>

#include "chain/chain.hpp"
#include "theorems/yun2020/context.hpp"
#include "theorems/yun2020/error_steps.hpp"

namespace approxcert::theorems::yun2020 {

// Adds Y-14c (d_p(f, bar f) <= eps/3) with each cell's integral refined to relative gap rel_tol.
void add_certified_lp_step(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const ErrorBudget& b,
                           const Rational& rel_tol);

}  // namespace approxcert::theorems::yun2020
