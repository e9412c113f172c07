// floor_log (scalar/floor_log.hpp): the exact floor(log_base(a)), checked by its definition
// base^e <= a < base^(e+1) in exact arithmetic, on known values, near powers and random rationals.
#include <doctest/doctest.h>

#include <random>
#include <stdexcept>

#include "../test_multiplier.hpp"
#include "scalar/floor_log.hpp"

using namespace approxcert;

TEST_CASE("floor_log: known values, exact powers and their neighbours") {
  CHECK(floor_log(Rational(1), 10) == 0);
  CHECK(floor_log(Rational(1000), 10) == 3);
  CHECK(floor_log(Rational(999), 10) == 2);
  CHECK(floor_log(parse_rational("1/1000"), 10) == -3);
  CHECK(floor_log(parse_rational("999/1000000"), 10) == -4);
  CHECK(floor_log(pow2(-60), 2) == -60);
  CHECK(floor_log(pow2(-60) - pow2(-200), 2) == -61);
  CHECK(floor_log(parse_rational("1/3"), 3) == -1);
  CHECK(floor_log(parse_rational("1/3") - pow2(-100), 3) == -2);
  CHECK_THROWS_AS(floor_log(Rational(0), 2), std::invalid_argument);
  CHECK_THROWS_AS(floor_log(Rational(-1), 10), std::invalid_argument);
  CHECK_THROWS_AS(floor_log(Rational(5), 1), std::invalid_argument);
}

TEST_CASE("floor_log: base^e <= a < base^(e+1) for random rationals and bases") {
  std::mt19937_64 rng(23);
  std::uniform_int_distribution<long> num(1, 1'000'000'000), den(1, 1'000'000'000), base(2, 62);
  for (int i = 0; i < approxcert::test::random_cases(3000); ++i) {
    const Rational a(mpz_class(num(rng)), mpz_class(den(rng)));
    const int b = static_cast<int>(base(rng));
    const long e = floor_log(a, b);
    CHECK(pow_int(Rational(b), e) <= a);
    CHECK(a < pow_int(Rational(b), e + 1));
  }
}
