// Double interval enclosures of exp, expm1, tanh and sigmoid (method in double_exp.hpp).
#include "scalar/double_exp.hpp"

#include <arb.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "scalar/flint_temporaries.hpp"

namespace approxcert {

namespace {

using fast_detail::next_down;

constexpr int kSteps = 32;             // ln 2 / 32 per reduction step: x = (32 k + j) ln 2 / 32 + r
constexpr int kTerms = 7;              // expm1(r) = r (sum_{i=0}^{6} r^i / (i+1)! + rho)
constexpr double kReducedMax = 0.011;  // |r| <= this double (< 11/1000, the value the tail bound uses)
constexpr double kHandledMax = 700;    // |x| <= 700: 2^k 2^(j/32) (1 + expm1(r)) stays a normal double

struct Constants {
  FastInterval coefficient[kTerms];   // 1 / (i+1)!
  FastInterval tail;                  // [-rho, rho], rho >= 2 (11/1000)^7 / 8! >= e^|r| |r|^7 / 8!
  double c1;                          // ln 2 / 32 to 32 significant bits
  FastInterval c2;                    // contains ln 2 / 32 - c1
  FastInterval power[kSteps + 1];     // 2^(j/32) for j = -16 .. 16 (index j + 16)
  FastInterval power_m1[kSteps + 1];  // 2^(j/32) - 1
  double steps_per_unit;              // dirty 32 / ln 2: only picks N
};

// A ball's ends rounded outward to doubles.
FastInterval outward(const arb_t b) {
  detail::Arf lo, hi;
  arb_get_lbound_arf(lo.v, b, 256);
  arb_get_ubound_arf(hi.v, b, 256);
  return FastInterval{arf_get_d(lo.v, ARF_RND_FLOOR), arf_get_d(hi.v, ARF_RND_CEIL)};
}

Constants make_constants() {
  Constants c;
  mpz_class factorial = 1;
  for (int i = 0; i < kTerms; ++i) {
    factorial *= i + 1;
    set(c.coefficient[i], Rational(mpz_class(1), factorial), Prec(53));
  }
  factorial *= kTerms + 1;  // 8!
  mpz_class num = 2, den = factorial;
  for (int i = 0; i < kTerms; ++i) num *= 11, den *= 1000;
  FastInterval rho;
  set(rho, Rational(num, den), Prec(53));
  c.tail = FastInterval{-rho.hi, rho.hi};
  // ln 2 / 32 in [2^-6, 2^-5): floor at 2^-37 keeps 32 significant bits.
  c.c1 = std::ldexp(std::floor(std::ldexp(std::log(2.0) / kSteps, 37)), -37);
  if (std::countr_zero(std::bit_cast<std::uint64_t>(c.c1) & ((std::uint64_t(1) << 52) - 1)) < 52 - 31)
    throw std::logic_error("double_exp: c1 has more than 32 significant bits");
  detail::ArbTemp l, t;
  detail::Arf a;
  arb_const_log2(l.v, 256);
  arb_div_ui(l.v, l.v, kSteps, 256);  // ln 2 / 32
  arf_set_d(a.v, c.c1);               // exact
  arb_sub_arf(t.v, l.v, a.v, 256);
  c.c2 = outward(t.v);
  for (int j = -kSteps / 2; j <= kSteps / 2; ++j) {
    arb_mul_si(t.v, l.v, j, 256);
    arb_exp(t.v, t.v, 256);
    c.power[j + kSteps / 2] = outward(t.v);
    arb_sub_ui(t.v, t.v, 1, 256);
    c.power_m1[j + kSteps / 2] = outward(t.v);
  }
  c.steps_per_unit = kSteps / std::log(2.0);
  return c;
}

const Constants& constants() {
  static const Constants c = make_constants();
  return c;
}

FastInterval point(double x) { return FastInterval{x, x}; }

// r contains s * t for s > 0 (two products instead of mul's four; general mul otherwise).
void mul_positive(FastInterval& r, const FastInterval& s, const FastInterval& t) {
  if (!(s.lo > 0)) return mul(r, s, t, Prec(53));
  const double lo = t.lo >= 0 ? s.lo * t.lo : s.hi * t.lo;
  const double hi = t.hi >= 0 ? s.hi * t.hi : s.lo * t.hi;
  fast_detail::set_widened(r, lo, hi);
}

// Contains expm1(r) for every r in the interval (|r| <= kReducedMax checked by the caller), by
// interval Horner. Every partial sum is positive (1/(i+1)! > 0.011 times the next one), so each
// product has a positive first factor. For |r| < kPointHornerMin only (see expm1_reduced).
FastInterval expm1_reduced_intervals(const FastInterval& r, const Constants& c) {
  const Prec p(53);
  FastInterval s = c.coefficient[kTerms - 1];
  for (int i = kTerms - 2; i >= 0; --i) {
    mul_positive(s, s, r);
    add(s, s, c.coefficient[i], p);
  }
  add(s, s, c.tail, p);
  mul_positive(s, s, r);
  return s;
}

// Contains expm1(r) for every r in the interval (|r| <= kReducedMax checked by the caller): the
// Horner sum s of sum_{i=0}^{6} c_i h^i, c_i = 1/(i+1)!, at the one double h = r.hi in
// round-to-nearest, m = h s, then m +- (2^-51 |h| + 1.02 (r.hi - r.lo)) rounded outward.
// Error bound, for 2^-900 <= |h| <= 0.011 (every intermediate result normal), u = 2^-53: let
// S_i = sum_{k>=i} c_k h^(k-i) (|S_0| <= 1.0056, |S_1| <= 0.502, |S_i| <= 0.168 for i >= 2) and e_i
// the error of the computed s_i = fl(fl(s_{i+1} h) + c^_i), c^_i the coefficients used (c_0, c_1
// exact, the others within 2u c_i: Arb's outward doubles). Then e_i <= 2u c_i + |h| e_{i+1} +
// u |h| |s_{i+1}| + u |s_i| (a fused multiply-add only drops a term), so e_6 <= 0.001u,
// e_i <= 0.52u for i >= 2, e_1 <= 0.51u, e_0 <= 1.02u; the product m adds u |h| |s_0|, so
// |m - h S_0| <= 2.03u |h|, and the Lagrange tail |h| rho <= 0.01u |h|: |m - expm1(h)| <= 2.04u |h|
// < 2^-51 |h|. And expm1(r) for r in [r.lo, h] lies within e^0.0111 (h - r.lo) <= 1.02 (h - r.lo)
// below expm1(h) (mean value theorem). Below 2^-900 the interval Horner above (no a-priori bound
// needed there). Two widenings instead of 16.
constexpr double kPointHornerMin = 0x1p-900;
FastInterval expm1_reduced(const FastInterval& r, const Constants& c) {
  using fast_detail::next_down, fast_detail::next_up;
  const double h = r.hi;
  if (!(std::fabs(h) >= kPointHornerMin)) return expm1_reduced_intervals(r, c);
  double s = c.coefficient[kTerms - 1].hi;
  for (int i = kTerms - 2; i >= 0; --i) s = s * h + c.coefficient[i].hi;
  const double m = h * s;
  const double spread = next_up(r.hi - r.lo);  // >= h - r.lo
  const double error = next_up(next_up(std::fabs(h) * 0x1p-51) + next_up(1.02 * spread));
  return FastInterval{next_down(m - error), next_up(m + error)};
}

// x = k ln 2 + (j / 32) ln 2 + r with N = 32 k + j the nearest integer to 32 x / ln 2 and
// j in [-16, 15] (|x| <= kHandledMax); nullopt if |r| exceeds kReducedMax (not expected for that N).
struct Reduced {
  int k, j;
  FastInterval expm1_r;
};
std::optional<Reduced> reduce(double x, const Constants& c) {
  const Prec p(53);
  const double n = std::nearbyint(x * c.steps_per_unit);
  FastInterval r, nc2;
  sub(r, point(x), point(n * c.c1), p);  // n * c1 exact: |n| <= 32320 < 2^15, c1 has 32 bits
  mul(nc2, point(n), c.c2, p);
  sub(r, r, nc2, p);
  if (!(r.lo >= -kReducedMax && r.hi <= kReducedMax)) return std::nullopt;
  const int ni = static_cast<int>(n), k = static_cast<int>(std::floor((n + kSteps / 2) / kSteps));  // exact
  return Reduced{k, ni - kSteps * k, expm1_reduced(r, c)};
}

// 2^k a, exact for the normal results that |x| <= kHandledMax gives (|k| <= 1010): a product by the
// double 2^k, built from its exponent bits (what ldexp gives there, without its range checks).
FastInterval scaled(const FastInterval& a, int k) {
  const double s = std::bit_cast<double>(static_cast<std::uint64_t>(1023 + k) << 52);  // 2^k, -1022 <= k <= 1023
  return FastInterval{a.lo * s, a.hi * s};
}

// 2^(j/32) expm1(r) + (2^(j/32) - 1) = 2^(j/32) e^r - 1, the two terms of one sign unless j = 0.
FastInterval expm1_of_fraction(const Reduced& red, const Constants& c) {
  FastInterval t;
  mul_positive(t, c.power[red.j + kSteps / 2], red.expm1_r);
  add(t, t, c.power_m1[red.j + kSteps / 2], Prec(53));
  return t;
}

}  // namespace

// exp(x) = 2^k (1 + (2^(j/32) e^r - 1)).
std::optional<FastInterval> exp_enclosure(double x) {
  if (!(std::fabs(x) <= kHandledMax)) return std::nullopt;
  if (x == 0) return point(1.0);
  const Constants& c = constants();
  const std::optional<Reduced> red = reduce(x, c);
  if (!red) return std::nullopt;
  FastInterval e;
  add(e, expm1_of_fraction(*red, c), point(1.0), Prec(53));
  return scaled(e, red->k);
}

// expm1(x) = 2^k (2^(j/32) e^r - 1) + (2^k - 1); k = 0 for |x| < 0.33 (no cancellation there),
// 2^k - 1 exact for |k| <= 52; beyond, 2^k (1 + (2^(j/32) e^r - 1)) - 1 (no cancellation).
std::optional<FastInterval> expm1_enclosure(double x) {
  if (!(std::fabs(x) <= kHandledMax)) return std::nullopt;
  if (x == 0) return point(0.0);
  const Constants& c = constants();
  const std::optional<Reduced> red = reduce(x, c);
  if (!red) return std::nullopt;
  const Prec p(53);
  FastInterval t = expm1_of_fraction(*red, c);
  if (red->k == 0) return t;
  if (red->k >= -52 && red->k <= 52) {
    add(t, scaled(t, red->k), point(std::ldexp(1.0, red->k) - 1), p);  // 2^k - 1 exact
  } else {
    add(t, t, point(1.0), p);
    sub(t, scaled(t, red->k), point(1.0), p);
  }
  return t;
}

// tanh(x) = m / (m + 2) with m = expm1(2x), increasing in m > -2: each end of m's enclosure gives
// one end. tanh(x) >= 1 - 2 e^{-2x} > next_down(1) = 1 - 2^-53 for x >= 20, and tanh(x) < 1.
FastInterval tanh_enclosure(double x) {
  if (x < 0) {
    const FastInterval t = tanh_enclosure(-x);
    return FastInterval{-t.hi, -t.lo};
  }
  if (x == 0) return point(0.0);
  if (x >= 20) return FastInterval{next_down(1.0), 1.0};
  const std::optional<FastInterval> m = expm1_enclosure(2 * x);  // 2x exact, <= 40
  if (!m) throw std::logic_error("tanh_enclosure: expm1 of 2x in (0, 40) not handled");
  // m >= 0: the lower end divides m.lo by (m.lo + 2) rounded up, the upper m.hi by (m.hi + 2) rounded
  // down, each quotient then one ulp outward.
  using fast_detail::next_up;
  const double lo = next_down(m->lo / next_up(m->lo + 2)), hi = next_up(m->hi / next_down(m->hi + 2));
  return FastInterval{fast_detail::greater(lo, 0.0), fast_detail::lesser(hi, 1.0)};
}

// For x >= 0: 1 / (1 + e) with e = exp(-x), decreasing in e; for x < 0: e / (1 + e) with e = exp(x),
// increasing in e. sigmoid(x) >= 1 - e^{-x} > next_down(1) for x >= 40, and sigmoid(x) < 1.
std::optional<FastInterval> sigmoid_enclosure(double x) {
  if (x >= 40) return FastInterval{next_down(1.0), 1.0};
  const std::optional<FastInterval> e = exp_enclosure(x >= 0 ? -x : x);
  if (!e) return std::nullopt;
  const Prec p(53);
  FastInterval lo, hi, d;
  const FastInterval one = point(1.0);
  const double e_for_lo = x >= 0 ? e->hi : e->lo, e_for_hi = x >= 0 ? e->lo : e->hi;
  add(d, one, point(e_for_lo), p);
  div(lo, x >= 0 ? one : point(e_for_lo), d, p);
  add(d, one, point(e_for_hi), p);
  div(hi, x >= 0 ? one : point(e_for_hi), d, p);
  return FastInterval{fast_detail::greater(lo.lo, 0.0), fast_detail::lesser(hi.hi, 1.0)};
}

}  // namespace approxcert
