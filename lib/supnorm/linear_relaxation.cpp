#include "supnorm/linear_relaxation.hpp"

#include <cmath>
#include <stdexcept>

#include "forms/dyadic.hpp"
#include "net/evaluate.hpp"
#include "net/jet.hpp"
#include "net/op_class.hpp"
#include "scalar/fast_interval.hpp"

namespace approxcert {

namespace {

const Rational kHalf(mpz_class(1), mpz_class(2));

// The unary ops relaxed by chord and tangent lines: the smooth elementary functions and integer
// powers.
bool has_smooth_lines(Op op) { return op == Op::PowInt || is_smooth_unary(op); }

Range shifted(const Range& r, const Rational& c) { return {r.lo - c, r.hi - c}; }

// dirty: an exact dyadic near x (0 when x is not finite).
Rational dirty_slope_of(double x) { return std::isfinite(x) ? dirty_dyadic(x) : Rational(0); }

}  // namespace

// phi as a one-node program, with the evaluators that enclose phi, phi' and phi''.
template <RigorousScalar S>
struct LinearRelaxation<S>::UnaryKit {
  Program prog{1};
  Evaluator<S> value;
  Evaluator<Jet<S>> d1;
  Evaluator<Jet<Jet<S>>> d2;
  static Program make(Op op, std::int64_t index) {
    Program p(1);
    const NodeId x = p.input(0);
    p.add_output(op == Op::PowInt ? p.pow_int(x, index) : p.unary(op, x));
    return p;
  }
  UnaryKit(Op op, std::int64_t index, Prec p) : prog(make(op, index)), value(prog, p), d1(prog, p), d2(prog, p) {}
};

template <RigorousScalar S>
LinearRelaxation<S>::LinearRelaxation(const Program& prog, NodeId out, Prec p)
    : prog_(prog), out_(out), prec_(p), d_(prog.num_inputs()) {
  const auto nodes = prog.nodes();
  if (out >= nodes.size()) throw std::logic_error("LinearRelaxation: output node out of range");
  needed_.assign(nodes.size(), false);
  needed_[out] = true;
  for (std::size_t i = out + 1; i-- > 0;)
    if (needed_[i])
      for (NodeId a : prog.args(nodes[i])) needed_[a] = true;
  pool_.resize(prog.pool().size());
  for (std::size_t i = 0; i < pool_.size(); ++i) set(pool_[i], prog.pool()[i], prec_);
  set(zero_, Rational(0), prec_);
  auto sized = [&](Form& f) {
    f.a.assign(d_, zero_);
    f.b = zero_;
  };
  lo_.resize(nodes.size());
  hi_.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (needed_[i]) sized(lo_[i]), sized(hi_[i]);
  for (Form* f : {&tmp_lo_, &tmp_hi_, &cand_[0], &cand_[1]}) sized(*f);
}

template <RigorousScalar S>
LinearRelaxation<S>::~LinearRelaxation() = default;

template <RigorousScalar S>
typename LinearRelaxation<S>::UnaryKit& LinearRelaxation<S>::kit(Op op, std::int64_t index) {
  auto& k = kits_[{op, index}];
  if (!k) k = std::make_unique<UnaryKit>(op, index, prec_);
  return *k;
}

template <RigorousScalar S>
void LinearRelaxation<S>::clear(Form& f) {
  for (S& a : f.a) a = zero_;
  f.b = zero_;
}

template <RigorousScalar S>
void LinearRelaxation<S>::add_forms(Form& dst, const Form& src, bool subtract) {
  for (std::size_t j = 0; j < d_; ++j)
    subtract ? sub(dst.a[j], dst.a[j], src.a[j], prec_) : add(dst.a[j], dst.a[j], src.a[j], prec_);
  subtract ? sub(dst.b, dst.b, src.b, prec_) : add(dst.b, dst.b, src.b, prec_);
}

template <RigorousScalar S>
void LinearRelaxation<S>::accumulate(Form& dst, const Rational& c, const S& cs, const Form& low, const Form& high) {
  if (c.sign() == 0) return;
  const Form& src = c.sign() > 0 ? low : high;
  for (std::size_t j = 0; j < d_; ++j) addmul(dst.a[j], src.a[j], cs, prec_);
  addmul(dst.b, src.b, cs, prec_);
}

// min (or max) over t in [-1, 1]^d of the form, rounded outward: b -/+ sum_j |a_j|.
template <RigorousScalar S>
S LinearRelaxation<S>::concretise(const Form& f, bool upper_end) {
  S acc = f.b;
  for (const S& a : f.a) {
    abs(s1_, a, prec_);
    upper_end ? add(acc, acc, s1_, prec_) : sub(acc, acc, s1_, prec_);
  }
  return acc;
}

template <RigorousScalar S>
std::optional<Range> LinearRelaxation<S>::form_range(const Form& lo, const Form& hi) {
  const S l = concretise(lo, false), u = concretise(hi, true);
  if (!is_finite(l) || !is_finite(u)) return std::nullopt;
  return Range{lower(l), upper(u)};
}

// The range of node z over the box: its forms' range intersected with its natural enclosure.
template <RigorousScalar S>
std::optional<Range> LinearRelaxation<S>::input_range(NodeId z, std::span<const S> natural) {
  std::optional<Range> r = form_range(lo_[z], hi_[z]);
  if (is_finite(natural[z])) r = r ? intersect(*r, range_of(natural[z])) : range_of(natural[z]);
  if (r && r->hi < r->lo) throw std::logic_error("LinearRelaxation: disjoint enclosures of a node (a soundness bug)");
  return r;
}

template <RigorousScalar S>
void LinearRelaxation<S>::add_lines(Form& lo, Form& hi, const Form& zlo, const Form& zhi, const Line& lower,
                                    const Line& upper) {
  set(s1_, lower.offset, prec_);
  add(lo.b, lo.b, s1_, prec_);
  S c;
  set(c, lower.slope, prec_);
  accumulate(lo, lower.slope, c, zlo, zhi);
  set(s1_, upper.offset, prec_);
  add(hi.b, hi.b, s1_, prec_);
  set(c, upper.slope, prec_);
  accumulate(hi, upper.slope, c, zhi, zlo);
}

template <RigorousScalar S>
void LinearRelaxation<S>::set_constant(std::size_t i, const S& c) {
  clear(lo_[i]);
  clear(hi_[i]);
  lo_[i].b = c;
  hi_[i].b = c;
}

// relu on [l, u]: identity or zero when the sign is decided; else the chord through (l, 0) and
// (u, u) above (relu is convex), and 0 or z below, whichever loses less area.
template <RigorousScalar S>
void LinearRelaxation<S>::relu_lines(const Range& z, Line& lower, Line& upper) {
  if (z.lo.sign() >= 0) {
    lower = upper = Line{Rational(1), Rational(0)};
  } else if (z.hi.sign() <= 0) {
    lower = upper = Line{Rational(0), Rational(0)};
  } else {
    const Rational s = z.hi / (z.hi - z.lo);
    upper = Line{s, -s * z.lo};
    lower = Line{z.hi >= -z.lo ? Rational(1) : Rational(0), Rational(0)};
  }
}

// |z| on [l, u]: +-z when the sign is decided; else the chord through (l, -l) and (u, u) above
// (|z| is convex), and z or -z below.
template <RigorousScalar S>
void LinearRelaxation<S>::abs_lines(const Range& z, Line& lower, Line& upper) {
  if (z.lo.sign() >= 0) {
    lower = upper = Line{Rational(1), Rational(0)};
  } else if (z.hi.sign() <= 0) {
    lower = upper = Line{Rational(-1), Rational(0)};
  } else {
    const Rational s = (z.hi + z.lo) / (z.hi - z.lo);
    upper = Line{s, -z.lo - s * z.lo};
    lower = Line{z.hi >= -z.lo ? Rational(1) : Rational(-1), Rational(0)};
  }
}

// Lines bounding phi on [l, u] from enclosures of phi, phi' and phi'': where phi'' >= 0 (convex),
// the chord above (phi - s z is convex: its maximum is at an end) and the tangent at the midpoint
// c below (phi lies above its tangents, phi'(c) enclosed); concave mirrored; otherwise one slope
// s ~ phi'(c) with phi - s z enclosed by Taylor's formula to first and to second order
// (phi(c) + (phi'(xi) - s)(z - c), phi(c) + (phi'(c) - s)(z - c) + phi''(xi) (z - c)^2 / 2), the
// two enclosures intersected. False when an enclosure is not finite (outside phi's domain).
template <RigorousScalar S>
bool LinearRelaxation<S>::smooth_lines(const Node& n, const Range& z, Line& below, Line& above) {
  UnaryKit& k = kit(n.op, n.op == Op::PowInt ? n.index : 0);
  const Rational &l = z.lo, &u = z.hi;
  std::vector<S> x(1);
  if (!(l < u)) {
    set(x[0], l, prec_);
    k.value.run(x);
    const S& v = k.value.value(k.prog.outputs()[0]);
    if (!is_finite(v)) return false;
    below = Line{Rational(0), lower(v)};
    above = Line{Rational(0), upper(v)};
    return true;
  }
  std::vector<Jet<Jet<S>>> xx(1);
  set_interval(x[0], l, u, prec_);
  xx[0] = jet_variable(jet_variable(x[0], 0, 1, prec_), 0, 1, prec_);
  k.d2.run(xx);
  const Jet<Jet<S>>& F = k.d2.value(k.prog.outputs()[0]);
  if (F.discontinuous || F.kinked || F.g.size() != 1) return false;
  const Jet<S>& F1 = F.g[0];
  if (F1.discontinuous || F1.kinked || F1.g.size() != 1) return false;
  if (!is_finite(F.v) || !is_finite(F1.v) || !is_finite(F1.g[0])) return false;
  const Range D = range_of(F1.v), H = range_of(F1.g[0]);  // phi' and phi'' over [l, u]

  const Rational c = dyadic_near((l + u) * kHalf, l, u);
  std::vector<Jet<S>> xc(1);
  set(x[0], c, prec_);
  xc[0] = jet_variable(x[0], 0, 1, prec_);
  k.d1.run(xc);
  const Jet<S>& C = k.d1.value(k.prog.outputs()[0]);
  if (!is_finite(C.v) || C.g.size() != 1 || !is_finite(C.g[0])) return false;
  const Range fc = range_of(C.v), dc = range_of(C.g[0]);
  const Rational s = dirty_slope_of(dirty_mid(C.g[0]));  // tangent slope
  const Range offset = {l - c, u - c};
  const Range fc_line = shifted(fc, s * c);           // phi(c) - s c
  const Range tangent_gap = shifted(dc, s) * offset;  // (phi'(c) - s)(z - c)

  const bool convex = H.lo.sign() >= 0, concave = H.hi.sign() <= 0;
  if (convex || concave) {
    set(x[0], l, prec_);
    k.value.run(x);
    const S fl = k.value.value(k.prog.outputs()[0]);
    set(x[0], u, prec_);
    k.value.run(x);
    const S& fu = k.value.value(k.prog.outputs()[0]);
    if (is_finite(fl) && is_finite(fu)) {
      const double chord = (dirty_mid(fu) - dirty_mid(fl)) / (u - l).dirty_to_double();
      const Rational sc = dirty_slope_of(chord);
      if (convex) {
        above = Line{sc, max(upper(fl) - sc * l, upper(fu) - sc * u)};
        below = Line{s, fc_line.lo + tangent_gap.lo};
      } else {
        below = Line{sc, min(lower(fl) - sc * l, lower(fu) - sc * u)};
        above = Line{s, fc_line.hi + tangent_gap.hi};
      }
      return true;
    }
  }
  const Rational h = max(c - l, u - c);
  const Range first = fc_line + shifted(D, s) * offset;
  const Range second = fc_line + tangent_gap + Range{H.lo * kHalf, H.hi * kHalf} * Range{Rational(0), h * h};
  const Range both = intersect(first, second);
  below = Line{s, both.lo};
  above = Line{s, both.hi};
  return true;
}

// lo += a lower and hi += an upper McCormick form of x * y, each the better (after
// concretisation) of the two: for x in [xl, xu], y in [yl, yu],
//   xy >= yl x + xl y - xl yl,  xy >= yu x + xu y - xu yu,
//   xy <= yu x + xl y - xl yu,  xy <= yl x + xu y - xu yl.
template <RigorousScalar S>
bool LinearRelaxation<S>::mul_into(Form& lo, Form& hi, NodeId x, NodeId y, std::span<const S> natural) {
  const std::optional<Range> rx = input_range(x, natural), ry = input_range(y, natural);
  if (!rx || !ry) return false;
  S cy, cx;
  for (const bool up : {false, true}) {
    std::optional<Rational> best_value;
    int best = 0;
    for (int k = 0; k < 2; ++k) {
      // lower: k = 0 (yl, xl), k = 1 (yu, xu); upper: k = 0 (yu, xl), k = 1 (yl, xu).
      const Rational& ycoef = (k == 0) == !up ? ry->lo : ry->hi;
      const Rational& xcoef = k == 0 ? rx->lo : rx->hi;
      Form& f = cand_[k];
      clear(f);
      set(f.b, -(xcoef * ycoef), prec_);
      set(cy, ycoef, prec_);
      set(cx, xcoef, prec_);
      if (up) {
        accumulate(f, ycoef, cy, hi_[x], lo_[x]);
        accumulate(f, xcoef, cx, hi_[y], lo_[y]);
      } else {
        accumulate(f, ycoef, cy, lo_[x], hi_[x]);
        accumulate(f, xcoef, cx, lo_[y], hi_[y]);
      }
      const S end = concretise(f, up);
      if (!is_finite(end)) continue;
      const Rational v = up ? upper(end) : lower(end);
      if (!best_value || (up ? v < *best_value : *best_value < v)) {
        best_value = v;
        best = k;
      }
    }
    if (!best_value) return false;
    add_forms(up ? hi : lo, cand_[best], false);
  }
  return true;
}

template <RigorousScalar S>
void LinearRelaxation<S>::relax_node(std::size_t i, std::span<const S> natural) {
  const Node& n = prog_.nodes()[i];
  const std::span<const NodeId> args = prog_.args(n);
  Form &lo = lo_[i], &hi = hi_[i];
  switch (n.op) {
    case Op::Input: return;  // set by bound()
    case Op::Const: set_constant(i, pool_[n.first]); return;
    case Op::Affine: {
      const std::size_t k = args.size();
      clear(lo);
      clear(hi);
      lo.b = hi.b = pool_[n.first + k];
      for (std::size_t j = 0; j < k; ++j) {
        const Rational& w = prog_.pool()[n.first + j];
        accumulate(lo, w, pool_[n.first + j], lo_[args[j]], hi_[args[j]]);
        accumulate(hi, w, pool_[n.first + j], hi_[args[j]], lo_[args[j]]);
      }
      return;
    }
    case Op::Add:
    case Op::Sub: {
      const bool minus = n.op == Op::Sub;
      lo = lo_[args[0]];
      hi = hi_[args[0]];
      add_forms(lo, minus ? hi_[args[1]] : lo_[args[1]], minus);
      add_forms(hi, minus ? lo_[args[1]] : hi_[args[1]], minus);
      return;
    }
    case Op::Neg:
      clear(lo);
      clear(hi);
      add_forms(lo, hi_[args[0]], true);
      add_forms(hi, lo_[args[0]], true);
      return;
    case Op::Mul:
    case Op::Dot: {
      clear(lo);
      clear(hi);
      const std::size_t pairs = n.op == Op::Mul ? 1 : args.size() / 2;
      for (std::size_t j = 0; j < pairs; ++j)
        if (!mul_into(lo, hi, args[j], args[n.op == Op::Mul ? 1 : pairs + j], natural)) {
          set_constant(i, natural[i]);
          return;
        }
      return;
    }
    case Op::Div: {
      // By a nonzero constant: exact scaling. Any other division falls back to the natural form.
      const Node& den = prog_.nodes()[args[1]];
      if (den.op != Op::Const || prog_.pool()[den.first].sign() == 0) break;
      const Rational w = Rational(1) / prog_.pool()[den.first];
      S ws;
      set(ws, w, prec_);
      clear(lo);
      clear(hi);
      accumulate(lo, w, ws, lo_[args[0]], hi_[args[0]]);
      accumulate(hi, w, ws, hi_[args[0]], lo_[args[0]]);
      return;
    }
    case Op::Relu:
    case Op::Abs: {
      const std::optional<Range> z = input_range(args[0], natural);
      if (!z) break;
      Line lower, upper;
      n.op == Op::Relu ? relu_lines(*z, lower, upper) : abs_lines(*z, lower, upper);
      clear(lo);
      clear(hi);
      add_lines(lo, hi, lo_[args[0]], hi_[args[0]], lower, upper);
      return;
    }
    case Op::Max:
    case Op::Min: {
      // max(a, b) = a + relu(b - a), min(a, b) = a - relu(a - b) = a + (-relu)(a - b).
      const NodeId a = args[0], b = args[1];
      const bool is_max = n.op == Op::Max;
      tmp_lo_ = is_max ? lo_[b] : lo_[a];
      tmp_hi_ = is_max ? hi_[b] : hi_[a];
      add_forms(tmp_lo_, is_max ? hi_[a] : hi_[b], true);
      add_forms(tmp_hi_, is_max ? lo_[a] : lo_[b], true);
      std::optional<Range> z = form_range(tmp_lo_, tmp_hi_);
      if (is_finite(natural[a]) && is_finite(natural[b])) {
        const Range ra = range_of(natural[a]), rb = range_of(natural[b]);
        const Range nat = is_max ? Range{rb.lo - ra.hi, rb.hi - ra.lo} : Range{ra.lo - rb.hi, ra.hi - rb.lo};
        z = z ? intersect(*z, nat) : nat;
      }
      if (!z) break;
      Line lower, upper;
      relu_lines(*z, lower, upper);
      if (!is_max) {
        const Line neg_upper{-lower.slope, -lower.offset};
        lower = Line{-upper.slope, -upper.offset};
        upper = neg_upper;
      }
      lo = lo_[a];
      hi = hi_[a];
      add_lines(lo, hi, tmp_lo_, tmp_hi_, lower, upper);
      return;
    }
    default:
      if (has_smooth_lines(n.op)) {
        const std::optional<Range> z = input_range(args[0], natural);
        Line lower, upper;
        if (!z || !smooth_lines(n, *z, lower, upper)) break;
        clear(lo);
        clear(hi);
        add_lines(lo, hi, lo_[args[0]], hi_[args[0]], lower, upper);
        return;
      }
      break;
  }
  set_constant(i, natural[i]);  // Pi, Step, other Div, PiecewiseLinear, Mix, and every failed case
}

template <RigorousScalar S>
std::optional<RelaxedRange> LinearRelaxation<S>::bound(const Box& box, std::span<const S> natural) {
  if (box.dim() != d_ || natural.size() != prog_.nodes().size())
    throw std::logic_error("LinearRelaxation: box or natural enclosures do not fit the program");
  std::vector<Rational> radius(d_);
  const auto nodes = prog_.nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!needed_[i]) continue;
    if (nodes[i].op == Op::Input) {
      const auto k = static_cast<std::size_t>(nodes[i].index);
      clear(lo_[i]);
      set(lo_[i].b, (box.lo[k] + box.hi[k]) * kHalf, prec_);
      set(lo_[i].a[k], (box.hi[k] - box.lo[k]) * kHalf, prec_);
      hi_[i] = lo_[i];
      continue;
    }
    relax_node(i, natural);
  }
  const std::optional<Range> r = input_range(out_, natural);
  if (!r) return std::nullopt;
  RelaxedRange out{*r, std::vector<double>(d_, 0.0)};
  for (std::size_t j = 0; j < d_; ++j) {
    const double half_width = ((box.hi[j] - box.lo[j]) * kHalf).dirty_to_double();
    const double slope = (std::fabs(dirty_mid(lo_[out_].a[j])) + std::fabs(dirty_mid(hi_[out_].a[j]))) / 2;
    out.dirty_slope[j] = half_width > 0 && std::isfinite(slope) ? slope / half_width : 0.0;
  }
  return out;
}

template <RigorousScalar S>
std::optional<Range> LinearRelaxation<S>::forms_at(const Box& box, std::span<const Rational> x) {
  if (box.dim() != d_ || x.size() != d_) throw std::logic_error("LinearRelaxation: point does not fit the box");
  S lo = lo_[out_].b, hi = hi_[out_].b, t;
  for (std::size_t j = 0; j < d_; ++j) {
    if (box.lo[j] == box.hi[j]) set(t, Rational(0), prec_);
    else set(t, (x[j] * Rational(2) - box.lo[j] - box.hi[j]) / (box.hi[j] - box.lo[j]), prec_);
    addmul(lo, lo_[out_].a[j], t, prec_);
    addmul(hi, hi_[out_].a[j], t, prec_);
  }
  if (!is_finite(lo) || !is_finite(hi)) return std::nullopt;
  return Range{lower(lo), upper(hi)};
}

template class LinearRelaxation<Ball>;
template class LinearRelaxation<Interval>;
template class LinearRelaxation<FastInterval>;  // the bounder's fast path

}  // namespace approxcert
