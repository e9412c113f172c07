// Chain sides at extreme magnitudes: the outward decimals of enclosures of 10^-27151 and 10^+27151
// are short and outward, and their exact endpoints short too (exact_text). Reference: exact
// rational arithmetic (pow10, exact comparisons) -- no rounding anywhere in the checks.
#include <doctest/doctest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "chain/certificate_fields.hpp"

using namespace approxcert;
using namespace approxcert::chain;

TEST_CASE_TEMPLATE("side_json: bounds of 10^-27151 and 10^+27151 print short and outward", S, Ball, Interval) {
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
