// root_down / root_up (scalar/rational_root.hpp) against exact rational powers: the defining
// inequalities r_down^p <= s <= r_up^p are checked exactly, the width against 2^-bits, and perfect
// powers must come out exactly.
#include <doctest/doctest.h>

#include <random>
#include <stdexcept>

#include "../test_multiplier.hpp"
#include "scalar/rational.hpp"
#include "scalar/rational_root.hpp"

using namespace approxcert;

namespace {
Rational frac(long a, long b) { return Rational(a) / Rational(b); }
}  // namespace

TEST_CASE("rational_root: perfect powers are exact, 0 is 0, p = 1 is the identity") {
  CHECK(root_down(frac(9, 4), 2) == frac(3, 2));
  CHECK(root_up(frac(9, 4), 2) == frac(3, 2));
  CHECK(root_down(frac(1, 1024), 10) == frac(1, 2));
  CHECK(root_up(frac(1, 1024), 10) == frac(1, 2));
  CHECK(root_down(Rational(0), 3) == Rational(0));
  CHECK(root_up(Rational(0), 3) == Rational(0));
  CHECK(root_down(frac(3, 8), 1) <= frac(3, 8));
  CHECK(frac(3, 8) <= root_up(frac(3, 8), 1));
  CHECK_THROWS_AS(root_down(frac(-1, 2), 2), std::invalid_argument);
  CHECK_THROWS_AS(root_up(frac(1, 2), 0), std::invalid_argument);
}

TEST_CASE("rational_root: r_down^p <= s <= r_up^p exactly and the width is within 2^-bits relative") {
  std::mt19937_64 rng(17);
  std::uniform_int_distribution<long> num(1, 1'000'000'000), exp10(-40, 40);
  for (int trial = 0; trial < approxcert::test::random_cases(300); ++trial) {
    const Rational s = Rational(num(rng)) / Rational(num(rng)) * pow10(exp10(rng));
    const unsigned long p = 1 + static_cast<unsigned long>(trial % 9);
    const long bits = 16 + trial % 200;
    CAPTURE(s.to_string());
    CAPTURE(p);
    const Rational lo = root_down(s, p, bits), hi = root_up(s, p, bits);
    CHECK(pow_int(lo, static_cast<long>(p)) <= s);
    CHECK(s <= pow_int(hi, static_cast<long>(p)));
    CHECK(lo <= hi);
    CHECK(hi - lo <= hi * pow2(-bits));
  }
  // An irrational root: sqrt(2) in [1.41421356, 1.41421357].
  CHECK(frac(141421356, 100000000) <= root_down(Rational(2), 2, 64));
  CHECK(root_up(Rational(2), 2, 64) <= frac(141421357, 100000000));
}
