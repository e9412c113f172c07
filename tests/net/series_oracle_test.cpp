// Series (net/series.hpp) coefficient by coefficient against an independent reference: mpmath's
// numerical differentiation at 130 digits (series_reference.py, run by /usr/bin/python3), which
// shares nothing with Arb's series functions or the tan/tanh/sigmoid recurrence. Every coefficient
// of order 0..24 must meet the reference's error interval (10^-90 relative), at exact
// points and, for a ball X, at the endpoints and the midpoint of X; at exact points it must also
// be tight (radius below 2^-150 relative at 256 bits).
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "mpmath_reference.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/series.hpp"

using namespace approxcert;

namespace {

constexpr long kOrder = 24;  // the default Taylor-model order: the Lagrange remainder uses coefficient 24
const Prec kPrec(256);

Rational q(std::string_view s) { return parse_rational(s); }

std::vector<std::vector<Rational>> reference(const std::vector<std::string>& cases) {
  return approxcert::testing::mpmath_taylor(kOrder, cases);
}

Series series_of(const std::string& expr, const Ball& x) {
  const Program prog = compile_target(expr, 1);
  const std::vector<Series> in{series_variable(x, kOrder + 1)};
  return evaluate<Series>(prog, std::span<const Series>(in), kPrec).at(0);
}

// max(1, |r|)
Rational magnitude(const Rational& r) {
  const Rational a = r < Rational(0) ? -r : r;
  return a < Rational(1) ? Rational(1) : a;
}

// The true coefficient lies in the ball and within margin = 10^-90 |r| of the reference r (whose
// error is far smaller; a reference of exactly 0 or 1 is exact, as for a polynomial): so the ball
// must meet [r - margin, r + margin]. Ball radii are about 2^-256 |r|, so this is a sharp test.
void check_contains(const Ball& b, const Rational& r, const std::string& what) {
  const Rational margin = (r < Rational(0) ? -r : r) * Rational(mpz_class(1), mpz_class("1" + std::string(90, '0')));
  CHECK_MESSAGE(lower(b) <= r + margin, what, ": ", to_string(b, 60), " misses ", r.to_string());
  CHECK_MESSAGE(r - margin <= upper(b), what, ": ", to_string(b, 60), " misses ", r.to_string());
}

const std::vector<std::string> kExpressions = {
    "exp(x)", "log(x + 2)", "sqrt(x + 2)", "sin(x)", "cos(x)^3", "tan(x)", "atan(x)", "tanh(3*x)", "sigmoid(2*x + 1)",
    "tan(x^2 - 1/2)", "1/(1 + x^2)", "exp(x)*sin(x)", "atan(x)/(x + 3)", "x^5 - 3*x", "tanh(x)*sigmoid(x)",
    // arguments with terms of every order (the recurrence of tan, tanh, sigmoid uses all of them)
    "tanh(sin(x))", "sigmoid(exp(x) - 2)", "tan(atan(x)/2)", "expm1(x)", "log1p(x/2 + 1/4)", "expm1(sin(x))",
    // the functions of issue 17 (smooth at every point below)
    "log2(x + 2)", "log10(x^2 + 1)", "asin(x/2)", "acos(x/3 + 1/5)", "sinh(x)", "cosh(2*x)", "asinh(3*x)",
    "acosh(x^2 + 2)", "atanh(x/2)", "erf(x)", "erfc(2*x)", "(x + 2)^(1/3)", "(x^2 + 1)^(-5/2)", "pow(x + 2, x)",
    "asin(sin(x)/2)", "erf(sinh(x))", "atanh(tanh(x)/2)"};

}  // namespace

TEST_CASE("series oracle: coefficients 0..24 at exact points contain mpmath's and are tight") {
  const std::vector<std::string> points = {"1/3", "-7/5", "3/4"};
  std::vector<std::string> cases;
  for (const auto& e : kExpressions)
    for (const auto& p : points) cases.push_back(e + "@" + p);
  const auto ref = reference(cases);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Ball x;
    set(x, q(cases[i].substr(cases[i].rfind('@') + 1)), kPrec);
    const Series s = series_of(cases[i].substr(0, cases[i].rfind('@')), x);
    REQUIRE_MESSAGE(is_finite(s), cases[i]);
    for (long k = 0; k <= kOrder; ++k) {
      const std::string what = cases[i] + " coefficient " + std::to_string(k);
      const Ball c = s.coefficient(k);
      check_contains(c, ref[i][k], what);
      CHECK_MESSAGE(rad(c) <= magnitude(ref[i][k]) * pow2(-150), what, ": radius of ", to_string(c));
    }
  }
}

TEST_CASE("series oracle: over a ball X every coefficient contains mpmath's at the ends and the middle of X") {
  const std::array<std::string, 3> interval = {"3/10", "7/20", "13/40"};  // X = [3/10, 7/20], mid 13/40
  std::vector<std::string> cases;
  for (const auto& e : kExpressions)
    for (const auto& p : interval) cases.push_back(e + "@" + p);
  const auto ref = reference(cases);
  Ball x;
  set_interval(x, q(interval[0]), q(interval[1]), kPrec);
  for (std::size_t e = 0; e < kExpressions.size(); ++e) {
    const Series s = series_of(kExpressions[e], x);
    REQUIRE_MESSAGE(is_finite(s), kExpressions[e]);
    for (std::size_t j = 0; j < interval.size(); ++j)
      for (long k = 0; k <= kOrder; ++k)
        check_contains(s.coefficient(k), ref[e * interval.size() + j][k],
                       kExpressions[e] + " on X at " + interval[j] + " coefficient " + std::to_string(k));
  }
}
