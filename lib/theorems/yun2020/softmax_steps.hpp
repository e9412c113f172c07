#pragma once
// Step Y-17: the softmax/ReLU network g (Lemma 9, parameters lambda and eta) certified with balls
// at an interior point of every cell of G+ that avoids the ramp set Omega_1.
#include <memory>

#include "chain/chain.hpp"
#include "theorems/yun2020/context.hpp"

namespace approxcert::theorems::yun2020 {

struct SoftmaxBudget {
  Smoothing smoothing;
  Rational eps_grid;   // claimed bound on e_L = ||g(L°) - f(L)||_p (and ||g(L°)||_p off G~)
  std::uint64_t p = 1;
};

void add_softmax_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const SoftmaxBudget& b);

}  // namespace approxcert::theorems::yun2020
