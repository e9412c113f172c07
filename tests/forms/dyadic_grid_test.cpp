// dyadic_floor / dyadic_ceil (forms/dyadic.hpp): the nearest multiples of 2^-j below and above x,
// checked by their defining properties (on the grid, bracketing x, at most one grid step apart)
// against exact arithmetic, over random rationals of both signs and grids of both kinds of j.
#include <doctest/doctest.h>

#include <random>
#include <string_view>

#include "../test_multiplier.hpp"
#include "forms/dyadic.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }
bool on_grid(const Rational& x, long j) { return floor_div(x * pow2(j)) == x * pow2(j); }

}  // namespace

TEST_CASE("dyadic_grid: known values, negative x and coarse grids (j < 0)") {
  CHECK(dyadic_floor(q("1/3"), 2) == q("1/4"));
  CHECK(dyadic_ceil(q("1/3"), 2) == q("1/2"));
  CHECK(dyadic_floor(q("-1/3"), 2) == q("-1/2"));
  CHECK(dyadic_ceil(q("-1/3"), 2) == q("-1/4"));
  CHECK(dyadic_floor(q("5"), -1) == q("4"));
  CHECK(dyadic_ceil(q("5"), -1) == q("6"));
  CHECK(dyadic_floor(q("3/8"), 3) == q("3/8"));  // already on the grid: itself, both ways
  CHECK(dyadic_ceil(q("3/8"), 3) == q("3/8"));
  CHECK(dyadic_ceil(q("1/3"), 64) - dyadic_floor(q("1/3"), 64) == pow2(-64));
}

TEST_CASE("dyadic_grid: floor <= x <= ceil, both on the grid, one step apart unless x is on it") {
  std::mt19937_64 rng(17);
  std::uniform_int_distribution<long> num(-100000, 100000), den(1, 5000), bits(-8, 70);
  for (int i = 0; i < approxcert::test::random_cases(2000); ++i) {
    const Rational x(mpz_class(num(rng)), mpz_class(den(rng)));
    const long j = bits(rng);
    const Rational lo = dyadic_floor(x, j), hi = dyadic_ceil(x, j);
    CHECK(lo <= x);
    CHECK(x <= hi);
    CHECK(on_grid(lo, j));
    CHECK(on_grid(hi, j));
    CHECK(hi - lo == (on_grid(x, j) ? Rational(0) : pow2(-j)));
  }
}
