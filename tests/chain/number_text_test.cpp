// Certificate numbers at extreme magnitudes: exact values print as short exact text
// (exact_text, read back exactly by parse_rational), and the outward decimals of enclosures of
// 10^-27151 and 10^+27151 are short and outward. Reference: exact rational arithmetic
// (pow10, exact comparisons) -- no rounding anywhere in the checks.
#include <doctest/doctest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "chain/certificate_fields.hpp"
#include "chain/number_text.hpp"

using namespace approxcert;
using namespace approxcert::chain;

TEST_CASE("number_text: exact_text round-trips and is short for powers of ten and long dyadics") {
  const Rational odd_dyadic = Rational(mpz_class("123456789123456789123")) * pow2(-90001);
  const Rational cases[] = {Rational(0), Rational(7), Rational(-3) / Rational(4), Rational(1) / Rational(3),
                            Rational(271) / Rational(100), pow10(-27151), -pow10(27151), Rational(375) * pow10(-40005),
                            odd_dyadic, -odd_dyadic, pow2(99999), pow10(-30000) / Rational(3)};
  for (const Rational& q : cases) {
    const std::string t = exact_text(q);
    CAPTURE(t.substr(0, 80));
    CHECK(parse_rational(t) == q);
  }
  CHECK(exact_text(pow10(-27151)) == "1e-27151");
  CHECK(exact_text(-pow10(27151)) == "-1e27151");
  CHECK(exact_text(Rational(375) * pow10(-40005)) == "375e-40005");
  CHECK(exact_text(odd_dyadic).size() < 40);
  CHECK(exact_text(odd_dyadic).starts_with("0x"));
  // Ordinary values keep their usual fraction text.
  CHECK(exact_text(Rational(271) / Rational(100)) == "271/100");
  CHECK(exact_text(Rational(1) / Rational(3)) == "1/3");
  // Beyond parse_rational's exponent limit the fraction is the only exact text left.
  CHECK(exact_text(pow2(-100003) * Rational(3)) == (pow2(-100003) * Rational(3)).to_string());
}

TEST_CASE_TEMPLATE("number_text: bounds of 10^-27151 and 10^+27151 print short and outward", S, Ball, Interval) {
  for (long e : {-27151L, 27151L}) {
    for (long bits : {64L, 256L}) {
      CAPTURE(e);
      CAPTURE(bits);
      const Rational truth = pow10(e);
      S x;
      set(x, truth, Prec(bits));  // not a dyadic: an enclosure with ~90,000-bit endpoints
      const auto start = std::chrono::steady_clock::now();
      const nlohmann::json j = side_json(Side::enclosure(x), 17, false);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      CHECK(seconds < 1.0);
      const std::string lo = j["lower"], hi = j["upper"];
      CAPTURE(lo);
      CAPTURE(hi);
      CHECK(lo.size() < 40);
      CHECK(hi.size() < 40);
      CHECK(parse_rational(lo) <= truth);  // outward, checked exactly
      CHECK(truth <= parse_rational(hi));
      CHECK(parse_rational(lo) <= Enclosure::of(x).lower());
      CHECK(Enclosure::of(x).upper() <= parse_rational(hi));
      // The exact endpoints, when a certificate needs them, are short too (hex dyadics).
      const nlohmann::json exact = side_json(Side::enclosure(x), 17, true);
      CHECK(exact["lower_exact"].get<std::string>().size() < 200);
      const Enclosure back = recorded_enclosure(exact, "side");
      CHECK(back == Enclosure::of(x));
    }
  }
  const nlohmann::json j = side_json(Side::exact(pow10(-27151)), 17, false);
  CHECK(j["exact"] == "1e-27151");
  CHECK(j["lower"] == "1e-27151");
  CHECK(recorded_enclosure(j, "side") == Enclosure::exact(pow10(-27151)));
}
