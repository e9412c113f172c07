// Double interval enclosures of exp, expm1, tanh and sigmoid (scalar/double_exp.hpp): at random
// doubles of every magnitude and at the method's edges (reduction boundaries (k + 1/2) ln 2, the
// 0.35 switch, the saturation points 20 and 40, +-700, subnormals), each enclosure contains MPFR's
// value at 256 bits rounded down and up (an independent library), and is at most 32 ulps wide, so
// an enclosure that is merely valid but loose fails (measured: exp 4, expm1 18, tanh 24, sigmoid 11
// ulps; each of the method's ~20 interval operations widens by one ulp each side). FastInterval's
// exp, expm1, tanh and sigmoid on random points, narrow intervals (the mean value form, also held
// to twice the exact width plus 64 ulps) and wide intervals, also with infinite ends and beyond
// +-700 (the Arb fallback), contain the reference at both ends.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <ios>
#include <limits>
#include <random>

#include "../test_multiplier.hpp"
#include "scalar/double_exp.hpp"

using namespace approxcert;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Fn { Exp, Expm1, Tanh, Sigmoid };

struct Mpfr {
  mpfr_t v;
  Mpfr() { mpfr_init2(v, 256); }
  ~Mpfr() { mpfr_clear(v); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
};

// f(x) rounded in direction rnd (down or up) by MPFR at 256 bits.
void reference(Mpfr& out, Fn fn, double x, mpfr_rnd_t rnd) {
  mpfr_set_d(out.v, x, MPFR_RNDN);  // exact
  switch (fn) {
    case Fn::Exp: mpfr_exp(out.v, out.v, rnd); return;
    case Fn::Expm1: mpfr_expm1(out.v, out.v, rnd); return;
    case Fn::Tanh: mpfr_tanh(out.v, out.v, rnd); return;
    case Fn::Sigmoid: {
      // 1 / (1 + exp(-x)): the denominator rounded against rnd, then the quotient with rnd.
      const mpfr_rnd_t against = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
      mpfr_neg(out.v, out.v, MPFR_RNDN);
      mpfr_exp(out.v, out.v, against);
      mpfr_add_ui(out.v, out.v, 1, against);
      mpfr_ui_div(out.v, 1, out.v, rnd);
      return;
    }
  }
}

// lo <= f(x) <= hi, checked against MPFR's enclosure of f(x).
bool contains(Fn fn, double x, double lo, double hi) {
  Mpfr down, up;
  reference(down, fn, x, MPFR_RNDD);
  reference(up, fn, x, MPFR_RNDU);
  return mpfr_cmp_d(down.v, lo) >= 0 && mpfr_cmp_d(up.v, hi) <= 0;
}

double ulps_wide(const FastInterval& e) {
  const double m = std::fmax(std::fabs(e.lo), std::fabs(e.hi));
  if (m == 0) return 0;
  const double ulp = std::nextafter(m, kInf) - m;
  return (e.hi - e.lo) / ulp;
}

std::optional<FastInterval> enclose(Fn fn, double x) {
  switch (fn) {
    case Fn::Exp: return exp_enclosure(x);
    case Fn::Expm1: return expm1_enclosure(x);
    case Fn::Tanh: return tanh_enclosure(x);
    case Fn::Sigmoid: return sigmoid_enclosure(x);
  }
  return std::nullopt;
}

void fast(FastInterval& r, Fn fn, const FastInterval& a) {
  const Prec p(53);
  switch (fn) {
    case Fn::Exp: exp(r, a, p); return;
    case Fn::Expm1: expm1(r, a, p); return;
    case Fn::Tanh: tanh(r, a, p); return;
    case Fn::Sigmoid: sigmoid(r, a, p); return;
  }
}

// Random doubles: uniform on small and medium ranges, log-uniform magnitudes down to subnormals,
// and a few ulps around the method's edges.
std::vector<double> sample_points(std::mt19937_64& g, int n) {
  std::vector<double> xs;
  std::uniform_real_distribution<double> unit(-1, 1), medium(-45, 45), wide(-760, 760), exponent(-1074, 9.5);
  std::uniform_int_distribution<int> steps(-3, 3), k(-1011, 1011);
  const double ln2 = std::log(2.0);
  const double edges[] = {0.35, ln2 / 2, 20, 40, 700, 0.25, 1e-300, 4.9406564584124654e-324};
  for (int i = 0; i < n; ++i) {
    double x = 0;
    switch (i % 7) {
      case 0: x = unit(g); break;
      case 1: x = medium(g); break;
      case 2: x = wide(g); break;
      case 3: x = std::exp2(exponent(g)) * (g() % 2 ? 1 : -1); break;
      case 4: x = (k(g) + 0.5) * ln2; break;  // a reduction boundary (rounded)
      default: x = edges[g() % std::size(edges)] * (g() % 2 ? 1 : -1); break;
    }
    for (int s = steps(g); s != 0; s += s > 0 ? -1 : 1) x = std::nextafter(x, s > 0 ? kInf : -kInf);
    xs.push_back(x);
  }
  for (double e : {0.0, -0.0}) xs.push_back(e);
  return xs;
}

}  // namespace

TEST_CASE("double_exp: enclosures contain MPFR's value and are at most 32 ulps wide") {
  std::mt19937_64 g(20261129);
  const std::vector<double> xs = sample_points(g, 20000);
  for (Fn fn : {Fn::Exp, Fn::Expm1, Fn::Tanh, Fn::Sigmoid}) {
    int handled = 0;
    double widest = 0;
    for (double x : xs) {
      const std::optional<FastInterval> e = enclose(fn, x);
      INFO("function " << static_cast<int>(fn) << " at x = " << std::hexfloat << x);
      const bool in_range = fn == Fn::Tanh || (fn == Fn::Sigmoid ? x >= -700 : std::fabs(x) <= 700);
      CHECK(e.has_value() == in_range);
      if (!e) continue;
      ++handled;
      REQUIRE(e->lo <= e->hi);
      CHECK(contains(fn, x, e->lo, e->hi));
      // Tightness, except where the value is below the normal range (ulps of a subnormal are coarse
      // relative to it, and tanh, sigmoid, expm1 of a subnormal are within an ulp of x or 1/2).
      if (std::fabs(x) > 1e-290) {
        widest = std::fmax(widest, ulps_wide(*e));
        CHECK(ulps_wide(*e) <= 32);
      }
    }
    MESSAGE("function " << static_cast<int>(fn) << ": " << handled << " points, widest " << widest << " ulps");
    CHECK(handled > 10000);
  }
}

TEST_CASE("double_exp: FastInterval exp, expm1, tanh, sigmoid contain the reference at both ends") {
  std::mt19937_64 g(77);
  const std::vector<double> xs = sample_points(g, 6000);
  std::uniform_int_distribution<std::size_t> pick(0, xs.size() - 1);
  for (Fn fn : {Fn::Exp, Fn::Expm1, Fn::Tanh, Fn::Sigmoid}) {
    for (int i = 0; i < approxcert::test::random_cases(4000); ++i) {
      // A point, a narrow interval (width 2^-32 .. 2^-51: the mean value form) or a wide one.
      double a = xs[pick(g)], b = i % 3 == 0 ? a : i % 3 == 1 ? a + std::ldexp(1.0, -32 - i % 20) : xs[pick(g)];
      if (b < a) std::swap(a, b);
      FastInterval r;
      fast(r, fn, FastInterval{a, b});
      INFO("function " << static_cast<int>(fn) << " on [" << std::hexfloat << a << ", " << b << "]");
      REQUIRE(r.lo <= r.hi);
      Mpfr down, up;
      reference(down, fn, a, MPFR_RNDD);
      reference(up, fn, b, MPFR_RNDU);
      // f is increasing: the range is [f(a), f(b)]; an end beyond the double range is infinite.
      CHECK((mpfr_cmp_d(down.v, r.lo) >= 0 || r.lo == -kInf));
      CHECK((mpfr_cmp_d(up.v, r.hi) <= 0));
      if (i % 3 == 1 && a != b && enclose(fn, a) && enclose(fn, b)) {
        // The mean value form is tight too (where the double enclosures reach): at most twice the
        // exact width plus 64 ulps.
        mpfr_sub(up.v, up.v, down.v, MPFR_RNDU);
        const double exact_width = mpfr_get_d(up.v, MPFR_RNDU);
        const double m = std::fmax(std::fabs(r.lo), std::fabs(r.hi));
        CHECK(r.hi - r.lo <= 2 * exact_width + 64 * (std::nextafter(m, kInf) - m));
      }
    }
  }
  const Prec p(53);
  FastInterval r;
  exp(r, FastInterval{-kInf, 0.0}, p);
  CHECK((r.lo == 0.0 && r.hi == 1.0));
  expm1(r, FastInterval{-kInf, 0.0}, p);
  CHECK((r.lo == -1.0 && r.hi == 0.0));
  tanh(r, FastInterval{-kInf, kInf}, p);
  CHECK((r.lo == -1.0 && r.hi == 1.0));
  sigmoid(r, FastInterval{-kInf, kInf}, p);
  CHECK((r.lo == 0.0 && r.hi == 1.0));
  exp(r, FastInterval{800.0, 800.0}, p);  // beyond the double range: [DBL_MAX, inf]
  CHECK((r.lo == std::numeric_limits<double>::max() && r.hi == kInf));
}
