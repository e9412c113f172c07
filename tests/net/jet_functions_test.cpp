// Jet derivatives of log2, log10, asin, acos, sinh, cosh, asinh, acosh, atanh, erf, erfc and the
// real power against mpmath (series_reference.py: f, f' and f''/2 by numerical differentiation at
// 130 digits, sharing no code with the Jet rules). Jet<Jet<Ball>> and Jet<Jet<Interval>> at exact
// points must contain the reference values (10^-90 relative margin) and be tight; over a box they
// must contain them at its ends and middle. Outside a function's domain the derivative must not be
// finite.
#include <doctest/doctest.h>

#include <span>
#include <string>
#include <vector>

#include "mpmath_reference.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/jet.hpp"

using namespace approxcert;

namespace {

const std::vector<std::string> kExpressions = {"log2(x + 2)",      "log10(x^2 + 1)", "asin(x/2)",  "acos(x/3 + 1/5)",
                                               "sinh(x)",          "cosh(2*x)",      "asinh(3*x)", "acosh(x^2 + 2)",
                                               "atanh(x/2)",       "erf(x)",         "erfc(2*x)",  "(x + 2)^(1/3)",
                                               "(x^2 + 1)^(-5/2)", "pow(x + 2, x)",  "2^x"};

template <class S>
Jet<Jet<S>> jet_of(const std::string& expr, const S& x, Prec p) {
  const Program prog = compile_target(expr, 1);
  const std::vector<Jet<Jet<S>>> in{jet_variable(jet_variable(x, 0, 1, p), 0, 1, p)};
  return evaluate<Jet<Jet<S>>>(prog, std::span<const Jet<Jet<S>>>(in), p).at(0);
}

// value, first and second derivative of a second-order jet of one variable
template <class S>
std::vector<S> parts(const Jet<Jet<S>>& j) {
  const S zero{};
  const S d1 = j.g.empty() ? zero : j.g[0].v;
  const S d2 = j.g.empty() || j.g[0].g.empty() ? zero : j.g[0].g[0];
  return {j.v.v, d1, d2};
}

// The reference r (f, f', f'': the Taylor coefficients times 0!, 1!, 2!) with margin 10^-90 |r|
// must meet the enclosure.
template <class S>
void meets(const S& e, const Rational& r, const std::string& what) {
  const Rational a = r < Rational(0) ? -r : r;
  const Rational margin = a * Rational(mpz_class(1), mpz_class("1" + std::string(90, '0')));
  REQUIRE_MESSAGE(is_finite(e), what);
  CHECK_MESSAGE(lower(e) <= r + margin, what);
  CHECK_MESSAGE(r - margin <= upper(e), what);
}

template <class S>
void check_points() {
  const std::vector<std::string> points = {"1/3", "-7/5", "3/4"};
  std::vector<std::string> cases;
  for (const auto& e : kExpressions)
    for (const auto& pt : points) cases.push_back(e + "@" + pt);
  const auto ref = approxcert::testing::mpmath_taylor(2, cases);
  const Prec p(256);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    S x;
    set(x, parse_rational(cases[i].substr(cases[i].rfind('@') + 1)), p);
    const auto d = parts(jet_of(cases[i].substr(0, cases[i].rfind('@')), x, p));
    for (int k = 0; k < 3; ++k) {
      const Rational r = ref[i][k] * Rational(k == 2 ? 2 : 1);
      const std::string what = cases[i] + " derivative " + std::to_string(k);
      meets(d[k], r, what);
      const Rational mag = (r < Rational(0) ? -r : r) + Rational(1);
      CHECK_MESSAGE(upper(d[k]) - lower(d[k]) <= mag * pow2(-200), what);  // tight
    }
  }
}

template <class S>
void check_box() {
  const std::vector<std::string> ends = {"3/10", "7/20", "13/40"};  // X = [3/10, 7/20] and its middle
  std::vector<std::string> cases;
  for (const auto& e : kExpressions)
    for (const auto& pt : ends) cases.push_back(e + "@" + pt);
  const auto ref = approxcert::testing::mpmath_taylor(2, cases);
  const Prec p(128);
  S x;
  set_interval(x, parse_rational(ends[0]), parse_rational(ends[1]), p);
  for (std::size_t e = 0; e < kExpressions.size(); ++e) {
    const auto d = parts(jet_of(kExpressions[e], x, p));
    for (std::size_t j = 0; j < ends.size(); ++j)
      for (int k = 0; k < 3; ++k)
        meets(d[k], ref[e * ends.size() + j][k] * Rational(k == 2 ? 2 : 1),
              kExpressions[e] + " on X at " + ends[j] + " derivative " + std::to_string(k));
  }
}

}  // namespace

TEST_CASE_TEMPLATE("jet functions: derivatives at exact points contain mpmath's and are tight", S, Ball, Interval) {
  check_points<S>();
}

TEST_CASE_TEMPLATE("jet functions: derivatives over a box contain mpmath's at its ends and middle", S, Ball, Interval) {
  check_box<S>();
}

TEST_CASE("jet functions: derivatives at the end of a domain are not finite") {
  const Prec p(128);
  for (const auto& [expr, at] : std::vector<std::pair<std::string, std::string>>{
           {"asin(x)", "1"}, {"acos(x)", "-1"}, {"acosh(x)", "1"}, {"x^(1/3)", "0"}, {"log2(x)", "0"}}) {
    CAPTURE(expr);
    Ball x;
    set(x, parse_rational(at), p);
    const auto d = parts(jet_of(expr, x, p));
    CHECK_FALSE(is_finite(d[1]));
  }
}
