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
#include <optional>

#include "net/evaluate.hpp"
#include "net/program.hpp"
#include "net/series.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"
#include "supnorm/polynomial_range.hpp"
#include "supnorm/range.hpp"

namespace approxcert {

struct TaylorModelOptions {
  long order = 24;                      // n, the degree of P
  Rational rel_tol = Rational(1) / Rational(4000000);
  Rational abs_tol = Rational(0);
  std::size_t max_pieces = 4096;        // sub-intervals of the polynomial refinement, at most
};

struct TaylorModelBound {
  Range range;                    // contains f(x) for every x in [lo, hi]
  std::optional<Rational> best_x;  // a point of [lo, hi] where |f| looked largest (to evaluate)
  std::size_t pieces = 0;
};

// Bounds output 0 of a one-input program over intervals at one working precision. Not thread-safe.
class TaylorModel {
 public:
  TaylorModel(const Program& prog, Prec p, TaylorModelOptions opts);
  // Encloses f over [lo, hi] (lo <= hi), refining P until max |P| + |R| is within the options'
  // tolerance of max(known_lower, the best value seen); absent when the form does not apply.
  std::optional<TaylorModelBound> bound(const Rational& lo, const Rational& hi, const Rational& known_lower);

 private:
  const Program& prog_;
  Prec prec_;
  TaylorModelOptions opts_;
  Evaluator<Series> eval_;
  std::vector<Series> input_;
};

}  // namespace approxcert
