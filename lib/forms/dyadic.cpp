#include "forms/dyadic.hpp"

#include <cmath>
#include <stdexcept>

#include "scalar/double_weight.hpp"
#include "scalar/floor_log.hpp"

namespace approxcert {

Rational dyadic_floor(const Rational& x, long j) { return floor_div(x * pow2(j)) * pow2(-j); }
Rational dyadic_ceil(const Rational& x, long j) { return ceil_div(x * pow2(j)) * pow2(-j); }

Rational simplest_dyadic_between(const Rational& lo, const Rational& hi) {
  if (!(lo < hi)) throw std::invalid_argument("simplest_dyadic_between: empty interval");
  if (lo.sign() <= 0 && hi.sign() >= 0) return Rational(0);
  // Grids are nested (coarser points are finer points), so the coarsest grid meeting [lo, hi]
  // is found by coarsening from one fine enough to surely meet it.
  long j = 1 - floor_log(hi - lo, 2);
  while (dyadic_ceil(lo, j - 1) <= hi) --j;
  // Two points of the coarsest grid cannot both lie inside (one of them is on the next coarser
  // grid), so the point is unique.
  return dyadic_ceil(lo, j);
}

Rational dyadic_near(const Rational& target, const Rational& lo, const Rational& hi, int bits) {
  if (hi < lo) throw std::invalid_argument("dyadic_near: empty interval");
  if (lo == hi) return lo;
  const long j = bits - floor_log(hi - lo, 2);
  const Rational half(mpz_class(1), mpz_class(2));
  Rational c = floor_div(target * pow2(j) + half) * pow2(-j);
  if (c < lo) c = dyadic_ceil(lo, j);
  if (c > hi) c = dyadic_floor(hi, j);
  return c;
}

std::optional<double> dyadic_near_double(double target, double lo, double hi, int bits) {
  if (!(lo < hi) || !std::isfinite(lo) || !std::isfinite(hi) || !std::isfinite(hi - lo)) return std::nullopt;
  const double w = hi - lo;  // rounded: only picks the grid, and 2^e <= w then holds for the exact width too
  if (!std::isnormal(w)) return std::nullopt;
  const double q = std::ldexp(1.0, std::ilogb(w) - bits);
  const double limit = std::ldexp(1.0, 52);  // n q with |n| <= 2^52 is a double: every grid point used
  if (!std::isnormal(q) || !(std::fabs(lo / q) < limit) || !(std::fabs(hi / q) < limit)) return std::nullopt;
  double c = std::nearbyint(target / q) * q;  // NaN (a NaN target) fails both tests below
  if (!(c >= lo)) c = std::ceil(lo / q) * q;  // lo / q exact (a power of 2, no underflow)
  if (!(c <= hi)) c = std::floor(hi / q) * q;
  return c;
}

std::optional<double> exact_difference(double a, double b) {
  const double s = b - a;
  const double bb = s - b;
  const double err = (b - (s - bb)) + (-a - bb);  // TwoSum(b, -a): b - a = s + err exactly
  if (!std::isfinite(s) || err != 0) return std::nullopt;
  return s;
}

double dirty_width(const Rational& lo, const Rational& hi) {
  const std::optional<double> l = exact_double(lo), h = exact_double(hi);
  if (l && h)
    if (const std::optional<double> w = exact_difference(*l, *h)) return *w + 0.0;  // + 0.0: no -0
  return (hi - lo).dirty_to_double();
}

std::optional<double> simplest_dyadic_between_doubles(double lo, double hi) {
  if (!(lo < hi)) return std::nullopt;
  if (lo <= 0 && hi >= 0) return 0.0;
  if (hi < 0) {  // the grids are symmetric about 0
    const std::optional<double> m = simplest_dyadic_between_doubles(-hi, -lo);
    if (!m) return std::nullopt;
    return -*m;
  }
  const double tiny = std::ldexp(1.0, -900), huge = std::ldexp(1.0, 900);
  if (!(lo >= tiny) || !(hi <= huge)) return std::nullopt;
  // 0 < lo < hi: the grid 2^(e+1), e = floor(log2 hi), has no point in [lo, hi]; the first grid
  // 2^e, 2^(e-1), ... with one is the coarsest (a grid of spacing <= ulp(lo) holds lo itself).
  for (int e = std::ilogb(hi); e >= std::ilogb(lo) - 53; --e) {
    const double c = std::ldexp(std::ceil(std::ldexp(lo, -e)), e);
    if (c <= hi) return c;
  }
  return std::nullopt;  // not reached: lo is on the last grid
}

Rational dirty_dyadic(double x) {
  if (!std::isfinite(x)) throw std::invalid_argument("dirty_dyadic: not finite");
  return Rational(mpq_class(x));  // GMP converts a finite double exactly
}

}  // namespace approxcert
