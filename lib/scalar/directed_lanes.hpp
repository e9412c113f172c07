#pragma once
// DirectedLanes<B> = LaneArray<DirectedInterval, B> (lane_array.hpp): B DirectedIntervals as one
// Scalar, so that the generic evaluator runs B points per pass. Lane k of every operation is bit
// for bit DirectedInterval's operation on lane k; is_exact(lane(a, k)) tells an exact lane.
//
// The evaluator's hot operations (mul, addmul, set_double, addmul_double) have their own lane
// loops here. On a processor with a hardware fused multiply-add (x86-64 with AVX2 and FMA, asked
// once at run time) each lane runs DirectedInterval's rule without branches: selects for the
// two-point case, the zero factor, the range tests and the four corners, and the exact error of
// every product from the fma, which is 0 exactly where DirectedInterval skips the fma because the
// product is exact. A hardware fma is correctly rounded like the library's, so every lane is bit
// for bit DirectedInterval's (tests/scalar/directed_lanes_test.cpp compares both paths on hostile
// inputs). Otherwise, and for every other operation, LaneArray's loop over DirectedInterval's
// operation. In the fma loops contraction of a*b+c into an fma is off: the error terms need the
// plain products and sums.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "scalar/directed_interval.hpp"
#include "scalar/lane_array.hpp"

namespace approxcert {

template <std::size_t B>
using DirectedLanes = LaneArray<DirectedInterval, B>;
using DirectedBatch = DirectedLanes<8>;

namespace directed_lanes_detail {

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define APPROXCERT_FMA_LANE_LOOP [[gnu::target("avx2,fma"), gnu::optimize("fp-contract=off")]]
// Whether the processor has AVX2 and FMA (and the system saves their registers); asked once.
inline bool hardware_fma() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
}
#else
#define APPROXCERT_FMA_LANE_LOOP
inline bool hardware_fma() { return false; }
#endif

using directed_detail::in_range;
using directed_detail::outward;
using fast_detail::greater;
using fast_detail::kInf;
using fast_detail::lesser;

// directed_detail::product<Up>(x, y, p) without branches, p = x * y rounded to nearest: p is kept
// for an exact zero factor, and in range when the exact error is not on the outer side; else the
// outward neighbour. Every candidate is computed before the one select (an FP operation under a
// condition would keep the loop from being vectorised).
template <bool Up>
[[gnu::always_inline]] inline double product_end(double x, double y, double p) {
  const double error = std::fma(x, y, -p), out = outward<Up>(p);
  const bool outer = Up ? error > 0 : error < 0;
  return ((p == 0) & ((x == 0) | (y == 0))) | (in_range(p) & !outer) ? p : out;
}
// directed_detail::sum<Up>(a, b) without branches: s = a + b kept where TwoSum's error is exact
// and not on the outer side, else its outward neighbour.
template <bool Up>
[[gnu::always_inline]] inline double sum_end(double a, double b) {
  const double s = a + b, error = directed_detail::sum_error(a, b, s), out = outward<Up>(s);
  const bool outer = Up ? error > 0 : error < 0;
  return directed_detail::sum_error_exact(s) & !outer ? s : out;
}
// One lane's ends.
struct Ends {
  double lo, hi;
};
// [lo, hi], or the indeterminate interval if nan or either is NaN (directed_detail::set_checked).
[[gnu::always_inline]] inline Ends checked(double lo, double hi, bool nan) {
  nan = nan | (lo != lo) | (hi != hi);
  return {nan ? -kInf : lo, nan ? kInf : hi};
}
// mul(a, b) of one lane: two points take (a.lo, b.lo) at every corner (mul's point case), other
// lanes the four corners (directed_detail::corners).
[[gnu::always_inline]] inline Ends product(Ends a, Ends b) {
  const bool points = (a.lo == a.hi) & (b.lo == b.hi);
  const double a2 = points ? a.lo : a.hi, b2 = points ? b.lo : b.hi;
  const double z1 = a.lo * b.lo, z2 = a.lo * b2, z3 = a2 * b.lo, z4 = a2 * b2;
  const double lo = lesser(lesser(product_end<false>(a.lo, b.lo, z1), product_end<false>(a.lo, b2, z2)),
                           lesser(product_end<false>(a2, b.lo, z3), product_end<false>(a2, b2, z4)));
  const double hi = greater(greater(product_end<true>(a.lo, b.lo, z1), product_end<true>(a.lo, b2, z2)),
                            greater(product_end<true>(a2, b.lo, z3), product_end<true>(a2, b2, z4)));
  return checked(lo, hi, (z1 != z1) | (z2 != z2) | (z3 != z3) | (z4 != z4));
}
// add(a, b) of one lane: two points take one sum for both ends (add's point case).
[[gnu::always_inline]] inline Ends sum(Ends a, Ends b) {
  const bool points = (a.lo == a.hi) & (b.lo == b.hi);
  return checked(sum_end<false>(a.lo, b.lo), sum_end<true>(points ? a.lo : a.hi, points ? b.lo : b.hi), false);
}

// The lanes' ends as two arrays (so that the loops below vectorise), and back.
template <std::size_t B>
struct SplitLanes {
  std::array<double, B> lo, hi;
  Ends operator[](std::size_t k) const { return {lo[k], hi[k]}; }
};
template <std::size_t B>
[[gnu::always_inline]] inline SplitLanes<B> split(const DirectedLanes<B>& a) {
  SplitLanes<B> s;
  for (std::size_t k = 0; k < B; ++k) {
    s.lo[k] = a.v[k].lo;
    s.hi[k] = a.v[k].hi;
  }
  return s;
}
template <std::size_t B>
[[gnu::always_inline]] inline void store(DirectedLanes<B>& r, const SplitLanes<B>& ends) {
  for (std::size_t k = 0; k < B; ++k) {
    r.v[k].lo = ends.lo[k];
    r.v[k].hi = ends.hi[k];
  }
}

// The case of every lane an exact point whose product and sum come out exact (every value of the
// sweep_contextual_exact_first programs at dyadic grids): one product, one fma, one TwoSum per lane
// and the point stored, which is what the rules above give there (an exact zero factor or an in-range
// product with fma error 0: the point p; two points with TwoSum error 0 and |s| < 2^1020: the point s).
template <std::size_t B>
[[gnu::always_inline]] inline bool all_points(const SplitLanes<B>& a) {
  std::uint64_t differ = 0;
  for (std::size_t k = 0; k < B; ++k) differ |= a.lo[k] != a.hi[k];
  return differ == 0;
}
// p_k := x_k * y_k, and whether every p_k is the exact product (then mul gives [p_k, p_k]).
template <std::size_t B>
[[gnu::always_inline]] inline bool exact_products(const std::array<double, B>& x, const std::array<double, B>& y,
                                                  std::array<double, B>& p) {
  std::uint64_t inexact = 0;
  for (std::size_t k = 0; k < B; ++k) {
    p[k] = x[k] * y[k];
    const double error = std::fma(x[k], y[k], -p[k]);
    inexact |= !(((p[k] == 0) & ((x[k] == 0) | (y[k] == 0))) | (in_range(p[k]) & (error == 0)));
  }
  return inexact == 0;
}
// s_k := a_k + b_k, and whether every s_k is the exact sum (then add of two points gives [s_k, s_k]).
template <std::size_t B>
[[gnu::always_inline]] inline bool exact_sums(const std::array<double, B>& a, const std::array<double, B>& b,
                                              std::array<double, B>& s) {
  std::uint64_t inexact = 0;
  for (std::size_t k = 0; k < B; ++k) {
    s[k] = a[k] + b[k];
    inexact |= !(directed_detail::sum_error_exact(s[k]) & (directed_detail::sum_error(a[k], b[k], s[k]) == 0));
  }
  return inexact == 0;
}
template <std::size_t B>
[[gnu::always_inline]] inline void store_points(DirectedLanes<B>& r, const std::array<double, B>& v) {
  for (std::size_t k = 0; k < B; ++k) r.v[k].lo = r.v[k].hi = v[k];
}

// The loops: lane k of r := mul(a_k, b_k), r_k + a_k * b_k, r_k + a_k * w; the exact-point case
// above, else every lane by the branch-free rules (every argument is read before r is written: r
// may alias a or b).
template <std::size_t B>
APPROXCERT_FMA_LANE_LOOP void mul_fma(DirectedLanes<B>& r, const DirectedLanes<B>& a, const DirectedLanes<B>& b) {
  const SplitLanes<B> x = split(a), y = split(b);
  std::array<double, B> p;
  if (all_points(x) && all_points(y) && exact_products(x.lo, y.lo, p)) return store_points(r, p);
  SplitLanes<B> out;
  for (std::size_t k = 0; k < B; ++k) {
    const Ends e = product(x[k], y[k]);
    out.lo[k] = e.lo;
    out.hi[k] = e.hi;
  }
  store(r, out);
}
template <std::size_t B>
[[gnu::always_inline]] inline void addmul_split(DirectedLanes<B>& r, const SplitLanes<B>& s, const SplitLanes<B>& x,
                                                const SplitLanes<B>& y) {
  std::array<double, B> p, t;
  if (all_points(s) && all_points(x) && all_points(y) && exact_products(x.lo, y.lo, p) && exact_sums(s.lo, p, t))
    return store_points(r, t);
  SplitLanes<B> out;
  for (std::size_t k = 0; k < B; ++k) {
    const Ends e = sum(s[k], product(x[k], y[k]));
    out.lo[k] = e.lo;
    out.hi[k] = e.hi;
  }
  store(r, out);
}
template <std::size_t B>
APPROXCERT_FMA_LANE_LOOP void addmul_fma(DirectedLanes<B>& r, const DirectedLanes<B>& a, const DirectedLanes<B>& b) {
  addmul_split(r, split(r), split(a), split(b));
}
template <std::size_t B>
APPROXCERT_FMA_LANE_LOOP void addmul_double_fma(DirectedLanes<B>& r, const DirectedLanes<B>& a, double w) {
  SplitLanes<B> point;
  point.lo.fill(w);
  point.hi.fill(w);
  addmul_split(r, split(r), split(a), point);
}

}  // namespace directed_lanes_detail

// Lane k: DirectedInterval's mul, addmul, set_double, addmul_double on lane k (the fma loops above
// when the processor has one, else LaneArray's generic loop, named with its template arguments).
template <std::size_t B>
inline void mul(DirectedLanes<B>& r, const DirectedLanes<B>& a, const DirectedLanes<B>& b, Prec p) {
  if (directed_lanes_detail::hardware_fma()) return directed_lanes_detail::mul_fma(r, a, b);
  mul<DirectedInterval, B>(r, a, b, p);
}
template <std::size_t B>
inline void addmul(DirectedLanes<B>& r, const DirectedLanes<B>& a, const DirectedLanes<B>& b, Prec p) {
  if (directed_lanes_detail::hardware_fma()) return directed_lanes_detail::addmul_fma(r, a, b);
  addmul<DirectedInterval, B>(r, a, b, p);
}
template <std::size_t B>
inline void set_double(DirectedLanes<B>& r, double c) {
  DirectedInterval x;
  set_double(x, c);
  r.v.fill(x);
}
template <std::size_t B>
inline void addmul_double(DirectedLanes<B>& r, const DirectedLanes<B>& a, double w, Prec p) {
  if (directed_lanes_detail::hardware_fma()) return directed_lanes_detail::addmul_double_fma(r, a, w);
  lane_detail::each(r, a, [w, p](DirectedInterval& y, const DirectedInterval& x) { addmul_double(y, x, w, p); });
}

}  // namespace approxcert
