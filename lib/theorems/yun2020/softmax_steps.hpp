#pragma once
// Steps Y-15 .. Y-20 and the end-to-end bound of spec section 6 for the softmax/ReLU network g
// (Lemma 9, parameters lambda and eta):
//   Y-15, Y-15z  softmax robustness of every attention layer at every cell of G+ (balls);
//   Y-16         every ReLU-ramp pre-activation at every cell of G+ lies outside its ramp zones;
//   Y-17         the good-cell error e_L at an interior point of every cell avoiding Omega_1;
//   Y-18         sup over the box B = [-a, 1+a]^(d x n) of ||g - bar f||_p^p <= S_B^p (interval
//                propagation of a cover of B through the clamp form of g, clamp_form.hpp);
//   Y-19         vol(Omega_B) <= dn (1/delta + 1) eta (1 + 2a)^(dn-1) (closed form);
//   Y-20         the Step-3 bound T_3 on d_{p,B}(bar f, g)^p (closed form from Y-17, Y-18, Y-19);
//   Y-E2E        omega_{f,p}(delta) + T_3^(1/p) <= eps.
#include <memory>
#include <optional>

#include "chain/chain.hpp"
#include "theorems/yun2020/context.hpp"
#include "theorems/yun2020/error_steps.hpp"

namespace approxcert::theorems::yun2020 {

// The box B of Y-18 .. Y-20 and the claimed sup bound.
struct BoxBudget {
  Rational a;              // B = [-a, 1 + a]^(d x n), a >= 0
  Rational S_B;            // claimed: sup_B ||g - bar f||_p <= S_B
  bool cell_cover = true;  // cover B by products of the pieces [-a,0], [k delta,(k+1) delta], [1,1+a]; else B itself
};

struct SoftmaxBudget {
  Smoothing smoothing;
  Rational eps_grid;  // claimed bound on e_L = ||g(L°) - f(L)||_p (and ||g(L°)||_p off G~)
  std::uint64_t p = 1;
  std::optional<BoxBudget> box;  // adds Y-18 .. Y-20 and Y-E2E
};

void add_softmax_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const SoftmaxBudget& b,
                       const ErrorBudget& error);

}  // namespace approxcert::theorems::yun2020
