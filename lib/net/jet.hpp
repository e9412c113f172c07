#pragma once
// Jet<S>: a value with its gradient (forward-mode differentiation) as a Scalar, so the ONE generic
// evaluator computes derivative enclosures: Evaluator<Jet<Ball>>, and Evaluator<Jet<Jet<Ball>>> for
// second derivatives.
//
// Guarantee (rigorous S, inputs seeded by jet_variable() with enclosures of a box B): for every
// node, v encloses the node's values on B and g[i] encloses the partial derivatives d/dx_i of the
// node as a function on B (a node constant on B, such as relu of an argument <= 0 on B, has
// gradient 0), where a node that is only Lipschitz on B (relu, abs, min, max whose argument
// straddles the kink) gets the interval hull of its one-sided derivatives, an enclosure of Clarke's
// generalized gradient. Clarke's chain rule and Lebourg's mean-value theorem then make the mean-value form
// f(x) in f(c) + sum_i g[i] (x_i - c_i) valid on B, unless `discontinuous` is set: some operation
// may jump on B (a step whose argument straddles 0, a hull of branches such as an undecided
// hardmax), and then g means nothing. `kinked` records that a one-sided-derivative hull was taken:
// the gradient itself may jump on B, so second-order (Taylor) forms do not apply. In Jet<Jet<S>>
// the same facts about the derivatives are carried by the flags of the inner jets g[i].
// An empty gradient means zero (constants); gradients of different lengths are padded with zeros.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "scalar/double_weight.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

template <class S>
struct Jet {
  S v;
  std::vector<S> g;
  bool discontinuous = false;
  bool kinked = false;
};

namespace jet_detail {

// A shared zero of S (default construction is exactly 0 for every Scalar type of the project).
template <class S>
const S& zero() {
  static const S z{};
  return z;
}
template <class S>
const S& grad(const Jet<S>& a, std::size_t i) {
  return i < a.g.size() ? a.g[i] : zero<S>();
}
template <class S>
void set_int(S& r, long n, Prec p) {
  set(r, Rational(n), p);
}
// The integers -2..2 as S at precision p, cached per thread (converting a Rational each time would
// cost more than the arithmetic it feeds).
template <class S>
const S& small_int(long n, Prec p) {
  struct Cache {
    long bits = -1;
    S values[5];
  };
  thread_local Cache cache;
  if (cache.bits != p.bits) {
    for (long k = -2; k <= 2; ++k) set_int(cache.values[k + 2], k, p);
    cache.bits = p.bits;
  }
  return cache.values[n + 2];
}
// r.g[i] = d * a.g[i] (r may be a).
template <class S>
void scale_gradient(Jet<S>& r, const S& d, const Jet<S>& a, Prec p) {
  r.g.resize(a.g.size());
  for (std::size_t i = 0; i < a.g.size(); ++i) mul(r.g[i], d, a.g[i], p);
}
// r = f(a) given the value v = f(a.v) and the derivative enclosure d = f'(a.v).
template <class S>
void chain(Jet<S>& r, const Jet<S>& a, S&& v, const S& d, Prec p) {
  const bool disc = a.discontinuous, kink = a.kinked;
  scale_gradient(r, d, a, p);
  r.v = std::move(v);
  r.discontinuous = disc;
  r.kinked = kink;
}
// r.g[i] = f(a.g[i], b.g[i]) over the longer length; r may be a or b (resizing only appends the
// zeros a missing entry stands for).
template <class S, class F>
void combine_gradients(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, F f) {
  const std::size_t n = std::max(a.g.size(), b.g.size());
  r.g.resize(n);
  for (std::size_t i = 0; i < n; ++i) f(r.g[i], grad(a, i), grad(b, i));
}
template <class S>
void make_constant(Jet<S>& r) {
  r.g.clear();
  r.discontinuous = false;
  r.kinked = false;
}

}  // namespace jet_detail

// The jet of input coordinate `index` of `dim`: value x, gradient the unit vector e_index.
template <class S>
Jet<S> jet_variable(const S& x, std::size_t index, std::size_t dim, Prec p) {
  Jet<S> r;
  r.v = x;
  r.g.resize(dim);
  for (std::size_t i = 0; i < dim; ++i) r.g[i] = jet_detail::small_int<S>(i == index ? 1 : 0, p);
  return r;
}

template <class S>
void set(Jet<S>& r, const Rational& q, Prec p) {
  set(r.v, q, p);
  jet_detail::make_constant(r);
}
template <class S>
void set_pi(Jet<S>& r, Prec p) {
  set_pi(r.v, p);
  jet_detail::make_constant(r);
}

namespace jet_detail {
// A linear operation op (add or sub): the value and every gradient entry combine by op itself.
template <class S, class Op>
void linear_binary(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Op op) {
  const bool disc = a.discontinuous || b.discontinuous, kink = a.kinked || b.kinked;
  combine_gradients(r, a, b, op);
  op(r.v, a.v, b.v);
  r.discontinuous = disc;
  r.kinked = kink;
}
}  // namespace jet_detail

template <class S>
void add(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  jet_detail::linear_binary(r, a, b, [p](S& o, const S& x, const S& y) { add(o, x, y, p); });
}
template <class S>
void sub(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  jet_detail::linear_binary(r, a, b, [p](S& o, const S& x, const S& y) { sub(o, x, y, p); });
}
// (ab)' = a' b + a b'
template <class S>
void mul(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  const bool disc = a.discontinuous || b.discontinuous, kink = a.kinked || b.kinked;
  const std::size_t na = a.g.size(), nb = b.g.size();
  r.g.resize(std::max(na, nb));
  for (std::size_t i = 0; i < r.g.size(); ++i) {
    if (i >= nb) {
      mul(r.g[i], a.g[i], b.v, p);
      continue;
    }
    if (i >= na) {
      mul(r.g[i], a.v, b.g[i], p);
      continue;
    }
    S t;
    mul(t, a.g[i], b.v, p);
    addmul(t, a.v, b.g[i], p);
    r.g[i] = std::move(t);
  }
  mul(r.v, a.v, b.v, p);
  r.discontinuous = disc;
  r.kinked = kink;
}
// r := r + a b (the evaluator's hot path for affine nodes: b is usually a constant).
template <class S>
void addmul(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  if (&r == &a || &r == &b) {
    Jet<S> t;
    mul(t, a, b, p);
    add(r, r, t, p);
    return;
  }
  const std::size_t na = a.g.size(), nb = b.g.size();
  if (r.g.size() < std::max(na, nb)) r.g.resize(std::max(na, nb));
  for (std::size_t i = 0; i < na; ++i) addmul(r.g[i], a.g[i], b.v, p);
  for (std::size_t i = 0; i < nb; ++i) addmul(r.g[i], a.v, b.g[i], p);
  addmul(r.v, a.v, b.v, p);
  r.discontinuous = r.discontinuous || a.discontinuous || b.discontinuous;
  r.kinked = r.kinked || a.kinked || b.kinked;
}
// Exact double weights (scalar/double_weight.hpp) where S has them. set_double: r := the constant
// jet c (value [c, c], gradient 0), as set(r, c, p). addmul_double: r := r + a * c for the constant
// jet c = w, entry by entry S's addmul_double: bit for bit addmul(r, a, c, p), whose gradient terms
// a.v * c.g are absent (c.g is empty) and whose a.g[i] * c.v terms are S's addmul(r.g[i], a.g[i], [w, w]).
template <class S>
requires HasDoubleWeights<S>
void set_double(Jet<S>& r, double c) {
  set_double(r.v, c);
  jet_detail::make_constant(r);
}
template <class S>
requires HasDoubleWeights<S>
void addmul_double(Jet<S>& r, const Jet<S>& a, double w, Prec p) {
  if (&r == &a) {
    const Jet<S> copy = a;
    return addmul_double(r, copy, w, p);
  }
  if (r.g.size() < a.g.size()) r.g.resize(a.g.size());
  for (std::size_t i = 0; i < a.g.size(); ++i) addmul_double(r.g[i], a.g[i], w, p);
  addmul_double(r.v, a.v, w, p);
  r.discontinuous = r.discontinuous || a.discontinuous;
  r.kinked = r.kinked || a.kinked;
}
// (a/b)' = (a' - (a/b) b') / b
template <class S>
void div(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  const bool disc = a.discontinuous || b.discontinuous, kink = a.kinked || b.kinked;
  S q;
  div(q, a.v, b.v, p);
  const std::size_t na = a.g.size(), nb = b.g.size();
  r.g.resize(std::max(na, nb));
  for (std::size_t i = 0; i < r.g.size(); ++i) {
    S t;
    if (i < na) t = a.g[i];
    if (i < nb) {
      S u;
      mul(u, q, b.g[i], p);
      sub(t, t, u, p);
    }
    div(r.g[i], t, b.v, p);
  }
  r.v = std::move(q);
  r.discontinuous = disc;
  r.kinked = kink;
}
template <class S>
void neg(Jet<S>& r, const Jet<S>& a) {
  neg(r.v, a.v);
  r.g.resize(a.g.size());
  for (std::size_t i = 0; i < a.g.size(); ++i) neg(r.g[i], a.g[i]);
  r.discontinuous = a.discontinuous;
  r.kinked = a.kinked;
}
// (a^n)' = n a^(n-1) a'
template <class S>
void pow_int(Jet<S>& r, const Jet<S>& a, long n, Prec p) {
  if (n == 0) {
    r.v = jet_detail::small_int<S>(1, p);
    jet_detail::make_constant(r);
    return;
  }
  S v, d, c;
  pow_int(v, a.v, n, p);
  pow_int(d, a.v, n - 1, p);
  jet_detail::set_int(c, n, p);
  mul(d, d, c, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void exp(Jet<S>& r, const Jet<S>& a, Prec p) {
  S v;
  exp(v, a.v, p);
  const S d = v;
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void expm1(Jet<S>& r, const Jet<S>& a, Prec p) {  // derivative exp(a)
  S v, d;
  expm1(v, a.v, p);
  exp(d, a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void log1p(Jet<S>& r, const Jet<S>& a, Prec p) {  // derivative 1/(1 + a)
  S v, d, t;
  log1p(v, a.v, p);
  add(t, jet_detail::small_int<S>(1, p), a.v, p);
  div(d, jet_detail::small_int<S>(1, p), t, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
namespace jet_detail {
// d = 1 / (a log b) for the base-b logarithm.
template <class S>
void log_base_derivative(S& d, const S& a, long b, Prec p) {
  S lb;
  set_int(lb, b, p);
  log(lb, lb, p);
  mul(d, a, lb, p);
  div(d, small_int<S>(1, p), d, p);
}
// d = (s a^2 + c)^(-1/2) (root) or (s a^2 + c)^(-1): the derivatives of asin, acos (up to sign),
// asinh, acosh and atanh. Outside the function's open domain d is not finite (sqrt or 1/0).
template <class S>
void quadratic_derivative(S& d, const S& a, long s, long c, bool root, Prec p) {
  S t;
  pow_int(t, a, 2, p);
  if (s < 0) neg(t, t);
  add(t, t, small_int<S>(c, p), p);
  if (root) sqrt(t, t, p);
  div(d, small_int<S>(1, p), t, p);
}
// d = 2/sqrt(pi) exp(-a^2), the derivative of erf.
template <class S>
void erf_derivative(S& d, const S& a, Prec p) {
  S t, c;
  pow_int(t, a, 2, p);
  neg(t, t);
  exp(t, t, p);
  set_pi(c, p);
  sqrt(c, c, p);
  div(c, small_int<S>(2, p), c, p);
  mul(d, t, c, p);
}
}  // namespace jet_detail

template <class S>
void log2(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / (a log 2)
  S v, d;
  log2(v, a.v, p);
  jet_detail::log_base_derivative(d, a.v, 2, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void log10(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / (a log 10)
  S v, d;
  log10(v, a.v, p);
  jet_detail::log_base_derivative(d, a.v, 10, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void asin(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / sqrt(1 - a^2)
  S v, d;
  asin(v, a.v, p);
  jet_detail::quadratic_derivative(d, a.v, -1, 1, true, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void acos(Jet<S>& r, const Jet<S>& a, Prec p) {  // -1 / sqrt(1 - a^2)
  S v, d;
  acos(v, a.v, p);
  jet_detail::quadratic_derivative(d, a.v, -1, 1, true, p);
  neg(d, d);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void sinh(Jet<S>& r, const Jet<S>& a, Prec p) {  // cosh
  S v, d;
  sinh(v, a.v, p);
  cosh(d, a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void cosh(Jet<S>& r, const Jet<S>& a, Prec p) {  // sinh
  S v, d;
  cosh(v, a.v, p);
  sinh(d, a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void asinh(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / sqrt(a^2 + 1)
  S v, d;
  asinh(v, a.v, p);
  jet_detail::quadratic_derivative(d, a.v, 1, 1, true, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void acosh(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / sqrt(a^2 - 1)
  S v, d;
  acosh(v, a.v, p);
  jet_detail::quadratic_derivative(d, a.v, 1, -1, true, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void atanh(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / (1 - a^2)
  S v, d;
  atanh(v, a.v, p);
  jet_detail::quadratic_derivative(d, a.v, -1, 1, false, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void erf(Jet<S>& r, const Jet<S>& a, Prec p) {  // 2/sqrt(pi) exp(-a^2)
  S v, d;
  erf(v, a.v, p);
  jet_detail::erf_derivative(d, a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void erfc(Jet<S>& r, const Jet<S>& a, Prec p) {  // -2/sqrt(pi) exp(-a^2)
  S v, d;
  erfc(v, a.v, p);
  jet_detail::erf_derivative(d, a.v, p);
  neg(d, d);
  jet_detail::chain(r, a, std::move(v), d, p);
}
// (a^b)' = (b a^b / a) a' + (a^b log a) b'
template <class S>
void pow(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  const bool disc = a.discontinuous || b.discontinuous, kink = a.kinked || b.kinked;
  S v, da, db;
  pow(v, a.v, b.v, p);
  div(da, v, a.v, p);
  mul(da, da, b.v, p);
  log(db, a.v, p);
  mul(db, db, v, p);
  jet_detail::combine_gradients(r, a, b, [&](S& o, const S& x, const S& y) {
    S t;
    mul(t, da, x, p);
    addmul(t, db, y, p);
    o = std::move(t);
  });
  r.v = std::move(v);
  r.discontinuous = disc;
  r.kinked = kink;
}
template <class S>
void log(Jet<S>& r, const Jet<S>& a, Prec p) {
  S v, d;
  log(v, a.v, p);
  div(d, jet_detail::small_int<S>(1, p), a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void sqrt(Jet<S>& r, const Jet<S>& a, Prec p) {  // derivative 1/(2 sqrt a): unbounded at 0
  S v, d, t;
  sqrt(v, a.v, p);
  mul(t, jet_detail::small_int<S>(2, p), v, p);
  div(d, jet_detail::small_int<S>(1, p), t, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void sin(Jet<S>& r, const Jet<S>& a, Prec p) {
  S v, d;
  sin(v, a.v, p);
  cos(d, a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void cos(Jet<S>& r, const Jet<S>& a, Prec p) {
  S v, d;
  cos(v, a.v, p);
  sin(d, a.v, p);
  neg(d, d);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void tan(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 + tan^2
  S v, d;
  tan(v, a.v, p);
  pow_int(d, v, 2, p);
  add(d, d, jet_detail::small_int<S>(1, p), p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void atan(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 / (1 + a^2)
  S v, d;
  const S& one = jet_detail::small_int<S>(1, p);
  atan(v, a.v, p);
  pow_int(d, a.v, 2, p);
  add(d, d, one, p);
  div(d, one, d, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void tanh(Jet<S>& r, const Jet<S>& a, Prec p) {  // 1 - tanh^2
  S v, d;
  tanh(v, a.v, p);
  pow_int(d, v, 2, p);
  sub(d, jet_detail::small_int<S>(1, p), d, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}
template <class S>
void sigmoid(Jet<S>& r, const Jet<S>& a, Prec p) {  // sigmoid(a) sigmoid(-a): no 1 - s dependency
  S v, d, m;
  sigmoid(v, a.v, p);
  neg(m, a.v);
  sigmoid(d, m, p);
  mul(d, d, v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
}

// relu: identically 0 where a <= 0 on the box, identically a where a >= 0; otherwise Lipschitz
// with one-sided derivatives 0 and 1, whose hull [0,1] (= step of a straddling ball) is taken.
template <class S>
void relu(Jet<S>& r, const Jet<S>& a, Prec p) {
  const S& z = jet_detail::zero<S>();
  if (less_equal(a.v, z) == Truth::True) {
    relu(r.v, a.v, p);
    jet_detail::make_constant(r);
    return;
  }
  S v, d;
  relu(v, a.v, p);
  if (less_equal(z, a.v) == Truth::True) {  // relu(a) = a on the box
    if (&r != &a) r.g = a.g;
    r.v = std::move(v);
    r.discontinuous = a.discontinuous;
    r.kinked = a.kinked;
    return;
  }
  step(d, a.v, p);
  jet_detail::chain(r, a, std::move(v), d, p);
  r.kinked = true;
}
// step: constant where the sign of a is decided on the box, else it may jump.
template <class S>
void step(Jet<S>& r, const Jet<S>& a, Prec p) {
  const S& z = jet_detail::zero<S>();
  if (less_equal(z, a.v) == Truth::True || less(a.v, z) == Truth::True) {
    step(r.v, a.v, p);
    jet_detail::make_constant(r);
    return;
  }
  step(r.v, a.v, p);
  r.g.clear();
  r.discontinuous = true;
  r.kinked = true;
}
// abs: +a or -a where the sign is decided; otherwise one-sided derivatives -1, 1: hull [-1,1].
template <class S>
void abs(Jet<S>& r, const Jet<S>& a, Prec p) {
  const S& z = jet_detail::zero<S>();
  S v, d;
  abs(v, a.v, p);
  if (less_equal(z, a.v) == Truth::True) {
    jet_detail::chain(r, a, std::move(v), jet_detail::small_int<S>(1, p), p);
    return;
  }
  if (less_equal(a.v, z) == Truth::True) {
    jet_detail::chain(r, a, std::move(v), jet_detail::small_int<S>(-1, p), p);
    return;
  }
  step(d, a.v, p);  // [0,1] -> 2 d - 1 = [-1,1]
  mul(d, d, jet_detail::small_int<S>(2, p), p);
  sub(d, d, jet_detail::small_int<S>(1, p), p);
  jet_detail::chain(r, a, std::move(v), d, p);
  r.kinked = true;
}

namespace jet_detail {
// min/max where neither argument is certainly the smaller: the hull of both gradients encloses
// every convex combination (Clarke's gradient at ties).
template <class S>
void hull_of_branches(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, S&& v, Prec p) {
  const bool disc = a.discontinuous || b.discontinuous;
  combine_gradients(r, a, b, [p](S& o, const S& x, const S& y) { hull(o, x, y, p); });
  r.v = std::move(v);
  r.discontinuous = disc;
  r.kinked = true;
}
}  // namespace jet_detail

template <class S>
void min(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  if (less_equal(a.v, b.v) == Truth::True) {
    if (&r != &a) r = a;
    return;
  }
  if (less_equal(b.v, a.v) == Truth::True) {
    if (&r != &b) r = b;
    return;
  }
  S v;
  min(v, a.v, b.v, p);
  jet_detail::hull_of_branches(r, a, b, std::move(v), p);
}
template <class S>
void max(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  if (less_equal(b.v, a.v) == Truth::True) {
    if (&r != &a) r = a;
    return;
  }
  if (less_equal(a.v, b.v) == Truth::True) {
    if (&r != &b) r = b;
    return;
  }
  S v;
  max(v, a.v, b.v, p);
  jet_detail::hull_of_branches(r, a, b, std::move(v), p);
}
// hull of two branches (e.g. an undecided hardmax): the result may jump between them, unless both
// are the same constant on the box.
template <class S>
void hull(Jet<S>& r, const Jet<S>& a, const Jet<S>& b, Prec p) {
  if (equal(a.v, b.v) == Truth::True) {  // one exact value on the whole box: both are that constant
    const bool disc = a.discontinuous || b.discontinuous, kink = a.kinked || b.kinked;
    if (&r != &a) r = a;
    r.discontinuous = disc;
    r.kinked = kink;
    return;
  }
  S v;
  hull(v, a.v, b.v, p);
  jet_detail::combine_gradients(r, a, b, [p](S& o, const S& x, const S& y) { hull(o, x, y, p); });
  r.v = std::move(v);
  r.discontinuous = true;
  r.kinked = true;
}

// Comparisons look at the values only.
template <class S>
Truth less(const Jet<S>& a, const Jet<S>& b) {
  return less(a.v, b.v);
}
template <class S>
Truth less_equal(const Jet<S>& a, const Jet<S>& b) {
  return less_equal(a.v, b.v);
}
template <class S>
Truth equal(const Jet<S>& a, const Jet<S>& b) {
  return equal(a.v, b.v);
}
template <class S>
bool is_finite(const Jet<S>& a) {
  return is_finite(a.v);
}
template <class S>
double dirty_mid(const Jet<S>& a) {
  return dirty_mid(a.v);
}

// True when every gradient entry is finite (and so usable in a mean-value form).
template <class S>
bool gradient_is_finite(const Jet<S>& a) {
  return std::all_of(a.g.begin(), a.g.end(), [](const S& x) { return is_finite(x); });
}

}  // namespace approxcert
