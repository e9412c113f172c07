#pragma once
// The multivariate Taylor-model form of f = one output of a program of d >= 2 inputs over a box
// where f is smooth. With m a point of the box and h = x - m,
//     f(m + h) = sum_{|alpha| <= k} P_alpha h^alpha + sum_{|alpha| = k+1} R_alpha(h) h^alpha,
// P_alpha = D^alpha f(m)/alpha! (the centre polynomial) and R_alpha(h) = D^alpha f(xi)/alpha! at a
// point xi of the segment [m, m + h] (Lagrange's remainder; the box is convex). Both come from the
// one generic evaluator run on MultiSeries (net/multi_series.hpp): once on the series m_i + t_i of
// order k for P, once on X_i + t_i of order k + 1, whose top coefficients enclose R_alpha over the
// box. Each node's remainder is a Taylor coefficient, not an interval of the node's value, so terms
// that cancel in f (a network's output layer summing large hidden terms) cancel in P exactly and
// in R at order k + 1.
// Range of P, two bounds intersected: (a) its constant, linear and quadratic parts by the
// second-order machinery (second_order_form.hpp: exact per-coordinate maxima and, where the
// quadratic part is certified definite, its exact extremum), its parts of degree 3..k by interval
// products (each h_i^e over its offset range exactly); (b) near a definite extremum, each end from
// P re-expanded at one Newton point of its quadratic part (polynomial_extremum.hpp), which does not
// lose the O(w^3) of (a)'s cubic terms. R is added by interval products. The result encloses f on
// the box.
// Applies only where every coefficient is finite (no kink or jump crossed, no function leaving its
// domain); FastInterval coefficients, so a box too thin for doubles gets nothing useful.
#include <cstddef>
#include <optional>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "net/evaluate.hpp"
#include "net/multi_series.hpp"
#include "net/program.hpp"

namespace approxcert {

struct MultiTaylorBound {
  Range range;                             // encloses f(x) for every x of the box
  std::vector<Rational> dirty_best_point;  // dirty: one Newton step on P's quadratic part from m,
                                           // inside the box (a witness candidate to evaluate)
};

class MultiTaylorForm {
 public:
  // order k >= 2; out: the node bounded. Not thread-safe (one per thread).
  MultiTaylorForm(const Program& prog, NodeId out, std::size_t order);
  // The form on `box` (dimension = the program's inputs); absent where a coefficient is not finite.
  std::optional<MultiTaylorBound> bound(const Box& box);
  std::size_t order() const { return order_; }
  // Whether the form's tables stay small (at most 2000 monomials of degree <= order + 1 in d
  // variables; their products grow with the square): the bounder builds the form only then.
  static bool affordable(std::size_t d, std::size_t order);

 private:
  NodeId out_;
  std::size_t order_;
  const MonomialTable& centre_table_;  // order k
  const MonomialTable& box_table_;     // order k + 1
  Evaluator<MultiSeries> centre_, box_;
  std::vector<MultiSeries> in_;
};

}  // namespace approxcert
