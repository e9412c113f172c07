#pragma once
// FastInterval: a real enclosed as [lo, hi] with two doubles, the fast rigorous scalar of the hot
// path. Every operation below returns an interval containing f(x) for every x in its inputs (the
// enclosure contract, docs/contracts.md); the Prec argument is ignored (the precision is 53 bits).
//
// Outward rounding: each endpoint is computed in the default round-to-nearest mode and then moved
// one ulp outward (next_down / next_up on the bit pattern). A correctly rounded +, -, *, / is
// within half an ulp of the exact result, so its neighbour on the outer side lies beyond the exact
// result; this holds through gradual underflow and overflow (RN gives +inf only above DBL_MAX, and
// next_down(+inf) = DBL_MAX). The FPU rounding mode is never changed (nothing to restore); the
// code assumes round-to-nearest, the C++ default, and no -ffast-math (flush-to-zero would break
// the underflow argument). Chosen over an upward mode set per batch because it needs no
// -frounding-math, keeps every operation inline, and leaves libm and Arb in their default mode.
//
// Invariants: no endpoint is ever NaN; lo <= hi; lo < +inf and hi > -inf. An operation whose
// double result would be NaN (0 * inf, a pole) gives [-inf, +inf] ("indeterminate"), which is
// not finite. exp, expm1, tanh and sigmoid are enclosed in doubles (double_exp.hpp) at the ends;
// the other transcendental functions go through Arb (fast_interval.cpp) at the endpoints of
// monotone functions and on the whole interval otherwise, rounded outward to doubles.
// Exact rationals enter rounded outward by Arb (never through a round-to-nearest double).
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>

#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

struct FastInterval {
  double lo = 0.0, hi = 0.0;  // exactly 0 by default
};

class Ball;
// A ball containing a; and r = [lower end of b rounded down, upper end rounded up] (indeterminate
// if b is not finite).
Ball to_ball(const FastInterval& a);
void from_ball(FastInterval& r, const Ball& b);

namespace fast_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Plain min/max of non-NaN doubles (compile to one instruction, unlike std::fmin).
inline double lesser(double a, double b) { return b < a ? b : a; }
inline double greater(double a, double b) { return a < b ? b : a; }

// The next double above x (x not NaN); +inf stays +inf, -inf becomes -DBL_MAX. Without branches
// (they cost more than the arithmetic in the hot path, and the lane loops of batch_interval.hpp
// vectorise on baseline x86-64: SSE2 has no 64-bit integer compare): -0 becomes +0; the bit pattern
// b steps by (b >> 63) | 1, i.e. +1 for x >= +0 and -1 for x < 0 (one step toward +inf in both
// cases; DBL_MAX becomes +inf); +inf stays +inf (the select).
inline double next_up(double x) {
  const double y = x + 0.0;  // -0 + 0 = +0 in round-to-nearest; other x unchanged
  const std::int64_t b = std::bit_cast<std::int64_t>(y);
  const double stepped = std::bit_cast<double>(b + ((b >> 63) | 1));
  return y < kInf ? stepped : y;
}
// The next double below x (x not NaN); -inf stays -inf, +inf becomes DBL_MAX.
inline double next_down(double x) { return -next_up(-x); }

inline void set_indeterminate(FastInterval& r) {
  r.lo = -kInf;
  r.hi = kInf;
}

// r = [next_down(lo), next_up(hi)] for round-to-nearest results lo, hi of the exact endpoints;
// NaN in either gives the indeterminate interval.
inline void set_widened(FastInterval& r, double lo, double hi) {
  if (std::isnan(lo) || std::isnan(hi)) return set_indeterminate(r);
  r.lo = next_down(lo);
  r.hi = next_up(hi);
}

}  // namespace fast_detail

// r contains q: q rounded down and up to doubles (exact when q is a double).
void set(FastInterval& r, const Rational& q, Prec p);
// r = [lo, hi] rounded outward (lo <= hi, else std::invalid_argument).
void set_interval(FastInterval& r, const Rational& lo, const Rational& hi, Prec p);
// r contains pi: the two doubles around it.
inline void set_pi(FastInterval& r, Prec) {
  r.lo = 0x1.921fb54442d18p+1;  // below pi
  r.hi = 0x1.921fb54442d19p+1;  // above pi
}

// r contains a + b (each endpoint rounded to nearest, then one ulp outward).
inline void add(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  fast_detail::set_widened(r, a.lo + b.lo, a.hi + b.hi);
}
// r contains a - b.
inline void sub(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  fast_detail::set_widened(r, a.lo - b.hi, a.hi - b.lo);
}
// r contains a * b: min and max of the four endpoint products, one ulp outward; 0 * inf gives
// the indeterminate interval.
inline void mul(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  const double p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
  using fast_detail::greater, fast_detail::lesser;
  if ((p1 != p1) | (p2 != p2) | (p3 != p3) | (p4 != p4)) return fast_detail::set_indeterminate(r);
  fast_detail::set_widened(r, lesser(lesser(p1, p2), lesser(p3, p4)), greater(greater(p1, p2), greater(p3, p4)));
}
// r := r + a*b (the product enclosed as by mul, then added).
inline void addmul(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec p) {
  FastInterval t;
  mul(t, a, b, p);
  add(r, r, t, p);
}
// r := r + a*w for a finite nonzero double w: bit for bit addmul(r, a, [w, w], p). The product's
// ends are a.lo*w and a.hi*w in the order of w's sign (a zero's sign is lost in the widening, so
// this equals the min and max of the four products), never NaN (w is finite and nonzero).
// A template for FastInterval only: a type derived from it (DirectedInterval) rounds its own way
// and must not inherit this through a conversion (double_weight.hpp).
template <std::same_as<FastInterval> T>
inline void set_double(T& r, double c) {
  r.lo = r.hi = c;
}  // r = [c, c] for a finite double c (exact)
template <std::same_as<FastInterval> T>
inline void addmul_double(T& r, const T& a, double w, Prec) {
  const double p1 = a.lo * w, p2 = a.hi * w;
  const double lo = w > 0 ? p1 : p2, hi = w > 0 ? p2 : p1;
  fast_detail::set_widened(r, r.lo + fast_detail::next_down(lo), r.hi + fast_detail::next_up(hi));
}
// r contains a / b; b containing 0: indeterminate.
void div(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec p);
// r = -a (exact).
inline void neg(FastInterval& r, const FastInterval& a) {
  const double lo = -a.hi;
  r.hi = -a.lo;
  r.lo = lo;
}
void pow_int(FastInterval& r, const FastInterval& a, long n, Prec p);  // n < 0 and 0 in a: indeterminate
void exp(FastInterval& r, const FastInterval& a, Prec p);
void log(FastInterval& r, const FastInterval& a, Prec p);  // a not certainly > 0: indeterminate
void expm1(FastInterval& r, const FastInterval& a, Prec p);
void log1p(FastInterval& r, const FastInterval& a, Prec p);  // a not certainly > -1: indeterminate
void log2(FastInterval& r, const FastInterval& a, Prec p);   // a not certainly > 0: indeterminate
void log10(FastInterval& r, const FastInterval& a, Prec p);  // a not certainly > 0: indeterminate
void asin(FastInterval& r, const FastInterval& a, Prec p);   // a not certainly in [-1, 1]: indeterminate
void acos(FastInterval& r, const FastInterval& a, Prec p);   // a not certainly in [-1, 1]: indeterminate
void sinh(FastInterval& r, const FastInterval& a, Prec p);
void cosh(FastInterval& r, const FastInterval& a, Prec p);
void asinh(FastInterval& r, const FastInterval& a, Prec p);
void acosh(FastInterval& r, const FastInterval& a, Prec p);  // a not certainly >= 1: indeterminate
void atanh(FastInterval& r, const FastInterval& a, Prec p);  // a not certainly in (-1, 1): indeterminate
void erf(FastInterval& r, const FastInterval& a, Prec p);
void erfc(FastInterval& r, const FastInterval& a, Prec p);
void pow(FastInterval& r, const FastInterval& a, const FastInterval& b,
         Prec p);                                           // a not certainly > 0, or a or b unbounded: indeterminate
void sqrt(FastInterval& r, const FastInterval& a, Prec p);  // a not certainly >= 0: indeterminate
void sin(FastInterval& r, const FastInterval& a, Prec p);
void cos(FastInterval& r, const FastInterval& a, Prec p);
void tan(FastInterval& r, const FastInterval& a, Prec p);  // a may contain a pole: indeterminate
void atan(FastInterval& r, const FastInterval& a, Prec p);
void tanh(FastInterval& r, const FastInterval& a, Prec p);
void sigmoid(FastInterval& r, const FastInterval& a, Prec p);  // 1/(1+exp(-a)), enclosure within [0,1]

// r = max(a, 0) (exact).
inline void relu(FastInterval& r, const FastInterval& a, Prec) {
  r.lo = a.lo > 0 ? a.lo : 0.0;
  r.hi = a.hi > 0 ? a.hi : 0.0;
}
// r = 1 if a >= 0 else 0; [0, 1] if a straddles 0 (exact).
inline void step(FastInterval& r, const FastInterval& a, Prec) {
  r.lo = a.lo >= 0 ? 1.0 : 0.0;
  r.hi = a.hi >= 0 ? 1.0 : 0.0;
}
// r = |a| (exact).
inline void abs(FastInterval& r, const FastInterval& a, Prec) {
  if (a.lo >= 0) {
    r = a;
    return;
  }
  if (a.hi <= 0) {
    neg(r, a);
    return;
  }
  r.hi = fast_detail::greater(-a.lo, a.hi);
  r.lo = 0.0;
}
// r = min(a, b) and max(a, b) (exact).
inline void min(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  r.lo = fast_detail::lesser(a.lo, b.lo);
  r.hi = fast_detail::lesser(a.hi, b.hi);
}
inline void max(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  r.lo = fast_detail::greater(a.lo, b.lo);
  r.hi = fast_detail::greater(a.hi, b.hi);
}
// r contains both a and b (exact hull).
inline void hull(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  r.lo = fast_detail::lesser(a.lo, b.lo);
  r.hi = fast_detail::greater(a.hi, b.hi);
}

// a < b for all points: True, False (for no points), Unknown.
inline Truth less(const FastInterval& a, const FastInterval& b) {
  if (a.hi < b.lo) return Truth::True;
  if (a.lo >= b.hi) return Truth::False;
  return Truth::Unknown;
}
inline Truth less_equal(const FastInterval& a, const FastInterval& b) {
  if (a.hi <= b.lo) return Truth::True;
  if (a.lo > b.hi) return Truth::False;
  return Truth::Unknown;
}
// True only for identical exact points.
inline Truth equal(const FastInterval& a, const FastInterval& b) {
  if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo) return Truth::True;
  if (a.hi < b.lo || b.hi < a.lo) return Truth::False;
  return Truth::Unknown;
}
inline bool is_finite(const FastInterval& a) { return a.lo > -fast_detail::kInf && a.hi < fast_detail::kInf; }
inline bool is_exact(const FastInterval& a) { return a.lo == a.hi; }

// Exact endpoints (the doubles themselves): throw std::domain_error if infinite.
Rational lower(const FastInterval& a);
Rational upper(const FastInterval& a);
Rational mid(const FastInterval& a);                            // exact midpoint (throws if not finite)
Rational rad(const FastInterval& a);                            // exact radius (throws if not finite)
double dirty_mid(const FastInterval& a);                        // non-rigorous, for heuristics only
std::string to_string(const FastInterval& a, int digits = 17);  // "[lo, hi]" text

}  // namespace approxcert
