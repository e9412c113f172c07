// threshold_network_ones (net/threshold_sweep.hpp), the sweep evaluator of threshold networks,
// against the generic evaluator (exact Rational evaluation of the lowered network, point by point)
// and against outputs worked out by hand; points include every layer-1 threshold (step(0) = 1).
#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/threshold_sweep.hpp"

using namespace approxcert;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

// The indices of the outputs equal to 1, by the generic evaluator.
std::vector<std::size_t> generic_ones(const Program& prog, const Rational& x) {
  const std::vector<Rational> in{x};
  const std::vector<Rational> out = evaluate<Rational>(prog, in, Prec(64));
  std::vector<std::size_t> ones;
  for (std::size_t k = 0; k < out.size(); ++k) {
    REQUIRE((out[k] == Rational(0) || out[k] == Rational(1)));
    if (out[k] == Rational(1)) ones.push_back(k);
  }
  return ones;
}

}  // namespace

TEST_CASE("threshold sweep: units with positive, negative and zero weights, worked out by hand") {
  // h = (step(2x - 1), step(1), step(1 - x), step(-1)); z0 = step(h0 + h1 + 5 h3 - 2) = [x >= 1/2],
  // z1 = step(h2 - h3 - 1) = [x <= 1].
  const LayerList layers{Layer{DenseLayer{{{Rational(2)}, {Rational(0)}, {Rational(-1)}, {Rational(0)}},
                                          {Rational(-1), Rational(1), Rational(1), Rational(-1)}}},
                         Layer{StepLayer{}},
                         Layer{DenseLayer{{{Rational(1), Rational(1), Rational(0), Rational(5)},
                                           {Rational(0), Rational(0), Rational(1), Rational(-1)}},
                                          {Rational(-2), Rational(-1)}}},
                         Layer{StepLayer{}}};
  const RationalVector pts{Rational(-1), q(1, 2), Rational(1), q(3, 2)};
  const std::vector<std::vector<std::size_t>> expected{{1}, {0, 1}, {0, 1}, {0}};
  CHECK(threshold_network_ones(layers, pts) == expected);
  const Program prog = lower(Network{{1, std::nullopt}, layers});
  for (std::size_t k = 0; k < pts.size(); ++k) CHECK(generic_ones(prog, pts[k]) == expected[k]);
  CHECK_THROWS_AS(threshold_network_ones(layers, {Rational(1), Rational(0)}), std::logic_error);  // unsorted
  CHECK_THROWS_AS(threshold_network_ones(LayerList(layers.begin(), layers.begin() + 2), pts), std::logic_error);
}

TEST_CASE("threshold sweep: equals the generic evaluator on a pseudo-random network at every threshold and between") {
  const std::size_t P = 9, m = 5;
  unsigned long seed = 12345;
  auto next = [&](long lo, long hi) {  // deterministic LCG in [lo, hi]
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    return lo + static_cast<long>((seed >> 33) % static_cast<unsigned long>(hi - lo + 1));
  };
  DenseLayer l1, l2;
  RationalVector thresholds;
  for (std::size_t u = 0; u < P; ++u) {
    const Rational w = q(next(-3, 3), next(1, 4)), b = q(next(-5, 5), next(1, 6));
    l1.weight.push_back({w});
    l1.bias.push_back(b);
    if (w.sign() != 0) thresholds.push_back(Rational(0) - b / w);
  }
  for (std::size_t r = 0; r < m; ++r) {
    NumberVector row;
    for (std::size_t u = 0; u < P; ++u) row.push_back(q(next(-2, 2)));
    l2.weight.push_back(row);
    l2.bias.push_back(q(next(-3, 3), 2));
  }
  const LayerList layers{Layer{l1}, Layer{StepLayer{}}, Layer{l2}, Layer{StepLayer{}}};
  RationalVector pts{q(-50), q(50)};
  for (const Rational& t : thresholds) {
    pts.push_back(t);
    pts.push_back(t + q(1, 1000));
    pts.push_back(t - q(1, 1000));
  }
  std::sort(pts.begin(), pts.end());
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  REQUIRE(pts.size() > 20);
  const auto ones = threshold_network_ones(layers, pts);
  REQUIRE(ones.size() == pts.size());
  const Program prog = lower(Network{{1, std::nullopt}, layers});
  std::size_t nonempty = 0;
  for (std::size_t k = 0; k < pts.size(); ++k) {
    INFO("x = " << pts[k].to_string());
    CHECK(ones[k] == generic_ones(prog, pts[k]));
    nonempty += !ones[k].empty();
  }
  CHECK(nonempty > 0);  // the comparison is not between empty outputs only
}
