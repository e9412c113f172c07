#include "supnorm/bounder.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "forms/dirty_solve.hpp"
#include "forms/dyadic.hpp"
#include "forms/monotonicity.hpp"
#include "forms/relu_substitution.hpp"
#include "net/batched_passes.hpp"
#include "net/evaluate.hpp"
#include "net/gradient_work.hpp"
#include "net/jet.hpp"
#include "net/op_class.hpp"
#include "scalar/double_weight.hpp"
#include "scalar/fast_interval.hpp"
#include "scalar/scalar.hpp"
#include "supnorm/linear_relaxation.hpp"
#include "supnorm/multi_taylor_form.hpp"
#include "supnorm/quotient_taylor_model.hpp"
#include "supnorm/second_order_form.hpp"
#include "supnorm/taylor_model.hpp"

namespace approxcert {

namespace {

const Rational kHalf(mpz_class(1), mpz_class(2));

// The range of x - c over the box's coordinate i (exact).
Range offset(const Box& box, std::size_t i, const Rational& c) { return {box.lo[i] - c, box.hi[i] - c}; }

double dirty_abs_max(const Range& r) { return abs_max(r).dirty_to_double(); }

// dirty: Baumann's optimal centre for the upper (or lower) end of f(c) + G (x - c) in one
// coordinate: the box end toward which f increases (decreases) when the sign of G is decided, else
// the point lo + w g+/(g+ - g-) (upper) or lo + w (-g-)/(g+ - g-) (lower) that balances the two
// ends. The fraction is computed in doubles (any centre in the box is valid), then the centre is
// made an exact point of the box.
// dirty: where Baumann's centre lies between the box's ends, as the fraction t of the way from lo to
// hi, for a gradient enclosure [gl, gh] with gl < 0 < gh: gh / (gh - gl) for the upper end of the
// range, -gl / (gh - gl) for the lower end; 1/2 where that is not finite.
double dirty_baumann_fraction(double gl, double gh, bool upper) {
  const double t = (upper ? gh : -gl) / (gh - gl);
  return std::isfinite(t) ? t : 0.5;
}

Rational dirty_baumann_centre(const Range& g, const Rational& lo, const Rational& hi, bool upper) {
  if (g.lo.sign() >= 0) return upper ? hi : lo;
  if (g.hi.sign() <= 0) return upper ? lo : hi;
  const double t = dirty_baumann_fraction(g.lo.dirty_to_double(), g.hi.dirty_to_double(), upper);
  return dyadic_near(lo + (hi - lo) * dirty_dyadic(t), lo, hi);
}

}  // namespace

namespace {

// Adds a form's range to the intersection; disjoint ranges mean a soundness bug.
void combine(BoxBounds& out, const Range& r) {
  out.combined = out.combined ? intersect(*out.combined, r) : r;
  if (out.combined->hi < out.combined->lo)
    throw std::logic_error("supnorm: two bounders gave disjoint enclosures (a soundness bug)");
  out.abs_upper = abs_max(*out.combined);
}

bool pruned(const BoxBounds& out, const Rational& prune_at) { return out.abs_upper && *out.abs_upper <= prune_at; }

// dirty: one input above max_taylor_dim the second-order form costs more than it saves on most
// boxes, but pays where the bound misses pruning by less than 1/32 of the threshold (measured on
// the tanh and relu d = 4 benchmarks; at d = 5 it cost more CPU than it saved).
bool dirty_nearly_pruned(const BoxBounds& out, const Rational& prune_at, std::size_t d, std::size_t max_taylor_dim) {
  if (d > max_taylor_dim + 1 || !out.abs_upper || prune_at.sign() <= 0) return false;
  return out.abs_upper->dirty_to_double() <= prune_at.dirty_to_double() * (1 + 1.0 / 32);
}

// dirty: whether the box's bound misses pruning by at most `fraction` of the threshold.
bool dirty_within(const BoxBounds& out, const Rational& prune_at, double fraction) {
  if (!out.abs_upper || prune_at.sign() <= 0) return false;
  return out.abs_upper->dirty_to_double() <= prune_at.dirty_to_double() * (1 + fraction);
}

// dirty: the multivariate Taylor-model form runs only where the other forms miss pruning by at most
// 1/16 of the threshold: on every smooth box, or within 1/4, it cost more CPU than it saved on the
// d = 4 tanh benchmarks (docs/benchmarks.md).
bool dirty_multi_taylor_pays(const BoxBounds& out, const Rational& prune_at) {
  return dirty_within(out, prune_at, 1.0 / 16);
}

std::vector<Rational> box_midpoint(const Box& box) {
  std::vector<Rational> m(box.dim());
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = dyadic_near((box.lo[i] + box.hi[i]) * kHalf, box.lo[i], box.hi[i]);
  return m;
}

// The box's ends as doubles (lo, hi), or false where one is not a double.
bool double_ends(const Box& box, std::vector<double>& lo, std::vector<double>& hi) {
  const std::size_t d = box.dim();
  lo.resize(d);
  hi.resize(d);
  for (std::size_t i = 0; i < d; ++i) {
    const std::optional<double> l = exact_double(box.lo[i]), h = exact_double(box.hi[i]);
    if (!l || !h) return false;
    lo[i] = *l, hi[i] = *h;
  }
  return true;
}

// dirty: the centred form's centre in doubles for the upper (or lower) end, for the box [lo, hi]
// and the gradient enclosure f.g: the box end toward which f increases (decreases) where the sign
// of a coordinate's gradient is decided (or its width is 0), else Baumann's fraction of the way made
// a short dyadic (dyadic_near_double). False where such a centre is not a double.
bool dirty_double_centre(const std::vector<double>& lo, const std::vector<double>& hi, const Jet<FastInterval>& f,
                         bool upper, std::vector<double>& c) {
  const std::size_t d = lo.size();
  c.resize(d);
  for (std::size_t i = 0; i < d; ++i) {
    const FastInterval g = i < f.g.size() ? f.g[i] : FastInterval{};
    if (lo[i] == hi[i] || g.lo >= 0 || g.hi <= 0) {  // decided sign (or a zero-width coordinate): a box end
      c[i] = (g.lo >= 0) == upper ? hi[i] : lo[i];
      continue;
    }
    const double t = dirty_baumann_fraction(g.lo, g.hi, upper);
    const std::optional<double> ci = dyadic_near_double(lo[i] + (hi[i] - lo[i]) * t, lo[i], hi[i]);
    if (!ci) return false;
    c[i] = *ci;
  }
  return true;
}

// rad(y).dirty_to_double(), in doubles where (hi - lo) / 2 is exact (then the Rational radius is
// that double).
double dirty_radius(const FastInterval& y) {
  if (const std::optional<double> w = exact_difference(y.lo, y.hi); w && *w / 2 * 2 == *w) return *w / 2 + 0.0;
  return rad(y).dirty_to_double();
}

template <RigorousScalar S>
class BoxBounder final : public Bounder {
 public:
  // taylor_model: the one-input Taylor-model form (taylor_model_for), shared with the other
  // arithmetic's bounder of the same box so that a fallback does not recompute it; may be null.
  BoxBounder(const Program& prog, Prec p, BounderOptions opts, std::shared_ptr<TaylorModel> taylor_model)
      : prog_(prog),
        prec_(p),
        opts_(opts),
        out_(prog.outputs()[0]),
        gradients_(gradient_forms_affordable(prog)),
        lane_exact_jets_(BatchedPasses::lane_exact_jets(prog)),
        point_(prog, p),
        jet_(prog, p),
        jet_wide_(prog, p),
        jet2_(prog, p),
        taylor_model_(std::move(taylor_model)) {
    if (!gradients_) return;  // the natural form only (net/gradient_work.hpp)
    if (prog.num_inputs() >= 2 && opts.linear_relaxation) linear_.emplace(prog, out_, p);
    if (prog.num_inputs() >= 2 && opts.multi_taylor_order >= 2 &&
        MultiTaylorForm::affordable(prog.num_inputs(), opts.multi_taylor_order))
      multi_taylor_.emplace(prog, out_, opts.multi_taylor_order);
  }

  BoxBounds bound(const Box& box, const Rational& prune_at) override;
  std::vector<BoxBounds> bound_all(std::span<const Box* const> boxes, const Rational& prune_at) override {
    if constexpr (std::is_same_v<S, FastInterval>)
      if (boxes.size() >= 2 && gradients_ && lane_exact_jets_) return bound_batched(boxes, prune_at);
    return Bounder::bound_all(boxes, prune_at);
  }
  std::optional<Range> value_at(std::span<const Rational> point) override {
    const S y = evaluate_point(point);
    if (!is_finite(y)) return std::nullopt;
    return range_of(y);
  }

 private:
  S evaluate_point(std::span<const Rational> point) {
    point_in_.resize(point.size());
    for (std::size_t i = 0; i < point.size(); ++i) set(point_in_[i], point[i], prec_);
    point_.run(point_in_);
    return point_.value(out_);
  }
  void consider(BoxBounds& out, std::vector<Rational> point, const S& value);
  std::vector<BoxBounds> bound_batched(std::span<const Box* const> boxes, const Rational& prune_at);
  FastInterval centre_value(const std::vector<double>& c);
  BoxBounds natural_form_only(const Box& box);
  void centred_forms(const Box& box, const Jet<S>& f, BoxBounds& out);
  bool centred_forms_in_doubles(const Box& box, const Jet<S>& f, BoxBounds& out);
  void record_centred(BoxBounds& out, Range range);
  void taylor_form(const Box& box, BoxBounds& out);
  void taylor_model_form(const Box& box, const Rational& prune_at, BoxBounds& out);
  void linear_form(const Box& box, BoxBounds& out);
  void multi_taylor_form(const Box& box, BoxBounds& out);
  void relu_substitution_form(const Box& box, const Rational& prune_at, BoxBounds& out);
  void natural_node_values();
  std::optional<MonotoneCoordinate> monotone_coordinate(const Box& box, const std::vector<Range>& gradient);
  std::optional<MonotoneCoordinate> fewest_faces(const Box& box, const std::vector<int>& signs) const;
  // +1 or -1 when the finite enclosure g excludes 0, else 0.
  static int strict_sign(const S& g) {
    return !is_finite(g) ? 0 : lower(g).sign() > 0 ? 1 : upper(g).sign() < 0 ? -1 : 0;
  }

  const Program& prog_;
  Prec prec_;
  BounderOptions opts_;
  NodeId out_;
  bool gradients_;        // whether the gradient-based forms are affordable for this program
  bool lane_exact_jets_;  // whether bound_all may batch the jets (BatchedPasses::lane_exact_jets)
  Evaluator<S> point_;
  Evaluator<Jet<S>> jet_;
  Evaluator<Jet<S>> jet_wide_;  // the monotonicity test's pass over the widened box (jet_ keeps the box's)
  Evaluator<Jet<Jet<S>>> jet2_;
  std::shared_ptr<TaylorModel> taylor_model_;
  std::optional<LinearRelaxation<S>> linear_;
  std::optional<MultiTaylorForm> multi_taylor_;
  std::vector<S> natural_;  // the natural enclosure of every node on the current box
  std::vector<S> box_in_, point_in_;
  std::vector<double> lo_, hi_;  // the box's ends as doubles (centred_forms_in_doubles)
  std::vector<Jet<S>> jet_in_, jet_wide_in_;
  std::vector<Jet<Jet<S>>> jet2_in_;
  Jet<S> box_jet_;              // f's jet over the box being bounded (a copy: jet_ is rerun at points)
  bool jet_holds_box_ = false;  // whether jet_'s node values are those of the box being bounded
  // bound_all's batched passes (FastInterval only; made on first use): every box's input intervals
  // and jet, every centre and f there; while bound() runs for one of the boxes, pre_jet_ points to
  // its jet and pre_centres_ / pre_values_ to its centres and values, else they are empty.
  std::unique_ptr<BatchedPasses> batched_;
  std::vector<std::vector<FastInterval>> batch_boxes_;
  std::vector<Jet<FastInterval>> batch_jets_;
  std::vector<std::vector<double>> batch_points_;
  std::vector<FastInterval> batch_values_;
  std::vector<std::size_t> centre_first_;
  const Jet<S>* pre_jet_ = nullptr;
  std::span<const std::vector<double>> pre_centres_;
  std::span<const FastInterval> pre_values_;
};

template <RigorousScalar S>
void BoxBounder<S>::consider(BoxBounds& out, std::vector<Rational> point, const S& value) {
  if (!is_finite(value)) return;
  if constexpr (std::is_same_v<S, FastInterval>) out.dirty_rounding = std::max(out.dirty_rounding, dirty_radius(value));
  else out.dirty_rounding = std::max(out.dirty_rounding, rad(value).dirty_to_double());
  const Range r = range_of(value);
  Rational abs_lower = abs_min(r);
  if (out.best && !(out.best->abs_lower < abs_lower)) return;
  out.best = WitnessCandidate{std::move(point), r, std::move(abs_lower)};
}

template <RigorousScalar S>
BoxBounds BoxBounder<S>::bound(const Box& box, const Rational& prune_at) {
  const std::size_t d = box.dim();
  if (d != prog_.num_inputs()) throw std::logic_error("Bounder: box dimension differs from the program's inputs");
  if (!gradients_) return natural_form_only(box);
  BoxBounds out;
  box_in_.resize(d);
  jet_in_.resize(d);
  for (std::size_t i = 0; i < d; ++i) set_interval(box_in_[i], box.lo[i], box.hi[i], prec_);
  jet_holds_box_ = !pre_jet_;
  if (!pre_jet_) {
    for (std::size_t i = 0; i < d; ++i) jet_in_[i] = jet_variable(box_in_[i], i, d, prec_);
    jet_.run(jet_in_);
    box_jet_ = jet_.value(out_);
  }
  const Jet<S>& f = pre_jet_ ? *pre_jet_ : box_jet_;
  if (is_finite(f.v)) {
    out.natural = range_of(f.v);
    combine(out, *out.natural);
  }
  const bool gradient_ok = !f.discontinuous && gradient_is_finite(f);
  if (gradient_ok) {
    out.gradient.assign(d, Range{Rational(0), Rational(0)});
    out.dirty_gradient.assign(d, 0.0);
    for (std::size_t i = 0; i < f.g.size(); ++i) {
      out.gradient[i] = range_of(f.g[i]);
      if constexpr (std::is_same_v<S, FastInterval>)  // the range's ends are the doubles: its abs_max exactly
        out.dirty_gradient[i] = std::max(-f.g[i].lo, f.g[i].hi) + 0.0;
      else out.dirty_gradient[i] = dirty_abs_max(out.gradient[i]);
    }
  }
  if (!opts_.all_forms && pruned(out, prune_at)) return out;

  if (opts_.monotonicity_domain && gradient_ok)
    if ((out.monotone = monotone_coordinate(box, out.gradient))) return out;

  if (taylor_model_ && gradients_ && gradient_ok && !f.kinked) taylor_model_form(box, prune_at, out);
  if (!opts_.all_forms && pruned(out, prune_at)) return out;

  if (gradient_ok) {
    centred_forms(box, f, out);
  } else {
    std::vector<Rational> m = box_midpoint(box);
    const S y = evaluate_point(m);
    consider(out, std::move(m), y);
  }
  if (!opts_.all_forms && pruned(out, prune_at)) return out;

  if (multi_taylor_ && gradient_ok && !f.kinked && (opts_.all_forms || dirty_multi_taylor_pays(out, prune_at)))
    multi_taylor_form(box, out);
  if (!opts_.all_forms && pruned(out, prune_at)) return out;

  if (linear_ && (f.kinked || !gradient_ok || opts_.linear_on_smooth_boxes)) linear_form(box, out);
  if (!opts_.all_forms && pruned(out, prune_at)) return out;

  // Up to one input above max_taylor_dim, where the substituted programs' second-order form is
  // affordable (measured at d = 5 and 6 on relu width 16: 1.5x the CPU, no convergence gained).
  if (opts_.relu_substitution && d >= 2 && d <= opts_.max_taylor_dim + 1 && f.kinked && gradient_ok &&
      dirty_within(out, prune_at, 1.0 / 4))
    relu_substitution_form(box, prune_at, out);
  if (!opts_.all_forms && pruned(out, prune_at)) return out;

  if (gradient_ok && !f.kinked &&
      (d <= opts_.max_taylor_dim || dirty_nearly_pruned(out, prune_at, d, opts_.max_taylor_dim)))
    taylor_form(box, out);
  return out;
}

// The monotonicity test (monotonicity.hpp). The coordinates of positive width where the box's own
// gradient enclosure (BoxBounds::gradient, already exact) excludes 0 are the candidates (the widened box's enclosure
// contains the box's, so no other can pass); only then is the Jet run over the widened box, whose enclosure decides.
template <RigorousScalar S>
std::optional<MonotoneCoordinate> BoxBounder<S>::monotone_coordinate(const Box& box,
                                                                     const std::vector<Range>& gradient) {
  bool candidate = false;
  for (std::size_t i = 0; i < gradient.size() && !candidate; ++i)
    candidate = box.lo[i] < box.hi[i] && (gradient[i].lo.sign() > 0 || gradient[i].hi.sign() < 0);
  if (!candidate) return std::nullopt;
  std::vector<int> signs(box.dim(), 0);
  for (std::size_t i = 0; i < gradient.size(); ++i)
    if (box.lo[i] < box.hi[i]) signs[i] = gradient[i].lo.sign() > 0 ? 1 : gradient[i].hi.sign() < 0 ? -1 : 0;
  const Box wide = monotonicity_box(box, *opts_.monotonicity_domain);
  const std::size_t d = box.dim();
  jet_wide_in_.resize(d);
  for (std::size_t i = 0; i < d; ++i) {
    S x;
    set_interval(x, wide.lo[i], wide.hi[i], prec_);
    jet_wide_in_[i] = jet_variable(x, i, d, prec_);
  }
  jet_wide_.run(jet_wide_in_);
  const Jet<S>& w = jet_wide_.value(out_);
  if (w.discontinuous) return std::nullopt;
  for (std::size_t i = 0; i < d; ++i)
    if (signs[i] != 0) signs[i] = i < w.g.size() ? strict_sign(w.g[i]) : 0;
  return fewest_faces(box, signs);
}

// Among the coordinates with a sign, one with the fewest faces on the domain's boundary (elimination
// first), then the lowest.
template <RigorousScalar S>
std::optional<MonotoneCoordinate> BoxBounder<S>::fewest_faces(const Box& box, const std::vector<int>& signs) const {
  std::optional<MonotoneCoordinate> best;
  std::size_t best_faces = 3;
  for (std::size_t i = 0; i < signs.size(); ++i) {
    if (signs[i] == 0) continue;
    const std::size_t faces = boundary_faces(box, *opts_.monotonicity_domain, i).size();
    if (faces < best_faces) best = MonotoneCoordinate{i, signs[i]}, best_faces = faces;
  }
  return best;
}

// Where a gradient pass would cost too much: the program run on the box, and the midpoint as the
// witness candidate.
template <RigorousScalar S>
BoxBounds BoxBounder<S>::natural_form_only(const Box& box) {
  BoxBounds out;
  box_in_.resize(box.dim());
  for (std::size_t i = 0; i < box.dim(); ++i) set_interval(box_in_[i], box.lo[i], box.hi[i], prec_);
  point_.run(box_in_);
  const S y = point_.value(out_);  // a copy: the evaluator is reused for the midpoint
  if (is_finite(y)) {
    out.natural = range_of(y);
    combine(out, *out.natural);
  }
  std::vector<Rational> m = box_midpoint(box);
  const S at_m = evaluate_point(m);
  consider(out, std::move(m), at_m);
  return out;
}

// f(x) in f(c) + sum_i G_i (x_i - c_i) for every c in the box (mean-value theorem for the
// Lipschitz f, Clarke gradients enclosed by G): one centre tuned for each end of the range.
template <RigorousScalar S>
void BoxBounder<S>::centred_forms(const Box& box, const Jet<S>& f, BoxBounds& out) {
  if constexpr (std::is_same_v<S, FastInterval>)
    if (centred_forms_in_doubles(box, f, out)) return;
  const std::size_t d = box.dim();
  std::vector<Range> G(d, Range{Rational(0), Rational(0)});
  for (std::size_t i = 0; i < f.g.size(); ++i) G[i] = range_of(f.g[i]);
  std::optional<Range> centred;
  std::vector<Rational> previous;
  for (const bool upper : {true, false}) {
    std::vector<Rational> c(d);
    for (std::size_t i = 0; i < d; ++i) c[i] = dirty_baumann_centre(G[i], box.lo[i], box.hi[i], upper);
    if (c == previous) continue;  // both ends share the centre: the form is already in
    previous = c;
    const S y = evaluate_point(c);
    if (is_finite(y)) {
      Range r = range_of(y);
      for (std::size_t i = 0; i < d; ++i) r = r + G[i] * offset(box, i, c[i]);
      centred = centred ? intersect(*centred, r) : r;
    }
    consider(out, std::move(c), y);
  }
  if (centred) record_centred(out, *centred);
}

// The centred forms' intersected range enters the bounds.
template <RigorousScalar S>
void BoxBounder<S>::record_centred(BoxBounds& out, Range range) {
  if (opts_.test_only_shrink_centred_form) {  // deliberately unsound (test only): 1/16 of the width off each end
    const Rational cut = (range.hi - range.lo) / Rational(16);
    range = Range{range.lo + cut, range.hi - cut};
  }
  out.centred = range;
  combine(out, range);
}

// The same forms for FastInterval where the box's ends are doubles: the centres chosen in doubles
// (dyadic_near_double), the form assembled in outward-rounded double intervals instead of exact
// rationals (each a few ulps wider; on the d = 4 tanh benchmark the rational assembly and centre
// choice cost about as much as the evaluations). False, with nothing done, where an end or a
// centre is not a double.
template <RigorousScalar S>
bool BoxBounder<S>::centred_forms_in_doubles(const Box& box, const Jet<S>& f, BoxBounds& out) {
  const std::size_t d = box.dim();
  if (!double_ends(box, lo_, hi_)) return false;
  const Prec p(53);
  std::optional<FastInterval> centred;
  std::vector<double> c(d), previous;
  for (const bool upper : {true, false}) {
    if (!dirty_double_centre(lo_, hi_, f, upper, c)) return false;
    if (c == previous) continue;  // both ends share the centre: the form is already in
    previous = c;
    const FastInterval y = centre_value(c);
    if (is_finite(y)) {
      FastInterval r = y, offset;
      for (std::size_t i = 0; i < d && i < f.g.size(); ++i) {
        sub(offset, FastInterval{lo_[i], hi_[i]}, FastInterval{c[i], c[i]}, p);  // x_i - c_i
        addmul(r, f.g[i], offset, p);
      }
      if (centred) centred = FastInterval{std::max(centred->lo, r.lo), std::min(centred->hi, r.hi)};
      else centred = r;
    }
    if (is_finite(y) && out.best) {  // consider() keeps the best candidate: decided here in doubles where exact
      const double abs_lower = y.lo > 0 ? y.lo : (y.hi < 0 ? -y.hi : 0.0);  // abs_min of y's range
      const std::optional<double> best = exact_double(out.best->abs_lower);
      if (best && !(*best < abs_lower)) {
        out.dirty_rounding = std::max(out.dirty_rounding, dirty_radius(y));
        continue;
      }
    }
    std::vector<Rational> point(d);
    for (std::size_t i = 0; i < d; ++i) point[i] = dirty_dyadic(c[i]);  // exact: c[i] is a double
    consider(out, std::move(point), y);
  }
  if (centred && is_finite(*centred)) record_centred(out, range_of(*centred));
  return true;
}

// f at the centre c (doubles): from bound_all's batched pass when it holds c, else by point_.
template <RigorousScalar S>
FastInterval BoxBounder<S>::centre_value(const std::vector<double>& c) {
  for (std::size_t j = 0; j < pre_centres_.size(); ++j)
    if (pre_centres_[j] == c) return pre_values_[j];
  point_in_.resize(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) point_in_[i] = FastInterval{c[i], c[i]};
  point_.run(point_in_);
  return point_.value(out_);
}

// bound_all for FastInterval on a program with lane-exact jets: every box's jet over the box, then
// every centre the centred form will choose from it (dirty_double_centre, the same choice), each in
// batched passes (net/batched_passes.hpp: bit for bit the per-box evaluations), then bound() per box
// reading them instead of evaluating: the same results as bound() box by box. A centre computed for
// a box that an earlier form prunes is not used.
template <RigorousScalar S>
std::vector<BoxBounds> BoxBounder<S>::bound_batched(std::span<const Box* const> boxes, const Rational& prune_at) {
  if (!batched_) batched_ = std::make_unique<BatchedPasses>(prog_, prec_);
  const std::size_t n = boxes.size(), d = prog_.num_inputs();
  batch_boxes_.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    batch_boxes_[k].resize(d);
    for (std::size_t i = 0; i < d; ++i) set_interval(batch_boxes_[k][i], boxes[k]->lo[i], boxes[k]->hi[i], prec_);
  }
  batched_->jets(batch_boxes_, out_, batch_jets_);
  batch_points_.clear();
  centre_first_.assign(n + 1, 0);
  std::vector<double> c, previous;
  for (std::size_t k = 0; k < n; ++k) {
    centre_first_[k] = batch_points_.size();
    const Jet<FastInterval>& f = batch_jets_[k];
    if (f.discontinuous || !gradient_is_finite(f) || !double_ends(*boxes[k], lo_, hi_)) continue;
    previous.clear();
    for (const bool upper : {true, false}) {
      if (!dirty_double_centre(lo_, hi_, f, upper, c)) break;
      if (c == previous) continue;
      previous = c;
      batch_points_.push_back(c);
    }
  }
  centre_first_[n] = batch_points_.size();
  batched_->points(batch_points_, out_, batch_values_);
  // The precomputed values belong to this call only: cleared however it ends, so that a later
  // bound() never reads another box's jet.
  struct ClearPrecomputed {
    BoxBounder& b;
    ~ClearPrecomputed() {
      b.pre_jet_ = nullptr;
      b.pre_centres_ = {};
      b.pre_values_ = {};
    }
  } clear{*this};
  std::vector<BoxBounds> out;
  out.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    pre_jet_ = &batch_jets_[k];
    const std::size_t first = centre_first_[k], count = centre_first_[k + 1] - first;
    pre_centres_ = std::span<const std::vector<double>>(batch_points_).subspan(first, count);
    pre_values_ = std::span<const FastInterval>(batch_values_).subspan(first, count);
    out.push_back(bound(*boxes[k], prune_at));
  }
  return out;
}

// f(m + h) in f(m) + f'(m) h + (1/2) sum_ij H_ij h_i h_j, H enclosing the Hessian over the box
// (f is C^1 there and its gradient Lipschitz: Taylor's formula with the mean-value theorem applied
// to each partial derivative). The diagonal terms g_i h_i + H_ii h_i^2 / 2 are bounded exactly over
// h_i, the cross terms by interval products. f'(m) comes from a jet at the point m, which is
// inside the box: as f is C^1 on the box, the point jet's gradient is f'(m).
template <RigorousScalar S>
void BoxBounder<S>::taylor_form(const Box& box, BoxBounds& out) {
  const std::size_t d = box.dim();
  jet2_in_.resize(d);
  for (std::size_t i = 0; i < d; ++i) jet2_in_[i] = jet_variable(jet_variable(box_in_[i], i, d, prec_), i, d, prec_);
  jet2_.run(jet2_in_);
  const Jet<Jet<S>>& F = jet2_.value(out_);
  if (F.discontinuous) return;
  std::vector<std::vector<Range>> H(d, std::vector<Range>(d, Range{Rational(0), Rational(0)}));
  for (std::size_t i = 0; i < F.g.size(); ++i) {
    const Jet<S>& row = F.g[i];
    if (row.discontinuous || !gradient_is_finite(row)) return;
    for (std::size_t j = 0; j < row.g.size(); ++j) H[i][j] = range_of(row.g[j]);
  }

  const std::vector<Rational> m = box_midpoint(box);
  for (std::size_t i = 0; i < d; ++i) {
    S mi;
    set(mi, m[i], prec_);
    jet_in_[i] = jet_variable(mi, i, d, prec_);
  }
  jet_.run(jet_in_);
  jet_holds_box_ = false;
  const Jet<S> fm = jet_.value(out_);
  consider(out, m, fm.v);
  if (!is_finite(fm.v) || !gradient_is_finite(fm)) return;
  std::vector<Range> g(d, Range{Rational(0), Rational(0)});
  for (std::size_t i = 0; i < fm.g.size(); ++i) g[i] = range_of(fm.g[i]);

  SecondOrderTerms terms{range_of(fm.v), std::move(g), std::move(H)};
  std::vector<Range> offsets(d);
  for (std::size_t i = 0; i < d; ++i) offsets[i] = offset(box, i, m[i]);
  out.taylor = second_order_range(terms, offsets);
  combine(out, *out.taylor);

  // dirty: one Newton step from m toward the stationary point, as a witness candidate.
  std::vector<std::vector<double>> Hd(d, std::vector<double>(d));
  std::vector<double> gd(d);
  for (std::size_t i = 0; i < d; ++i) {
    gd[i] = (terms.gradient[i].lo + terms.gradient[i].hi).dirty_to_double() / 2;
    for (std::size_t j = 0; j < d; ++j)
      Hd[i][j] = (terms.hessian[i][j].lo + terms.hessian[i][j].hi).dirty_to_double() / 2;
  }
  for (double& gi : gd) gi = -gi;
  const std::vector<double> s = dirty_solve(Hd, gd);  // the Newton step H s = -g
  if (s.empty()) return;
  std::vector<Rational> x(d);
  for (std::size_t i = 0; i < d; ++i) x[i] = dyadic_near(m[i] + dirty_dyadic(s[i]), box.lo[i], box.hi[i], 40);
  if (x == m) return;
  const S y = evaluate_point(x);
  consider(out, std::move(x), y);
}

// The Taylor-model form (taylor_model.hpp) with its best point evaluated rigorously as a witness.
template <RigorousScalar S>
void BoxBounder<S>::taylor_model_form(const Box& box, const Rational& prune_at, BoxBounds& out) {
  Rational known = prune_at;
  if (out.best && known < out.best->abs_lower) known = out.best->abs_lower;
  const std::optional<TaylorModelBound> tm = taylor_model_->bound(box.lo[0], box.hi[0], known);
  if (!tm) return;
  Range range = tm->range;
  if (opts_.test_only_shrink_taylor_model_form) {  // deliberately unsound (test only): 1/16 of the width off each end
    const Rational cut = (range.hi - range.lo) / Rational(16);
    range = Range{range.lo + cut, range.hi - cut};
  }
  out.taylor_model = range;
  combine(out, range);
  if (tm->best_x) {
    std::vector<Rational> x{*tm->best_x};
    const S y = evaluate_point(x);
    consider(out, std::move(x), y);
  }
}

// natural_ := the enclosure of every node on the box, from jet_'s run on the box (so only before
// taylor_form, which reruns jet_ at a point).
template <RigorousScalar S>
void BoxBounder<S>::natural_node_values() {
  if (!jet_holds_box_) {  // the box's jet came from bound_all's batched pass: run it here
    for (std::size_t i = 0; i < box_in_.size(); ++i) jet_in_[i] = jet_variable(box_in_[i], i, box_in_.size(), prec_);
    jet_.run(jet_in_);
    jet_holds_box_ = true;
  }
  const auto values = jet_.values();
  natural_.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) natural_[i] = values[i].v;
}

// The relu-substitution form (relu_substitution.hpp): each end of f bounded by the smooth forms of
// the substituted programs (max of their upper ends, min of their lower ends), run by a bounder of
// their own with the second-order form in every dimension; their best points are evaluated on f
// as witness candidates (near a ridge maximum the substituted program's Newton step lands on it).
// An end that is already within prune_at is not recomputed.
template <RigorousScalar S>
void BoxBounder<S>::relu_substitution_form(const Box& box, const Rational& prune_at, BoxBounds& out) {
  if (!out.combined) return;
  const Range current = *out.combined;
  natural_node_values();
  BounderOptions sub_opts;
  sub_opts.max_taylor_dim = box.dim();
  sub_opts.all_forms = true;
  sub_opts.taylor_model_order = 0;
  sub_opts.linear_relaxation = false;
  sub_opts.relu_substitution = false;
  std::optional<Rational> ends[2];
  for (const bool upper : {true, false}) {
    if (upper ? current.hi <= prune_at : -current.lo <= prune_at) continue;  // that end already prunes
    const std::vector<Program> programs = relu_substituted_programs<S>(prog_, out_, box, natural_, upper, prec_);
    if (programs.empty()) continue;
    std::optional<Rational> end;
    for (const Program& q : programs) {
      BoxBounder<S> sub(q, prec_, sub_opts, nullptr);
      const BoxBounds b = sub.bound(box, Rational(0));
      if (b.best) {
        const S y = evaluate_point(b.best->point);
        consider(out, b.best->point, y);
      }
      if (!b.combined) {
        end.reset();
        break;
      }
      const Rational e = upper ? b.combined->hi : b.combined->lo;
      if (!end || (upper ? *end < e : e < *end)) end = e;
    }
    ends[upper ? 0 : 1] = end;
  }
  if (!ends[0] && !ends[1]) return;
  const Range r{ends[1] ? *ends[1] : current.lo, ends[0] ? *ends[0] : current.hi};
  out.relu_substitution = r;
  combine(out, r);
}

// The multivariate Taylor-model form (multi_taylor_form.hpp), its Newton point evaluated as a
// witness candidate.
template <RigorousScalar S>
void BoxBounder<S>::multi_taylor_form(const Box& box, BoxBounds& out) {
  const std::optional<MultiTaylorBound> b = multi_taylor_->bound(box);
  if (!b) return;
  out.multi_taylor = b->range;
  combine(out, b->range);
  const S y = evaluate_point(b->dirty_best_point);
  consider(out, b->dirty_best_point, y);
}

// The linear-relaxation form (linear_relaxation.hpp), on the natural enclosures of this box.
template <RigorousScalar S>
void BoxBounder<S>::linear_form(const Box& box, BoxBounds& out) {
  natural_node_values();
  const std::optional<RelaxedRange> r = linear_->bound(box, natural_);
  if (!r) return;
  out.linear = r->range;
  combine(out, r->range);
}

bool only_rational_and_piecewise_linear(const Program& prog) {
  for (const Node& n : prog.nodes()) {
    if (is_smooth_unary(n.op)) return false;
    switch (n.op) {
      case Op::Pi:
      case Op::Pow: return false;
      case Op::Mix:
        if (static_cast<Normalizer>(n.index) == Normalizer::Softmax) return false;
        break;
      default: break;
    }
  }
  return true;
}

// The fast path: FastInterval first, the precise bounder for the boxes where that does not settle
// enough. Both are rigorous, so whichever result is returned holds; the choice is a heuristic on
// doubles computed from the box and the fast result only, hence deterministic.
class FastFirstBounder final : public Bounder {
 public:
  FastFirstBounder(const Program& prog, Prec p, BounderOptions opts, std::shared_ptr<TaylorModel> taylor_model,
                   std::unique_ptr<Bounder> precise)
      : fast_(prog, p, opts, std::move(taylor_model)), precise_(std::move(precise)) {}

  BoxBounds bound(const Box& box, const Rational& prune_at) override {
    if (dirty_too_thin_for_doubles(box)) return precise_->bound(box, prune_at);
    BoxBounds b = fast_.bound(box, prune_at);
    settle(box, b, prune_at);
    return b;
  }
  // The fast bounds of all boxes together (BoxBounder::bound_all), each then settled as by bound().
  std::vector<BoxBounds> bound_all(std::span<const Box* const> boxes, const Rational& prune_at) override {
    for (const Box* b : boxes)
      if (dirty_too_thin_for_doubles(*b)) return Bounder::bound_all(boxes, prune_at);
    std::vector<BoxBounds> out = fast_.bound_all(boxes, prune_at);
    for (std::size_t k = 0; k < boxes.size(); ++k) settle(*boxes[k], out[k], prune_at);
    return out;
  }
  // Keeps the fast bounds b of the box where they settle it (the cases below), else replaces them by
  // the precise ones (in place: a BoxBounds is many Rationals to move).
  void settle(const Box& box, BoxBounds& b, const Rational& prune_at) {
    if (b.monotone) return;                                             // the test held in doubles: settled
    if (!b.abs_upper) return void(b = precise_->bound(box, prune_at));  // not finite in doubles
    if (*b.abs_upper <= prune_at) return;                               // pruned: settled
    if (!b.best || dirty_rounding_may_decide(b, prune_at)) return void(b = precise_->bound(box, prune_at));
    // A candidate with |f| <= prune_at > 0 cannot become the witness: the engines take a candidate
    // only when its lower end exceeds their lower bound, which is at least prune_at. It keeps its
    // fast enclosure (the precise one would be discarded alike).
    if (prune_at.sign() > 0 && abs_max(b.best->value) <= prune_at) return;
    // The box goes on to be split or ends the run: its witness candidate is re-evaluated in the
    // precise arithmetic, so lower bounds (and witness values) keep their precision -- exact for
    // rational programs under MPFI -- at the cost of one point evaluation.
    if (std::optional<Range> v = precise_->value_at(b.best->point)) {
      b.best->value = *v;
      b.best->abs_lower = abs_min(*v);
    }
  }
  // A point value is a witness's lower bound: in the precise arithmetic, as after bound() above
  // (doubles lose the relative accuracy of a small difference of large terms).
  std::optional<Range> value_at(std::span<const Rational> point) override { return precise_->value_at(point); }

 private:
  // dirty: a coordinate narrower than 2^-30 of its magnitude leaves doubles too few bits.
  static bool dirty_too_thin_for_doubles(const Box& box) {
    for (std::size_t i = 0; i < box.dim(); ++i) {
      if (!(box.lo[i] < box.hi[i])) continue;
      const double width = dirty_width(box.lo[i], box.hi[i]);
      const double size = std::max(std::fabs(box.lo[i].dirty_to_double()), std::fabs(box.hi[i].dirty_to_double()));
      if (width < std::ldexp(size, -30)) return true;
    }
    return false;
  }
  // dirty: the bound misses pruning by less than what rounding in doubles can amount to (a
  // multiple of the rounding seen at a point, and 2^-30 relative), so the precise arithmetic
  // may prune where doubles do not.
  static bool dirty_rounding_may_decide(const BoxBounds& b, const Rational& prune_at) {
    const double upper = b.abs_upper->dirty_to_double(), gap = upper - prune_at.dirty_to_double();
    return gap <= 64 * b.dirty_rounding + std::ldexp(upper, -30);
  }

  BoxBounder<FastInterval> fast_;
  std::unique_ptr<Bounder> precise_;
};

}  // namespace

Arithmetic resolve_arithmetic(const Program& prog, std::optional<Arithmetic> a) {
  if (a) return *a;
  return only_rational_and_piecewise_linear(prog) ? Arithmetic::Interval : Arithmetic::Ball;
}

namespace {

// The Taylor-model form for one-input programs, or null where it is off or unaffordable.
std::shared_ptr<TaylorModel> taylor_model_for(const Program& prog, Prec p, const BounderOptions& opts) {
  if (prog.num_inputs() != 1 || opts.taylor_model_order <= 0 || !gradient_forms_affordable(prog)) return nullptr;
  return std::make_shared<TaylorModel>(
      prog, p,
      TaylorModelOptions{opts.taylor_model_order, opts.taylor_model_rel_tol, opts.taylor_model_abs_tol, 4096,
                         raised_taylor_order_limit(opts.taylor_model_order)});
}

}  // namespace

std::unique_ptr<Bounder> make_bounder(const Program& prog, Prec p, std::optional<Arithmetic> a, BounderOptions opts) {
  if (prog.outputs().empty()) throw std::logic_error("make_bounder: the program has no output");
  const std::shared_ptr<TaylorModel> taylor_model = taylor_model_for(prog, p, opts);
  std::unique_ptr<Bounder> precise;
  if (resolve_arithmetic(prog, a) == Arithmetic::Interval)
    precise = std::make_unique<BoxBounder<Interval>>(prog, p, opts, taylor_model);
  else precise = std::make_unique<BoxBounder<Ball>>(prog, p, opts, taylor_model);
  if (opts.fast_path && p.bits <= 64)
    precise = std::make_unique<FastFirstBounder>(prog, p, opts, taylor_model, std::move(precise));
  if (!opts.removable_zeros.empty()) return with_removable_zeros(prog, p, opts, std::move(precise));
  return precise;
}

}  // namespace approxcert
