#include "check/cover_check.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <thread>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "forms/monotonicity.hpp"
#include "forms/range.hpp"
#include "forms/relu_substitution.hpp"
#include "net/evaluate.hpp"
#include "net/gradient_work.hpp"
#include "net/jet.hpp"
#include "net/series.hpp"
#include "scalar/scalar.hpp"

namespace approxcert {

namespace {

// The evaluators of one precision (built once, reused for every box).
struct Evaluators {
  Evaluators(const Program& prog, long bits)
      : prec(bits), point(prog, Prec(bits)), jet(prog, Prec(bits)), jet2(prog, Prec(bits)), series(prog, Prec(bits)) {}
  Prec prec;
  Evaluator<Interval> point;
  Evaluator<Jet<Interval>> jet;
  Evaluator<Jet<Jet<Interval>>> jet2;  // the second-order form (Hessian over the box)
  Evaluator<Series> series;            // the Taylor form (programs of one input)
};

// The largest dimension the second-order form is tried in (its cost grows like (d+1)^2).
constexpr std::size_t kMaxSecondOrderDim = 4;

// max of alpha u + beta u^2 over u in [p, q] (p <= q): at an end, or at the vertex of a concave
// parabola when the vertex lies inside.
Rational max_parabola(const Rational& alpha, const Rational& beta, const Rational& p, const Rational& q) {
  Rational best = max(alpha * p + beta * p * p, alpha * q + beta * q * q);
  if (beta.sign() < 0) {
    const Rational u = -alpha / (beta * Rational(2));
    if (p <= u && u <= q) best = max(best, alpha * u + beta * u * u);
  }
  return best;
}

bool exactly_zero(const Ball& b) { return arb_is_zero(b.arb()); }

// The program computes q = e/t with e, t its outputs 1 and 2 (relative mode).
bool divides_outputs(const Program& prog) {
  const auto outs = prog.outputs();
  if (outs.size() != 3 || prog.num_inputs() != 1) return false;
  const Node& q = prog.nodes()[outs[0]];
  return q.op == Op::Div && prog.args(q)[0] == outs[1] && prog.args(q)[1] == outs[2];
}

// The divided form of the header: absent unless the zero is re-certified here (coefficients
// 0..m-1 of e and t exactly 0 at x0) and t^ certainly nonzero over the box.
std::optional<Range> divided_form(const Program& prog, Evaluator<Series>& series, const Box& box, const RecordedZero& z,
                                  Prec p, long k) {
  if (!divides_outputs(prog) || k < 1 || z.order < 1) return std::nullopt;
  const NodeId e = prog.outputs()[1], t = prog.outputs()[2];
  const long m = z.order;
  Ball x;
  set(x, z.at, p);
  series.run(std::vector<Series>{series_variable(x, m + k)});
  for (long j = 0; j < m; ++j)
    if (!exactly_zero(series.value(e).coefficient(j)) || !exactly_zero(series.value(t).coefficient(j)))
      return std::nullopt;
  std::vector<Ball> ec(k), tc(k);
  for (long j = 0; j < k; ++j) ec[j] = series.value(e).coefficient(m + j), tc[j] = series.value(t).coefficient(m + j);
  set_interval(x, min(box.lo[0], z.at), max(box.hi[0], z.at), p);  // Y, where the remainder's point lies
  series.run(std::vector<Series>{series_variable(x, m + k + 1)});
  Ball eh = series.value(e).coefficient(m + k), th = series.value(t).coefficient(m + k), h;
  set_interval(h, box.lo[0] - z.at, box.hi[0] - z.at, p);
  for (long j = k; j-- > 0;) {
    mul(eh, eh, h, p);
    add(eh, eh, ec[j], p);
    mul(th, th, h, p);
    add(th, th, tc[j], p);
  }
  Ball q;
  div(q, eh, th, p);
  if (!is_finite(q)) return std::nullopt;
  return range_of(q);
}

// Boxes that contain the zero or lie within 8 of their widths of it.
bool near_zero(const Box& box, const RecordedZero& z) {
  if (box.dim() != 1) return false;
  const Rational reach = Rational(8) * (box.hi[0] - box.lo[0]);
  return box.lo[0] - reach <= z.at && z.at <= box.hi[0] + reach;
}

constexpr long kDividedTerms = 24;  // k of the divided form when the certificate has no Taylor order

// What a leaf must show: |f| <= upper on it and, if `lower` is set (lpnorm certificates), |f| >= lower.
struct LeafGoal {
  const Rational* upper = nullptr;
  const Rational* lower = nullptr;
  bool met_by(const std::optional<Range>& r) const {
    return r && (!upper || abs_max(*r) <= *upper) && (!lower || *lower <= abs_min(*r));
  }
};

// The exact volume of a box (the product of its widths).
Rational exact_volume(const Box& box) {
  Rational v(1);
  for (std::size_t i = 0; i < box.dim(); ++i) v *= box.hi[i] - box.lo[i];
  return v;
}

class LeafBounder {
 public:
  // substitute_relus: try the relu-substitution form on kinked leaves (off for the substituted
  // programs themselves).
  LeafBounder(const Program& prog, long taylor_order, std::vector<RecordedZero> zeros = {},
              bool substitute_relus = true)
      : prog_(prog),
        out_(prog.outputs()[0]),
        taylor_order_(taylor_order),
        zeros_(std::move(zeros)),
        gradients_(gradient_forms_affordable(prog)),
        substitute_relus_(substitute_relus) {}

  // |f| <= result on the box: the natural form intersected with the two centred forms.
  // With `goal`: the Taylor form is skipped once the other forms give |f| <= *goal (it costs more).
  // second_order: try the second-order form where it applies; `smooth` (if given) receives whether
  // f has neither kink nor jump on the box.
  // Whether the Jet<Interval> gradient enclosure of f over `box` (f without jump there) has the
  // sign `sign` in coordinate i.
  bool gradient_has_sign(const Box& box, long bits, std::size_t i, int sign) {
    if (!gradients_) return false;
    const Jet<Interval> f = jet_over(at(bits), box);
    if (f.discontinuous || i >= f.g.size() || !is_finite(f.g[i])) return false;
    return sign > 0 ? lower(f.g[i]).sign() > 0 : upper(f.g[i]).sign() < 0;
  }

  std::optional<Rational> bound(const Box& box, long bits, const Rational* goal = nullptr, bool second_order = true,
                                bool* smooth = nullptr) {
    const std::optional<Range> r = enclose(
        box, bits, goal ? std::optional<LeafGoal>(LeafGoal{goal, nullptr}) : std::nullopt, second_order, smooth);
    if (!r) return std::nullopt;
    return abs_max(*r);
  }

  // The enclosure of f on the box that bound() takes |f|'s maximum of: the intersection of the
  // forms of the header. With `goal`, it stops at the first form after which the goal is met (every
  // later form only tightens the enclosure, so the verdict does not depend on the forms' order):
  // natural, then the centred forms, then the second-order form; or, when the second-order form
  // proved the last goal (second_order_first_), natural and second-order from one Jet<Jet> pass
  // (whose first-order part is the Jet pass), then the centred forms.
  std::optional<Range> enclose(const Box& box, long bits, const std::optional<LeafGoal>& goal, bool second_order = true,
                               bool* smooth = nullptr) {
    Evaluators& e = at(bits);
    const std::size_t d = box.dim();
    if (!gradients_) return natural_form(e, box);
    const bool second_order_applies = second_order && d >= 2 && d <= kMaxSecondOrderDim;
    const bool second_order_first = goal && second_order_first_ && second_order_applies;
    const Jet<Jet<Interval>>* F = second_order_first ? &hessian_over(e, box) : nullptr;
    const Jet<Interval> f = F ? F->v : jet_over(e, box);
    bool gradient_finite = true;
    for (const Interval& g : f.g) gradient_finite = gradient_finite && is_finite(g);
    const bool smooth_here = !f.discontinuous && !f.kinked;
    if (smooth) *smooth = smooth_here;
    std::optional<Range> r;
    if (is_finite(f.v)) r = range_of(f.v);
    // Intersects r with `form`; two valid enclosures of the same set always meet, disjoint ones
    // mean an evaluator bug. True when the goal is met.
    const auto tighten = [&](const std::optional<Range>& form, const char* which) {
      if (form) {
        const Range both = r ? intersect(*r, *form) : *form;
        if (both.hi < both.lo)
          throw std::logic_error(std::string("cover check: the ") + which + " form misses the other forms");
        r = both;
      }
      return goal && goal->met_by(r);
    };
    const auto second_order_proves = [&] {
      if (!second_order_applies || !smooth_here || !gradient_finite) return false;
      if (tighten(second_order_form(e, box, F ? *F : hessian_over(e, box)), "second-order")) {
        second_order_first_ = true;
        return true;
      }
      return false;
    };
    if (goal && goal->met_by(r)) {
      second_order_first_ = false;
      return r;
    }
    if (second_order_first && second_order_proves()) return r;
    if (!f.discontinuous && gradient_finite) {
      std::vector<Range> G(d, Range{Rational(0), Rational(0)});
      for (std::size_t i = 0; i < f.g.size(); ++i) G[i] = range_of(f.g[i]);
      // One centre per end of the range: in a coordinate where the sign of df/dx_i is decided, the
      // box end where f is largest (for the upper end) or smallest (for the lower end), which
      // makes the form exact for monotone f; else the midpoint. Any centre in the box is valid.
      for (const bool upper_end : {true, false}) {
        std::vector<Rational> c(d);
        for (std::size_t i = 0; i < d; ++i) {
          const bool up = G[i].lo.sign() >= 0, down = G[i].hi.sign() <= 0;
          if (up != down) c[i] = (up == upper_end) ? box.hi[i] : box.lo[i];
          else c[i] = (box.lo[i] + box.hi[i]) / Rational(2);
        }
        if (tighten(centred_form(e, box, c, G), "centred")) {
          second_order_first_ = false;
          return r;
        }
      }
    }
    for (const RecordedZero& z : zeros_) {
      if (!near_zero(box, z)) continue;
      const long k = taylor_order_ >= 1 ? taylor_order_ : kDividedTerms;
      if (tighten(divided_form(prog_, e.series, box, z, e.prec, k), "divided")) return r;
    }
    if (!second_order_first && second_order_proves()) return r;
    if (substitute_relus_ && r && goal && goal->upper && d >= 2 && f.kinked && !f.discontinuous && gradient_finite)
      if (const std::optional<Range> form = relu_substitution_form(e, box, bits, *r, *goal->upper)) {
        r = form;
        if (goal->met_by(r)) return r;
      }
    tighten(taylor_form(e, box), "Taylor");
    return r;
  }

 private:
  // f and its gradient enclosed over the box (one Jet pass, MPFI at the evaluators' precision).
  Jet<Interval> jet_over(Evaluators& e, const Box& box) {
    const std::size_t d = box.dim();
    std::vector<Jet<Interval>> in(d);
    for (std::size_t i = 0; i < d; ++i) {
      Interval x;
      set_interval(x, box.lo[i], box.hi[i], e.prec);
      in[i] = jet_variable(x, i, d, e.prec);
    }
    e.jet.run(in);
    return e.jet.value(out_);
  }

  // f, its gradient and its Hessian enclosed over the box (one Jet<Jet> pass; its first-order part
  // F.v is what jet_over gives). The reference lives until e.jet2's next run.
  const Jet<Jet<Interval>>& hessian_over(Evaluators& e, const Box& box) {
    const std::size_t d = box.dim();
    std::vector<Jet<Jet<Interval>>> in2(d);
    for (std::size_t i = 0; i < d; ++i) {
      Interval x;
      set_interval(x, box.lo[i], box.hi[i], e.prec);
      in2[i] = jet_variable(jet_variable(x, i, d, e.prec), i, d, e.prec);
    }
    e.jet2.run(in2);
    return e.jet2.value(out_);
  }

  // The program run on the box: where a gradient pass costs too much (net/gradient_work.hpp).
  std::optional<Range> natural_form(Evaluators& e, const Box& box) {
    std::vector<Interval> in(box.dim());
    for (std::size_t i = 0; i < box.dim(); ++i) set_interval(in[i], box.lo[i], box.hi[i], e.prec);
    e.point.run(in);
    const Interval& y = e.point.value(out_);
    if (!is_finite(y)) return std::nullopt;
    return range_of(y);
  }

  // f(c) + sum_i G_i (x_i - c_i) over the box (mean-value theorem with Clarke gradients), exactly
  // from the MPFI enclosure of f(c); absent when f(c) is not finite.
  std::optional<Range> centred_form(Evaluators& e, const Box& box, const std::vector<Rational>& c,
                                    const std::vector<Range>& G) {
    std::vector<Interval> in(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) set(in[i], c[i], e.prec);
    e.point.run(in);
    const Interval& y = e.point.value(out_);
    if (!is_finite(y)) return std::nullopt;
    Range form = range_of(y);
    for (std::size_t i = 0; i < c.size(); ++i) form = form + G[i] * Range{box.lo[i] - c[i], box.hi[i] - c[i]};
    return form;
  }

  // f C^1 on the box with a Lipschitz gradient (no jump and no kink on it), m the box's midpoint,
  // h = x - m: f(m + h) = f(m) + f'(m).h + h^T M h / 2 with M_ij in the hull of the Hessian
  // enclosures H_ij and H_ji over the box (Taylor's formula, the mean-value theorem applied to each
  // partial derivative; M need not be symmetric, but h^T M h only sees M + M^T). Each diagonal term
  // g_i h_i + M_ii h_i^2 / 2 is maximised (minimised) exactly over h_i as a parabola with g_i and
  // M_ii at their extreme ends; each cross pair contributes at most (|H_ij| + |H_ji|) r_i r_j / 2 in
  // absolute value, r_i = (hi_i - lo_i) / 2 (F: hessian_over the box). Absent when an enclosure is
  // not finite.
  std::optional<Range> second_order_form(Evaluators& e, const Box& box, const Jet<Jet<Interval>>& F) {
    const std::size_t d = box.dim();
    if (F.discontinuous) return std::nullopt;
    std::vector<std::vector<Range>> H(d, std::vector<Range>(d, Range{Rational(0), Rational(0)}));
    for (std::size_t i = 0; i < F.g.size(); ++i) {
      if (F.g[i].discontinuous) return std::nullopt;
      for (std::size_t j = 0; j < F.g[i].g.size(); ++j) {
        if (!is_finite(F.g[i].g[j])) return std::nullopt;
        H[i][j] = range_of(F.g[i].g[j]);
      }
    }
    std::vector<Rational> m(d), r(d);
    std::vector<Jet<Interval>> in(d);
    for (std::size_t i = 0; i < d; ++i) {
      m[i] = (box.lo[i] + box.hi[i]) / Rational(2);
      r[i] = (box.hi[i] - box.lo[i]) / Rational(2);
      Interval x;
      set(x, m[i], e.prec);
      in[i] = jet_variable(x, i, d, e.prec);
    }
    e.jet.run(in);
    const Jet<Interval>& fm = e.jet.value(out_);
    if (!is_finite(fm.v)) return std::nullopt;
    const Range v = range_of(fm.v);
    Rational up = v.hi, down = v.lo;
    for (std::size_t i = 0; i < d; ++i) {
      Range g{Rational(0), Rational(0)};
      if (i < fm.g.size()) {
        if (!is_finite(fm.g[i])) return std::nullopt;
        g = range_of(fm.g[i]);
      }
      const Rational c_hi = H[i][i].hi / Rational(2), c_lo = H[i][i].lo / Rational(2);
      // g h for h >= 0 is largest at g.hi, for h <= 0 at g.lo (and the other way for the minimum).
      up += max(max_parabola(g.hi, c_hi, Rational(0), r[i]), max_parabola(g.lo, c_hi, -r[i], Rational(0)));
      down -= max(max_parabola(-g.lo, -c_lo, Rational(0), r[i]), max_parabola(-g.hi, -c_lo, -r[i], Rational(0)));
      for (std::size_t j = i + 1; j < d; ++j) {
        const Rational cross = (abs_max(H[i][j]) + abs_max(H[j][i])) * r[i] * r[j] / Rational(2);
        up += cross;
        down -= cross;
      }
    }
    return Range{down, up};
  }

  // The relu-substitution form (relu_substitution.hpp; the program transformation is the one thing
  // shared with the engine, and its monotonicity certificate is a Jet pass of the generic
  // evaluator): each end of f that `current` leaves beyond the goal |f| <= goal is bounded by this
  // checker's own forms (natural, centred, second-order) on the substituted programs, the largest
  // upper end (smallest lower end) over them. Returns `current` tightened, absent if nothing applied.
  std::optional<Range> relu_substitution_form(Evaluators& e, const Box& box, long bits, const Range& current,
                                              const Rational& goal) {
    std::vector<Interval> in(box.dim());
    for (std::size_t i = 0; i < box.dim(); ++i) set_interval(in[i], box.lo[i], box.hi[i], e.prec);
    e.point.run(in);
    const std::vector<Interval> natural(e.point.values().begin(), e.point.values().end());
    Range out = current;
    bool applied = false;
    for (const bool upper : {true, false}) {
      if (upper ? current.hi <= goal : -goal <= current.lo) continue;
      const std::vector<Program> programs =
          relu_substituted_programs<Interval>(prog_, out_, box, std::span<const Interval>(natural), upper, e.prec);
      std::optional<Rational> end;
      for (const Program& q : programs) {
        const std::optional<Range> rq = LeafBounder(q, 0, {}, false).enclose(box, bits, std::nullopt);
        if (!rq) {
          end.reset();
          break;
        }
        const Rational qe = upper ? rq->hi : rq->lo;
        if (!end || (upper ? *end < qe : qe < *end)) end = qe;
      }
      if (!end) continue;
      if (upper) out.hi = min(out.hi, *end);
      else out.lo = max(out.lo, *end);
      applied = true;
    }
    if (!applied) return std::nullopt;
    if (out.hi < out.lo) throw std::logic_error("cover check: the relu-substitution form misses the other forms");
    return out;
  }

  // One input, order k = taylor_order_ >= 1: by Taylor's theorem with the Lagrange remainder, for x
  // in X = [lo, hi] and c its midpoint, f(x) = sum_{j<k} a_j (x - c)^j + f^(k)(xi)/k! (x - c)^k
  // for some xi in X, with a_j = f^(j)(c)/j! enclosed by the series of f at the point c and
  // f^(k)(xi)/k! by coefficient k of the series of f over X (net/series.hpp: indeterminate, hence
  // no form, where f may not be k times differentiable on X). So f(X) lies in
  // a_0 + [-s, s], s = sum_{1<=j<k} |a_j| r^j + |a_k(X)| r^k, r = (hi - lo)/2; exact from there.
  // Unlike the natural and centred forms, it sees cancellation up to order k - 1.
  std::optional<Range> taylor_form(Evaluators& e, const Box& box) {
    if (taylor_order_ < 1 || box.dim() != 1) return std::nullopt;
    const long k = taylor_order_;
    const Rational c = (box.lo[0] + box.hi[0]) / Rational(2), r = (box.hi[0] - box.lo[0]) / Rational(2);
    Ball x;
    set_interval(x, box.lo[0], box.hi[0], e.prec);
    std::vector<Series> in{series_variable(x, k + 1)};
    e.series.run(in);
    const Series over_box = e.series.value(out_);
    set(x, c, e.prec);
    in[0] = series_variable(x, std::max<long>(k, 2));
    e.series.run(in);
    const Series& at_centre = e.series.value(out_);
    if (!is_finite(over_box) || !is_finite(at_centre)) return std::nullopt;
    Rational s = abs_max(range_of(over_box.coefficient(k))) * pow_int(r, k), rj(1);
    for (long j = 1; j < k; ++j) {
      rj *= r;
      s += abs_max(range_of(at_centre.coefficient(j))) * rj;
    }
    const Range a0 = range_of(at_centre.coefficient(0));
    return Range{a0.lo - s, a0.hi + s};
  }

 public:
  // The mean-value form of the header for the integral of |f|^p over the box, intersected with
  // vol [min |F|^p, max |F|^p] (F: enclose()); absent where F contains 0 or is not finite, or where
  // f may jump on the box. Written independently of the engine's leaf_integral.hpp.
  std::optional<Range> integral(const Box& box, long bits, unsigned long p) {
    const std::optional<Range> F = enclose(box, bits, std::nullopt);
    if (!F || (F->lo.sign() <= 0 && F->hi.sign() >= 0)) return std::nullopt;
    const int s = F->lo.sign() > 0 ? 1 : -1;
    const Rational absF_lo = s > 0 ? F->lo : -F->hi, absF_hi = s > 0 ? F->hi : -F->lo;
    const long n = static_cast<long>(p);
    const Rational vol = exact_volume(box);
    const Range zeroth{vol * pow_int(absF_lo, n), vol * pow_int(absF_hi, n)};

    Evaluators& e = at(bits);
    const std::size_t d = box.dim();
    const Jet<Interval> f = jet_over(e, box);
    if (f.discontinuous) return zeroth;
    std::vector<Interval> mid(d);
    for (std::size_t i = 0; i < d; ++i) set(mid[i], (box.lo[i] + box.hi[i]) / Rational(2), e.prec);
    e.point.run(mid);
    const Interval& y = e.point.value(out_);
    if (!is_finite(y)) return zeroth;
    const Range fc = range_of(y);
    // |f(c)| lies in both [|F| ends] and |fc|.
    const Rational c_lo = max(absF_lo, s > 0 ? fc.lo : -fc.hi), c_hi = min(absF_hi, s > 0 ? fc.hi : -fc.lo);
    if (c_hi < c_lo) throw std::logic_error("cover check: f at the midpoint misses f's enclosure over the leaf");
    // p |F|^(p-1) >= 0: the product with s G_i has the extreme ends of the four products.
    const Rational k_lo = Rational(n) * pow_int(absF_lo, n - 1), k_hi = Rational(n) * pow_int(absF_hi, n - 1);
    Rational spread(0);
    for (std::size_t i = 0; i < d; ++i) {
      Rational g_lo(0), g_hi(0);
      if (i < f.g.size()) {
        if (!is_finite(f.g[i])) return zeroth;
        g_lo = s > 0 ? lower(f.g[i]) : -upper(f.g[i]);
        g_hi = s > 0 ? upper(f.g[i]) : -lower(f.g[i]);
      }
      const Rational a = k_lo * g_lo, b = k_lo * g_hi, c = k_hi * g_lo, dd = k_hi * g_hi;
      const Rational radius = (max(max(a, b), max(c, dd)) - min(min(a, b), min(c, dd))) / Rational(2);
      spread += radius * (box.hi[i] - box.lo[i]) / Rational(4);  // rad(Phi_i) * mean |x_i - c_i|
    }
    const Range form{vol * (pow_int(c_lo, n) - spread), vol * (pow_int(c_hi, n) + spread)};
    const Range both = intersect(form, zeroth);
    if (both.hi < both.lo) throw std::logic_error("cover check: the mean-value integral misses vol [m^p, M^p]");
    return both;
  }

 private:
  Evaluators& at(long bits) {
    auto& e = cache_[bits];
    if (!e) e = std::make_unique<Evaluators>(prog_, bits);
    return *e;
  }

  const Program& prog_;
  NodeId out_;
  long taylor_order_;
  std::vector<RecordedZero> zeros_;
  bool gradients_;  // whether the gradient-based forms are affordable for this program
  bool substitute_relus_;
  bool second_order_first_ = false;  // the second-order form proved the last goal it was tried for
  std::map<long, std::unique_ptr<Evaluators>> cache_;
};

// A leaf integral is re-proved on at most this many parts (the search is quadratic in them).
constexpr std::size_t kMaxIntegralParts = 512;

// The box's widest coordinate (absolute width); none when the box is a point.
std::optional<std::size_t> widest(const Box& box) {
  std::optional<std::size_t> best;
  Rational best_width(0);
  for (std::size_t i = 0; i < box.dim(); ++i) {
    const Rational w = box.hi[i] - box.lo[i];
    if (best_width < w) best = i, best_width = w;
  }
  return best;
}

// A bisection of one leaf (split_proves): whether it proved the goal, the sub-boxes it bounded, and
// whether it stopped at its cap of sub-boxes (then more would have been needed).
struct LeafSplit {
  bool proved = false;
  bool capped = false;
  std::uint64_t boxes = 0;
};

// What a leaf shows alone, before the global budget is applied: unsplit, then bisected ahead.
struct LeafOutcome {
  bool bound_proved = true;  // the bound (and lower bound) on the leaf itself
  bool smooth = false;
  LeafSplit split;                      // where not: the bisection within the ahead cap
  bool integral_proved = true;          // the recorded integral on the leaf itself
  std::optional<Range> integral_whole;  // where not: the leaf's integral enclosure
};

class CoverChecker {
 public:
  CoverChecker(const Program& prog, const Box& domain, const RecordedCover& cover, const CoverCheckOptions& o)
      : prog_(prog), bounder_(prog, o.taylor_order, o.removable_zeros), domain_(domain), cover_(cover), o_(o) {
    budget_ = o.max_extra_boxes ? o.max_extra_boxes : 64 * static_cast<std::uint64_t>(cover.bounds.size()) + 65536;
  }

  // The tree is walked in batches of leaves (tiling, monotonicity nodes, the leaf boxes); each
  // batch's leaves are proved alone in parallel, and their outcomes settled in leaf order against
  // the global budget. Batches bound the memory and let a rejected cover stop early.
  CoverCheckReport run() {
    while (true) {
      first_ += leaves_.size();
      leaves_.clear();
      const std::optional<std::string> stop = walk(std::max<std::size_t>(1, o_.leaves_per_batch));
      std::vector<LeafOutcome> outcomes;
      if (o_.prove_leaves) outcomes = prove_alone();
      for (std::size_t k = 0; k < leaves_.size(); ++k) {
        if (o_.volumes) report_.volumes.push_back(exact_volume(leaves_[k]));
        if (o_.prove_leaves) settle(k, outcomes[k]);
        if (report_.problems.size() >= 10) return report_;  // enough to reject; stop early
      }
      if (monotone_total_) report_.monotone = *monotone_total_;
      if (stop) return fail(*stop);
      if (stack_.empty()) break;
    }
    report_.leaves = first_ + leaves_.size();
    return report_;
  }

 private:
  CoverCheckReport fail(std::string what) {
    report_.problems.push_back(std::move(what));
    return report_;
  }

  // Continues the walk of the tree in pre-order, checking the tiling and the monotonicity nodes,
  // until leaves_ holds `batch` leaf boxes or the tree ends; returns the first structural problem
  // (the walk stops there).
  std::optional<std::string> walk(std::size_t batch) {
    std::vector<Box>& stack = stack_;
    std::size_t &cut = cut_, &pos = pos_, &monotone = monotone_;
    while (!stack.empty() && leaves_.size() < batch) {
      Box box = std::move(stack.back());
      stack.pop_back();
      if (pos >= cover_.tree.size()) return "the cover's tree ends before every box is a leaf";
      const char c = cover_.tree[pos++];
      if (c == 'L') {
        const std::size_t leaf = first_ + leaves_.size();
        if (leaf >= cover_.bounds.size()) return "the cover has fewer bounds than leaves";
        if (!cover_.lower_bounds.empty() && leaf >= cover_.lower_bounds.size())
          return "the cover has fewer lower bounds than leaves";
        if (!cover_.integrals.empty() && leaf >= cover_.integrals.size())
          return "the cover has fewer integrals than leaves";
        leaves_.push_back(std::move(box));
        continue;
      }
      if (c == 'M') {
        if (monotone >= cover_.monotone.size()) return "the cover has fewer monotonicity entries than 'M' nodes";
        if (!cover_.lower_bounds.empty() || !cover_.integrals.empty())
          return "an L^p cover has a monotonicity node (the test holds for the sup norm only)";
        const std::size_t index = monotone++;
        std::vector<Box> faces;
        if (std::optional<std::string> problem = check_monotone(box, cover_.monotone[index], index, faces))
          return problem;
        for (std::size_t k = faces.size(); k-- > 0;) stack.push_back(std::move(faces[k]));  // lower face first
        continue;
      }
      if (c != 'S') return "the cover's tree has a character other than 'S', 'L' and 'M' at " + std::to_string(pos - 1);
      if (cut >= cover_.cuts.size()) return "the cover has fewer cuts than 'S' nodes";
      const RecordedCut& k = cover_.cuts[cut++];
      if (k.dim >= box.dim())
        return "cut " + std::to_string(cut - 1) + " names coordinate " + std::to_string(k.dim) + " of a " +
               std::to_string(box.dim()) + "-dimensional box";
      const Rational at = k.at ? *k.at : (box.lo[k.dim] + box.hi[k.dim]) / Rational(2);
      if (!(box.lo[k.dim] < at && at < box.hi[k.dim]))
        return "cut " + std::to_string(cut - 1) + " is not strictly inside its box";
      Box left = box, right = std::move(box);
      left.hi[k.dim] = at;
      right.lo[k.dim] = at;
      stack.push_back(std::move(right));
      stack.push_back(std::move(left));
    }
    if (!stack.empty()) return std::nullopt;  // the next batch goes on from here
    if (pos != cover_.tree.size()) return "the cover's tree has nodes after its last leaf";
    if (cut != cover_.cuts.size()) return "the cover has more cuts than 'S' nodes";
    if (monotone != cover_.monotone.size()) return "the cover has more monotonicity entries than 'M' nodes";
    monotone_total_ = monotone;
    const std::size_t leaf = first_ + leaves_.size();
    if (leaf != cover_.bounds.size()) return "the cover has more bounds than leaves";
    if (!cover_.lower_bounds.empty() && leaf != cover_.lower_bounds.size())
      return "the cover has more lower bounds than leaves";
    if (!cover_.integrals.empty() && leaf != cover_.integrals.size()) return "the cover has more integrals than leaves";
    return std::nullopt;
  }

  // Monotonicity node `index` on `box`: its coordinate has positive width, and the sign of df/dx
  // over the widened box is re-proved (at both precisions); `faces` receives its children's boxes.
  std::optional<std::string> check_monotone(const Box& box, const RecordedMonotone& m, std::size_t index,
                                            std::vector<Box>& faces) {
    const std::string name = "monotonicity node " + std::to_string(index);
    if (m.dim >= box.dim() || !(box.lo[m.dim] < box.hi[m.dim]))
      return name + ": its coordinate is not one of positive width of its box";
    faces = boundary_faces(box, domain_, m.dim);
    if (!o_.prove_leaves) return std::nullopt;
    const Box wide = monotonicity_box(box, domain_);
    if (bounder_.gradient_has_sign(wide, o_.bits, m.dim, m.sign) ||
        bounder_.gradient_has_sign(wide, o_.max_bits, m.dim, m.sign))
      return std::nullopt;
    return name + ": the gradient enclosure (MPFI, up to " + std::to_string(o_.max_bits) +
           " bits) over its widened box does not prove df/dx" + std::to_string(m.dim) + (m.sign > 0 ? " > 0" : " < 0") +
           " there";
  }

  // What leaf k must show (absent: nothing, its bound is "inf" and its lower bound 0 or absent);
  // `negative`: its recorded lower bound is negative (a problem).
  std::optional<LeafGoal> goal_of(std::size_t k, bool* negative = nullptr) const {
    const std::optional<Rational>& recorded = cover_.bounds[k];
    const Rational* lower = cover_.lower_bounds.empty() ? nullptr : &cover_.lower_bounds[k];
    if (negative) *negative = lower && lower->sign() < 0;
    if (lower && lower->sign() < 0) return std::nullopt;
    if (lower && lower->sign() == 0) lower = nullptr;  // |f| >= 0: nothing to prove
    if (!recorded && !lower) return std::nullopt;      // "inf": nothing to prove
    return LeafGoal{recorded ? &*recorded : nullptr, lower};
  }

  // Every leaf of the batch proved alone (at both precisions, bisected within o_.ahead_split_cap
  // sub-boxes where that fails), on o_.threads threads; each outcome depends on its leaf only.
  std::vector<LeafOutcome> prove_alone() {
    std::vector<LeafOutcome> outcomes(leaves_.size());
    std::atomic<std::uint64_t> done{first_};
    const auto one = [&](LeafBounder& bounder, std::size_t k) {
      outcomes[k] = prove_alone(bounder, k);
      const std::uint64_t n = ++done;
      if (o_.progress && (n % 256 == 0 || n == cover_.bounds.size())) o_.progress(n, cover_.bounds.size());
    };
    const unsigned threads = o_.threads ? o_.threads : std::max(1u, std::thread::hardware_concurrency());
    if (threads == 1 || leaves_.size() < 2) {
      for (std::size_t k = 0; k < leaves_.size(); ++k) one(bounder_, k);
      return outcomes;
    }
    if (!arena_) arena_ = std::make_unique<tbb::task_arena>(static_cast<int>(threads));
    arena_->execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, leaves_.size(), 16),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          std::unique_ptr<LeafBounder>& b = bounders_.local();
                          if (!b) b = std::make_unique<LeafBounder>(prog_, o_.taylor_order, o_.removable_zeros);
                          for (std::size_t k = r.begin(); k != r.end(); ++k) one(*b, k);
                        });
    });
    return outcomes;
  }

  // Leaf k of the batch (first_ + k of the cover) proved alone.
  LeafOutcome prove_alone(LeafBounder& bounder, std::size_t k) const {
    LeafOutcome out;
    const Box& box = leaves_[k];
    if (const std::optional<LeafGoal> goal = goal_of(first_ + k)) {
      out.bound_proved = goal->met_by(bounder.enclose(box, o_.bits, *goal, true, &out.smooth)) ||
                         proved_above(bounder, box, *goal, out.smooth, o_.bits);
      // The second-order form is tried on the sub-boxes of smooth leaves only: on a kinked leaf (a
      // relu network's, proved by the linear relaxation) its smooth sub-boxes are measured to gain
      // nothing from it, at (d+1)^2 point evaluations each.
      const std::uint64_t cap = std::min(budget_, std::max<std::uint64_t>(1, o_.ahead_split_cap));
      if (!out.bound_proved) out.split.proved = split_proves(bounder, box, *goal, 0, out.smooth, cap, out.split);
    }
    if (!cover_.integrals.empty() && cover_.integrals[first_ + k]) {
      const Range& recorded = *cover_.integrals[first_ + k];
      const auto inside = [&](const std::optional<Range>& r) {
        return r && recorded.lo <= r->lo && r->hi <= recorded.hi;
      };
      out.integral_whole = integral_bound(bounder, box, o_.bits);
      if (!inside(out.integral_whole) && o_.max_bits != o_.bits)
        out.integral_whole = integral_bound(bounder, box, o_.max_bits);
      out.integral_proved = inside(out.integral_whole);
    }
    return out;
  }

  // Leaf k's outcome against the budget left after the leaves before it: a bisection run ahead
  // with cap C stands as it is when it fit the budget left R; one that needed more than R sub-boxes
  // fails having used R (as a run capped at R stops at its (R+1)-th sub-box); one stopped at C < R
  // is run again here capped at R. So the result is that of proving the leaves one by one.
  void settle(std::size_t batch_index, LeafOutcome& out) {
    const Box& box = leaves_[batch_index];
    const std::size_t k = first_ + batch_index;
    bool negative = false;
    const std::optional<LeafGoal> goal = goal_of(k, &negative);
    if (negative) report_.problems.push_back("leaf " + std::to_string(k) + ": a negative lower bound");
    if (goal && !out.bound_proved) {
      const std::uint64_t left = budget_ - report_.extra_boxes;
      LeafSplit& s = out.split;
      if (s.capped && s.boxes < left) {
        s = LeafSplit{};
        s.proved = split_proves(bounder_, box, *goal, 0, out.smooth, left, s);
      } else if (s.boxes > left || (s.capped && s.boxes >= left)) {
        s = LeafSplit{false, true, left};
      }
      report_.extra_boxes += s.boxes;
      if (s.proved) ++report_.leaves_split;
      else report_.problems.push_back(leaf_problem(k, *goal, s.boxes));
    }
    if (!out.integral_proved) check_leaf_integral(box, *cover_.integrals[k], k, out.integral_whole);
  }

  // The claim as one statement (both ends must hold together; the forms do not say which failed).
  std::string leaf_problem(std::size_t k, const LeafGoal& goal, std::uint64_t boxes) const {
    std::string what = goal.upper ? "|error| <= its recorded bound " + decimal_up(*goal.upper, 17) : std::string();
    if (goal.lower)
      what = goal.upper ? decimal_down(*goal.lower, 17) + " <= |error| <= " + decimal_up(*goal.upper, 17) +
                              " (its recorded lower bound and bound)"
                        : "|error| >= its recorded lower bound " + decimal_down(*goal.lower, 17);
    return "leaf " + std::to_string(k) +
           ": the natural, centred, second-order and relu-substitution forms (MPFI, up to " +
           std::to_string(o_.max_bits) + " bits, " + std::to_string(boxes) + " sub-boxes) do not prove " + what;
  }

  // The integral of |f|^p over the box: the mean-value form, or vol [m^p, M^p] where it does not apply.
  std::optional<Range> integral_bound(LeafBounder& bounder, const Box& b, long bits) const {
    if (std::optional<Range> r = bounder.integral(b, bits, o_.lp_exponent)) return r;
    const std::optional<Range> F = bounder.enclose(b, bits, std::nullopt);
    if (!F) return std::nullopt;
    const long n = static_cast<long>(o_.lp_exponent);
    const Rational vol = exact_volume(b);
    return Range{vol * pow_int(abs_min(*F), n), vol * pow_int(abs_max(*F), n)};
  }

  // lo <= integral over the leaf of |f|^p <= hi where the leaf's own enclosure `whole` did not show
  // it: summed over a bisection that cuts the part with the widest enclosure first, within the
  // budget of extra boxes (run in leaf order).
  void check_leaf_integral(const Box& box, const Range& recorded, std::size_t index, std::optional<Range> whole) {
    const auto inside = [&](const Range& r) { return recorded.lo <= r.lo && r.hi <= recorded.hi; };
    const std::uint64_t before = report_.extra_boxes;
    struct Part {
      Box box;
      Range integral;
      unsigned depth;
    };
    std::vector<Part> parts;
    if (whole) parts.push_back({box, *whole, 0});
    while (whole) {
      // The part with the widest enclosure is cut.
      std::size_t worst = 0;
      Range sum{Rational(0), Rational(0)};
      for (std::size_t k = 0; k < parts.size(); ++k) {
        sum = sum + parts[k].integral;
        if (parts[worst].integral.hi - parts[worst].integral.lo < parts[k].integral.hi - parts[k].integral.lo)
          worst = k;
      }
      if (inside(sum)) {
        ++report_.leaves_split;
        return;
      }
      const std::optional<std::size_t> i = widest(parts[worst].box);
      if (!i || parts[worst].depth >= o_.max_split_depth || parts.size() >= kMaxIntegralParts ||
          report_.extra_boxes + 2 > budget_)
        break;
      Part part = std::move(parts[worst]);
      parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(worst));
      const Rational at = (part.box.lo[*i] + part.box.hi[*i]) / Rational(2);
      Box halves[2] = {part.box, part.box};
      halves[0].hi[*i] = at;
      halves[1].lo[*i] = at;
      for (const Box& h : halves) {
        ++report_.extra_boxes;
        const std::optional<Range> r = integral_bound(bounder_, h, o_.max_bits);
        if (!r) {
          whole.reset();
          break;
        }
        parts.push_back({h, *r, part.depth + 1});
      }
    }
    report_.problems.push_back(
        "leaf " + std::to_string(index) + ": the mean-value and zeroth-order forms (MPFI, up to " +
        std::to_string(o_.max_bits) + " bits, " + std::to_string(report_.extra_boxes - before) +
        " sub-boxes) do not prove " + decimal_down(recorded.lo, 17) + " <= integral of |error|^" +
        std::to_string(o_.lp_exponent) + " over it <= " + decimal_up(recorded.hi, 17) + " (its recorded integral)");
  }

  // The goal met on the box at a precision above `tried` bits: 256 (at most max_bits), then
  // max_bits. The higher precision, which a certificate's recorded run sets, costs time only on
  // the boxes the lower one does not prove (a forged "max_bits_used" of 65536 on easy leaves
  // costs nothing).
  bool proved_above(LeafBounder& bounder, const Box& box, const LeafGoal& goal, bool second_order, long tried) const {
    for (const long bits : {std::min<long>(o_.max_bits, 256), o_.max_bits}) {
      if (bits <= tried) continue;
      if (goal.met_by(bounder.enclose(box, bits, goal, second_order))) return true;
      tried = bits;
    }
    return false;
  }

  // Bisects the widest coordinate; true if every part is re-proved within depth and `cap` sub-boxes
  // (counted in s.boxes; s.capped when the cap stopped it).
  bool split_proves(LeafBounder& bounder, const Box& box, const LeafGoal& goal, unsigned depth, bool second_order,
                    std::uint64_t cap, LeafSplit& s) const {
    if (depth >= o_.max_split_depth) return false;
    const std::optional<std::size_t> i = widest(box);
    if (!i) return false;
    const Rational at = (box.lo[*i] + box.hi[*i]) / Rational(2);
    Box halves[2] = {box, box};
    halves[0].hi[*i] = at;
    halves[1].lo[*i] = at;
    for (const Box& h : halves) {
      if (s.boxes >= cap) {
        s.capped = true;
        return false;
      }
      ++s.boxes;
      if (proved_above(bounder, h, goal, second_order, 0)) continue;
      if (!split_proves(bounder, h, goal, depth + 1, second_order, cap, s)) return false;
    }
    return true;
  }

  const Program& prog_;
  LeafBounder bounder_;  // the walk's and the settling's (prove_alone has one per thread)
  const Box& domain_;
  const RecordedCover& cover_;
  const CoverCheckOptions& o_;
  std::uint64_t budget_ = 0;
  std::vector<Box> stack_{domain_};                                         // the walk's boxes still to visit
  std::size_t cut_ = 0, pos_ = 0, monotone_ = 0;                            // the walk's next cut, tree node, 'M' node
  std::size_t first_ = 0;                                                   // the cover's index of leaves_[0]
  std::vector<Box> leaves_;                                                 // the batch's leaf boxes, in pre-order
  std::unique_ptr<tbb::task_arena> arena_;                                  // with more than one thread
  tbb::enumerable_thread_specific<std::unique_ptr<LeafBounder>> bounders_;  // one per thread
  std::optional<std::uint64_t> monotone_total_;  // set once the walk has counted every 'M' node
  CoverCheckReport report_;
};

}  // namespace

std::optional<Rational> natural_centred_abs_bound(const Program& prog, const Box& box, long bits, long taylor_order) {
  return LeafBounder(prog, taylor_order).bound(box, bits);
}

std::optional<Rational> divided_form_abs_bound(const Program& prog, const Box& box, const RecordedZero& zero, long bits,
                                               long k) {
  Evaluator<Series> series(prog, Prec(bits));
  const std::optional<Range> r = divided_form(prog, series, box, zero, Prec(bits), k);
  if (!r) return std::nullopt;
  return abs_max(*r);
}

CoverCheckReport check_cover(const Program& prog, const Box& domain, const RecordedCover& cover,
                             const CoverCheckOptions& options) {
  if (prog.outputs().empty() || prog.num_inputs() != domain.dim())
    throw std::invalid_argument("check_cover: the program does not match the domain");
  if (!options.removable_zeros.empty() && !divides_outputs(prog)) {
    CoverCheckReport report;
    report.problems.push_back("removable zeros are recorded but the program is not a one-input relative error e/t");
    return report;
  }
  return CoverChecker(prog, domain, cover, options).run();
}

}  // namespace approxcert
