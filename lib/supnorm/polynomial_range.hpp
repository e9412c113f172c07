#pragma once
// Range of a univariate polynomial with ball coefficients over an interval, refined by bisection
// until its largest absolute value is known as closely as the caller needs: the inner loop of the
// Taylor-model bounder (taylor_model.hpp), where re-expanding the polynomial at a sub-interval's
// midpoint costs O(n^2) ball operations instead of a run of the whole program.
#include <arb_poly.h>

#include <cstddef>
#include <optional>

#include "forms/range.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

struct PolynomialRangeGoal {
  // The caller bounds |P + E| with |E| <= slack and already knows sup |P + E| >= known_lower.
  Rational slack;
  Rational known_lower;
  Rational rel_tol;               // stop when max |P| + slack <= (1 + rel_tol) * (best lower for sup |P + E|)
  Rational abs_tol;               // ... or when they differ by at most abs_tol
  std::size_t max_pieces = 4096;  // sub-intervals bounded, at most
};

struct PolynomialRange {
  Range range;  // contains P(t) for every t in [lo, hi] and every choice of coefficients in their balls
  std::optional<Rational> best_t;  // a point of [lo, hi] where |P| is largest among those evaluated
  Rational best_abs_lower;         // |P(best_t)| >= best_abs_lower (0 when best_t is absent)
  std::size_t pieces = 0;          // sub-intervals bounded
};

// Encloses P over [lo, hi] (lo <= hi). Each sub-interval [m - h, m + h] is bounded through the
// shifted polynomial Q(s) = P(m + s): Q(0) plus the exact extremum of its quadratic part over
// [-h, h] plus sum_{k >= 3} |q_k| h^k (the coefficients' radii are added too).
PolynomialRange bound_polynomial(const arb_poly_struct* P, const Rational& lo, const Rational& hi,
                                 const PolynomialRangeGoal& goal, Prec p);

// dirty (a search heuristic, no guarantee): how the refined range r of P with the caller's
// remainder (goal.slack) stands against the goal.
struct DirtyGoalOutcome {
  bool met = false;           // max |P| + slack is within the tolerance of the best lower bound
  bool slack_blocks = false;  // not met, the slack is at least half of the miss and above slack_allowed
  Rational slack_allowed{0};  // the largest remainder that could still meet the goal (P's range
                              // refined to its best point value)
};
DirtyGoalOutcome dirty_goal_outcome(const PolynomialRange& r, const PolynomialRangeGoal& goal);

}  // namespace approxcert
