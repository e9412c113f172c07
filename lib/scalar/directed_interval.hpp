#pragma once
// DirectedInterval: a FastInterval (two double endpoints) whose +, -, *, / and addmul round each
// endpoint in its own direction instead of moving it one ulp outward: the round-to-nearest result
// is kept when an error-free transformation shows it is exact or already on the outer side, and
// moved one ulp outward otherwise. The error terms are exact: TwoSum for + and - (no division, no
// overflow below 2^1020, exact through gradual underflow), the fma remainder a*b - p for * and
// a - q*b for / (exact when the operands and the result are of magnitude between 2^-900 and 2^1000;
// outside that range, and for infinite endpoints, the endpoint is moved one ulp outward as in
// FastInterval); a product whose factors have at most 53 significant bits together is exact and
// needs no fma. So each endpoint of + - * / is the exact endpoint rounded down (lower) or up
// (upper), the tightest double interval, and exact double operands whose exact result is a double
// give that exact point: "exact when exact". Comparisons on exact points decide exactly.
//
// Every other operation is FastInterval's (the type derives from it, so its free functions take a
// DirectedInterval by derived-to-base conversion): exact ones stay exact (neg, relu, step, abs,
// min, max, hull, and set of a rational that is a double), the others are enclosed one ulp outward
// or through Arb (fast_interval.hpp). The same enclosure contract (docs/contracts.md); the Prec
// argument is ignored. Needs the FPU in round-to-nearest and a correctly rounded std::fma.
// DirectedBatch (directed_lanes.hpp): 8 DirectedIntervals as one Scalar, for the evaluator's batched passes.
#include <bit>
#include <cmath>
#include <cstdint>

#include "scalar/fast_interval.hpp"

namespace approxcert {

struct DirectedInterval : FastInterval {};

namespace directed_detail {

using fast_detail::kInf;
using fast_detail::next_down;
using fast_detail::next_up;

// The error terms below are exact only for magnitudes in this range.
inline constexpr double kTiny = 0x1p-900, kHuge = 0x1p1000;
// (Both comparisons always made: the lane loops of directed_lanes.hpp then need no branch.)
inline bool in_range(double x) { return (std::fabs(x) >= kTiny) & (std::fabs(x) < kHuge); }

// x (the round-to-nearest result) rounded in direction Up given the sign of the exact error
// (exact result - x): moved one ulp only if the exact result lies on the outer side.
template <bool Up>
inline double directed(double x, double error) {
  if constexpr (Up) return error > 0 ? next_up(x) : x;
  else return error < 0 ? next_down(x) : x;
}
// x moved one ulp outward (FastInterval's rounding; NaN stays NaN for the caller to catch).
template <bool Up>
inline double outward(double x) {
  if constexpr (Up) return next_up(x);
  else return next_down(x);
}

// The exact error (a + b) - s of s = a + b (TwoSum), for |s| < 2^1020.
[[gnu::always_inline]] inline double sum_error(double a, double b, double s) {
  const double bb = s - a;
  return (a - (s - bb)) + (b - bb);
}
[[gnu::always_inline]] inline bool sum_error_exact(double s) {
  return std::fabs(s) < 0x1p1020;
}  // false for NaN and inf
// r = [lo, hi], or indeterminate if either is NaN.
inline void set_checked(FastInterval& r, double lo, double hi) {
  if (std::isnan(lo) || std::isnan(hi)) return fast_detail::set_indeterminate(r);
  r.lo = lo;
  r.hi = hi;
}

// a + b rounded in direction Up (TwoSum's exact error; outward if s is NaN, infinite or huge).
template <bool Up>
inline double sum(double a, double b) {
  const double s = a + b;
  if (!sum_error_exact(s)) return outward<Up>(s);
  return directed<Up>(s, sum_error(a, b, s));
}
// r = [a + b rounded down, rounded up] for doubles a, b, with one TwoSum.
[[gnu::always_inline]] inline void point_sum(FastInterval& r, double a, double b) {
  const double s = a + b;
  if (!sum_error_exact(s)) return set_checked(r, outward<false>(s), outward<true>(s));
  const double e = sum_error(a, b, s);
  r.lo = directed<false>(s, e);
  r.hi = directed<true>(s, e);
}
// The number of significant bits of a finite double: of its integer significand without trailing
// zeros (0 for 0).
inline int significant_bits(double x) {
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(x), fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const std::uint64_t m = (bits >> 52) & 0x7ff ? fraction | (std::uint64_t{1} << 52) : fraction;
  return m ? static_cast<int>(std::bit_width(m)) - std::countr_zero(m) : 0;
}
// For finite a, b whose product p rounds into range: a * b is exactly p if the significands have
// at most 53 significant bits together (their product is then a double), so no fma is needed. Two
// normal numbers (the usual case, one tzcnt each) have 53 - countr_zero(significand) bits each.
[[gnu::always_inline]] inline bool product_is_exact(double a, double b) {
  constexpr std::uint64_t kImplicit = std::uint64_t{1} << 52;
  const std::uint64_t x = std::bit_cast<std::uint64_t>(a), y = std::bit_cast<std::uint64_t>(b);
  if ((x >> 52) & 0x7ff && (y >> 52) & 0x7ff)
    return std::countr_zero((x & (kImplicit - 1)) | kImplicit) + std::countr_zero((y & (kImplicit - 1)) | kImplicit) >=
           53;
  return significant_bits(a) + significant_bits(b) <= 53;
}
// a * b rounded in direction Up, p = a * b (round to nearest, not NaN): an exact zero factor
// gives an exact 0; otherwise the fma error where it is exact, outward elsewhere.
template <bool Up>
inline double product(double a, double b, double p) {
  if (p == 0 && (a == 0 || b == 0)) return p;
  if (!in_range(p)) return outward<Up>(p);
  if (product_is_exact(a, b)) return p;
  return directed<Up>(p, std::fma(a, b, -p));
}
// r = [a * b rounded down, rounded up] for finite doubles a, b, with one fma.
[[gnu::always_inline]] inline void point_product(FastInterval& r, double a, double b) {
  const double p = a * b;
  if (p == 0 && (a == 0 || b == 0)) {
    r.lo = r.hi = p;
    return;
  }
  if (!in_range(p)) return set_checked(r, outward<false>(p), outward<true>(p));
  if (product_is_exact(a, b)) {
    r.lo = r.hi = p;
    return;
  }
  const double e = std::fma(a, b, -p);
  r.lo = directed<false>(p, e);
  r.hi = directed<true>(p, e);
}
// a / b rounded in direction Up, q = a / b (round to nearest, not NaN, b != 0): 0 / b is an exact
// 0 for finite b; otherwise the remainder a - q b (exact in range), whose sign times b's sign is
// the sign of a/b - q.
template <bool Up>
inline double quotient(double a, double b, double q) {
  if (a == 0 && std::fabs(b) < kInf) return q;
  if (!in_range(q) || !in_range(a) || !in_range(b)) return outward<Up>(q);
  const double rem = std::fma(-q, b, a);
  return directed<Up>(q, b > 0 ? rem : -rem);
}

// r = [the least corner rounded down, the greatest rounded up] of a op b over the four endpoint
// pairs: z1..z4 are the round-to-nearest results of lo op lo, lo op hi, hi op lo, hi op hi, and
// Down / Up round one corner (x, y, z) down / up; a NaN corner gives the indeterminate interval.
template <double (*Down)(double, double, double), double (*Up)(double, double, double)>
[[gnu::always_inline]] inline void corners(FastInterval& r, const FastInterval& a, const FastInterval& b, double z1,
                                           double z2, double z3, double z4) {
  using fast_detail::greater, fast_detail::lesser;
  if ((z1 != z1) | (z2 != z2) | (z3 != z3) | (z4 != z4)) return fast_detail::set_indeterminate(r);
  const double lo =
      lesser(lesser(Down(a.lo, b.lo, z1), Down(a.lo, b.hi, z2)), lesser(Down(a.hi, b.lo, z3), Down(a.hi, b.hi, z4)));
  const double hi =
      greater(greater(Up(a.lo, b.lo, z1), Up(a.lo, b.hi, z2)), greater(Up(a.hi, b.lo, z3), Up(a.hi, b.hi, z4)));
  set_checked(r, lo, hi);
}

}  // namespace directed_detail

// r contains a + b: each endpoint the exact endpoint rounded outward to the next double (exact if
// it is a double).
[[gnu::always_inline]] inline void add(DirectedInterval& r, const DirectedInterval& a, const DirectedInterval& b,
                                       Prec) {
  using namespace directed_detail;
  if (a.lo == a.hi && b.lo == b.hi) return point_sum(r, a.lo, b.lo);  // two points: one TwoSum
  set_checked(r, sum<false>(a.lo, b.lo), sum<true>(a.hi, b.hi));
}
// r contains a - b: likewise.
[[gnu::always_inline]] inline void sub(DirectedInterval& r, const DirectedInterval& a, const DirectedInterval& b,
                                       Prec) {
  using namespace directed_detail;
  if (a.lo == a.hi && b.lo == b.hi) return point_sum(r, a.lo, -b.lo);
  set_checked(r, sum<false>(a.lo, -b.hi), sum<true>(a.hi, -b.lo));
}
// r contains a * b: min and max of the endpoint products, each rounded in its direction; 0 * inf
// gives the indeterminate interval.
[[gnu::always_inline]] inline void mul(DirectedInterval& r, const DirectedInterval& a, const DirectedInterval& b,
                                       Prec) {
  using namespace directed_detail;
  if (a.lo == a.hi && b.lo == b.hi) return point_product(r, a.lo, b.lo);  // two points (finite by the invariants)
  corners<product<false>, product<true>>(r, a, b, a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi);
}
// r := r + a*b: the product enclosed as by mul, then added as by add (exact when both are).
[[gnu::always_inline]] inline void addmul(DirectedInterval& r, const DirectedInterval& a, const DirectedInterval& b,
                                          Prec p) {
  DirectedInterval t;
  mul(t, a, b, p);
  add(r, r, t, p);
}
// r = [c, c] for a finite double c (exact), and r := r + a*w for a finite nonzero double w: bit
// for bit set of c and addmul(r, a, [w, w]) (scalar/double_weight.hpp; the evaluator then reads a
// weight as one double).
inline void set_double(DirectedInterval& r, double c) { r.lo = r.hi = c; }
[[gnu::always_inline]] inline void addmul_double(DirectedInterval& r, const DirectedInterval& a, double w, Prec p) {
  DirectedInterval point;
  point.lo = point.hi = w;
  addmul(r, a, point, p);
}
// r contains a / b: min and max of the endpoint quotients, each rounded in its direction; b
// containing 0, or inf / inf: indeterminate.
inline void div(DirectedInterval& r, const DirectedInterval& a, const DirectedInterval& b, Prec) {
  using namespace directed_detail;
  if (b.lo <= 0 && b.hi >= 0) return fast_detail::set_indeterminate(r);
  corners<quotient<false>, quotient<true>>(r, a, b, a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi);
}

}  // namespace approxcert
