#pragma once
// is_exact_zero: whether a number is exactly the single point 0 (an enclosure with both ends 0).
// Kept apart from the scalar types' headers: only the evaluator asks (net/evaluate.hpp), to skip
// terms that add exactly 0.
#include "ball.hpp"
#include "interval.hpp"
#include "rational.hpp"

namespace approxcert {

bool is_exact_zero(const Ball& a);      // midpoint and radius zero
bool is_exact_zero(const Interval& a);  // both endpoints zero
inline bool is_exact_zero(const Rational& a) { return a.sign() == 0; }

}  // namespace approxcert
