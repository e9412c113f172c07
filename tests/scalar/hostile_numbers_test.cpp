// Regression tests for issue #20 item 2 (numbers): every size limit of parse_rational is checked
// before the work it bounds, and exact conversions of absurd magnitudes are refused, not attempted.
#include <doctest/doctest.h>

#include <ctime>
#include <functional>
#include <string>

#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"

using namespace approxcert;

namespace {

double cpu_seconds_since(std::clock_t start) { return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC; }

std::string parse_error(const std::string& text) {
  try {
    (void)parse_rational(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

double seconds_of(const std::function<void()>& f) {
  const std::clock_t start = std::clock();  // CPU time: stable on a loaded machine
  f();
  return cpu_seconds_since(start);
}

}  // namespace

TEST_CASE("hostile numbers: a 10^6-digit hex or decimal number is refused before it is converted") {
  // Before the fix the hex digits were accumulated one by one into a GMP integer (quadratic:
  // 13.5 s for 10^6 digits) and the limit was checked afterwards.
  for (const std::string& text :
       {"0x" + std::string(1000000, 'f'), std::string(1000000, '7'), "1/" + std::string(1000000, '3')}) {
    std::string msg;
    const double s = seconds_of([&] { msg = parse_error(text); });
    CHECK(msg.find("too long") != std::string::npos);
    CHECK(s < 1.0);
  }
  // Just below the text limit, a part with too many digits names the digit limit.
  CHECK(parse_error("0x" + std::string(100001, '1')).find("too many digits (limit 100000)") != std::string::npos);
  CHECK(parse_error(std::string(100001, '1')).find("too many digits (limit 100000)") != std::string::npos);
}

TEST_CASE("hostile numbers: a 10^5-digit hex number converts exactly (the limit itself is usable)") {
  const std::string digits(100000, 'f');
  const Rational r = parse_rational("0x" + digits);
  // 16^100000 - 1, checked independently through the bit length and the value + 1 = 2^400000.
  CHECK(r + Rational(1) == pow2(400000));
  CHECK(parse_rational("0x1.8p-3") == Rational(mpz_class(3), mpz_class(16)));
}

TEST_CASE("hostile numbers: exact endpoints beyond 2^(+-2^22) are refused by both engines") {
  const Prec p(64);
  Ball b;
  set(b, pow10(100000), p);
  pow_int(b, b, 10000, p);  // 10^(10^9): fine as a ball, but its exact value has 3.3e9 bits
  CHECK(is_finite(b));
  CHECK_THROWS_WITH_AS(lower(b), doctest::Contains("too large or too small to write exactly"), InputError);
  CHECK_THROWS_AS(upper(b), InputError);
  Interval i;
  set(i, pow2(1000), p);
  pow_int(i, i, 10000, p);  // 2^(10^7), inside MPFR's exponent range
  CHECK_THROWS_WITH_AS(lower(i), doctest::Contains("too large or too small to write exactly"), InputError);
  // Magnitudes inside the limit still convert exactly.
  Ball small;
  set(small, pow2(-4000000), p);
  CHECK(lower(small) == pow2(-4000000));
}
