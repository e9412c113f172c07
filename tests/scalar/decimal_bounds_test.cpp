// decimal_lower / decimal_upper (scalar/decimal_bounds.hpp) against independent references: the
// exact Rational endpoints (lower(), upper(): an exact arf -> fmpq conversion, a different code
// path) compared with exact rational arithmetic, and closed forms (10^(10^9) is exactly "1e+1000000000").
#include <doctest/doctest.h>

#include <arb.h>
#include <mpfi.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <utility>

#include "scalar/decimal_bounds.hpp"
#include "scalar/scalar.hpp"

using namespace approxcert;

namespace {

Ball ball_of(const char* text, long prec) {
  Ball b;
  set(b, parse_rational(text), Prec(prec));
  return b;
}

// "d.ddde+E" -> (mantissa digits without the point, exponent E as text)
std::pair<std::string, std::string> split_scientific(const std::string& s) {
  const auto e = s.find("e+");
  REQUIRE(e != std::string::npos);
  std::string mantissa = s.substr(0, e);
  mantissa.erase(std::remove(mantissa.begin(), mantissa.end(), '.'), mantissa.end());
  return {mantissa, s.substr(e + 2)};
}

}  // namespace

TEST_CASE("decimal_bounds: moderate balls and intervals, checked with exact rationals") {
  for (const char* text : {"1/3", "-1/3", "2/7", "-123456789/1000", "1e-30", "-7e25", "0x1.8p-3", "0"}) {
    for (long prec : {64L, 128L, 300L}) {
      CAPTURE(text);
      CAPTURE(prec);
      Ball b = ball_of(text, prec);
      arb_add_error_2exp_si(b.arb(), -prec / 2);  // a ball of real width
      const Rational lo = parse_rational(decimal_lower(b, 20));
      const Rational hi = parse_rational(decimal_upper(b, 20));
      CHECK(lo <= lower(b));
      CHECK(upper(b) <= hi);
      CHECK(lo <= parse_rational(text));
      CHECK(parse_rational(text) <= hi);
      CHECK(has_moderate_exponent(b));
      // tight: at most one unit in the 19th significant digit beyond the ball's own width
      const Rational slack = (abs(parse_rational(text)) + Rational(1)) / pow10(18);
      CHECK(lower(b) - lo <= slack);
      CHECK(hi - upper(b) <= slack);
      CHECK(parse_rational(decimal_radius_upper(b, 6)) >= rad(b));

      Interval iv;
      set(iv, parse_rational(text), Prec(prec));
      const Rational ilo = parse_rational(decimal_lower(iv, 25)), ihi = parse_rational(decimal_upper(iv, 25));
      CHECK(ilo <= lower(iv));
      CHECK(upper(iv) <= ihi);
      CHECK(ilo <= parse_rational(text));
      CHECK(parse_rational(text) <= ihi);
      CHECK(parse_rational(decimal_radius_upper(iv, 6)) * Rational(2) >= upper(iv) - lower(iv));
    }
  }
  const Ball exact = ball_of("12.5", 64);
  CHECK(decimal_lower(exact, 17) == "12.5");
  CHECK(decimal_upper(exact, 17) == "12.5");
  CHECK(decimal_lower(ball_of("-0.1875", 64), 17) == "-0.1875");
  CHECK(decimal_upper(ball_of("-1e30", 128), 17) == "-1e+30");
}

TEST_CASE("decimal_bounds: 10^(10^9) prints at once, outward around the exact power") {
  Ball ten = ball_of("10", 128), big;
  const auto start = std::chrono::steady_clock::now();
  arb_pow_ui(big.arb(), ten.arb(), 1000000000, 128);
  CHECK_FALSE(has_moderate_exponent(big));
  const std::string lo = decimal_lower(big, 30), hi = decimal_upper(big, 30);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 1.0);
  CAPTURE(lo);
  CAPTURE(hi);
  // The exact value is 1e+1000000000: lo is 9.99..e+999999999 or 1e+1000000000 (if exact), and
  // hi is 1e+1000000000 or 1.00..0d e+1000000000.
  const auto [lm, le] = split_scientific(lo);
  const auto [hm, he] = split_scientific(hi);
  const bool lo_below =
      (le == "999999999" && lm.find_first_not_of('9') == std::string::npos) || (le == "1000000000" && lm == "1");
  const bool hi_above = he == "1000000000" && hm[0] == '1' && hm.find_first_not_of('0', 1) >= hm.size() - 2;
  CHECK(lo_below);
  CHECK(hi_above);
  CHECK(lm.size() >= 25);  // about the requested digits, not a one-digit bound
  Ball neg;
  arb_neg(neg.arb(), big.arb());
  CHECK(decimal_upper(neg, 30) == "-" + lo);
  CHECK(decimal_lower(neg, 30) == "-" + hi);
  Ball inf;
  arb_indeterminate(inf.arb());
  CHECK(decimal_lower(inf, 10) == "-inf");
  CHECK(decimal_upper(inf, 10) == "inf");
}
