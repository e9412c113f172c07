// Exact double constants (scalar/double_weight.hpp): exact_double recognises exactly the rationals
// that are finite doubles (MPFR's directed roundings as the reference), set_double is set of that
// double, and addmul_double(r, a, w) is bit for bit addmul(r, a, [w, w]) for FastInterval and, lane by lane,
// for BatchInterval, and contains the exact range of r + a*w (exact rationals) on hostile
// endpoints: signed zeros, subnormals, DBL_MAX, infinite ends, overflow, r aliasing a.
// DirectedInterval (derived from FastInterval, rounding its own way) has its own: bit for bit its
// addmul(r, a, [w, w]), enclosing, and the exact point when the product and the sum are exact
// doubles (exact rationals); DirectedBatch's is DirectedInterval's in every lane
// (directed_lanes_test.cpp).
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "../test_multiplier.hpp"
#include "scalar/batch_interval.hpp"
#include "scalar/directed_lanes.hpp"
#include "scalar/double_weight.hpp"
#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

static_assert(HasDoubleWeights<FastInterval>);
static_assert(HasDoubleWeights<BatchInterval<1>>);
static_assert(HasDoubleWeights<FastBatch>);
static_assert(HasDoubleWeights<DirectedInterval>);
static_assert(HasDoubleWeights<DirectedBatch>);
static_assert(!HasDoubleWeights<Ball>);
static_assert(!HasDoubleWeights<Dirty>);

namespace {

constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kMin = std::numeric_limits<double>::min();
constexpr double kTiny = std::numeric_limits<double>::denorm_min();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }
bool same_bits(const FastInterval& a, const FastInterval& b) { return same_bits(a.lo, b.lo) && same_bits(a.hi, b.hi); }

// A double of any magnitude that matters, often a hostile one.
double any_double(Rng& rng) {
  static const double hostile[] = {0.0, -0.0, kTiny, -kTiny, kMin, -kMin, 1.0, -1.0, 0.5, kMax, -kMax, 3.0};
  if (rng.chance(30)) return hostile[rng.integer(0, 11)];
  const double m = rng.in(q(-8), q(8)).dirty_to_double();  // a test input: any double will do
  switch (rng.integer(0, 4)) {
    case 0: return std::ldexp(m, static_cast<int>(rng.integer(-1080, -1000)));
    case 1: return std::ldexp(m, static_cast<int>(rng.integer(1000, 1030)));  // may overflow to inf
    case 2: return std::ldexp(m, static_cast<int>(rng.integer(-60, 60)));
    default: return m;
  }
}
double nonzero_finite_double(Rng& rng) {
  for (;;)
    if (const double w = any_double(rng); w != 0 && std::isfinite(w)) return w;
}
// An interval obeying FastInterval's invariants (no NaN, lo <= hi, lo < +inf, hi > -inf); at times
// with an infinite end.
FastInterval any_interval(Rng& rng) {
  double a = any_double(rng), b = rng.chance(20) ? a : any_double(rng);
  if (b < a) std::swap(a, b);
  if (rng.chance(10)) a = -kInf;
  if (rng.chance(10)) b = kInf;
  if (a == kInf) a = kMax;
  if (b == -kInf) b = -kMax;
  return {a, b};
}

// The exact range of r + a*w over the points of r and a (finite ends), as rationals.
Range exact_range_of(const FastInterval& r, const FastInterval& a, double w) {
  const Rational wq = exact_range(FastInterval{w, w}).lo;
  const Rational p1 = exact_range(a).lo * wq, p2 = exact_range(a).hi * wq;
  const Range rr = exact_range(r);
  return {rr.lo + (p1 < p2 ? p1 : p2), rr.hi + (p1 < p2 ? p2 : p1)};
}

// addmul_double's result agrees with addmul(r, a, [w, w]) bit for bit and contains the exact range.
void check_fast(const FastInterval& r0, const FastInterval& a, double w, const FastInterval& got) {
  FastInterval expect = r0, point{w, w};
  addmul(expect, a, point, Prec(53));
  CHECK(same_bits(got, expect));
  CHECK(!std::isnan(got.lo));
  CHECK(!std::isnan(got.hi));
  if (is_finite(r0) && is_finite(a)) {  // an infinite end of the result bounds trivially
    const Range x = exact_range_of(r0, a, w);
    if (got.lo > -kInf) CHECK(lower(FastInterval{got.lo, got.lo}) <= x.lo);
    if (got.hi < kInf) CHECK(x.hi <= upper(FastInterval{got.hi, got.hi}));
  }
}

}  // namespace

TEST_CASE("double weight: exact_double is q exactly when q is a finite double, else nothing (MPFR)") {
  CHECK(same_bits(exact_double(q(0)).value(), 0.0));
  CHECK(!exact_double(q(1, 3)));
  CHECK(exact_double(q(-3, 4)) == -0.75);
  CHECK(exact_double(pow2(-1074)) == kTiny);
  CHECK(!exact_double(pow2(-1075)));  // below the least subnormal
  CHECK(exact_double(pow2(1023)) == std::ldexp(1.0, 1023));
  CHECK(!exact_double(pow2(1024)));       // beyond DBL_MAX
  CHECK(!exact_double(pow2(53) + q(1)));  // 54 significant bits
  Rng rng(1401);
  int doubles = 0;
  for (int c = 0; c < approxcert::test::random_cases(3000); ++c) {
    Rational x = rng.in(q(-8), q(8)) * pow2(rng.integer(-1090, 1030));
    if (rng.chance(40)) x = Rational(mpz_class(rng.integer(-(1L << 53), 1L << 53))) * pow2(rng.integer(-1100, 1000));
    INFO(x.to_string());
    const double down = mpfr_rounded_double(x, MPFR_RNDD), up = mpfr_rounded_double(x, MPFR_RNDU);
    const bool is_double = down == up && std::isfinite(down);
    const std::optional<double> got = exact_double(x);
    CHECK(got.has_value() == is_double);
    if (is_double && got) CHECK(*got == down);
    doubles += is_double;
  }
  CHECK(doubles > 500);  // both answers were really exercised
  CHECK(doubles < approxcert::test::random_cases(3000) - 100);
}

TEST_CASE("double weight: set_double is set with the exact double, in every lane") {
  Rng rng(1404);
  for (int t = 0; t < approxcert::test::random_cases(2000); ++t) {
    double x = any_double(rng);
    if (!std::isfinite(x)) x = kMax;
    const Rational xq = exact_range(FastInterval{x, x}).lo;
    const double c = exact_double(xq).value();  // as the evaluator passes it (a -0 comes back as +0)
    FastInterval expect, got;
    set(expect, xq, Prec(53));
    set_double(got, c);
    CHECK(same_bits(got, expect));
    BatchInterval<8> batch;
    set_double(batch, c);
    for (std::size_t k = 0; k < 8; ++k) CHECK(same_bits(lane(batch, k), got));
    DirectedInterval directed_expect, directed;
    set(directed_expect, xq, Prec(53));
    set_double(directed, c);
    CHECK(same_bits(directed, directed_expect));
    DirectedBatch directed_batch;
    set_double(directed_batch, c);
    for (std::size_t k = 0; k < 8; ++k) CHECK(same_bits(lane(directed_batch, k), directed_expect));
  }
}

TEST_CASE("double weight: FastInterval addmul_double is addmul with [w, w], bit for bit, and encloses") {
  Rng rng(1402);
  for (int c = 0; c < approxcert::test::random_cases(20000); ++c) {
    const FastInterval r0 = any_interval(rng), a = any_interval(rng);
    const double w = nonzero_finite_double(rng);
    CAPTURE(to_string(r0));
    CAPTURE(to_string(a));
    CAPTURE(w);
    FastInterval got = r0;
    addmul_double(got, a, w, Prec(53));
    check_fast(r0, a, w, got);
    FastInterval self = a, expect_self = a, point{w, w};  // r aliasing a
    addmul_double(self, self, w, Prec(53));
    addmul(expect_self, a, point, Prec(53));
    CHECK(same_bits(self, expect_self));
  }
}

TEST_CASE("double weight: BatchInterval addmul_double is FastInterval's addmul with [w, w] in every lane") {
  constexpr std::size_t B = 8;
  Rng rng(1403);
  for (int c = 0; c < approxcert::test::random_cases(3000); ++c) {
    BatchInterval<B> r, a;
    for (std::size_t k = 0; k < B; ++k) {
      set_lane(r, k, any_interval(rng));
      set_lane(a, k, any_interval(rng));
    }
    const double w = nonzero_finite_double(rng);
    CAPTURE(w);
    BatchInterval<B> got = r, self = a;
    addmul_double(got, a, w, Prec(53));
    addmul_double(self, self, w, Prec(53));  // r aliasing a
    for (std::size_t k = 0; k < B; ++k) {
      CAPTURE(k);
      CAPTURE(to_string(lane(r, k)));
      CAPTURE(to_string(lane(a, k)));
      check_fast(lane(r, k), lane(a, k), w, lane(got, k));
      check_fast(lane(a, k), lane(a, k), w, lane(self, k));
    }
  }
}

TEST_CASE(
    "double weight: DirectedInterval addmul_double is its addmul with [w, w], bit for bit, encloses, exact when exact") {
  Rng rng(1405);
  int exact = 0;
  for (int c = 0; c < approxcert::test::random_cases(20000); ++c) {
    FastInterval r0 = any_interval(rng), a0 = any_interval(rng);
    if (rng.chance(50)) r0.hi = r0.lo = r0.lo > -kInf ? r0.lo : -kMax;  // points: the exact-when-exact case
    if (rng.chance(50)) a0.hi = a0.lo = a0.lo > -kInf ? a0.lo : -kMax;
    if (rng.chance(30))
      a0 = {std::ldexp(static_cast<double>(rng.integer(-99, 99)), static_cast<int>(rng.integer(-8, 8))), 0.0},
      a0.hi = a0.lo;
    const double w = rng.chance(30)
                         ? std::ldexp(static_cast<double>(rng.integer(1, 99)), static_cast<int>(rng.integer(-8, 8)))
                         : nonzero_finite_double(rng);
    DirectedInterval r, a, expect, point, got;
    static_cast<FastInterval&>(r) = r0;
    static_cast<FastInterval&>(a) = a0;
    point.lo = point.hi = w;
    CAPTURE(to_string(r0));
    CAPTURE(to_string(a0));
    CAPTURE(w);
    expect = r, got = r;
    addmul(expect, a, point, Prec(53));
    addmul_double(got, a, w, Prec(53));
    CHECK(same_bits(got, expect));
    CHECK(!std::isnan(got.lo));
    CHECK(!std::isnan(got.hi));
    DirectedInterval self = a;  // r aliasing a
    expect = a;
    addmul_double(self, self, w, Prec(53));
    addmul(expect, a, point, Prec(53));
    CHECK(same_bits(self, expect));
    if (!is_finite(r0) || !is_finite(a0)) continue;
    const Range x = exact_range_of(r0, a0, w);
    if (got.lo > -kInf) CHECK(lower(FastInterval{got.lo, got.lo}) <= x.lo);
    if (got.hi < kInf) CHECK(x.hi <= upper(FastInterval{got.hi, got.hi}));
    if (x.lo == x.hi) {  // r and a points: the exact result, when it and the product are doubles in range
      const Rational product = x.lo - exact_range(r0).lo;
      const std::optional<double> sum_double = exact_double(x.lo), product_double = exact_double(product);
      const bool in_range = [](std::optional<double> d) {
        return d && (*d == 0 || (std::fabs(*d) >= 0x1p-900 && std::fabs(*d) < 0x1p1000));
      }(product_double);
      if (sum_double && std::fabs(*sum_double) < 0x1p1020 && in_range) {  // TwoSum exact below 2^1020
        CHECK(got.lo == *sum_double);
        CHECK(got.hi == *sum_double);
        ++exact;
      }
    }
  }
  CHECK(exact > 1500);  // about 1900 with this seed
}
