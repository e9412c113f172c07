#pragma once
// Steps Y-E3r and Y-E3 (spec 5, E3): Lemma 9 over the unbounded domain R^(d x n). The softmax/ReLU
// network g with finite lambda, eta is far from bar g = f = 0 on a set of infinite measure:
//   Y-E3r  the quantizer of one entry (of g and of bar g) is exactly -J on the rays (-inf, -eta] and
//          [1, +inf) (net/constant_on_ray.hpp), so g and bar g do not depend on an out-of-range
//          entry x_1 beyond its being out of range;
//   Y-E3   x_1 = entry (1, 1) at a fixed out-of-range value, x_2 = entry (1, 2) in a small interval I
//          inside the quantizer ramp [delta - eta, delta), and every other entry e in a flat piece
//          P_e = [k_e delta, (k_e + 1) delta - eta] of the quantizer (level k_e): both quantizers map
//          P_e to the one value k_e delta (mean-value image, certified in the step), and g over
//          {x_1} x I x {k_e delta} satisfies |g - bar g| >= c > 0 (MPFI over I; bar g exactly). So
//          |g - f| >= c on W = {x_1 out of range} x I x prod P_e, a set of infinite measure (positive
//          measure in every entry but x_1, a ray in x_1), and d_p(bar g, g) = d_p(f, g) = infinity.
//          The claim "g = bar g there" (what a finite Lemma 9 bound over R^(d x n) needs) is refuted.
// I is an instance parameter or found by a dirty search of the ramp and then certified
// (chain/search_then_certify.hpp: verify re-certifies the recorded I). Ends that are not dyadic
// (eta, delta not powers of 2) are moved inward to multiples of 2^-64, so MPFI holds them exactly.
#include <memory>
#include <optional>

#include "chain/chain.hpp"
#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/context.hpp"

namespace approxcert::theorems::yun2020 {

struct UnboundedWitness {
  Smoothing smoothing;                              // lambda, eta of g
  Rational x1;                                      // the fixed out-of-range entry (token 1, row 1)
  std::optional<std::pair<Rational, Rational>> x2;  // I (token 2, row 1); absent: dirty search
  std::vector<unsigned> levels;                     // k_e of the other d n - 2 entries, in entry order
};

// The start of the lower out-of-range ray (-inf, s] of Y-E3r and W: s = -eta rounded down to a
// multiple of 2^-64 (-eta itself when eta is such a dyadic), exact in MPFI.
Rational e3_ray_start(const Rational& eta);

void add_unbounded_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const UnboundedWitness& w);

}  // namespace approxcert::theorems::yun2020
