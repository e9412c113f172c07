// The one spelling of the two rigorous arithmetics: to_string writes "arb" / "mpfi", and
// parse_arithmetic reads them back, with the spelling chain certificates used before
// ("ball" / "interval"); any other text is refused.
#include <doctest/doctest.h>

#include "scalar/arithmetic.hpp"

using namespace approxcert;

TEST_CASE("arithmetic: to_string and parse_arithmetic round-trip, and the old chain spelling reads") {
  CHECK(to_string(Arithmetic::Ball) == "arb");
  CHECK(to_string(Arithmetic::Interval) == "mpfi");
  for (Arithmetic a : {Arithmetic::Ball, Arithmetic::Interval}) CHECK(parse_arithmetic(to_string(a)) == a);
  CHECK(parse_arithmetic("ball") == Arithmetic::Ball);
  CHECK(parse_arithmetic("interval") == Arithmetic::Interval);
  for (const char* bad : {"", "auto", "Arb", "MPFI", "balls", "exact"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_arithmetic(bad).has_value());
  }
}
