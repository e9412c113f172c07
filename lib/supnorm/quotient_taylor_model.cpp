#include "supnorm/quotient_taylor_model.hpp"

#include <stdexcept>

#include "scalar/scalar.hpp"
#include "supnorm/polynomial_range.hpp"

namespace approxcert {

namespace {

// r := a shifted down by m coefficients, truncated to n (a = x^m r + higher terms dropped).
void shifted(arb_poly_t r, const arb_poly_struct* a, long m, long n) {
  arb_poly_shift_right(r, a, m);
  arb_poly_truncate(r, n);
}

}  // namespace

QuotientTaylorModel::QuotientTaylorModel(const Program& prog, RemovableZero zero, Prec p, TaylorModelOptions opts)
    : prog_(prog), zero_(std::move(zero)), prec_(p), opts_(std::move(opts)), eval_(prog, p) {
  if (certify_removable_zero(prog, zero_.at, p) != zero_.order)
    throw std::logic_error("QuotientTaylorModel: the zero is not certified with its recorded order");
  if (opts_.order < 1) throw std::logic_error("QuotientTaylorModel: the order must be at least 1");
  at_zero(opts_.order + 1);
}

QuotientTaylorModel::~QuotientTaylorModel() = default;

const arb_poly_struct* QuotientTaylorModel::at_zero(long N) {
  for (const auto& [n, q] : at_zero_)
    if (n == N) return q.poly();
  const long m = zero_.order;
  Ball x0;
  set(x0, zero_.at, prec_);
  const std::vector<Series> in{series_variable(x0, m + N)};
  eval_.run(in);
  arb_poly_t eh, th;
  arb_poly_init(eh);
  arb_poly_init(th);
  shifted(eh, eval_.value(prog_.outputs()[1]).poly(), m, N);
  shifted(th, eval_.value(prog_.outputs()[2]).poly(), m, N);
  Series q;
  arb_poly_div_series(q.poly(), eh, th, N, prec_.bits);
  arb_poly_clear(eh);
  arb_poly_clear(th);
  at_zero_.emplace_back(N, std::move(q));
  return at_zero_.back().second.poly();
}

Ball QuotientTaylorModel::value_at_zero() const { return poly_coefficient(at_zero_.front().second.poly(), 0); }

std::optional<TaylorModelBound> QuotientTaylorModel::bound(const Rational& lo, const Rational& hi,
                                                           const Rational& known_lower) {
  // Order n here is P's degree, n + 1 the remainder's.
  return bound_raising_order(opts_, [&](long n) { return bound_at_order(lo, hi, known_lower, n + 1); });
}

std::optional<TaylorModelAttempt> QuotientTaylorModel::bound_at_order(const Rational& lo, const Rational& hi,
                                                                      const Rational& known_lower, long N) {
  const long m = zero_.order;
  const Rational& x0 = zero_.at;
  Ball Y;
  set_interval(Y, min(lo, x0), max(hi, x0), prec_);
  const std::vector<Series> in{series_variable(Y, m + N + 1)};
  eval_.run(in);
  const Series& e = eval_.value(prog_.outputs()[1]);
  const Series& t = eval_.value(prog_.outputs()[2]);
  if (!is_finite(e) || !is_finite(t)) return std::nullopt;
  const Ball t_m = t.coefficient(m);
  if (arb_contains_zero(t_m.arb())) return std::nullopt;  // t^ may vanish on Y
  arb_poly_t eh, th, q;
  arb_poly_init(eh);
  arb_poly_init(th);
  arb_poly_init(q);
  shifted(eh, e.poly(), m, N + 1);
  shifted(th, t.poly(), m, N + 1);
  arb_poly_div_series(q, eh, th, N + 1, prec_.bits);
  Ball top = poly_coefficient(q, N);
  arb_poly_clear(eh);
  arb_poly_clear(th);
  arb_poly_clear(q);
  if (!is_finite(top)) return std::nullopt;

  // |R| <= |q_N(Y)| r^N, r = max |x - x0| over the box.
  Ball r;
  set(r, max(abs(lo - x0), abs(hi - x0)), prec_);
  pow_int(r, r, N, prec_);
  abs(top, top, prec_);
  mul(top, top, r, prec_);
  const Rational rho = upper(top);

  const PolynomialRangeGoal goal{rho, known_lower, opts_.rel_tol, opts_.abs_tol, opts_.max_pieces};
  const PolynomialRange P = bound_polynomial(at_zero(N), lo - x0, hi - x0, goal, prec_);
  TaylorModelAttempt result{TaylorModelBound{Range{P.range.lo - rho, P.range.hi + rho}, std::nullopt, P.pieces}, rho,
                            dirty_goal_outcome(P, goal)};
  if (P.best_t) result.bound.best_x = x0 + *P.best_t;
  return result;
}

namespace {

class RemovableZeroBounder final : public Bounder {
 public:
  RemovableZeroBounder(const Program& prog, Prec p, const BounderOptions& opts, std::unique_ptr<Bounder> inner)
      : inner_(std::move(inner)) {
    if (prog.num_inputs() != 1) throw std::logic_error("removable zeros: the program must have one input");
    const long order = opts.taylor_model_order > 0 ? opts.taylor_model_order : 24;
    const TaylorModelOptions tm{order, opts.taylor_model_rel_tol, opts.taylor_model_abs_tol, 4096,
                                raised_taylor_order_limit(order)};
    for (const RemovableZero& z : opts.removable_zeros)
      models_.push_back(std::make_unique<QuotientTaylorModel>(prog, z, p, tm));
  }

  BoxBounds bound(const Box& box, const Rational& prune_at) override {
    QuotientTaylorModel* model = nearby(box);
    if (!model) return inner_->bound(box, prune_at);
    const bool contains = box.lo[0] <= model->zero().at && model->zero().at <= box.hi[0];
    BoxBounds out;
    bool settled = false;  // the divided form met its refinement goal: no other form is needed here
    if (const std::optional<TaylorModelBound> tm = model->bound(box.lo[0], box.hi[0], prune_at)) {
      settled = tm->dirty_settled;
      out.taylor_model = tm->range;
      out.combined = tm->range;
      out.abs_upper = abs_max(tm->range);
      out.dirty_rounding = rad(model->value_at_zero()).dirty_to_double();
      if (tm->best_x) consider(out, *tm->best_x);
    }
    if (contains || settled || (out.abs_upper && *out.abs_upper <= prune_at)) return out;
    BoxBounds b = inner_->bound(box, prune_at);
    if (!out.combined) return b;
    if (b.combined) {
      const Range both = intersect(*out.combined, *b.combined);
      if (both.hi < both.lo)
        throw std::logic_error("supnorm: the divided form and the other forms are disjoint (a soundness bug)");
      out.combined = both;
      out.abs_upper = abs_max(both);
    }
    if (b.best && (!out.best || out.best->abs_lower < b.best->abs_lower)) out.best = std::move(b.best);
    out.natural = b.natural, out.centred = b.centred, out.taylor = b.taylor, out.linear = b.linear;
    out.dirty_gradient = std::move(b.dirty_gradient);
    out.dirty_rounding = std::max(out.dirty_rounding, b.dirty_rounding);
    return out;
  }

  std::optional<Range> value_at(std::span<const Rational> point) override {
    for (const auto& m : models_)
      if (point[0] == m->zero().at) return std::nullopt;  // q is only defined by continuity there
    return inner_->value_at(point);
  }

 private:
  // The model of a zero inside the box or within 8 box widths of it.
  QuotientTaylorModel* nearby(const Box& box) {
    const Rational reach = Rational(8) * (box.hi[0] - box.lo[0]);
    for (const auto& m : models_) {
      const Rational& z = m->zero().at;
      if (box.lo[0] - reach <= z && z <= box.hi[0] + reach) return m.get();
    }
    return nullptr;
  }

  void consider(BoxBounds& out, const Rational& x) {
    const std::vector<Rational> point{x};
    const std::optional<Range> v = value_at(point);
    if (!v) return;
    out.best = WitnessCandidate{point, *v, abs_min(*v)};
  }

  std::unique_ptr<Bounder> inner_;
  std::vector<std::unique_ptr<QuotientTaylorModel>> models_;
};

}  // namespace

std::unique_ptr<Bounder> with_removable_zeros(const Program& prog, Prec p, const BounderOptions& opts,
                                              std::unique_ptr<Bounder> inner) {
  return std::make_unique<RemovableZeroBounder>(prog, p, opts, std::move(inner));
}

}  // namespace approxcert
