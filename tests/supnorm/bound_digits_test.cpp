// enclosure_digits (supnorm/bound_digits.hpp): the printed bounds are as tight as the enclosure,
// checked exactly with rationals; and end to end, a run whose gap is far below 1e-17 prints (and
// records) that many digits, consistently with the certificate's gap field.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "../test_multiplier.hpp"
#include "cli_support.hpp"
#include "supnorm/bound_digits.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;

namespace {
// Printed width with d digits, exactly.
Rational printed_width(const Rational& lo, const Rational& hi, int d) {
  return parse_rational(decimal_up(hi, d)) - parse_rational(decimal_down(lo, d));
}
}  // namespace

TEST_CASE("bound digits: the printed enclosure is at most twice as wide as the computed one") {
  std::mt19937_64 rng(20261124);
  for (int trial = 0; trial < approxcert::test::random_cases(300); ++trial) {
    // lower = m 10^e with a random 30-digit-ish mantissa, gap = lower 10^-k (k up to 300), scaled.
    const long e = static_cast<long>(rng() % 200) - 100;
    const long k = static_cast<long>(rng() % 300);
    const Rational lo = Rational(static_cast<long>(rng() % 1000000007 + 1)) / Rational(1000000007) * pow10(e);
    const Rational gap = lo * pow10(-k) * Rational(static_cast<long>(rng() % 97 + 1)) / Rational(7);
    const Rational hi = lo + gap;
    const int d = enclosure_digits(lo, hi);
    REQUIRE(d > 0);
    CHECK(d >= kMinBoundDigits);
    CHECK(printed_width(lo, hi, d) <= Rational(2) * gap);
    CHECK(parse_rational(decimal_down(lo, d)) <= lo);  // outward
    CHECK(hi <= parse_rational(decimal_up(hi, d)));
  }
}

TEST_CASE("bound digits: a gap of about 1e-77 relative needs about 77 digits, and the degenerate cases") {
  const Rational lo = Rational(3) / Rational(7);
  const Rational hi = lo + pow10(-77);
  const int d = enclosure_digits(lo, hi);
  CHECK(d >= 76);
  CHECK(d <= 90);
  CHECK(printed_width(lo, hi, d) <= Rational(2) * pow10(-77));
  CHECK(Rational(2) * pow10(-77) < printed_width(lo, hi, 17));  // 17 digits would hide it
  CHECK(enclosure_digits(lo, lo) == 0);                         // exact: print exactly
  CHECK(enclosure_digits(Rational(0), Rational(1)) == kMinBoundDigits);
  CHECK(enclosure_digits(Rational(0), std::nullopt, 6) == 6);
  CHECK(enclosure_digits(Rational(1), Rational(2), 6) == 6);
  // Beyond the digit limit: exact text.
  CHECK(enclosure_digits(Rational(1), Rational(1) + pow10(-20000)) == 0);
}

TEST_CASE("supnorm cli: a run to a gap of 1e-40 prints and records the digits it computed") {
  ScratchDir s("supnorm-digits");
  // sup over [0,1] of |exp(x) - 0| = e, to a relative gap of 1e-40.
  Run r = run_cli("supnorm --approx 0 --target 'exp(x)' --domain '[0,1]' --rel-tol 1e-40 --abs-tol 0 --json --cert " +
                      s.path("c.json"),
                  s);
  REQUIRE(r.status == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const Rational lo = parse_rational(j["lower"].get<std::string>());
  const Rational hi = parse_rational(j["upper"].get<std::string>());
  CHECK(hi <= lo * (Rational(1) + pow10(-39)));  // the printed numbers keep the 1e-40 gap (x2 at most)
  CHECK(j["stopped_by"] == "rel_tol");
  const nlohmann::json c = read_json(s.path("c.json"));
  const Rational clo = parse_rational(c["lower"].get<std::string>());
  const Rational chi = parse_rational(c["upper"].get<std::string>());
  CHECK(chi <= clo * (Rational(1) + pow10(-39)));
  // e's decimal expansion to 100 digits: e_lo < e < e_hi = e_lo + 1e-99; the certified enclosure
  // (far tighter than the tolerance asks: its digits are printed) must contain e.
  const Rational e_lo = parse_rational(
      "2.718281828459045235360287471352662497757247093699959574966967627724076630353547594571382178525166427");
  const Rational e_hi = e_lo + pow10(-99);
  CHECK(clo <= e_lo);
  CHECK(e_hi <= chi);
  Run v = run_cli("verify " + s.path("c.json"), s);
  CHECK(v.status == 0);
}

TEST_CASE("supnorm cli: a run stopped by the absolute tolerance says so") {
  ScratchDir s("supnorm-abs-tol");
  // |1e-58 sin(10 x)^2| <= 1e-58 converges at once to [0, ~1e-58] under the default --abs-tol 1e-30.
  const std::string problem = "supnorm --approx 0 --target '1e-58*sin(10*x)^2' --domain '[-1,1]'";
  Run r = run_cli(problem, s);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("note: --abs-tol 1e-30 ended the run") != std::string::npos);
  Run j = run_cli(problem + " --json", s);
  CHECK(nlohmann::json::parse(j.out)["stopped_by"] == "abs_tol");
  Run rel = run_cli(problem + " --abs-tol 0 --json", s);
  REQUIRE(rel.status == 0);
  const nlohmann::json rj = nlohmann::json::parse(rel.out);
  CHECK(rj["stopped_by"] == "rel_tol");
  CHECK(Rational(0) < parse_rational(rj["lower"].get<std::string>()));  // a relative answer: lower > 0
}
