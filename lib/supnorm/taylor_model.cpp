#include "supnorm/taylor_model.hpp"

#include <stdexcept>

#include "forms/dyadic.hpp"

namespace approxcert {

TaylorModel::TaylorModel(const Program& prog, Prec p, TaylorModelOptions opts)
    : prog_(prog), prec_(p), opts_(std::move(opts)), eval_(prog, p), input_(1) {
  if (prog.num_inputs() != 1) throw std::logic_error("TaylorModel: the program must have exactly one input");
  if (opts_.order < 1) throw std::logic_error("TaylorModel: the order must be at least 1");
}

std::optional<TaylorModelBound> TaylorModel::bound(const Rational& lo, const Rational& hi,
                                                   const Rational& known_lower) {
  // The fast-path bounder and its precise fallback ask for the same interval in turn; the Series
  // arithmetic is the same for both, so the second asks for nothing new.
  if (last_ && last_->lo == lo && last_->hi == hi) return last_->bound;
  std::optional<TaylorModelBound> b =
      bound_raising_order(opts_, [&](long n) { return bound_at_order(lo, hi, known_lower, n); });
  last_ = Memo{lo, hi, b};
  return b;
}

std::optional<TaylorModelAttempt> TaylorModel::bound_at_order(const Rational& lo, const Rational& hi,
                                                              const Rational& known_lower, long n) {
  const NodeId out = prog_.outputs()[0];

  // The (n+1)-th Taylor coefficient over the whole interval, and the smoothness test.
  Ball X;
  set_interval(X, lo, hi, prec_);
  input_[0] = series_variable(X, n + 2);
  eval_.run(input_);
  const Series& over_X = eval_.value(out);
  if (!is_finite(over_X)) return std::nullopt;
  const Ball top = over_X.coefficient(n + 1);

  // P: the coefficients 0..n at the centre.
  const Rational c = lo < hi ? dyadic_near((lo + hi) / Rational(2), lo, hi) : lo;
  Ball centre;
  set(centre, c, prec_);
  input_[0] = series_variable(centre, n + 1);
  eval_.run(input_);
  const Series& at_c = eval_.value(out);
  if (!is_finite(at_c)) return std::nullopt;

  // |R(t)| <= |f^(n+1)(X)/(n+1)!| r^(n+1), r = max |t|.
  Ball r, slack;
  set(r, max(hi - c, c - lo), prec_);
  pow_int(r, r, n + 1, prec_);
  abs(slack, top, prec_);
  mul(slack, slack, r, prec_);
  const Rational rho = upper(slack);

  const PolynomialRangeGoal goal{rho, known_lower, opts_.rel_tol, opts_.abs_tol, opts_.max_pieces};
  const PolynomialRange P = bound_polynomial(at_c.poly(), lo - c, hi - c, goal, prec_);
  TaylorModelAttempt result{TaylorModelBound{Range{P.range.lo - rho, P.range.hi + rho}, std::nullopt, P.pieces}, rho,
                            dirty_goal_outcome(P, goal)};
  if (P.best_t) result.bound.best_x = c + *P.best_t;
  return result;
}

}  // namespace approxcert
