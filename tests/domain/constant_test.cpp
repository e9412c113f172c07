// Constant expressions as numbers (net/constant.hpp), the variable name x, and domains with
// constant-expression endpoints. References are MPFR values at 1000 bits computed directly.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <string>

#include "domain/domain.hpp"
#include "net/constant.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }

Rational to_rational(const mpfr_t x) {
  mpz_class m;
  const long e = mpfr_get_z_2exp(m.get_mpz_t(), x);
  return Rational(m) * pow2(e);
}

// pi * num / den, cos(pi/8), log(3), sqrt(2)/2 at 1000 bits (error < 2^-990), through MPFR only.
Rational mpfr_pi_times(long num, long den) {
  mpfr_t x;
  mpfr_init2(x, 1000);
  mpfr_const_pi(x, MPFR_RNDN);
  mpfr_mul_si(x, x, num, MPFR_RNDN);
  mpfr_div_si(x, x, den, MPFR_RNDN);
  const Rational r = to_rational(x);
  mpfr_clear(x);
  return r;
}

Rational mpfr_reference(const std::string& which) {
  mpfr_t x;
  mpfr_init2(x, 1000);
  if (which == "cos(pi/8)") {
    mpfr_const_pi(x, MPFR_RNDN);
    mpfr_div_ui(x, x, 8, MPFR_RNDN);
    mpfr_cos(x, x, MPFR_RNDN);
  } else if (which == "log(3)") {
    mpfr_set_ui(x, 3, MPFR_RNDN);
    mpfr_log(x, x, MPFR_RNDN);
  } else {  // sqrt(2)/2
    mpfr_sqrt_ui(x, 2, MPFR_RNDN);
    mpfr_div_ui(x, x, 2, MPFR_RNDN);
  }
  const Rational r = to_rational(x);
  mpfr_clear(x);
  return r;
}

std::string number_error(std::string_view text) {
  try {
    read_number(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

std::string domain_error(std::string_view text) {
  try {
    parse_domain_with_constants(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

}  // namespace

TEST_CASE("constant: exact texts stay exact, others become validated expressions") {
  CHECK(read_number("0.1") == Number(q("1/10")));
  CHECK(read_number("-3.5e-4").is_exact());
  CHECK(read_number("0x1.8p-3") == Number(q("3/16")));
  const Number s = read_number("sqrt(2)/2");
  CHECK(!s.is_exact());
  CHECK(s.exact() == nullptr);
  CHECK(s.text() == "sqrt(2)/2");
  CHECK(s.to_string() == "sqrt(2)/2");
  CHECK(read_number("pi").text() == "pi");
  CHECK(!(read_number("pi") == read_number("pi ")));  // texts are compared verbatim
}

TEST_CASE("constant: enclosures contain the MPFR reference and shrink as the precision rises") {
  for (const std::string text : {"cos(pi/8)", "log(3)", "sqrt(2)/2"}) {
    CAPTURE(text);
    const Number x = read_number(text);
    const Rational ref = mpfr_reference(text);
    Rational previous;
    for (long bits : {24L, 64L, 200L, 600L}) {
      const Ball b = enclose(x, Prec(bits));
      REQUIRE(is_finite(b));
      CHECK(lower(b) <= ref);
      CHECK(ref <= upper(b));
      const Rational width = upper(b) - lower(b);
      CHECK(width <= pow2(8 - bits));
      if (bits > 24) CHECK(width < previous);
      previous = width;
    }
  }
  // An exact number is enclosed by set(): exact when it is a short dyadic.
  const Ball half = enclose(Number(q("1/2")), Prec(64));
  CHECK(lower(half) == q("1/2"));
  CHECK(upper(half) == q("1/2"));
}

TEST_CASE("constant errors: variables, undefined values, length, syntax") {
  CHECK(
      number_error("x0") ==
      "expected a number or a constant expression, got 'x0': expression: column 1: a constant expression has no variables, got 'x0'");
  CHECK(number_error("2*x").find("a constant expression has no variables, got 'x'") != std::string::npos);
  for (const char* bad : {"log(0)", "1/0", "sqrt(-1)", "tan(pi/2)*0 + 1/(pi - pi)", "log(1 - 1)", "(0)^-1"}) {
    CAPTURE(bad);
    CHECK(number_error(bad) ==
          "constant expression '" + std::string(bad).substr(0, 40) + (std::string(bad).size() > 40 ? "..." : "") +
              "' is not a finite real number (undefined, e.g. log(0), 1/0 or sqrt(-1), or infinite): "
              "its enclosure at 4096 bits is not finite");
  }
  CHECK(number_error(std::string(1000000, '1')) ==
        "constant expression of 1000000 characters is too long (limit 10000)");
  CHECK(number_error(std::string(10000, '1')) == "<accepted>");  // the limit itself is allowed (an exact integer)
  CHECK(number_error("inf") == "'inf' is not allowed: numbers must be finite");
  CHECK(number_error("sqrt(2").find("'(' is never closed") != std::string::npos);
  CHECK(number_error("foo(2)").find("unknown function 'foo'") != std::string::npos);
  // A value that needs more than 64 bits to be enclosed finitely is accepted (precision rises).
  CHECK(number_error("1/(pi - 3.14159265358979323846264338327950288)") == "<accepted>");
}

TEST_CASE("constant: x names the only variable of a one-input problem") {
  const Program with_x = compile_target("sin(x) + x^2", 1), with_x0 = compile_target("sin(x0) + x0^2", 1);
  Ball in;
  set(in, q("0.3"), Prec(128));
  const Ball a = evaluate<Ball>(with_x, std::span<const Ball>(&in, 1), Prec(128)).at(0);
  const Ball b = evaluate<Ball>(with_x0, std::span<const Ball>(&in, 1), Prec(128)).at(0);
  CHECK(lower(a) == lower(b));
  CHECK(upper(a) == upper(b));
  CHECK(with_x.nodes().size() == with_x0.nodes().size());
  CHECK_THROWS_WITH_AS(
      compile_target("x + x1", 2),
      "expression: column 1: variable 'x' names the only input of a one-input problem; this one has 2 variables x0..x1",
      InputError);
  CHECK_THROWS_WITH_AS(compile_target("x1", 1), doctest::Contains("the target has 1 variable x0 (or x)"), InputError);
}

TEST_CASE("domain with constants: [0,pi] is enclosed outward and inward") {
  const Rational pi = mpfr_pi_times(1, 1);
  const Domain d = parse_domain_with_constants("[0,pi]");
  REQUIRE(d.outer.dim() == 1);
  CHECK(!d.is_exact());
  CHECK(d.outer.lo[0] == 0);
  CHECK(d.inner.lo[0] == 0);
  CHECK(d.inner.hi[0] < pi);
  CHECK(pi < d.outer.hi[0]);
  CHECK(d.outer.hi[0] - d.inner.hi[0] < pow2(kDomainEndpointPrec * -1 + 4));

  const Domain e = parse_domain_with_constants(" [0, pi/2] x [-1, 1] x [-sqrt(2), max(1, e)]^2 ");
  REQUIRE(e.outer.dim() == 4);
  CHECK(e.inner.hi[0] < mpfr_pi_times(1, 2));
  CHECK(mpfr_pi_times(1, 2) < e.outer.hi[0]);
  CHECK(e.outer.lo[1] == -1);
  CHECK(e.inner.hi[1] == 1);
  CHECK(e.outer.lo[2] < -mpfr_reference("sqrt(2)/2") * 2);
  CHECK(-mpfr_reference("sqrt(2)/2") * 2 < e.inner.lo[2]);
  CHECK(e.outer.hi[3] > q("2.718281828"));
  CHECK(e.inner.hi[3] < q("2.718281829"));

  // Exact endpoints (and expressions whose enclosure is exact) give one box, the same as parse_domain.
  const Domain exact = parse_domain_with_constants("[-1/3,0.5]x[0,2^3]");
  CHECK(exact.is_exact());
  CHECK(exact.outer == parse_domain("[-1/3,0.5]x[0,8]"));
  CHECK(parse_domain_with_constants("[0,sqrt(4)]").is_exact());
}

TEST_CASE("domain with constants: errors name the column") {
  CHECK(domain_error("[pi,3]") == "domain: column 1: empty interval: lower endpoint pi > upper endpoint 3");
  CHECK(domain_error("[pi,pi]") ==
        "domain: column 1: cannot certify lower endpoint pi <= upper endpoint pi: their enclosures overlap");
  CHECK(domain_error("[0,x]").rfind("domain: column 4: expected a number or a constant expression, got 'x'", 0) == 0);
  CHECK(domain_error("[0,log(0)]")
            .rfind("domain: column 4: constant expression 'log(0)' is not a finite real number", 0) == 0);
  CHECK(domain_error("[0,exp(10000)]") ==
        "domain: column 4: constant expression 'exp(10000)' is not an endpoint of magnitude below 2^4096");
  CHECK(domain_error("[0," + std::string(20000, '1') + "+pi]").find("too long (limit 10000)") != std::string::npos);
  // A tiny but nonzero endpoint is enclosed by [-2^-4096, 2^-4096] (still inside the domain).
  const Domain tiny = parse_domain_with_constants("[exp(-5000),1]");
  CHECK(tiny.outer.lo[0] == -pow2(-4096));
  CHECK(tiny.inner.lo[0] == pow2(-4096));
  // parse_domain (exact endpoints only) keeps refusing expressions.
  CHECK_THROWS_AS(parse_domain("[0,pi]"), InputError);
}
