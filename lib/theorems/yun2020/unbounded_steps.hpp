#pragma once
// Steps Y-E3r and Y-E3 (spec 5, E3): Lemma 9 over the unbounded domain R^(d x n). The softmax/ReLU
// network g with finite lambda, eta is far from bar g = f = 0 on a set of infinite measure:
//   Y-E3r  the quantizer of one entry (of g and of bar g) is exactly -J on the rays (-inf, -eta] and
//          [1, +inf) (net/constant_on_ray.hpp), so g and bar g do not depend on an out-of-range
//          entry x_1 beyond its being out of range;
//   Y-E3   at a fixed out-of-range x_1 and x_2 in a small interval I inside the quantizer ramp
//          [delta - eta, delta) (d = 1, n = 2: no other entry), |g - bar g| >= c > 0 for every x_2 in I
//          (MPFI interval arithmetic over I; bar g exactly); so |g - f| >= c on {x_1 out of range} x I,
//          a set of infinite measure, and d_p(bar g, g) = d_p(f, g) = infinity. The claim
//          "g = bar g there" (what a finite Lemma 9 bound over R^(d x n) needs) is refuted.
// I is an instance parameter or found by a dirty search of the ramp and then certified
// (chain/search_then_certify.hpp: verify re-certifies the recorded I).
#include <memory>
#include <optional>

#include "chain/chain.hpp"
#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/context.hpp"

namespace approxcert::theorems::yun2020 {

struct UnboundedWitness {
  Smoothing smoothing;                               // lambda, eta of g
  Rational x1;                                       // the fixed out-of-range entry (token 1, row 1)
  std::optional<std::pair<Rational, Rational>> x2;   // I (token 2, row 1); absent: dirty search
};

void add_unbounded_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const UnboundedWitness& w);

}  // namespace approxcert::theorems::yun2020
