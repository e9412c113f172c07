// FastInterval operations that are not inline: entry of exact rationals, division, powers and the
// transcendental functions. exp, expm1, tanh and sigmoid take each end from the double enclosures
// of double_exp.hpp (Arb only where those do not reach, |x| > 700). The other transcendental ones convert the interval
// (or, for increasing functions on a wide interval, each end) to an Arb ball containing it (exactly: the ends are
// doubles), apply the Ball operation (ball.hpp: enclosure contract) at kArbBits, and round the
// ball's ends outward to doubles; where the function's range is known
// ([0, 1] for sigmoid, [-1, 1] for tanh, sin, cos, (-2, 2) for atan, [0, inf) for exp and sqrt),
// the result is intersected with it, which keeps unbounded inputs finite.
#include "scalar/fast_interval.hpp"

#include <arb.h>
#include <gmpxx.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "scalar/ball.hpp"
#include "scalar/double_exp.hpp"
#include "scalar/flint_temporaries.hpp"

namespace approxcert {

namespace {

using detail::Arf;
using detail::Fmpz;
using fast_detail::greater;
using fast_detail::kInf;
using fast_detail::lesser;
using fast_detail::set_indeterminate;

// Arb works a little above double precision, so rounding its result to doubles costs about an ulp.
constexpr long kArbBits = 64;

// q itself as a double where q = n / 2^k with |n| < 2^53 and k <= 1000 (n converts exactly and
// n 2^-k is 0 or a normal double, so scaling it is exact), else nothing. Checks only the sizes of n
// and of the denominator, which is a power of 2 exactly when its lowest set bit is its highest.
std::optional<double> small_dyadic_to_double(const Rational& q) {
  mpz_srcptr num = mpq_numref(q.get_mpq_t()), den = mpq_denref(q.get_mpq_t());
  const std::size_t k = mpz_sizeinbase(den, 2) - 1;
  if (mpz_sizeinbase(num, 2) > 53 || k > 1000 || mpz_scan1(den, 0) != k) return std::nullopt;
  return std::ldexp(mpz_get_d(num), -static_cast<int>(k));
}

// q rounded to a double in direction rnd (correct rounding, also through underflow and overflow:
// arf_get_d rounds in the given direction at the ends of the double range). A q that is a double
// (small_dyadic_to_double) is that double in either direction.
double rational_to_double(const Rational& q, arf_rnd_t rnd) {
  if (const std::optional<double> x = small_dyadic_to_double(q)) return *x;
  Fmpz num, den;
  fmpz_set_mpz(num.v, q.gmp().get_num_mpz_t());
  fmpz_set_mpz(den.v, q.gmp().get_den_mpz_t());
  Arf r;
  arf_fmpz_div_fmpz(r.v, num.v, den.v, 53, rnd);  // rounded in direction rnd to 53 bits
  return arf_get_d(r.v, rnd);                     // and again in direction rnd (subnormals)
}

// r = f(a) through Ball, intersected with the known range [min_value, max_value] of f.
void through_ball(FastInterval& r, const FastInterval& a, void (*f)(Ball&, const Ball&, Prec), double min_value = -kInf,
                  double max_value = kInf) {
  Ball b = to_ball(a);
  f(b, b, Prec(kArbBits));
  from_ball(r, b);
  r.lo = greater(r.lo, min_value);
  r.hi = lesser(r.hi, max_value);
}

// f(x) for a double x through Ball: its lower end rounded down (upper: up).
double point_through_ball(double x, void (*f)(Ball&, const Ball&, Prec), bool upper) {
  Ball b;
  arb_set_d(b.arb(), x);  // exact
  f(b, b, Prec(kArbBits));
  FastInterval y;
  from_ball(y, b);
  return upper ? y.hi : y.lo;
}

// r = [lower_end, upper_end] clipped to the range [min_value, max_value]: the lower end is the range's
// minimum when lower_x is infinite, else lower_at(lower_x) (a lower bound of f there); likewise the
// upper end. lower_x/upper_x are a.lo/a.hi for increasing f and a.hi/a.lo for decreasing f.
template <class LowerAt, class UpperAt>
void from_ends(FastInterval& r, double lower_x, double upper_x, LowerAt lower_at, UpperAt upper_at, double min_value,
               double max_value) {
  const double lo = std::isinf(lower_x) ? min_value : lower_at(lower_x);
  const double hi = std::isinf(upper_x) ? max_value : upper_at(upper_x);
  r.lo = greater(lo, min_value);
  r.hi = lesser(hi, max_value);
}

// r = f(a) for f increasing on a, with range [min_value, max_value]. A narrow interval (width at
// most 2^-20 of its magnitude) goes through one ball evaluation, whose radius is then tight;
// otherwise f is evaluated at each end (a ball around a wide interval overestimates, and around
// [0, h] it would reach below 0, outside the domain of log and sqrt). Infinite ends map to the
// range's ends. ends_only: always at each end (asin, acos, acosh, atanh: a ball around an interval
// that touches the end of the domain may poke out of it, where Ball gives nothing).
void increasing(FastInterval& r, const FastInterval& a, void (*f)(Ball&, const Ball&, Prec), double min_value,
                double max_value, bool ends_only = false) {
  if (!ends_only && is_finite(a) && a.hi - a.lo <= std::ldexp(std::fabs(a.lo) + std::fabs(a.hi), -20) &&
      (a.lo > 0 || a.hi < 0 || a.lo == a.hi))
    return through_ball(r, a, f, min_value, max_value);
  from_ends(
      r, a.lo, a.hi, [&](double x) { return point_through_ball(x, f, false); },
      [&](double x) { return point_through_ball(x, f, true); }, min_value, max_value);
}

// Upper bounds of f' on [m - w, m + w] (w <= 2^-30) from an enclosure e of f(m), for the mean
// value form below; every step rounded upward (next_up after round-to-nearest) or downward.
// exp' = exp <= e^w exp(m) <= (1 + 2w) exp(m) for w <= 1; expm1' = exp likewise.
double exp_slope(const FastInterval& e, double w) {
  return fast_detail::next_up(e.hi * fast_detail::next_up(1 + 2 * w));
}
double expm1_slope(const FastInterval& e, double w) {
  return fast_detail::next_up(fast_detail::next_up(1 + e.hi) * fast_detail::next_up(1 + 2 * w));
}
// Near the peak of f' (0 for tanh, 1/2 for sigmoid, where f' = peak - (f - c)^2): |f(x) - f(m)| <=
// s w (s = 1 for tanh, 1/4 for sigmoid) keeps f(x) at least t = dist - s w from c when t > 0, dist
// being f(m)'s distance from c, so f'(x) <= peak - t^2.
double peak_slope(const FastInterval& e, double w, double c, double s, double peak) {
  using fast_detail::next_down, fast_detail::next_up;
  const double dist = e.lo > c ? next_down(e.lo - c) : (e.hi < c ? next_down(c - e.hi) : 0.0);
  const double t = next_down(dist - next_up(s * w));
  if (!(t > 0)) return peak;
  return next_up(peak - next_down(t * t));
}
// In the tails (where peak - t^2 cancels): sigmoid(x + d) <= e^d sigmoid(x) for d >= 0, so
// sigmoid' = sigmoid(x) sigmoid(-x) <= e^w min(sigmoid(m), 1 - sigmoid(m)); for tanh,
// 1 - |tanh(y)| = 2 sigmoid(-2|y|), so tanh' <= 2 (1 - |tanh(x)|) <= 2 e^(2w) (1 - |tanh(m)|); with
// e^v <= 1 + 2v for v <= 1.
double tail_slope(double outer_distance, double factor, double v) {
  using fast_detail::next_up;
  return next_up(factor * next_up(outer_distance) * next_up(1 + 2 * v));
}
double tanh_slope(const FastInterval& e, double w) {
  const double magnitude = e.lo > 0 ? e.lo : (e.hi < 0 ? -e.hi : 0.0);
  return lesser(peak_slope(e, w, 0.0, 1.0, 1.0), tail_slope(1 - magnitude, 2, 2 * w));
}
double sigmoid_slope(const FastInterval& e, double w) {
  const double tail = e.hi <= 0.5 ? tail_slope(e.hi, 1, w) : e.lo >= 0.5 ? tail_slope(1 - e.lo, 1, w) : 0.25;
  return lesser(peak_slope(e, w, 0.5, 0.25, 0.25), tail);
}

// r = f(a) for f increasing on a, from double enclosures of f (double_exp.hpp), or through Ball at
// an end those do not handle; infinite ends map to the range's ends. A point takes one enclosure; an
// interval of width at most 2^-30 (a point carried through rounded operations) one at its midpoint m
// and the mean value form f(m) +- slope (x - m); a wider one an enclosure at each end.
void increasing_in_doubles(FastInterval& r, const FastInterval& a, std::optional<FastInterval> (*enclose)(double),
                           double (*slope)(const FastInterval&, double), void (*f)(Ball&, const Ball&, Prec),
                           double min_value, double max_value) {
  using fast_detail::next_down, fast_detail::next_up;
  auto at = [&](double x, bool upper_end) {
    const std::optional<FastInterval> e = enclose(x);
    if (!e) return point_through_ball(x, f, upper_end);
    return upper_end ? e->hi : e->lo;
  };
  if (is_finite(a) && a.hi - a.lo <= 0x1p-30) {
    const double m = lesser(greater(a.lo + (a.hi - a.lo) / 2, a.lo), a.hi);
    if (const std::optional<FastInterval> e = enclose(m)) {
      const double below = next_up(m - a.lo), above = next_up(a.hi - m);  // >= m - lo, hi - m
      const double l = a.lo == a.hi ? 0.0 : slope(*e, greater(below, above));
      r.lo = greater(a.lo == m ? e->lo : next_down(e->lo - next_up(l * below)), min_value);
      r.hi = lesser(a.hi == m ? e->hi : next_up(e->hi + next_up(l * above)), max_value);
      return;
    }
  }
  from_ends(
      r, a.lo, a.hi, [&](double x) { return at(x, false); }, [&](double x) { return at(x, true); }, min_value,
      max_value);
}

std::optional<FastInterval> tanh_at(double x) { return tanh_enclosure(x); }

// r = f(a) for f decreasing on a, with range [min_value, max_value]: f(x) = g(-x) with g(y) = f(-y)
// increasing would need a second function pointer, so the ends are evaluated directly.
void decreasing(FastInterval& r, const FastInterval& a, void (*f)(Ball&, const Ball&, Prec), double min_value,
                double max_value) {
  from_ends(
      r, a.hi, a.lo, [&](double x) { return point_through_ball(x, f, false); },
      [&](double x) { return point_through_ball(x, f, true); }, min_value, max_value);
}

}  // namespace

// A ball containing a (both ends are doubles, hence exact arfs).
Ball to_ball(const FastInterval& a) {
  Ball b;
  Arf lo, hi;
  arf_set_d(lo.v, a.lo);
  arf_set_d(hi.v, a.hi);
  arb_set_interval_arf(b.arb(), lo.v, hi.v, kArbBits);  // radius rounded up: contains [lo, hi]
  return b;
}

// [lower end rounded down, upper end rounded up] of a ball; indeterminate if it is not finite.
void from_ball(FastInterval& r, const Ball& b) {
  if (!arb_is_finite(b.arb())) return set_indeterminate(r);
  Arf lo, hi;
  arb_get_lbound_arf(lo.v, b.arb(), kArbBits);  // rounded down
  arb_get_ubound_arf(hi.v, b.arb(), kArbBits);  // rounded up
  r.lo = arf_get_d(lo.v, ARF_RND_FLOOR);
  r.hi = arf_get_d(hi.v, ARF_RND_CEIL);
  if (r.lo != r.lo || r.hi != r.hi) set_indeterminate(r);
}

void set(FastInterval& r, const Rational& q, Prec) {
  r.lo = rational_to_double(q, ARF_RND_FLOOR);
  r.hi = rational_to_double(q, ARF_RND_CEIL);
}

void set_interval(FastInterval& r, const Rational& lo, const Rational& hi, Prec) {
  if (hi < lo) throw std::invalid_argument("set_interval: lower bound above upper bound");
  r.lo = rational_to_double(lo, ARF_RND_FLOOR);
  r.hi = rational_to_double(hi, ARF_RND_CEIL);
}

void div(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  if (b.lo <= 0 && b.hi >= 0) return set_indeterminate(r);
  const double q1 = a.lo / b.lo, q2 = a.lo / b.hi, q3 = a.hi / b.lo, q4 = a.hi / b.hi;
  if ((q1 != q1) | (q2 != q2) | (q3 != q3) | (q4 != q4)) return set_indeterminate(r);  // inf / inf
  fast_detail::set_widened(r, lesser(lesser(q1, q2), lesser(q3, q4)), greater(greater(q1, q2), greater(q3, q4)));
}

// x^0 = 1 and x^1 = x exactly; x^2 from the range of |x| (no dependency loss); other powers
// through Ball's pow_int, which also treats even powers through |x|.
void pow_int(FastInterval& r, const FastInterval& a, long n, Prec p) {
  if (n == 0) {
    r.lo = r.hi = 1.0;
    return;
  }
  if (n == 1) {
    r = a;
    return;
  }
  if (n == 2) {
    FastInterval m;
    abs(m, a, p);
    const double lo = m.lo * m.lo, hi = m.hi * m.hi;  // m.lo >= 0: no NaN (inf * inf = inf)
    fast_detail::set_widened(r, lo, hi);
    r.lo = greater(r.lo, 0.0);
    return;
  }
  if (!is_finite(a)) return set_indeterminate(r);
  Ball b = to_ball(a);
  pow_int(b, b, n, Prec(kArbBits));
  from_ball(r, b);
}

void exp(FastInterval& r, const FastInterval& a, Prec) {
  increasing_in_doubles(r, a, exp_enclosure, exp_slope, exp, 0.0, kInf);
}
void log(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo > 0)) return set_indeterminate(r);
  increasing(r, a, log, -kInf, kInf);
}
void expm1(FastInterval& r, const FastInterval& a, Prec) {
  increasing_in_doubles(r, a, expm1_enclosure, expm1_slope, expm1, -1.0, kInf);
}
void log1p(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo > -1)) return set_indeterminate(r);
  increasing(r, a, log1p, -kInf, kInf);
}
void log2(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo > 0)) return set_indeterminate(r);
  increasing(r, a, log2, -kInf, kInf);
}
void log10(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo > 0)) return set_indeterminate(r);
  increasing(r, a, log10, -kInf, kInf);
}
void asin(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo >= -1 && a.hi <= 1)) return set_indeterminate(r);
  increasing(r, a, asin, -2.0, 2.0, true);
}
void acos(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo >= -1 && a.hi <= 1)) return set_indeterminate(r);
  decreasing(r, a, acos, 0.0, 4.0);
}
void sinh(FastInterval& r, const FastInterval& a, Prec) { increasing(r, a, sinh, -kInf, kInf); }
void cosh(FastInterval& r, const FastInterval& a, Prec p) {  // cosh(a) = cosh(|a|), increasing on [0, inf)
  FastInterval m;
  abs(m, a, p);
  increasing(r, m, cosh, 1.0, kInf);
}
void asinh(FastInterval& r, const FastInterval& a, Prec) { increasing(r, a, asinh, -kInf, kInf); }
void acosh(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo >= 1)) return set_indeterminate(r);
  increasing(r, a, acosh, 0.0, kInf, true);
}
void atanh(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo > -1 && a.hi < 1)) return set_indeterminate(r);
  increasing(r, a, atanh, -kInf, kInf, true);
}
void erf(FastInterval& r, const FastInterval& a, Prec) { increasing(r, a, erf, -1.0, 1.0); }
void erfc(FastInterval& r, const FastInterval& a, Prec) { decreasing(r, a, erfc, 0.0, 2.0); }
// a^b is monotone in each argument for a > 0 (Interval's pow): the hull of the four corners, each
// through Ball at a point.
void pow(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec) {
  if (!(a.lo > 0) || !is_finite(a) || !is_finite(b)) return set_indeterminate(r);
  double lo = kInf, hi = -kInf;
  for (double x : {a.lo, a.hi})
    for (double y : {b.lo, b.hi}) {
      Ball bx, by;
      arb_set_d(bx.arb(), x);  // exact
      arb_set_d(by.arb(), y);
      pow(bx, bx, by, Prec(kArbBits));
      FastInterval v;
      from_ball(v, bx);
      if (!is_finite(v)) return set_indeterminate(r);
      lo = lesser(lo, v.lo);
      hi = greater(hi, v.hi);
    }
  r.lo = greater(lo, 0.0);
  r.hi = hi;
}
void sqrt(FastInterval& r, const FastInterval& a, Prec) {
  if (!(a.lo >= 0)) return set_indeterminate(r);
  increasing(r, a, sqrt, 0.0, kInf);
}
void sin(FastInterval& r, const FastInterval& a, Prec) { through_ball(r, a, sin, -1.0, 1.0); }
void cos(FastInterval& r, const FastInterval& a, Prec) { through_ball(r, a, cos, -1.0, 1.0); }
void tan(FastInterval& r, const FastInterval& a, Prec) { through_ball(r, a, tan); }
void atan(FastInterval& r, const FastInterval& a, Prec) { increasing(r, a, atan, -2.0, 2.0); }
void tanh(FastInterval& r, const FastInterval& a, Prec) {
  increasing_in_doubles(r, a, tanh_at, tanh_slope, tanh, -1.0, 1.0);
}
void sigmoid(FastInterval& r, const FastInterval& a, Prec) {
  increasing_in_doubles(r, a, sigmoid_enclosure, sigmoid_slope, sigmoid, 0.0, 1.0);
}

namespace {
Rational exact(double x) {
  if (!(x > -kInf && x < kInf)) throw std::domain_error("fast interval endpoint is not finite");
  mpq_class q;
  mpq_set_d(q.get_mpq_t(), x);  // exact: every finite double is a dyadic rational
  return Rational(q);
}
}  // namespace

Rational lower(const FastInterval& a) { return exact(a.lo); }
Rational upper(const FastInterval& a) { return exact(a.hi); }
Rational mid(const FastInterval& a) { return (exact(a.lo) + exact(a.hi)) * Rational(mpz_class(1), mpz_class(2)); }
Rational rad(const FastInterval& a) { return (exact(a.hi) - exact(a.lo)) * Rational(mpz_class(1), mpz_class(2)); }

double dirty_mid(const FastInterval& a) {
  if (is_finite(a)) return 0.5 * a.lo + 0.5 * a.hi;
  if (a.lo > -kInf) return a.lo;
  if (a.hi < kInf) return a.hi;
  return 0.0;
}

std::string to_string(const FastInterval& a, int digits) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "[%.*g, %.*g]", digits, a.lo, digits, a.hi);
  return buf;
}

}  // namespace approxcert
