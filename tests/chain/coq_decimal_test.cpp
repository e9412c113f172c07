// Short decimals of `approxcert coq` (lib/chain/coq_text.hpp: round_decimal, coq_decimal): the
// rounded value is on the stated side of the exact rational, within one unit of its last digit,
// exact for decimals, and spelled as "(sci M E)" with M * 10^E equal to it. References: exact
// rational arithmetic (GMP) and hand-computed decimals, never the functions under test.
#include <doctest/doctest.h>

#include <string>

#include "chain/coq_text.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

// The exact value of "(sci M E)" text, parsed independently of coq_decimal.
Rational sci_value(const std::string& text) {
  REQUIRE(text.rfind("(sci ", 0) == 0);
  std::string body = text.substr(5, text.size() - 6);
  auto strip = [](std::string t) { return t.front() == '(' ? t.substr(1, t.size() - 2) : t; };
  const std::size_t split = body.front() == '(' ? body.find(')') + 1 : body.find(' ');
  const Rational m = parse_rational(strip(body.substr(0, split)));
  const long e = std::stol(strip(body.substr(split + 1)));
  return m * pow10(e);
}

// 1 / 3^k * 2^-b: a rational with a long spelling and no decimal form.
Rational long_rational(long k, long b) { return Rational(1) / (pow_int(Rational(3), k) * pow2(b)); }

}  // namespace

TEST_CASE("coq decimal: round_decimal is on the stated side, within one unit of the last digit") {
  for (const Rational& q : {Rational(1) / Rational(3), Rational(-2) / Rational(7), long_rational(40, 70000),
                            -long_rational(3, 20000) * pow10(6500), pow_int(Rational(7), 9000) / pow2(3)}) {
    for (int digits : {1, 20, 45}) {
      const Rational down = round_decimal(q, CoqRounding::Down, digits), up = round_decimal(q, CoqRounding::Up, digits);
      CHECK(down < q);
      CHECK(q < up);
      // one unit of the last digit: |q| 10^-(digits+2) is below it, |q| 10^(-digits+3) above
      CHECK(up - down <= abs(q) * pow10(3 - digits));
      CHECK(up - down > abs(q) * pow10(-digits - 3));
      CHECK(sci_value(coq_decimal(down)) == down);
      CHECK(sci_value(coq_decimal(up)) == up);
      CHECK(coq_decimal(up).size() < 120);
    }
  }
}

TEST_CASE("coq decimal: decimals round to themselves and are spelled without trailing zeros") {
  CHECK(round_decimal(Rational(1) / Rational(8), CoqRounding::Down, 20) == Rational(1) / Rational(8));
  CHECK(round_decimal(Rational(-3) / Rational(4), CoqRounding::Up, 5) == Rational(-3) / Rational(4));
  CHECK(round_decimal(Rational(0), CoqRounding::Up, 5) == Rational(0));
  CHECK(coq_decimal(Rational(1) / Rational(8)) == "(sci 125 (-3))");
  CHECK(coq_decimal(Rational(-3) / Rational(4)) == "(sci (-75) (-2))");
  CHECK(coq_decimal(Rational(0)) == "(sci 0 0)");
  CHECK(coq_decimal(Rational(4200)) == "(sci 42 2)");
  CHECK(coq_decimal(pow10(6548)) == "(sci 1 6548)");
  CHECK(coq_decimal(pow2(-3) * pow10(-22913)) == "(sci 125 (-22916))");
  CHECK_THROWS_AS(coq_decimal(Rational(1) / Rational(3)), std::logic_error);
  CHECK_THROWS_AS(round_decimal(Rational(1), CoqRounding::Up, 0), std::logic_error);
}

TEST_CASE("coq decimal: a 1/3 rounded to 2 digits") {
  // 1/3: sizes 1 and 1 give e = -2, m = floor(100/3) = 33, ceil = 34
  CHECK(round_decimal(Rational(1) / Rational(3), CoqRounding::Down, 2) == Rational(33) / Rational(100));
  CHECK(round_decimal(Rational(1) / Rational(3), CoqRounding::Up, 2) == Rational(34) / Rational(100));
  CHECK(round_decimal(Rational(-1) / Rational(3), CoqRounding::Down, 2) == Rational(-34) / Rational(100));
}
