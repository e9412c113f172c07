// Instance parameters that are constant expressions: number() keeps the text, enclosure() contains
// an MPFR reference (1000 bits, computed directly) and tightens with precision, rational() refuses
// an expression with one clear message, and the certificate form keeps the text verbatim.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <nlohmann/json.hpp>

#include "chain/parameters.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
using approxcert::chain::Parameters;

namespace {

Parameters params(std::string_view json) {
  return Parameters(parse_exact_json(json, "inst.json"), JsonAt("inst.json").key("parameters"));
}

Rational mpfr_log(unsigned long n) {
  mpfr_t x;
  mpfr_init2(x, 1000);
  mpfr_set_ui(x, n, MPFR_RNDN);
  mpfr_log(x, x, MPFR_RNDN);
  mpz_class m;
  const long e = mpfr_get_z_2exp(m.get_mpz_t(), x);
  mpfr_clear(x);
  return Rational(m) * pow2(e);
}

}  // namespace

TEST_CASE("parameters: a real may be a constant expression, enclosed at any precision") {
  const Parameters p = params(R"J({"c": "log(7)", "r": "1/3", "n": 0.25})J");
  CHECK(p.number("c").text() == "log(7)");
  CHECK(p.number("r") == Number(parse_rational("1/3")));
  const Rational ref = mpfr_log(7);
  Rational previous;
  for (long bits : {32L, 128L, 512L}) {
    const Ball b = p.enclosure("c", Prec(bits));
    REQUIRE(is_finite(b));
    CHECK(lower(b) <= ref);
    CHECK(ref <= upper(b));
    const Rational width = upper(b) - lower(b);
    CHECK(width <= pow2(8 - bits));
    if (bits > 32) CHECK(width < previous);
    previous = width;
  }
  const Ball quarter = p.enclosure("n", Prec(64));
  CHECK(lower(quarter) == parse_rational("1/4"));
  CHECK(upper(quarter) == parse_rational("1/4"));
  CHECK(p.rational("r") == parse_rational("1/3"));
  CHECK(p.to_json()["c"] == "log(7)");  // certificates record the text, never a rounded decimal
  CHECK(p.to_json()["n"] == "0.25");
  p.check_all_read();
}

TEST_CASE("parameters: an exact rational is required where the theorem needs one") {
  const Parameters p = params(R"J({"c": "cos(pi/8)", "bad": "log(0)", "v": "x0+1", "w": "abc"})J");
  CHECK_THROWS_WITH_AS(p.rational("c"),
                       "inst.json: /parameters/c: the constant expression \"cos(pi/8)\" is not an exact rational, and "
                       "this theorem needs an exact rational here",
                       InputError);
  CHECK_THROWS_WITH_AS(
      p.number("bad"),
      doctest::Contains("inst.json: /parameters/bad: constant expression 'log(0)' is not a finite real number"),
      InputError);
  CHECK_THROWS_WITH_AS(
      p.enclosure("v", Prec(64)),
      doctest::Contains("inst.json: /parameters/v: expected a number or a constant expression, got 'x0+1'"),
      InputError);
  // A text that is neither keeps the exact reader's message.
  CHECK_THROWS_WITH_AS(p.rational("w"), doctest::Contains("inst.json: /parameters/w: expected a number, got \"abc\""),
                       InputError);
}
