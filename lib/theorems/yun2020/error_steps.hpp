#pragma once
// Steps Y-13 and Y-14: the L^p error of Steps 1 and 2 in closed form (exact rationals).
#include <memory>

#include "chain/chain.hpp"
#include "theorems/yun2020/context.hpp"

namespace approxcert::theorems::yun2020 {

struct ErrorBudget {
  std::uint64_t p = 1;  // the L^p exponent
  Rational eps;         // target accuracy epsilon
  Rational lipschitz;   // Lip of f from ||.||_inf to ||.||_p (user-supplied, stated in the instance)
};

void add_error_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const ErrorBudget& b);

}  // namespace approxcert::theorems::yun2020
