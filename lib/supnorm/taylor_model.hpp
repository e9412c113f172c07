#pragma once
// The Taylor-model form for programs of one input: on an interval X = [lo, hi] with centre c,
//     f(c + t) = P(t) + R(t),   P(t) = sum_{k <= n} f^(k)(c)/k! t^k,
//     R(t) = f^(n+1)(xi)/(n+1)! t^(n+1) for some xi in X   (Lagrange),
// where P's coefficients come from Evaluator<Series> at the point c and the (n+1)-th coefficient
// is enclosed over all of X by Evaluator<Series> on the series X + t. A polynomial such as a Remez
// approximant of degree <= n cancels exactly in R, so the error exp - p is bounded through P,
// whose range polynomial_range.hpp refines cheaply. Valid only where f is n+1 times differentiable
// on X: any relu, step, min, max or hardmax undecided on X (and any function leaving its domain)
// makes the form not applicable.
#include <algorithm>
#include <optional>
#include <stdexcept>

#include "forms/range.hpp"
#include "net/evaluate.hpp"
#include "net/program.hpp"
#include "net/series.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"
#include "supnorm/polynomial_range.hpp"

namespace approxcert {

struct TaylorModelOptions {
  long order = 24;  // n, the degree of P
  Rational rel_tol = Rational(1) / Rational(4000000);
  Rational abs_tol = Rational(0);
  std::size_t max_pieces = 4096;  // sub-intervals of the polynomial refinement, at most
  long max_order = 0;             // per interval, the order is raised up to this where the
                                  // remainder alone keeps P's range from the goal (<= order: never)
};

// The engine raises an interval's order up to twice the requested one, and never past 200.
constexpr long kMaxTaylorModelOrder = 200;
inline long raised_taylor_order_limit(long order) {
  return order * 2 < kMaxTaylorModelOrder ? order * 2 : kMaxTaylorModelOrder;
}

struct TaylorModelBound {
  Range range;                     // contains f(x) for every x in [lo, hi]
  std::optional<Rational> best_x;  // a point of [lo, hi] where |f| looked largest (to evaluate)
  std::size_t pieces = 0;
  bool dirty_settled = false;  // the range met the refinement goal (a search hint only)
};

// One order's result on one interval: the bound, its remainder, and how it stands (dirty).
struct TaylorModelAttempt {
  TaylorModelBound bound;
  Rational remainder;
  DirtyGoalOutcome outcome;
};

// Runs attempt_at(n) (returning std::optional<TaylorModelAttempt>) at opts.order and, while the
// remainder alone keeps the range from the goal, at raised orders up to opts.max_order (x1.5 per
// step), intersecting the enclosures: each contains f, so their intersection does. A further raise
// is tried only if the remainder's decay over the last one predicts that it comes within 16 times
// of what the goal allows (the decay speeds up with the order: Taylor coefficients fall like 1/k!).
template <class AttemptAt>
std::optional<TaylorModelBound> bound_raising_order(const TaylorModelOptions& opts, AttemptAt attempt_at) {
  std::optional<TaylorModelAttempt> last = attempt_at(opts.order);
  if (!last) return std::nullopt;
  TaylorModelBound result = last->bound;
  result.dirty_settled = last->outcome.met;
  std::optional<Rational> decay;  // remainder ratio per raise, once seen
  for (long n = opts.order; last->outcome.slack_blocks;) {
    const long raised = std::min(n + std::max<long>(n / 2, 1), opts.max_order);
    if (raised <= n) break;
    n = raised;
    if (decay && last->remainder * *decay > Rational(16) * last->outcome.slack_allowed) break;
    std::optional<TaylorModelAttempt> next = attempt_at(n);
    if (!next) break;
    result.range = intersect(result.range, next->bound.range);
    if (result.range.hi < result.range.lo)
      throw std::logic_error("Taylor model: two orders gave disjoint enclosures (a soundness bug)");
    if (next->bound.best_x) result.best_x = next->bound.best_x;
    result.pieces += next->bound.pieces;
    result.dirty_settled = next->outcome.met;
    if (last->remainder.sign() > 0) decay = next->remainder / last->remainder;
    last = std::move(next);
  }
  return result;
}

// Bounds output 0 of a one-input program over intervals at one working precision. Not thread-safe.
class TaylorModel {
 public:
  TaylorModel(const Program& prog, Prec p, TaylorModelOptions opts);
  // Encloses f over [lo, hi] (lo <= hi), refining P until max |P| + |R| is within the options'
  // tolerance of max(known_lower, the best value seen); absent when the form does not apply.
  // The last interval's result is kept: asking again for the same interval returns it.
  std::optional<TaylorModelBound> bound(const Rational& lo, const Rational& hi, const Rational& known_lower);

 private:
  std::optional<TaylorModelAttempt> bound_at_order(const Rational& lo, const Rational& hi, const Rational& known_lower,
                                                   long n);

  const Program& prog_;
  Prec prec_;
  TaylorModelOptions opts_;
  Evaluator<Series> eval_;
  std::vector<Series> input_;
  struct Memo {
    Rational lo, hi;
    std::optional<TaylorModelBound> bound;
  };
  std::optional<Memo> last_;
};

}  // namespace approxcert
