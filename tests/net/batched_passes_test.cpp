// BatchedPasses (net/batched_passes.hpp): result k of points() and jets() is bit for bit what the
// FastInterval evaluators give at input k, for input counts that use every lane count (8, 4, 2 and
// a single leftover), on random networks of every layer type and on compiled expressions with
// the functions the targets use; jets() refuses programs whose jets branch on comparisons. The
// enclosures themselves are checked against references in batch_evaluate_test.cpp and jet_test.cpp.
#include <doctest/doctest.h>

#include <bit>
#include <stdexcept>

#include "../test_multiplier.hpp"
#include "net/batched_passes.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net_support.hpp"
#include "reference/random_networks.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

bool same_bits(const FastInterval& a, const FastInterval& b) {
  return std::bit_cast<std::uint64_t>(a.lo) == std::bit_cast<std::uint64_t>(b.lo) &&
         std::bit_cast<std::uint64_t>(a.hi) == std::bit_cast<std::uint64_t>(b.hi);
}

bool same_jet(const Jet<FastInterval>& a, const Jet<FastInterval>& b) {
  if (a.g.size() != b.g.size() || a.discontinuous != b.discontinuous || a.kinked != b.kinked || !same_bits(a.v, b.v))
    return false;
  for (std::size_t i = 0; i < a.g.size(); ++i)
    if (!same_bits(a.g[i], b.g[i])) return false;
  return true;
}

// Compares both passes with the per-input evaluators on `count` inputs around c (boxes of widths
// 2^-3 .. 2^-12, points at their lower ends); returns the number of results compared.
long compare(const Program& prog, const std::vector<Rational>& c, std::size_t count, RandomNetworks& gen) {
  const Prec p(53);
  const std::size_t d = prog.num_inputs();
  const NodeId id = prog.outputs()[0];
  std::vector<std::vector<FastInterval>> boxes(count, std::vector<FastInterval>(d));
  std::vector<std::vector<double>> points(count, std::vector<double>(d));
  for (std::size_t k = 0; k < count; ++k)
    for (std::size_t i = 0; i < d; ++i) {
      const Rational lo = c[i] + Rational(static_cast<long>(k)) / Rational(37);
      const Rational w = Rational(1) / Rational(1L << gen.size(3, 12));
      set_interval(boxes[k][i], lo, lo + w, p);
      points[k][i] = boxes[k][i].lo;
    }
  BatchedPasses passes(prog, p);
  std::vector<FastInterval> values;
  passes.points(points, id, values);
  REQUIRE(values.size() == count);
  Evaluator<FastInterval> one(prog, p);
  Evaluator<Jet<FastInterval>> one_jet(prog, p);
  long compared = 0;
  for (std::size_t k = 0; k < count; ++k) {
    std::vector<FastInterval> in(d);
    for (std::size_t i = 0; i < d; ++i) in[i] = FastInterval{points[k][i], points[k][i]};
    one.run(in);
    CHECK(same_bits(values[k], one.value(id)));
    ++compared;
  }
  if (!BatchedPasses::lane_exact_jets(prog)) {
    std::vector<Jet<FastInterval>> jets;
    CHECK_THROWS_AS(passes.jets(boxes, id, jets), std::logic_error);
    return compared;
  }
  std::vector<Jet<FastInterval>> jets;
  passes.jets(boxes, id, jets);
  REQUIRE(jets.size() == count);
  for (std::size_t k = 0; k < count; ++k) {
    std::vector<Jet<FastInterval>> in(d);
    for (std::size_t i = 0; i < d; ++i) in[i] = jet_variable(boxes[k][i], i, d, p);
    one_jet.run(in);
    CHECK(same_jet(jets[k], one_jet.value(id)));
    ++compared;
  }
  return compared;
}

}  // namespace

TEST_CASE("batched passes: every lane is the FastInterval evaluation on random networks of every layer type") {
  RandomNetworks gen(7373, kFractionsUpTo20);
  long compared = 0, lane_exact = 0;
  for (int trial = 0; trial < approxcert::test::random_cases(80); ++trial) {
    CAPTURE(trial);
    const Network net = trial % 2 == 0 ? gen.vector_network(trial % 4 == 0) : gen.sequence_network(trial % 3 != 2);
    const Program prog = lower(net);
    lane_exact += BatchedPasses::lane_exact_jets(prog);
    compared += compare(prog, gen.generic_vector(input_dim(net)), 1 + static_cast<std::size_t>(trial) % 19, gen);
  }
  CHECK(compared > 500);
  CHECK(lane_exact >= 5);  // both kinds of program were met
  CHECK(lane_exact <= approxcert::test::random_cases(80) - 5);
}

TEST_CASE("batched passes: every lane is the FastInterval evaluation on target expressions") {
  RandomNetworks gen(7474, kFractionsUpTo20);
  const char* targets[] = {"sin(2*x0)*sin(2*x1)*sin(2*x2)",
                           "tanh(3*x0 - x1) + sigmoid(x2)/(1 + x0^2)",
                           "exp(x0)*cos(x1) - log1p(x2^2) + atan(x0*x1)",
                           "sqrt(2 + x0)*expm1(x1) + erf(x2)",
                           "relu(x0) + abs(x1 - x2)",
                           "max(x0, x1)*min(x1, x2)"};
  long compared = 0;
  for (const char* t : targets) {
    CAPTURE(t);
    const Program prog = compile_target(t, 3);
    for (std::size_t count : {1, 2, 3, 7, 8, 15, 16})
      compared +=
          compare(prog, {Rational(-1) / Rational(3), Rational(1) / Rational(5), Rational(1) / Rational(7)}, count, gen);
  }
  CHECK(compared > 300);
  CHECK_FALSE(BatchedPasses::lane_exact_jets(compile_target("relu(x0)", 1)));
  CHECK(BatchedPasses::lane_exact_jets(compile_target("tanh(x0)", 1)));
}
