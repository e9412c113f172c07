#pragma once
// The divided Taylor-model form: bounds the relative error q = e/t (removable_zero.hpp) on boxes
// at or near a certified removable zero x0 of order m, where q's program divides by ~0. With
// e = (x - x0)^m e^ and t = (x - x0)^m t^:
//   - at x0, the Taylor coefficients of e^ and t^ are those of e and t shifted down by m (Series at
//     the exact point x0), so q's coefficients q_0..q_{N-1} at x0 are their series quotient;
//   - over Y = hull(box, x0), for every x in Y, e^'s coefficient k at x is an average of e's
//     coefficient m + k over the segment [x0, x] (e^(x) = int_0^1 m (1-s)^(m-1) e_m(x0 + s(x - x0))
//     ds, differentiated k times), hence in the ball of e's coefficient m + k over Y; likewise t^.
//     Their series quotient over Y (Arb's arb_poly_div_series; t^ certainly nonzero on Y) encloses
//     q's coefficient N at every point of Y: the Lagrange remainder of order N about x0.
// So q(x0 + h) = P(h) + R with P the degree N-1 polynomial at x0 and |R| <= |q_N(Y)| |h|^N, and P's
// range over the box is refined by polynomial_range.hpp as in the Taylor-model form.
#include <arb_poly.h>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "net/evaluate.hpp"
#include "net/series.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/removable_zero.hpp"
#include "supnorm/taylor_model.hpp"

namespace approxcert {

// q over boxes of one input near one zero, at one working precision. Not thread-safe.
class QuotientTaylorModel {
 public:
  // Re-certifies the zero (certify_removable_zero must give zero.order, else std::logic_error).
  QuotientTaylorModel(const Program& prog, RemovableZero zero, Prec p, TaylorModelOptions opts);
  ~QuotientTaylorModel();
  QuotientTaylorModel(const QuotientTaylorModel&) = delete;
  QuotientTaylorModel& operator=(const QuotientTaylorModel&) = delete;

  // Encloses q(x) for every x in [lo, hi] (lo <= hi), refining P to the options' tolerance
  // relative to max(known_lower, the best value seen); absent when t^ may vanish on the hull of
  // the box and x0, or e, t are not smooth enough there.
  std::optional<TaylorModelBound> bound(const Rational& lo, const Rational& hi, const Rational& known_lower);
  const RemovableZero& zero() const { return zero_; }
  // Encloses q(x0) = e_m(x0) / t_m(x0).
  Ball value_at_zero() const;

 private:
  // P of degree N - 1 and the remainder of order N.
  std::optional<TaylorModelAttempt> bound_at_order(const Rational& lo, const Rational& hi, const Rational& known_lower,
                                                   long N);
  // q's coefficients 0..N-1 at x0, computed once per N.
  const arb_poly_struct* at_zero(long N);

  const Program& prog_;
  RemovableZero zero_;
  Prec prec_;
  TaylorModelOptions opts_;
  Evaluator<Series> eval_;
  std::vector<std::pair<long, Series>> at_zero_;  // (N, q's coefficients 0..N-1 at x0)
};

// The bounder used when opts.removable_zeros is not empty (one input): boxes that contain a zero
// or lie within 8 of their widths of it get the divided form (intersected with `inner`'s forms when
// the box does not contain the zero); other boxes go to `inner`. Witnesses never lie on a zero.
std::unique_ptr<Bounder> with_removable_zeros(const Program& prog, Prec p, const BounderOptions& opts,
                                              std::unique_ptr<Bounder> inner);

}  // namespace approxcert
