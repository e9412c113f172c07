#include "supnorm/polynomial_range.hpp"

#include <queue>
#include <vector>

#include "forms/dyadic.hpp"
#include "net/series.hpp"
#include "scalar/ball.hpp"

namespace approxcert {

namespace {

const Rational kHalf(mpz_class(1), mpz_class(2));

// RAII for the shifted polynomial.
struct Poly {
  Poly() { arb_poly_init(p); }
  ~Poly() { arb_poly_clear(p); }
  Poly(const Poly&) = delete;
  Poly& operator=(const Poly&) = delete;
  arb_poly_t p;
};

Ball exact_mid(const Ball& x) {
  Ball m;
  arb_set_arf(m.arb(), arb_midref(x.arb()));
  return m;
}

// a^2 / (-4 b): the value at the vertex -a/(2b) of a s + b s^2.
Ball vertex_value(const Ball& a, const Ball& b, Prec p) {
  Ball r, t;
  mul(r, a, a, p);
  arb_mul_2exp_si(t.arb(), b.arb(), 2);
  neg(t, t);
  div(r, r, t, p);
  return r;
}

// Encloses max over s in [-h, h] of a s + b s^2 (a, b exact, h >= 0): |a| h + b h^2 at an end,
// unless the parabola opens downward with its vertex inside [-h, h] (|a| <= 2 |b| h), where the
// maximum is the vertex value; when that test is undecided, the larger of the two.
Ball max_quadratic(const Ball& a, const Ball& b, const Ball& h, Prec p) {
  Ball end, t;
  abs(end, a, p);
  mul(end, end, h, p);
  mul(t, h, h, p);
  addmul(end, b, t, p);
  if (arf_sgn(arb_midref(b.arb())) >= 0) return end;
  Ball abs_a, reach;
  abs(abs_a, a, p);
  mul(reach, b, h, p);
  abs(reach, reach, p);
  arb_mul_2exp_si(reach.arb(), reach.arb(), 1);
  if (less(reach, abs_a) == Truth::True) return end;
  Ball vertex = vertex_value(a, b, p);
  if (less_equal(abs_a, reach) == Truth::True) return vertex;
  max(vertex, vertex, end, p);
  return vertex;
}

// A sub-interval [lo, hi] of the polynomial's interval, bounded through the Taylor shift at a short
// dyadic centre `mid` inside it. Pieces are cut at their centres, so they tile [lo, hi] exactly:
// a piece that overhung a non-dyadic end (a dyadic centre with a symmetric half-width) would
// enclose P beyond the interval, where no point of [lo, hi] can match its bound, and the
// refinement would cut the overhang until max_pieces (issue 17's slow box at 1/3).
struct Piece {
  Rational lo, hi, mid;
  Range range;  // contains P on [lo, hi]
  Rational abs_upper;
  Rational rounding;  // the radius of P(mid): the noise floor of this working precision
  bool operator<(const Piece& o) const { return abs_upper < o.abs_upper; }  // max-heap by bound
};

class Refinement {
 public:
  Refinement(const arb_poly_struct* P, const Rational& lo, const Rational& hi, const PolynomialRangeGoal& goal, Prec p)
      : P_(P), lo_(lo), hi_(hi), goal_(goal), prec_(p) {
    set(slack_, goal.slack, p);
  }

  PolynomialRange run();

 private:
  Piece bound_piece(const Rational& lo, const Rational& hi);
  void consider(const Rational& t, const Ball& value);
  bool close_enough(const Piece& top) const;

  const arb_poly_struct* P_;
  Rational lo_, hi_;
  const PolynomialRangeGoal& goal_;
  Prec prec_;
  Ball slack_;
  PolynomialRange out_;
  bool have_range_ = false;
};

// The sub-interval's range through Q(s) = P(mid + s), s in [-half, half] with mid a short dyadic
// of [lo, hi] (held exactly by a ball, so the O(n^2) shift multiplies by few bits) and half =
// max(hi - mid, mid - lo), whose ball (inexact only at a non-dyadic end) contains the exact value:
// the bounds below hold for every half-width in it, hence for [lo, hi].
Piece Refinement::bound_piece(const Rational& lo, const Rational& hi) {
  ++out_.pieces;
  const Rational mid = lo < hi ? dyadic_near((lo + hi) * kHalf, lo, hi) : lo;
  const Rational half = max(hi - mid, mid - lo);
  Ball m, h;
  set(m, mid, prec_);
  set(h, half, prec_);
  Poly Q;
  arb_poly_taylor_shift(Q.p, P_, m.arb(), prec_.bits);
  const Ball q0 = poly_coefficient(Q.p, 0), q1 = poly_coefficient(Q.p, 1), q2 = poly_coefficient(Q.p, 2);
  const Ball a = exact_mid(q1), b = exact_mid(q2);

  // tail >= |q1 - a| h + |q2 - b| h^2 + sum_{k >= 3} |q_k| h^k
  Ball tail, hk = h, c;
  for (slong k = 1; k < Q.p->length; ++k) {
    const Ball qk = poly_coefficient(Q.p, k);
    if (k <= 2) arb_get_rad_arb(c.arb(), qk.arb());  // a, b hold the midpoints
    else abs(c, qk, prec_);
    addmul(tail, c, hk, prec_);
    mul(hk, hk, h, prec_);
  }
  Ball up = q0, down = q0, quad;
  quad = max_quadratic(a, b, h, prec_);
  add(up, up, quad, prec_);
  add(up, up, tail, prec_);
  Ball na, nb;
  neg(na, a);
  neg(nb, b);
  quad = max_quadratic(na, nb, h, prec_);
  sub(down, down, quad, prec_);
  sub(down, down, tail, prec_);

  Piece piece{lo, hi, mid, Range{lower(down), upper(up)}, Rational(0), rad(q0)};
  piece.abs_upper = abs_max(piece.range);

  consider(mid, q0);
  // the vertex of the quadratic part, a likely extremum
  if (!arf_is_zero(arb_midref(b.arb()))) {
    Ball s;
    div(s, a, b, prec_);
    arb_mul_2exp_si(s.arb(), s.arb(), -1);
    neg(s, s);
    if (arb_is_finite(s.arb())) {
      const Rational t = mid + ::approxcert::mid(exact_mid(s));
      if (lo <= t && t <= hi) {
        Ball tb, v;
        set(tb, t, prec_);
        arb_poly_evaluate(v.arb(), P_, tb.arb(), prec_.bits);
        consider(t, v);
      }
    }
  }
  return piece;
}

void Refinement::consider(const Rational& t, const Ball& value) {
  if (t < lo_ || hi_ < t || !is_finite(value)) return;
  Ball a;
  abs(a, value, prec_);
  const Rational low = lower(a);
  if (out_.best_t && !(out_.best_abs_lower < low)) return;
  out_.best_t = t;
  out_.best_abs_lower = low;
}

// The bound top (>= max |P| on the pieces left) is good enough for the caller's goal.
bool Refinement::close_enough(const Piece& piece) const {
  const Rational& top = piece.abs_upper;
  Rational best = out_.best_abs_lower - goal_.slack;  // sup |P + E| >= |P(best_t)| - slack
  if (best < goal_.known_lower) best = goal_.known_lower;
  const Rational upper = top + goal_.slack;
  if (upper - best <= goal_.abs_tol) return true;
  if (best.sign() > 0 && upper <= best * (Rational(1) + goal_.rel_tol)) return true;
  // the slack, not P, dominates what is left: refining P further cannot halve the gap
  if (top - out_.best_abs_lower <= goal_.slack) return true;
  // rounding errors dominate: only a higher precision can help (the caller's job)
  return top - out_.best_abs_lower <= Rational(8) * piece.rounding;
}

PolynomialRange Refinement::run() {
  // Pieces are cut at their centres: they tile [lo, hi] exactly.
  std::priority_queue<Piece> open;
  open.push(bound_piece(lo_, hi_));
  auto absorb = [&](const Range& r) {
    if (!have_range_) out_.range = r, have_range_ = true;
    else out_.range = Range{min(out_.range.lo, r.lo), max(out_.range.hi, r.hi)};
  };
  while (!open.empty()) {
    const Piece& top = open.top();
    if (close_enough(top) || out_.pieces + 2 > goal_.max_pieces) break;
    Piece parent = top;
    open.pop();
    if (!(parent.lo < parent.mid && parent.mid < parent.hi)) {  // too thin to cut: keep its range
      absorb(parent.range);
      continue;
    }
    for (int side = 0; side < 2; ++side) {
      Piece child = side == 0 ? bound_piece(parent.lo, parent.mid) : bound_piece(parent.mid, parent.hi);
      // a piece that cannot reach the best lower bound is settled: keep its range, drop it
      Rational best = max(goal_.known_lower, out_.best_abs_lower - goal_.slack);
      if (child.abs_upper + goal_.slack <= best) absorb(child.range);
      else open.push(std::move(child));
    }
  }
  while (!open.empty()) {
    absorb(open.top().range);
    open.pop();
  }
  if (!out_.best_t) out_.best_abs_lower = Rational(0);
  return out_;
}

}  // namespace

PolynomialRange bound_polynomial(const arb_poly_struct* P, const Rational& lo, const Rational& hi,
                                 const PolynomialRangeGoal& goal, Prec p) {
  return Refinement(P, lo, hi, goal, p).run();
}

DirtyGoalOutcome dirty_goal_outcome(const PolynomialRange& r, const PolynomialRangeGoal& goal) {
  DirtyGoalOutcome o;
  const Rational best = max(goal.known_lower, r.best_abs_lower - goal.slack);
  const Rational top = abs_max(r.range);
  const Rational upper = top + goal.slack;
  o.met = upper - best <= goal.abs_tol || (best.sign() > 0 && upper <= best * (Rational(1) + goal.rel_tol));
  if (o.met) return o;
  // The refinement stops early where the slack dominates, so max |P| may be far from refined. The
  // largest remainder rho that could meet the goal if it were refined down to b = |P(best_t)|:
  // b + rho <= (1 + rel_tol) max(known, b - rho), or b + rho - max(known, b - rho) <= abs_tol.
  const Rational& b = r.best_abs_lower;
  const Rational& known = goal.known_lower;
  const Rational one_plus = Rational(1) + goal.rel_tol;
  Rational allowed = max(goal.rel_tol * b / (Rational(2) + goal.rel_tol), one_plus * known - b);
  allowed = max(allowed, max(goal.abs_tol / Rational(2), goal.abs_tol + known - b));
  if (allowed.sign() > 0) o.slack_allowed = allowed;
  o.slack_blocks =
      goal.slack * Rational(2) >= upper - best && goal.slack > o.slack_allowed && o.slack_allowed.sign() > 0;
  return o;
}

}  // namespace approxcert
