#pragma once
// Exact double constants: a scalar type may supply
//   set_double(r, c)            // r := the exact point c, for a finite double c
//   addmul_double(r, a, w, p)   // r := r + a * w, for a finite nonzero double w
// with the same results as its set(r, c, p) and addmul(r, a, cw, p) for the constant cw that
// encloses exactly w. The evaluator (net/evaluate.hpp) then keeps the program's constants that are
// exactly doubles as doubles and calls these, instead of reading constants converted to S (for a
// batch type: the same number in every lane). Only the evaluator asks, as it asks is_exact_zero.
#include <optional>

#include "fast_interval.hpp"
#include "rational.hpp"

namespace approxcert {

template <class S>
concept HasDoubleWeights = requires(S& r, const S& a, double w, Prec p) {
  set_double(r, w);
  addmul_double(r, a, w, p);
};

// q as a double when q is exactly a (finite) double, else nothing: q rounded down and up to
// doubles (by Arb, never through round-to-nearest) gives one and the same double.
inline std::optional<double> exact_double(const Rational& q) {
  FastInterval x;
  set(x, q, Prec(53));
  if (x.lo != x.hi) return std::nullopt;
  return x.lo;
}

}  // namespace approxcert
