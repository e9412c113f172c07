// chain::distinct_exact_first (distinct() decided in doubles) against chain::distinct on the exact
// sides of the same doubles: the same decisive pair, sides, verdict counts, for families with and
// without repeated values (refuted and proved), values one ulp apart, signed zeros, subnormals and
// values beyond 2^1000 (which the double decision declines); side(k) is only asked for decisive pairs.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "../test_multiplier.hpp"
#include "chain/distinct_exact_first.hpp"
#include "scalar/fast_interval.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Side side(double x) { return Side::exact(lower(FastInterval{x, x})); }

void check_same(const Outcome& a, const Outcome& b) {
  CHECK(a.at == b.at);
  CHECK(a.lhs.value == b.lhs.value);
  CHECK(a.rhs.value == b.rhs.value);
  CHECK(a.for_all->points == b.for_all->points);
  CHECK(a.for_all->proved == b.for_all->proved);
  CHECK(a.for_all->refuted == b.for_all->refuted);
  CHECK(a.for_all->unknown == b.for_all->unknown);
}

}  // namespace

TEST_CASE("distinct_exact_first: the same outcome as distinct on the exact sides") {
  std::mt19937_64 rng(20261129);
  const std::vector<double> base = {0.0,       -0.0,       1.0,     -1.0,     0.5,       3.0,       1e-300,
                                    0x1p-1074, -0x1p-1074, 0x1p999, 0x1p1001, -0x1p1001, 123456.789};
  long refuted = 0, proved = 0, sides_built = 0;
  for (int c = 0; c < approxcert::test::random_cases(400); ++c) {
    const std::size_t count = 2 + rng() % 40;
    std::vector<double> v;
    for (std::size_t k = 0; k < count; ++k) {
      const double b = base[rng() % base.size()];
      switch (rng() % 4) {
        case 0: v.push_back(b); break;  // repeats are likely: refuted families
        case 1: v.push_back(std::nextafter(b, 1e308)); break;
        case 2: v.push_back(b * static_cast<double>(1 + rng() % 1000)); break;
        default: v.push_back(static_cast<double>(static_cast<long>(rng() % 2000001) - 1000000) / 1024); break;
      }
    }
    std::vector<Side> sides;
    for (double x : v) sides.push_back(side(x));
    const Outcome want = distinct(sides);
    long asked = 0;
    const Outcome got = distinct_exact_first(v, [&](std::size_t k) {
      ++asked;
      return sides[k];
    });
    CAPTURE(c);
    check_same(got, want);
    sides_built += asked;
    (want.for_all->refuted > 0 ? refuted : proved)++;
  }
  CHECK(refuted > 50);  // both kinds of family occur
  CHECK(proved > 50);
  CHECK(sides_built > 0);                                                 // the decisive sides come from side(k)
  CHECK(sides_built < approxcert::test::random_cases(400) * 2 * 40 / 4);  // ... and not for every pair
}

TEST_CASE("distinct_exact_first: fewer than two values or a value that is not finite is a logic error") {
  auto none = [](std::size_t) { return side(0.0); };
  CHECK_THROWS_AS(distinct_exact_first({1.0}, none), std::logic_error);
  CHECK_THROWS_AS(distinct_exact_first({1.0, std::nan("")}, none), std::logic_error);
  CHECK_THROWS_AS(distinct_exact_first({1.0, HUGE_VAL}, none), std::logic_error);
}
