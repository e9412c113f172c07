// Exact rationals: parse_rational reads the contract's number forms exactly and rejects anything
// else with a message naming the problem; decimal_down/up bracket the value, checked exactly by
// parsing the printed text back.
#include <doctest/doctest.h>

#include <string>

#include "scalar/input_error.hpp"
#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// The message of the InputError thrown by parse_rational(text) ("" if none was thrown).
std::string rejection(const std::string& text) {
  try {
    parse_rational(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

Rational random_rational(Rng& rng) {
  Rational base(mpz_class(rng.integer(-1000000000L, 1000000000L)), rng.denominator());
  if (base.sign() == 0) base = q(1, 3);
  switch (rng.integer(0, 3)) {
    case 0: return base * pow10(rng.integer(-320, 320));
    case 1: return base * pow2(rng.integer(-1100, 1100));
    default: return base;
  }
}

}  // namespace

TEST_CASE("rational parse: decimal, exponent, fraction and hex forms are exact") {
  CHECK(parse_rational("0") == q(0));
  CHECK(parse_rational("-0") == q(0));
  CHECK(parse_rational("12") == q(12));
  CHECK(parse_rational("-7") == q(-7));
  CHECK(parse_rational("007") == q(7));
  CHECK(parse_rational("0.1") == q(1, 10));
  CHECK(parse_rational("-0.0") == q(0));
  CHECK(parse_rational("-3.5e-4") == q(-7, 20000));
  CHECK(parse_rational("1e3") == q(1000));
  CHECK(parse_rational("1E+3") == q(1000));
  CHECK(parse_rational("2.5E-1") == q(1, 4));
  CHECK(parse_rational("1.0e0") == q(1));
  CHECK(parse_rational("6.02214076e23") == q(602214076) * pow10(15));
  CHECK(parse_rational("123456789012345678901234567890") == Rational(mpz_class("123456789012345678901234567890")));
  CHECK(parse_rational("0.30000000000000004") ==
        Rational(mpz_class(30000000000000004L), mpz_class(100000000000000000L)));
  CHECK(parse_rational("1e100000") == pow10(100000));
  CHECK(parse_rational("1e-100000") == pow10(-100000));
  // fractions: each side an integer or a decimal
  CHECK(parse_rational("1/3") == q(1, 3));
  CHECK(parse_rational("-1/3") == q(-1, 3));
  CHECK(parse_rational("2/4") == q(1, 2));
  CHECK(parse_rational("0.5/0.25") == q(2));
  CHECK(parse_rational("1e2/3") == q(100, 3));
  // hex floats
  CHECK(parse_rational("0x1.8p-3") == q(3, 16));
  CHECK(parse_rational("-0x.8p1") == q(-1));
  CHECK(parse_rational("0x10") == q(16));
  CHECK(parse_rational("0X1P4") == q(16));
  CHECK(parse_rational("0xA.8p0") == q(21, 2));
  CHECK(parse_rational("0x1p-1074") == pow2(-1074));
  CHECK(parse_rational("0x1.fffffffffffffp+1023") == (pow2(53) - q(1)) * pow2(971));
}

TEST_CASE("rational parse: malformed numbers are rejected with a message naming the problem") {
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty"},
      {" 1", "digit"},
      {"1 ", "unexpected character"},
      {"1.", "digit after '.'"},
      {".5", "digit"},
      {"nan", "digit"},
      {"NaN", "digit"},
      {"inf", "digit"},
      {"-inf", "digit"},
      {"Infinity", "digit"},
      {"1/0", "zero denominator"},
      {"0/0", "zero denominator"},
      {"1/0.0", "zero denominator"},
      {"1/-0e5", "zero denominator"},
      {"1e999999", "exponent too large"},
      {"1e100001", "exponent too large"},
      {"1e-99999999999", "exponent too large"},
      {"0x1p999999", "exponent too large"},
      {"abc", "digit"},
      {"1/2/3", "more than one '/'"},
      {"--1", "digit"},
      {"-", "empty"},
      {"1e", "exponent digits"},
      {"1e+", "exponent digits"},
      {"0x", "unexpected character"},
      {"0xg", "hex"},
      {"0x1p", "exponent digits"},
      {"0x1.8e-3", "unexpected character"},
      {"1,5", "unexpected character"},
      {"1_000", "unexpected character"},
      {"/2", "empty"},
      {"2/", "empty"},
      {"1e5.5", "unexpected character"},
      {"1\n", "unexpected character"},
  };
  for (const auto& [text, why] : cases) {
    INFO("input: \"" << text << "\"");
    const std::string message = rejection(text);
    CHECK(message.find("invalid number") != std::string::npos);
    CHECK(message.find(why) != std::string::npos);
  }
  // The message quotes (a prefix of) the offending text.
  CHECK(rejection("12x").find("\"12x\"") != std::string::npos);
  CHECK(rejection(std::string(1000, '9') + "z").find("...") != std::string::npos);
}

// Non-printable bytes are escaped (\xNN): a NUL must not cut what() short.
TEST_CASE("rational parse: binary garbage gets a readable message") {
  const std::string message = rejection(std::string("1\0", 2));
  CHECK(message.find("unexpected character") != std::string::npos);
  for (char c : rejection("1\x1b[2J\x07")) CHECK((c == '\n' || static_cast<unsigned char>(c) >= 0x20));
}

TEST_CASE("count_q is exact for every 64-bit count, past the range of long") {
  CHECK(count_q(0) == Rational(0));
  CHECK(count_q(12345) == Rational(12345));
  CHECK(count_q(UINT64_MAX).to_string() == "18446744073709551615");
  CHECK(count_q(UINT64_MAX) == pow2(64) - Rational(1));
}

TEST_CASE("rational to_string round-trips exactly") {
  Rng rng(51);
  for (int c = 0; c < 500; ++c) {
    const Rational x = random_rational(rng);
    CHECK(parse_rational(x.to_string()) == x);
  }
  CHECK(q(-6, 4).to_string() == "-3/2");
  CHECK(q(5).to_string() == "5");
}

TEST_CASE("rational decimal_down and decimal_up bracket the value exactly") {
  CHECK(decimal_down(q(1, 4)) == "0.25");
  CHECK(decimal_up(q(1, 4)) == "0.25");
  CHECK(decimal_down(q(3, 16)) == "0.1875");
  CHECK(decimal_down(q(0)) == "0");
  CHECK(decimal_up(q(-3, 2)) == "-1.5");
  CHECK(decimal_down(q(100)) == "100");
  CHECK(decimal_down(q(1, 3)) == "0.33333333333333333");
  CHECK(decimal_up(q(1, 3)) == "0.33333333333333334");
  CHECK(decimal_down(q(-1, 3)) == "-0.33333333333333334");  // toward -inf
  CHECK(decimal_up(q(-1, 3)) == "-0.33333333333333333");
  CHECK(decimal_down(q(2, 3), 3) == "0.666");
  CHECK(decimal_up(q(2, 3), 3) == "0.667");
  CHECK(decimal_near(q(2, 3), 3) == "0.667");
  CHECK_THROWS_AS(decimal_down(q(1), 0), std::invalid_argument);

  Rng rng(52);
  std::vector<Rational> values = {q(1, 3),
                                  q(-1, 3),
                                  pow10(-300) * q(1, 3),
                                  -pow10(-300) * q(1, 7),
                                  pow10(300) * q(1, 7),
                                  -pow10(300),
                                  q(999999999, 1000000000),
                                  pow2(-1074)};
  for (int c = 0; c < 1000; ++c) values.push_back(random_rational(rng));
  for (const auto& x : values) {
    const int digits = static_cast<int>(rng.integer(1, 40));
    INFO(x.to_string() << " with " << digits << " digits");
    const std::string down = decimal_down(x, digits), up = decimal_up(x, digits), near = decimal_near(x, digits);
    INFO("down " << down << ", up " << up << ", near " << near);
    const Rational d = parse_rational(down), u = parse_rational(up), n = parse_rational(near);
    CHECK(d <= x);
    CHECK(x <= u);
    CHECK(d <= n);
    CHECK(n <= u);
    // Tight: adjacent decimals with `digits` significant digits, equal when x has that many.
    CHECK(u - d <= abs(x) * pow10(1 - digits));
    CHECK(abs(n - x) <= abs(x) * pow10(1 - digits) * q(1, 2));
    if (d == u) CHECK(d == x);
    // Values that fit in `digits` digits print exactly.
    const Rational shortened = parse_rational(decimal_near(x, digits));
    CHECK((decimal_down(shortened, digits) == decimal_up(shortened, digits)));
    CHECK(parse_rational(decimal_down(shortened, digits)) == shortened);
  }
}

TEST_CASE("rational arithmetic helpers") {
  CHECK(q(1, 3) + q(1, 6) == q(1, 2));
  CHECK(q(1, 3) * q(3) == q(1));
  CHECK(q(1, 3) / q(2) == q(1, 6));
  CHECK_THROWS_AS(q(1) / q(0), std::domain_error);
  CHECK_THROWS_AS(Rational(mpz_class(1), mpz_class(0)), InputError);
  CHECK(pow_int(q(-2, 3), 3) == q(-8, 27));
  CHECK(pow_int(q(-2, 3), -2) == q(9, 4));
  CHECK(pow_int(q(5), 0) == q(1));
  CHECK_THROWS_AS(pow_int(q(0), -1), std::domain_error);
  CHECK(pow2(-3) == q(1, 8));
  CHECK(pow10(2) == q(100));
  CHECK(floor_div(q(-7, 2)) == q(-4));
  CHECK(ceil_div(q(-7, 2)) == q(-3));
  CHECK(floor_div(q(7, 2)) == q(3));
  CHECK(ceil_div(q(4)) == q(4));
  CHECK(min(q(1, 3), q(1, 4)) == q(1, 4));
  CHECK(max(q(1, 3), q(1, 4)) == q(1, 3));
  CHECK(abs(q(-1, 3)) == q(1, 3));
  CHECK(q(1, 3) < q(1, 2));
  CHECK(q(-1, 3).sign() == -1);
  CHECK(q(4, 2).is_integer());
  CHECK(Rational(mpq_class(2, 4)) == q(1, 2));  // canonicalized
}
