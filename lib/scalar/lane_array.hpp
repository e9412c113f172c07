#pragma once
// LaneArray<L, B>: B independent values of the scalar type L ("lanes") as one Scalar, so that the
// one generic evaluator (net/evaluate.hpp) runs B points per pass and pays its per-node dispatch
// once per B lanes. Every operation applies L's operation to each lane: lane k of every result is
// bit for bit L's result on lane k of the arguments (the loops below call L's functions, nothing
// else), so every lane obeys L's contract on its own, and the evaluator, which decides hardmax per
// lane for such a type (LaneBatch), computes in lane k exactly Evaluator<L> at lane k's inputs.
//
// Comparisons are conservative over the lanes (True only if True in every lane, False only if
// False in every lane, else Unknown; is_finite: every lane finite). lower / upper / mid / rad /
// dirty_mid describe the hull of the lanes; lane(a, k) and set_lane(r, k, x) read and write one lane.
// Used as DirectedBatch (directed_lanes.hpp: DirectedInterval in 8 lanes, whose hot operations
// have their own lane loops there, with the same bits in every lane). BatchInterval<B> is the
// FastInterval case stored as lo[] and hi[] arrays so that its loops vectorise (batch_interval.hpp).
#include <array>
#include <cstddef>
#include <string>

#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

template <class L, std::size_t B>
struct LaneArray {
  static_assert(B >= 1);
  static constexpr std::size_t lanes = B;
  std::array<L, B> v{};  // L's default in every lane
};

template <class L, std::size_t B>
const L& lane(const LaneArray<L, B>& a, std::size_t k) {
  return a.v[k];
}
template <class L, std::size_t B>
void set_lane(LaneArray<L, B>& r, std::size_t k, const L& x) {
  r.v[k] = x;
}

namespace lane_detail {
// r_k := f(a_k) and r_k := f(a_k, b_k) for every lane (the arguments copied first: r may alias them).
template <class L, std::size_t B, class F>
inline void each(LaneArray<L, B>& r, const LaneArray<L, B>& a, F f) {
  for (std::size_t k = 0; k < B; ++k) {
    const L x = a.v[k];
    f(r.v[k], x);
  }
}
template <class L, std::size_t B, class F>
inline void each(LaneArray<L, B>& r, const LaneArray<L, B>& a, const LaneArray<L, B>& b, F f) {
  for (std::size_t k = 0; k < B; ++k) {
    const L x = a.v[k], y = b.v[k];
    f(r.v[k], x, y);
  }
}
// True / False if every lane says so, else Unknown.
template <class L, std::size_t B, class C>
Truth all_lanes(const LaneArray<L, B>& a, const LaneArray<L, B>& b, C compare) {
  bool all_true = true, all_false = true;
  for (std::size_t k = 0; k < B; ++k) {
    const Truth t = compare(a.v[k], b.v[k]);
    all_true = all_true && t == Truth::True;
    all_false = all_false && t == Truth::False;
  }
  return all_true ? Truth::True : all_false ? Truth::False : Truth::Unknown;
}
}  // namespace lane_detail

// Every lane: L's set, set_interval, set_pi (the same in every lane).
template <class L, std::size_t B>
void set(LaneArray<L, B>& r, const Rational& q, Prec p) {
  L x;
  set(x, q, p);
  r.v.fill(x);
}
template <class L, std::size_t B>
void set_interval(LaneArray<L, B>& r, const Rational& lo, const Rational& hi, Prec p) {
  L x;
  set_interval(x, lo, hi, p);
  r.v.fill(x);
}
template <class L, std::size_t B>
void set_pi(LaneArray<L, B>& r, Prec p) {
  L x;
  set_pi(x, p);
  r.v.fill(x);
}

// Lane k of r: L's operation on lane k of the arguments.
template <class L, std::size_t B>
inline void neg(LaneArray<L, B>& r, const LaneArray<L, B>& a) {
  lane_detail::each(r, a, [](L& y, const L& x) { neg(y, x); });
}
template <class L, std::size_t B>
void pow_int(LaneArray<L, B>& r, const LaneArray<L, B>& a, long n, Prec p) {
  lane_detail::each(r, a, [n, p](L& y, const L& x) { pow_int(y, x, n, p); });
}
#define APPROXCERT_LANE_UNARY(F)                                    \
  template <class L, std::size_t B>                                 \
  void F(LaneArray<L, B>& r, const LaneArray<L, B>& a, Prec p) {    \
    lane_detail::each(r, a, [p](L& y, const L& x) { F(y, x, p); }); \
  }
#define APPROXCERT_LANE_BINARY(F)                                                                 \
  template <class L, std::size_t B>                                                               \
  inline void F(LaneArray<L, B>& r, const LaneArray<L, B>& a, const LaneArray<L, B>& b, Prec p) { \
    lane_detail::each(r, a, b, [p](L& z, const L& x, const L& y) { F(z, x, y, p); });             \
  }
APPROXCERT_LANE_BINARY(add)
APPROXCERT_LANE_BINARY(sub)
APPROXCERT_LANE_BINARY(mul)
APPROXCERT_LANE_BINARY(addmul)
APPROXCERT_LANE_BINARY(div)
APPROXCERT_LANE_BINARY(pow)
APPROXCERT_LANE_BINARY(min)
APPROXCERT_LANE_BINARY(max)
APPROXCERT_LANE_BINARY(hull)
APPROXCERT_LANE_UNARY(exp)
APPROXCERT_LANE_UNARY(log)
APPROXCERT_LANE_UNARY(expm1)
APPROXCERT_LANE_UNARY(log1p)
APPROXCERT_LANE_UNARY(log2)
APPROXCERT_LANE_UNARY(log10)
APPROXCERT_LANE_UNARY(asin)
APPROXCERT_LANE_UNARY(acos)
APPROXCERT_LANE_UNARY(sinh)
APPROXCERT_LANE_UNARY(cosh)
APPROXCERT_LANE_UNARY(asinh)
APPROXCERT_LANE_UNARY(acosh)
APPROXCERT_LANE_UNARY(atanh)
APPROXCERT_LANE_UNARY(erf)
APPROXCERT_LANE_UNARY(erfc)
APPROXCERT_LANE_UNARY(sqrt)
APPROXCERT_LANE_UNARY(sin)
APPROXCERT_LANE_UNARY(cos)
APPROXCERT_LANE_UNARY(tan)
APPROXCERT_LANE_UNARY(atan)
APPROXCERT_LANE_UNARY(tanh)
APPROXCERT_LANE_UNARY(sigmoid)
APPROXCERT_LANE_UNARY(relu)
APPROXCERT_LANE_UNARY(step)
APPROXCERT_LANE_UNARY(abs)
#undef APPROXCERT_LANE_UNARY
#undef APPROXCERT_LANE_BINARY

// a_k < b_k (<=, =) decided in every lane the same way: that answer; else Unknown.
template <class L, std::size_t B>
Truth less(const LaneArray<L, B>& a, const LaneArray<L, B>& b) {
  return lane_detail::all_lanes(a, b, [](const L& x, const L& y) { return less(x, y); });
}
template <class L, std::size_t B>
Truth less_equal(const LaneArray<L, B>& a, const LaneArray<L, B>& b) {
  return lane_detail::all_lanes(a, b, [](const L& x, const L& y) { return less_equal(x, y); });
}
template <class L, std::size_t B>
Truth equal(const LaneArray<L, B>& a, const LaneArray<L, B>& b) {
  return lane_detail::all_lanes(a, b, [](const L& x, const L& y) { return equal(x, y); });
}
// Every lane finite.
template <class L, std::size_t B>
bool is_finite(const LaneArray<L, B>& a) {
  bool finite = true;
  for (std::size_t k = 0; k < B; ++k) finite = finite && is_finite(a.v[k]);
  return finite;
}

// The hull of the lanes as one L (by L's hull).
template <class L, std::size_t B>
L lane_hull(const LaneArray<L, B>& a) {
  L h = a.v[0];
  for (std::size_t k = 1; k < B; ++k) hull(h, h, a.v[k], Prec(53));
  return h;
}
// Ends of the hull of the lanes (L's: std::domain_error if infinite).
template <class L, std::size_t B>
Rational lower(const LaneArray<L, B>& a) {
  return lower(lane_hull(a));
}
template <class L, std::size_t B>
Rational upper(const LaneArray<L, B>& a) {
  return upper(lane_hull(a));
}
template <class L, std::size_t B>
Rational mid(const LaneArray<L, B>& a) {
  return mid(lane_hull(a));
}
template <class L, std::size_t B>
Rational rad(const LaneArray<L, B>& a) {
  return rad(lane_hull(a));
}
template <class L, std::size_t B>
double dirty_mid(const LaneArray<L, B>& a) {
  return dirty_mid(lane_hull(a));
}  // non-rigorous
template <class L, std::size_t B>
std::string to_string(const LaneArray<L, B>& a, int digits = 17) {
  std::string s = "{";
  for (std::size_t k = 0; k < B; ++k) s += (k ? ", " : "") + to_string(a.v[k], digits);
  return s + "}";
}

}  // namespace approxcert
