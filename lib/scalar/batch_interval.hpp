#pragma once
// BatchInterval<B>: B independent FastIntervals ("lanes") as one Scalar, so that the one generic
// evaluator (net/evaluate.hpp) runs B points or boxes per pass and pays its per-node dispatch once
// per B lanes. Lane k of every result is bit for bit the FastInterval operation applied to lane k
// of the arguments (fast_interval.hpp: enclosure contract, one ulp outward), so every lane obeys
// the enclosure contract on its own. The lane loops of +, -, *, addmul, relu, min, max, hull are
// written without branches so that the compiler can vectorise them; the other operations loop over
// the FastInterval ones (exp, expm1, tanh, sigmoid in doubles, other transcendental functions
// through Arb per lane).
//
// Comparisons are conservative over the lanes: less / less_equal / equal give True only if True in
// every lane, False only if False in every lane, Unknown otherwise; is_finite is "every lane
// finite". The evaluator does not use them to pick hardmax winners: it decides the hardmax Mix node
// lane by lane (net/evaluate.hpp, LaneBatch), and every other node is a lane-wise operation, so lane
// k of every node is bit for bit the FastInterval evaluation of lane k's input
// (tests/net/batch_evaluate_test.cpp checks this, and that every lane encloses its exact value).
//
// lower / upper / mid / rad describe the hull of the lanes (every lane's value lies between lower
// and upper); lane(a, k) and set_lane(r, k, x) read and write one lane.
//
// Why not LaneArray<FastInterval, B> (lane_array.hpp): the lanes are stored as two arrays lo[], hi[]
// (structure of arrays), which the branch-free loops need to vectorise; LaneArray keeps whole L values.
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>

#include "scalar/fast_interval.hpp"

namespace approxcert {

template <std::size_t B>
struct BatchInterval {
  static_assert(B >= 1);
  static constexpr std::size_t lanes = B;
  alignas(64) std::array<double, B> lo{};  // every lane exactly 0 by default
  alignas(64) std::array<double, B> hi{};
};

template <std::size_t B>
FastInterval lane(const BatchInterval<B>& a, std::size_t k) {
  return {a.lo[k], a.hi[k]};
}
template <std::size_t B>
void set_lane(BatchInterval<B>& r, std::size_t k, const FastInterval& x) {
  r.lo[k] = x.lo;
  r.hi[k] = x.hi;
}

namespace batch_detail {

using fast_detail::next_down;
using fast_detail::next_up;

// fast_detail::set_widened, lane k: NaN in either end gives the indeterminate lane.
template <std::size_t B>
inline void set_widened(BatchInterval<B>& r, std::size_t k, double lo, double hi) {
  const bool nan = (lo != lo) | (hi != hi);
  const double l = next_down(lo), h = next_up(hi);
  r.lo[k] = nan ? -fast_detail::kInf : l;
  r.hi[k] = nan ? fast_detail::kInf : h;
}

template <std::size_t B, class F>
inline void each_unary(BatchInterval<B>& r, const BatchInterval<B>& a, F f) {
  for (std::size_t k = 0; k < B; ++k) {
    FastInterval x = lane(a, k), y;
    f(y, x);
    set_lane(r, k, y);
  }
}
template <std::size_t B, class F>
inline void each_binary(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, F f) {
  for (std::size_t k = 0; k < B; ++k) {
    FastInterval x = lane(a, k), y = lane(b, k), z;
    f(z, x, y);
    set_lane(r, k, z);
  }
}

}  // namespace batch_detail

// Every lane contains q (FastInterval's set, the same in every lane).
template <std::size_t B>
void set(BatchInterval<B>& r, const Rational& q, Prec p) {
  FastInterval x;
  set(x, q, p);
  r.lo.fill(x.lo);
  r.hi.fill(x.hi);
}
// Every lane contains [lo, hi] (std::invalid_argument if lo > hi).
template <std::size_t B>
void set_interval(BatchInterval<B>& r, const Rational& lo, const Rational& hi, Prec p) {
  FastInterval x;
  set_interval(x, lo, hi, p);
  r.lo.fill(x.lo);
  r.hi.fill(x.hi);
}
// Every lane contains pi.
template <std::size_t B>
void set_pi(BatchInterval<B>& r, Prec p) {
  FastInterval x;
  set_pi(x, p);
  r.lo.fill(x.lo);
  r.hi.fill(x.hi);
}

// Lane k contains a_k + b_k (FastInterval's add, lane-wise).
template <std::size_t B>
inline void add(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  for (std::size_t k = 0; k < B; ++k) batch_detail::set_widened(r, k, a.lo[k] + b.lo[k], a.hi[k] + b.hi[k]);
}
// Lane k contains a_k - b_k.
template <std::size_t B>
inline void sub(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  for (std::size_t k = 0; k < B; ++k) {
    const double lo = a.lo[k] - b.hi[k], hi = a.hi[k] - b.lo[k];  // before r (aliasing b) is written
    batch_detail::set_widened(r, k, lo, hi);
  }
}
// Lane k contains a_k * b_k (FastInterval's mul: four products, one ulp outward; NaN: indeterminate).
template <std::size_t B>
inline void mul(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  using fast_detail::greater, fast_detail::lesser;
  for (std::size_t k = 0; k < B; ++k) {
    const double p1 = a.lo[k] * b.lo[k], p2 = a.lo[k] * b.hi[k], p3 = a.hi[k] * b.lo[k], p4 = a.hi[k] * b.hi[k];
    const bool nan = (p1 != p1) | (p2 != p2) | (p3 != p3) | (p4 != p4);
    const double lo = lesser(lesser(p1, p2), lesser(p3, p4)), hi = greater(greater(p1, p2), greater(p3, p4));
    const double l = batch_detail::next_down(lo), h = batch_detail::next_up(hi);
    r.lo[k] = nan ? -fast_detail::kInf : l;  // a NaN product: indeterminate, as FastInterval's mul
    r.hi[k] = nan ? fast_detail::kInf : h;
  }
}
// r := r + a*b lane-wise: the product as by mul (widened, NaN: indeterminate), then added as by add,
// in one loop (the same doubles as FastInterval's addmul, without a temporary batch).
template <std::size_t B>
inline void addmul(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  using fast_detail::greater, fast_detail::lesser, fast_detail::kInf;
  for (std::size_t k = 0; k < B; ++k) {
    const double p1 = a.lo[k] * b.lo[k], p2 = a.lo[k] * b.hi[k], p3 = a.hi[k] * b.lo[k], p4 = a.hi[k] * b.hi[k];
    const bool nan = (p1 != p1) | (p2 != p2) | (p3 != p3) | (p4 != p4);
    const double ml = batch_detail::next_down(lesser(lesser(p1, p2), lesser(p3, p4)));
    const double mh = batch_detail::next_up(greater(greater(p1, p2), greater(p3, p4)));
    const double tl = nan ? -kInf : ml, th = nan ? kInf : mh;  // the product's enclosure
    const double lo = r.lo[k] + tl, hi = r.hi[k] + th;
    const bool sum_nan = (lo != lo) | (hi != hi);
    const double l = batch_detail::next_down(lo), h = batch_detail::next_up(hi);
    r.lo[k] = sum_nan ? -kInf : l;
    r.hi[k] = sum_nan ? kInf : h;
  }
}
// The hottest lane loops are compiled three times, for AVX-512, AVX2 and baseline x86-64, and the
// loader picks the widest the processor has (GCC function multi-versioning). Each is the same
// sequence of correctly rounded IEEE operations, so every clone gives the same bits; contraction
// into fused multiply-adds, which the wider targets would otherwise allow, is switched off (an
// fma(x, w, 0.0) keeps the sign of an underflowed -0 that next_up must not see, and a fused product
// is not the product the outward-rounding argument rounds). Other compilers: one baseline loop.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define APPROXCERT_LANE_LOOP [[gnu::target_clones("avx512f", "avx2", "default"), gnu::optimize("fp-contract=off")]]
#else
#define APPROXCERT_LANE_LOOP
#endif

namespace batch_detail {
// r_k := r_k + [from_k, to_k] * w in every lane, for w's sign that puts the product's lower end at
// from_k * w: FastInterval's addmul_double lane-wise without its NaN tests, which cannot fire: the
// product of a non-NaN end with a finite nonzero w is not NaN, and once widened its lower end is
// below +inf and its upper end above -inf, as r's ends are (FastInterval's invariants), so no sum
// is inf - inf.
template <std::size_t B>
APPROXCERT_LANE_LOOP void addmul_double_lanes(BatchInterval<B>& r, const std::array<double, B>& from,
                                              const std::array<double, B>& to, double w) {
  for (std::size_t k = 0; k < B; ++k) {
    const double lo = r.lo[k] + next_down(from[k] * w), hi = r.hi[k] + next_up(to[k] * w);
    r.lo[k] = next_down(lo);
    r.hi[k] = next_up(hi);
  }
}
}  // namespace batch_detail

// Every lane = [c, c] for a finite double c (exact).
template <class T>
requires std::same_as<T, BatchInterval<T::lanes>>
inline void set_double(T& r, double c) {
  r.lo.fill(c);
  r.hi.fill(c);
}
// r := r + a*w lane-wise for a finite nonzero double w: lane k is bit for bit FastInterval's
// addmul_double, i.e. addmul(r, a, [w, w]), with w read once instead of from a B-lane constant.
// Constrained to BatchInterval itself (double_weight.hpp: a derived type must not inherit it).
template <class T>
requires std::same_as<T, BatchInterval<T::lanes>>
inline void addmul_double(T& r, const T& a, double w, Prec) {
  if (w > 0) batch_detail::addmul_double_lanes(r, a.lo, a.hi, w);
  else batch_detail::addmul_double_lanes(r, a.hi, a.lo, w);
}
// Lane k contains a_k / b_k (FastInterval's div).
template <std::size_t B>
void div(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec p) {
  batch_detail::each_binary(r, a, b,
                            [p](FastInterval& z, const FastInterval& x, const FastInterval& y) { div(z, x, y, p); });
}
// Lane k is -a_k (exact).
template <std::size_t B>
inline void neg(BatchInterval<B>& r, const BatchInterval<B>& a) {
  for (std::size_t k = 0; k < B; ++k) {
    const double lo = -a.hi[k];
    r.hi[k] = -a.lo[k];
    r.lo[k] = lo;
  }
}
// Lane k contains a_k^n (FastInterval's pow_int).
template <std::size_t B>
void pow_int(BatchInterval<B>& r, const BatchInterval<B>& a, long n, Prec p) {
  batch_detail::each_unary(r, a, [n, p](FastInterval& y, const FastInterval& x) { pow_int(y, x, n, p); });
}

// Lane k contains f(a_k): FastInterval's f on each lane.
#define APPROXCERT_BATCH_UNARY(F)                                                                \
  template <std::size_t B>                                                                       \
  void F(BatchInterval<B>& r, const BatchInterval<B>& a, Prec p) {                               \
    batch_detail::each_unary(r, a, [p](FastInterval& y, const FastInterval& x) { F(y, x, p); }); \
  }
APPROXCERT_BATCH_UNARY(exp)
APPROXCERT_BATCH_UNARY(log)
APPROXCERT_BATCH_UNARY(expm1)
APPROXCERT_BATCH_UNARY(log1p)
APPROXCERT_BATCH_UNARY(log2)
APPROXCERT_BATCH_UNARY(log10)
APPROXCERT_BATCH_UNARY(asin)
APPROXCERT_BATCH_UNARY(acos)
APPROXCERT_BATCH_UNARY(sinh)
APPROXCERT_BATCH_UNARY(cosh)
APPROXCERT_BATCH_UNARY(asinh)
APPROXCERT_BATCH_UNARY(acosh)
APPROXCERT_BATCH_UNARY(atanh)
APPROXCERT_BATCH_UNARY(erf)
APPROXCERT_BATCH_UNARY(erfc)
APPROXCERT_BATCH_UNARY(sqrt)
APPROXCERT_BATCH_UNARY(sin)
APPROXCERT_BATCH_UNARY(cos)
APPROXCERT_BATCH_UNARY(tan)
APPROXCERT_BATCH_UNARY(atan)
APPROXCERT_BATCH_UNARY(tanh)
APPROXCERT_BATCH_UNARY(sigmoid)
APPROXCERT_BATCH_UNARY(abs)
APPROXCERT_BATCH_UNARY(step)
#undef APPROXCERT_BATCH_UNARY

// Lane k contains a_k ^ b_k (FastInterval's pow).
template <std::size_t B>
void pow(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec p) {
  batch_detail::each_binary(r, a, b,
                            [p](FastInterval& z, const FastInterval& x, const FastInterval& y) { pow(z, x, y, p); });
}

// Lane k = max(a_k, 0) (exact).
template <std::size_t B>
APPROXCERT_LANE_LOOP void relu(BatchInterval<B>& r, const BatchInterval<B>& a, Prec) {
  for (std::size_t k = 0; k < B; ++k) {
    r.lo[k] = a.lo[k] > 0 ? a.lo[k] : 0.0;
    r.hi[k] = a.hi[k] > 0 ? a.hi[k] : 0.0;
  }
}
// Lane k = min(a_k, b_k), max(a_k, b_k), and the hull of a_k and b_k (exact).
template <std::size_t B>
inline void min(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  for (std::size_t k = 0; k < B; ++k) {
    r.lo[k] = fast_detail::lesser(a.lo[k], b.lo[k]);
    r.hi[k] = fast_detail::lesser(a.hi[k], b.hi[k]);
  }
}
template <std::size_t B>
inline void max(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  for (std::size_t k = 0; k < B; ++k) {
    r.lo[k] = fast_detail::greater(a.lo[k], b.lo[k]);
    r.hi[k] = fast_detail::greater(a.hi[k], b.hi[k]);
  }
}
template <std::size_t B>
inline void hull(BatchInterval<B>& r, const BatchInterval<B>& a, const BatchInterval<B>& b, Prec) {
  for (std::size_t k = 0; k < B; ++k) {
    r.lo[k] = fast_detail::lesser(a.lo[k], b.lo[k]);
    r.hi[k] = fast_detail::greater(a.hi[k], b.hi[k]);
  }
}

namespace batch_detail {
// True / False if every lane says so, else Unknown.
template <std::size_t B, class C>
Truth all_lanes(const BatchInterval<B>& a, const BatchInterval<B>& b, C compare) {
  bool all_true = true, all_false = true;
  for (std::size_t k = 0; k < B; ++k) {
    const Truth t = compare(lane(a, k), lane(b, k));
    all_true = all_true && t == Truth::True;
    all_false = all_false && t == Truth::False;
  }
  return all_true ? Truth::True : all_false ? Truth::False : Truth::Unknown;
}
}  // namespace batch_detail

// a_k < b_k in every lane for all points: True; in no lane for any point: False; else Unknown.
template <std::size_t B>
Truth less(const BatchInterval<B>& a, const BatchInterval<B>& b) {
  return batch_detail::all_lanes(a, b, [](const FastInterval& x, const FastInterval& y) { return less(x, y); });
}
template <std::size_t B>
Truth less_equal(const BatchInterval<B>& a, const BatchInterval<B>& b) {
  return batch_detail::all_lanes(a, b, [](const FastInterval& x, const FastInterval& y) { return less_equal(x, y); });
}
// True only if every lane holds the same exact point in a and b.
template <std::size_t B>
Truth equal(const BatchInterval<B>& a, const BatchInterval<B>& b) {
  return batch_detail::all_lanes(a, b, [](const FastInterval& x, const FastInterval& y) { return equal(x, y); });
}
// Every lane finite.
template <std::size_t B>
bool is_finite(const BatchInterval<B>& a) {
  bool finite = true;
  for (std::size_t k = 0; k < B; ++k) finite = finite && is_finite(lane(a, k));
  return finite;
}

// The hull of the lanes as one FastInterval (exact: min of the lower ends, max of the upper ends).
template <std::size_t B>
FastInterval lane_hull(const BatchInterval<B>& a) {
  FastInterval h = lane(a, 0);
  for (std::size_t k = 1; k < B; ++k) hull(h, h, lane(a, k), Prec(53));
  return h;
}
// Exact ends of the hull of the lanes (std::domain_error if infinite).
template <std::size_t B>
Rational lower(const BatchInterval<B>& a) {
  return lower(lane_hull(a));
}
template <std::size_t B>
Rational upper(const BatchInterval<B>& a) {
  return upper(lane_hull(a));
}
template <std::size_t B>
Rational mid(const BatchInterval<B>& a) {
  return mid(lane_hull(a));
}
template <std::size_t B>
Rational rad(const BatchInterval<B>& a) {
  return rad(lane_hull(a));
}
template <std::size_t B>
double dirty_mid(const BatchInterval<B>& a) {
  return dirty_mid(lane_hull(a));
}  // non-rigorous
template <std::size_t B>
std::string to_string(const BatchInterval<B>& a, int digits = 17) {
  std::string s = "{";
  for (std::size_t k = 0; k < B; ++k) s += (k ? ", " : "") + to_string(lane(a, k), digits);
  return s + "}";
}

// The lane count the tests use for BatchInterval (the bench and the callers may pick others).
inline constexpr std::size_t kBatchLanes = 8;
using FastBatch = BatchInterval<kBatchLanes>;

}  // namespace approxcert
