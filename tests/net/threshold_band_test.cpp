// undecided_bands / measure / intersection_measure / smallest_preactivation (net/threshold_band.hpp)
// against closed forms worked out by hand (band measures of grid cell boundaries, touching and
// overlapping bands, clipping), and against the sigmoid itself: at points away from the band
// edges, a point is in the bands iff some unit's sigmoid(k z), enclosed by the generic Ball
// evaluator of a sigmoid network, lies strictly between sigmoid(-1) and sigmoid(1).
#include <doctest/doctest.h>

#include <stdexcept>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/threshold_band.hpp"
#include "scalar/ball.hpp"

using namespace approxcert;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

// Units step((s_i - s_{i+1}) x + (s_{i+1}^2 - s_i^2)/2) for the grid sites (2i - 1)/(2m): the
// cell-boundary units of a Voronoi quantiser, thresholds at i/m, |w| = 1/m.
DenseLayer boundary_units(long m) {
  DenseLayer l;
  for (long i = 1; i < m; ++i) {
    const Rational a = q(2 * i - 1, 2 * m), b = q(2 * i + 1, 2 * m);
    l.weight.push_back({a - b});
    l.bias.push_back((b * b - a * a) / Rational(2));
  }
  return l;
}

}  // namespace

TEST_CASE("undecided_bands: grid cell boundaries, closed-form measures") {
  const DenseLayer l = boundary_units(4);  // thresholds 1/4, 1/2, 3/4; half-width in x = 4 t
  SUBCASE("separate bands: 3 * 2 * 4/100") {
    const auto b = undecided_bands(l, {}, q(1, 100), q(0), q(1));
    REQUIRE(b.size() == 3);
    CHECK(b[0] == OpenInterval(q(1, 4) - q(1, 25), q(1, 4) + q(1, 25)));
    CHECK(measure(b) == q(6, 25));
  }
  SUBCASE("overlapping bands merge and are clipped to the interval") {
    const auto b = undecided_bands(l, {}, q(1, 10), q(0), q(1));
    REQUIRE(b.size() == 1);
    CHECK(b[0] == OpenInterval(q(0), q(1)));
    CHECK(measure(b) == q(1));
  }
  SUBCASE("touching open bands stay apart (their common end is not in the set)") {
    const auto b = undecided_bands(l, {}, q(1, 32), q(0), q(1));  // half-width 1/8 in x
    REQUIRE(b.size() == 3);
    CHECK(b[0].second == q(3, 8));
    CHECK(b[1].first == q(3, 8));
    CHECK(measure(b) == q(3, 4));
    CHECK_FALSE(in_open_set(b, q(3, 8)));
    CHECK(in_open_set(b, q(3, 8) + q(1, 1000)));
  }
  SUBCASE("a subset of the units") {
    const auto b = undecided_bands(l, {1}, q(1, 100), q(0), q(1));
    REQUIRE(b.size() == 1);
    CHECK(b[0] == OpenInterval(q(1, 2) - q(1, 25), q(1, 2) + q(1, 25)));
  }
  SUBCASE("a zero-weight unit: everywhere or nowhere") {
    DenseLayer z;
    z.weight = {{q(0)}, {q(0)}};
    z.bias = {q(1, 2), q(-2)};
    CHECK(measure(undecided_bands(z, {0}, q(1), q(-1), q(3))) == q(4));
    CHECK(undecided_bands(z, {1}, q(1), q(-1), q(3)).empty());
  }
  CHECK_THROWS_AS(undecided_bands(l, {}, q(0), q(0), q(1)), std::logic_error);
  CHECK_THROWS_AS(undecided_bands(l, {}, q(1), q(1), q(1)), std::logic_error);
  CHECK_THROWS_AS(undecided_bands(l, {7}, q(1), q(0), q(1)), std::logic_error);
}

TEST_CASE("intersection_measure and smallest_preactivation: closed forms") {
  const std::vector<OpenInterval> a{{q(0), q(1, 4)}, {q(3, 4), q(1)}};
  const std::vector<OpenInterval> b{{q(1, 8), q(7, 8)}};
  CHECK(intersection_measure(a, b) == q(1, 4));
  CHECK(intersection_measure(b, a) == q(1, 4));
  CHECK(intersection_measure(a, {}) == q(0));
  const DenseLayer l = boundary_units(32);
  CHECK(smallest_preactivation(l, {}, q(0)) == q(1, 1024));       // (1/32) * distance 1/32 to the first boundary
  CHECK(smallest_preactivation(l, {}, q(1, 2)) == q(0));          // on a boundary
  CHECK(smallest_preactivation(l, {}, q(17, 64)) == q(1, 2048));  // (1/32) * (1/64)
}

TEST_CASE("undecided_bands agree with the sigmoid: sigma(k z) in (sigma(-1), sigma(1)) iff inside a band") {
  const long m = 6;
  const Rational k(100);
  const DenseLayer l = boundary_units(m);
  const auto bands = undecided_bands(l, {}, Rational(1) / k, q(0), q(1));
  // A network computing sigmoid(k z_u) for every unit.
  DenseLayer scaled = l;
  for (std::size_t u = 0; u < scaled.weight.size(); ++u) {
    scaled.weight[u][0] = Number(scaled.weight[u][0].rational() * k);
    scaled.bias[u] = Number(scaled.bias[u].rational() * k);
  }
  const Program prog = lower(Network{{1, std::nullopt}, {Layer{scaled}, Layer{SigmoidLayer{}}}});
  const Prec p(128);
  Ball lo, hi;
  set(lo, q(-1), p);
  sigmoid(lo, lo, p);
  set(hi, q(1), p);
  sigmoid(hi, hi, p);
  int inside = 0, outside = 0;
  for (long n = 1; n < 997; ++n) {
    const Rational x = q(n, 997);
    Ball in;
    set(in, x, p);
    const std::vector<Ball> out = evaluate<Ball>(prog, std::span<const Ball>(&in, 1), p);
    bool undecided = false, ambiguous = false;
    for (const Ball& s : out) {
      if (upper(lo) < lower(s) && upper(s) < lower(hi)) undecided = true;
      else if (!(upper(s) <= lower(lo) || lower(s) >= upper(hi))) ambiguous = true;  // too close to an edge
    }
    if (!undecided && ambiguous) continue;
    CHECK(in_open_set(bands, x) == undecided);
    (undecided ? inside : outside)++;
  }
  CHECK(inside > 50);
  CHECK(outside > 50);
}
