// MultiSeries (net/multi_series.hpp) against independent references, without slack. A series in d
// variables restricted to the line c + s v is a series in s whose coefficient n is
// sum_{|alpha| = n} u_alpha v^alpha; each such sum, enclosed from the MultiSeries coefficients
// by interval arithmetic, must contain the reference:
//   - polynomial programs: the exact coefficient of the polynomial s -> f(c + s v), interpolated
//     from exact Rational evaluations at s = 0..degree;
//   - smooth programs (tanh, sin, exp, ...): the one-variable Series (Arb, 256 bits) run on the
//     inputs c_i + v_i s, whose balls must meet the enclosure (both contain the true coefficient).
// With box seeds X_i + t_i the references are taken at points c of the box (corners, centre,
// interior points): the enclosure must hold for every point of X.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/multi_series.hpp"
#include "net/network.hpp"
#include "net/series.hpp"
#include "scalar/ball.hpp"

using namespace approxcert;

namespace {

const Prec kPrec(64);
Rational q(std::string_view s) { return parse_rational(s); }

MultiSeries multi_series_of(const Program& prog, const std::vector<FastInterval>& x, std::size_t order) {
  const MonomialTable& t = monomial_table(x.size(), order);
  std::vector<MultiSeries> in;
  for (std::size_t i = 0; i < x.size(); ++i) in.push_back(multi_series_variable(x[i], i, t));
  return evaluate<MultiSeries>(prog, std::span<const MultiSeries>(in), kPrec).at(0);
}

// sum over |alpha| = n of s_alpha v^alpha, by interval arithmetic.
FastInterval line_coefficient(const MultiSeries& s, const std::vector<Rational>& v, std::size_t n) {
  const MonomialTable& t = *s.table();
  FastInterval sum{};
  for (std::size_t k = t.first_of_degree[n]; k < t.first_of_degree[n + 1]; ++k) {
    FastInterval term = s.coefficient(k), vi;
    for (std::size_t i = 0; i < v.size(); ++i) {
      set(vi, v[i], kPrec);
      for (unsigned e = 0; e < t.exponents[k][i]; ++e) mul(term, term, vi, kPrec);
    }
    add(sum, sum, term, kPrec);
  }
  return sum;
}

// The exact coefficients 0..deg of s -> f(c + s v) for a polynomial f of degree <= deg, by
// Lagrange interpolation of exact evaluations at s = 0..deg (Newton's divided differences).
std::vector<Rational> exact_line_coefficients(const Program& prog, const std::vector<Rational>& c,
                                              const std::vector<Rational>& v, std::size_t deg) {
  std::vector<Rational> y(deg + 1);
  for (std::size_t s = 0; s <= deg; ++s) {
    std::vector<Rational> x(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) x[i] = c[i] + Rational(static_cast<long>(s)) * v[i];
    y[s] = evaluate<Rational>(prog, std::span<const Rational>(x), kPrec).at(0);
  }
  for (std::size_t k = 1; k <= deg; ++k)  // divided differences on the nodes 0..deg
    for (std::size_t j = deg; j >= k; --j) y[j] = (y[j] - y[j - 1]) / Rational(static_cast<long>(k));
  std::vector<Rational> p(deg + 1, Rational(0));  // Newton form to monomials
  for (std::size_t j = deg + 1; j-- > 0;) {
    for (std::size_t k = deg; k >= 1; --k) p[k] = p[k - 1] - Rational(static_cast<long>(j)) * p[k];
    p[0] = -Rational(static_cast<long>(j)) * p[0];
    p[0] = p[0] + y[j];
  }
  return p;
}

// Coefficients of s -> f(c + s v) from the one-variable Series at 256 bits.
std::vector<Ball> series_line_coefficients(const Program& prog, const std::vector<Rational>& c,
                                           const std::vector<Rational>& v, std::size_t order) {
  std::vector<Series> in(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) {
    Ball ci, vi;
    set(ci, c[i], Prec(256));
    set(vi, v[i], Prec(256));
    arb_poly_set_coeff_arb(in[i].poly(), 0, ci.arb());
    arb_poly_set_coeff_arb(in[i].poly(), 1, vi.arb());
    in[i].set_len(static_cast<long>(order) + 1);
  }
  const Series y = evaluate<Series>(prog, std::span<const Series>(in), Prec(256)).at(0);
  std::vector<Ball> out;
  for (std::size_t n = 0; n <= order; ++n) out.push_back(y.coefficient(static_cast<long>(n)));
  return out;
}

std::vector<std::vector<Rational>> directions(std::size_t d) {
  std::vector<std::vector<Rational>> out;
  for (std::size_t i = 0; i < d; ++i) {  // the axes, pairs, and a few mixed directions
    std::vector<Rational> e(d, Rational(0));
    e[i] = Rational(1);
    out.push_back(e);
    for (std::size_t j = i + 1; j < d; ++j) {
      std::vector<Rational> f = e;
      f[j] = q("-3/2");
      out.push_back(f);
    }
  }
  std::vector<Rational> mixed(d);
  for (std::size_t i = 0; i < d; ++i) mixed[i] = Rational(static_cast<long>(i % 3)) - q("7/8");
  out.push_back(mixed);
  return out;
}

// Points of the box: its corners (up to 16), its centre and an interior point.
std::vector<std::vector<Rational>> points_of(const std::vector<Rational>& lo, const std::vector<Rational>& hi) {
  const std::size_t d = lo.size();
  std::vector<std::vector<Rational>> out;
  for (std::size_t mask = 0; mask < (std::size_t{1} << d) && mask < 16; ++mask) {
    std::vector<Rational> x(d);
    for (std::size_t i = 0; i < d; ++i) x[i] = (mask >> i) & 1 ? hi[i] : lo[i];
    out.push_back(x);
  }
  std::vector<Rational> mid(d), inner(d);
  for (std::size_t i = 0; i < d; ++i) {
    mid[i] = (lo[i] + hi[i]) / Rational(2);
    inner[i] = lo[i] + (hi[i] - lo[i]) * q("3/7");
  }
  out.push_back(mid);
  out.push_back(inner);
  return out;
}

bool contains(const FastInterval& a, const Rational& x) { return lower(a) <= x && x <= upper(a); }
bool meets(const FastInterval& a, const Ball& b) { return lower(a) <= upper(b) && lower(b) <= upper(a); }

std::vector<FastInterval> box_seed(const std::vector<Rational>& lo, const std::vector<Rational>& hi) {
  std::vector<FastInterval> x(lo.size());
  for (std::size_t i = 0; i < lo.size(); ++i) set_interval(x[i], lo[i], hi[i], kPrec);
  return x;
}

}  // namespace

TEST_CASE("MultiSeries: the monomial table of 4 variables and order 3") {
  const MonomialTable& t = monomial_table(4, 3);
  CHECK(t.size() == 35);
  CHECK(t.first_of_degree == std::vector<std::size_t>{0, 1, 5, 15, 35});
  for (std::size_t k = 0; k < t.size(); ++k) CHECK(t.index_of(t.exponents[k]) == k);
  CHECK(t.index_of({2, 1, 0, 1}) == SIZE_MAX);
  // pairs (a, b), both of degree >= 1, with total degree <= 3: 4*4 + 4*10 + 10*4 = 96
  CHECK(t.products.size() == 96);
  CHECK(&monomial_table(4, 3) == &t);
  CHECK_THROWS_AS(monomial_table(0, 3), std::invalid_argument);
}

TEST_CASE("MultiSeries: polynomial programs against exact interpolation, at points and over boxes") {
  const std::vector<std::string> polys = {"x0^3*x1 - 2*x0*x1*x2 + x2^2/3 + 5", "(x0 + x1 - x2)^4 - x1^5/7",
                                          "x0*x1*x2 - (1 - x0)*(2 + x1)^2 + 1/(3)"};
  const std::size_t degree = 5, d = 3;
  for (const std::string& expr : polys) {
    const Program prog = compile_target(expr, d);
    CAPTURE(expr);
    for (const std::size_t order : {2, 3, 5}) {
      const std::vector<Rational> c{q("1/4"), q("-3/8"), q("5/16")};
      std::vector<FastInterval> point(d);
      for (std::size_t i = 0; i < d; ++i) set(point[i], c[i], kPrec);
      const MultiSeries at_c = multi_series_of(prog, point, order);
      REQUIRE(is_finite(at_c));
      for (const auto& v : directions(d)) {
        const std::vector<Rational> exact = exact_line_coefficients(prog, c, v, degree);
        for (std::size_t n = 0; n <= order; ++n) {
          const FastInterval e = line_coefficient(at_c, v, n);
          CHECK_MESSAGE(contains(e, exact[n]), "order ", order, " n ", n);
          CHECK(e.hi - e.lo <= 1e-12 * (1 + std::fabs(e.hi)));  // tight at a point
        }
      }
      const std::vector<Rational> lo{q("-1/2"), q("1/8"), q("-1")}, hi{q("1/4"), q("3/4"), q("-1/2")};
      const MultiSeries over = multi_series_of(prog, box_seed(lo, hi), order);
      REQUIRE(is_finite(over));
      for (const auto& x : points_of(lo, hi))
        for (const auto& v : directions(d)) {
          const std::vector<Rational> exact = exact_line_coefficients(prog, x, v, degree);
          for (std::size_t n = 0; n <= order; ++n) CHECK(contains(line_coefficient(over, v, n), exact[n]));
        }
    }
  }
}

TEST_CASE("MultiSeries: smooth programs against the one-variable Series along lines") {
  const std::vector<std::string> exprs = {"tanh(x0 - 2*x1 + 1/2)*sin(x2)",       "exp(x0*x1)/(2 + cos(x1))",
                                          "sigmoid(x0)*log(x1 + 3) - x2",        "sqrt(x0^2 + x1^2 + 1)",
                                          "atan(x0 - x1)^2 + tan(x2/2)",         "pow(x0 + 2, x1) + (x2 + 3)^(1/3)",
                                          "tanh(3*sin(x0 + x1) - x2)",           "expm1(x0)*log1p(x1/4) + erf(x2)",
                                          "asinh(x0) + atanh(x1/2) + cosh(x2)",  "relu(x0 + 3)*exp(-x1) + max(x2, 4)",
                                          "1/(x0 + 4) - x1^(-2)*0 + abs(x2 - 5)"};
  const std::size_t d = 3;
  const std::vector<Rational> lo{q("-1/2"), q("1/8"), q("-1")}, hi{q("1/4"), q("3/4"), q("-1/2")};
  for (const std::string& expr : exprs) {
    const Program prog = compile_target(expr, d);
    CAPTURE(expr);
    for (const std::size_t order : {2, 4}) {
      CAPTURE(order);
      const std::vector<Rational> c{q("1/8"), q("1/2"), q("-5/8")};
      std::vector<FastInterval> point(d);
      for (std::size_t i = 0; i < d; ++i) set(point[i], c[i], kPrec);
      const MultiSeries at_c = multi_series_of(prog, point, order);
      REQUIRE(is_finite(at_c));
      const MultiSeries over = multi_series_of(prog, box_seed(lo, hi), order);
      REQUIRE(is_finite(over));
      for (const auto& v : directions(d)) {
        const std::vector<Ball> ref = series_line_coefficients(prog, c, v, order);
        for (std::size_t n = 0; n <= order; ++n) {
          const FastInterval e = line_coefficient(at_c, v, n);
          CHECK_MESSAGE(meets(e, ref[n]), "at c, n ", n);
          CHECK(e.hi - e.lo <= 1e-9 * (1 + std::fabs(e.hi)));  // tight at a point
        }
        for (const auto& x : points_of(lo, hi)) {
          const std::vector<Ball> rx = series_line_coefficients(prog, x, v, order);
          for (std::size_t n = 0; n <= order; ++n)
            CHECK_MESSAGE(meets(line_coefficient(over, v, n), rx[n]), "over X, n ", n);
        }
      }
    }
  }
}

TEST_CASE("MultiSeries: kinks and domain edges give indeterminate coefficients, decided branches do not") {
  const std::vector<Rational> lo{q("-1/2"), q("-1/4")}, hi{q("1/2"), q("1/4")};
  const auto over = [&](const std::string& expr) {
    return multi_series_of(compile_target(expr, 2), box_seed(lo, hi), 3);
  };
  CHECK_FALSE(is_finite(over("relu(x0 - x1)")));
  CHECK_FALSE(is_finite(over("abs(x0)*x1")));
  CHECK_FALSE(is_finite(over("max(x0, x1)")));
  CHECK_FALSE(is_finite(over("log(x0 + 1/2)")));
  CHECK_FALSE(is_finite(over("1/(x0 + x1)")));
  CHECK_FALSE(is_finite(over("sqrt(x1)")));
  // Decided on the box: the same series as the branch taken.
  const MultiSeries a = over("relu(x0 - x1 + 1)"), b = over("x0 - x1 + 1");
  REQUIRE(is_finite(a));
  for (std::size_t k = 0; k < a.coefficients().size(); ++k) {
    CHECK(a.coefficient(k).lo == b.coefficient(k).lo);
    CHECK(a.coefficient(k).hi == b.coefficient(k).hi);
  }
  // step(x0 - b) * 1: undecided for b = 0 on the box, exactly 0 for b = 1, exactly 1 for b = -1.
  for (const long bias : {0L, 1L, -1L}) {
    Network net;
    net.input.dim = 2;
    net.layers.push_back(Layer{
        DenseLayer{numbers(RationalMatrix{{Rational(1), Rational(0)}}), numbers(RationalVector{Rational(-bias)})}});
    net.layers.push_back(Layer{StepLayer{}});
    const MultiSeries s = multi_series_of(lower(net), box_seed(lo, hi), 3);
    CHECK(is_finite(s) == (bias != 0));
    if (!is_finite(s)) continue;
    CHECK(s.table() == nullptr);
    CHECK(s.value().lo == (bias == 1 ? 0.0 : 1.0));
    CHECK(s.value().hi == s.value().lo);
  }
}
