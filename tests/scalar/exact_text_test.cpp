// exact_text, the one spelling of an exact number in certificates: every text reads back as the
// same rational (parse_rational, compared exactly), short values print as decimals or fractions,
// and huge exponents stay short ("1e-27151", hex dyadics). Reference: exact rational arithmetic.
#include <doctest/doctest.h>

#include <string>

#include "scalar/exact_text.hpp"

using namespace approxcert;

namespace {
Rational q(long p, long d) { return Rational(p) / Rational(d); }
}  // namespace

TEST_CASE("exact_text: every text reads back exactly, at ordinary and extreme magnitudes") {
  const Rational odd_dyadic = Rational(mpz_class("123456789123456789123")) * pow2(-90001);
  const Rational cases[] = {Rational(0),
                            Rational(7),
                            q(-3, 4),
                            q(1, 3),
                            q(271, 100),
                            q(1, 1024),
                            q(123456789, 1000000),
                            q(-5, 6),
                            q(1, 3) * pow10(-30),
                            pow10(-27151),
                            -pow10(27151),
                            Rational(375) * pow10(-40005),
                            odd_dyadic,
                            -odd_dyadic,
                            pow2(99999),
                            pow10(-30000) / Rational(3),
                            pow2(-100003) * Rational(3),
                            pow10(99990),
                            pow10(-99990) * Rational(7)};
  for (const Rational& x : cases) {
    const std::string t = exact_text(x);
    CAPTURE(t.substr(0, 80));
    CHECK(parse_rational(t) == x);
  }
}

TEST_CASE("exact_text: a short exact decimal first, then a short fraction") {
  CHECK(exact_text(q(1, 8)) == "0.125");
  CHECK(exact_text(q(-3, 40)) == "-0.075");
  CHECK(exact_text(q(271, 100)) == "2.71");
  CHECK(exact_text(Rational(7)) == "7");
  CHECK(exact_text(Rational(0)) == "0");
  CHECK(exact_text(pow10(-30)) == "1e-30");  // decimal_near's format: scientific beyond 1e-6 .. 1e20
  CHECK(exact_text(q(1, 3)) == "1/3");
  CHECK(exact_text(q(-2, 7)) == "-2/7");
  // 2^-60 has a 43-character decimal: the 21-character fraction is written instead.
  CHECK(exact_text(pow2(-60)) == "1/1152921504606846976");
}

TEST_CASE("exact_text: huge exponents stay short (decimal with exponent, hex dyadic)") {
  CHECK(exact_text(pow10(-27151)) == "1e-27151");
  CHECK(exact_text(-pow10(27151)) == "-1e27151");
  CHECK(exact_text(Rational(375) * pow10(-40005)) == "3.75e-40003");
  const Rational odd_dyadic = Rational(mpz_class("123456789123456789123")) * pow2(-90001);
  CHECK(exact_text(odd_dyadic).size() < kShortExactText);
  CHECK(exact_text(odd_dyadic).starts_with("0x"));
  CHECK(exact_text(-odd_dyadic).starts_with("-0x"));
  // Beyond parse_rational's exponent limit (hex 2^-100003) the fraction is the exact text left.
  CHECK(exact_text(pow2(-100003) * Rational(3)) == (pow2(-100003) * Rational(3)).to_string());
}

TEST_CASE("exact_text: the older spellings of certificates read back as the same numbers") {
  // Supnorm and lpnorm certificates before the merge wrote every terminating decimal in full,
  // chain certificates "p/q" and "<m>e<k>": parse_rational reads them all.
  CHECK(parse_rational("0.0009765625") == q(1, 1024));
  CHECK(parse_rational("1/1000000000000000000000000000000") == pow10(-30));
  CHECK(parse_rational("375e-40005") == Rational(375) * pow10(-40005));
  CHECK(parse_rational("6669/4") == parse_rational(exact_text(q(6669, 4))));
}
