// find_domain_violation (target/domain_violation.hpp): a point where the program is certainly
// undefined is found and is real (checked here with exact rationals: the reported point lies in
// the box, and the argument there, computed exactly, is outside the function's domain); programs
// defined on the whole box, domain edges included, and operations outside the rule are not refused.
#include <doctest/doctest.h>

#include <string>

#include "domain/domain_violation.hpp"
#include "net/expression.hpp"

using namespace approxcert;

namespace {

std::optional<DomainViolation> violation(const std::string& expr, const std::string& box, std::size_t dim = 1) {
  return find_domain_violation(compile_target(expr, dim), parse_domain(box));
}

}  // namespace

TEST_CASE("domain violation: a certainly undefined point of the box is reported, and is real") {
  struct Case {
    const char* expr;
    const char* box;
    const char* function;
    Rational (*argument)(const Rational&);  // the function's argument, exactly, at x
    bool (*outside)(const Rational&);       // the argument is outside the domain
  };
  const Case cases[] = {
      {"log1p(x)", "[-2,1]", "log1p", [](const Rational& x) { return x; },
       [](const Rational& a) { return a <= Rational(-1); }},
      {"log(x) + 1", "[0,1]", "log", [](const Rational& x) { return x; },
       [](const Rational& a) { return a.sign() <= 0; }},
      {"log2(x - 1/2)", "[0,1]", "log2", [](const Rational& x) { return x - Rational(1) / Rational(2); },
       [](const Rational& a) { return a.sign() <= 0; }},
      {"log10(x)", "[-1,-1/2]", "log10", [](const Rational& x) { return x; },
       [](const Rational& a) { return a.sign() <= 0; }},
      {"sqrt(x)", "[-1/1000,1]", "sqrt", [](const Rational& x) { return x; },
       [](const Rational& a) { return a.sign() < 0; }},
      {"asin(2*x)", "[0,1]", "asin", [](const Rational& x) { return Rational(2) * x; },
       [](const Rational& a) { return a > Rational(1); }},
      {"acos(x)", "[-3,0]", "acos", [](const Rational& x) { return x; },
       [](const Rational& a) { return a < Rational(-1); }},
      {"acosh(x)", "[0,5]", "acosh", [](const Rational& x) { return x; },
       [](const Rational& a) { return a < Rational(1); }},
      {"atanh(x)", "[0,1]", "atanh", [](const Rational& x) { return x; },
       [](const Rational& a) { return a >= Rational(1); }},
      {"x^(1/3)", "[-1,1]", "pow", [](const Rational& x) { return x; },
       [](const Rational& a) { return a.sign() <= 0; }},
      {"pow(x - 3, 2)", "[0,1]", "pow", [](const Rational& x) { return x - Rational(3); },
       [](const Rational& a) { return a.sign() <= 0; }},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expr);
    const Box box = parse_domain(c.box);
    const auto v = find_domain_violation(compile_target(c.expr, 1), box);
    REQUIRE(v.has_value());
    CHECK(v->function == c.function);
    REQUIRE(v->point.size() == 1);
    CHECK(box.lo[0] <= v->point[0]);
    CHECK(v->point[0] <= box.hi[0]);
    CHECK(c.outside(c.argument(v->point[0])));
    CHECK(describe(*v).rfind(c.function, 0) == 0);
    CHECK(describe(*v).find(" is undefined at x0 = " + v->point[0].to_string() + ": its ") != std::string::npos);
  }
}

TEST_CASE("domain violation: an interior point in several dimensions is found on a coordinate line") {
  // log(x1 - x0^2) on [-1,1]^2 is undefined where x1 <= x0^2, e.g. on the line x1 = 0.
  const auto v = violation("log(x1 - x0^2)", "[-1,1]^2", 2);
  REQUIRE(v.has_value());
  CHECK(v->point[1] - v->point[0] * v->point[0] <= Rational(0));
}

TEST_CASE("domain violation: functions defined on the whole box, edges included, are not refused") {
  CHECK_FALSE(violation("sqrt(x)", "[0,1]"));
  CHECK_FALSE(violation("asin(x) + acos(x)", "[-1,1]"));
  CHECK_FALSE(violation("acosh(x)", "[1,2]"));
  CHECK_FALSE(violation("log1p(x)", "[-1/2,1]"));
  CHECK_FALSE(violation("atanh(x)", "[-0.99,0.99]"));
  CHECK_FALSE(violation("x^(1/3) + log2(x)", "[1/1000,8]"));
  CHECK_FALSE(violation("exp(x) + sin(x)/x + 1/x^2 + tan(x)", "[-2,2]"));  // division, poles: not this check's business
  // A narrow miss between sample points is not found: no report proves nothing (documented).
  CHECK_FALSE(violation("log(1000*(x - 1/3)^2)", "[0,1]"));
}
