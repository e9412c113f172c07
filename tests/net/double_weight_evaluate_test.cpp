// The evaluator's double-weight path (net/evaluate.hpp: addmul_double for constants that are
// finite nonzero doubles) changes no bit: on random networks of every layer type (weights small
// integers, sixteenths and non-dyadic fractions, so both paths run), Evaluator<FastInterval> gives
// the same doubles as the same evaluator over a FastInterval without the hook, and every lane of
// Evaluator<FastBatch> with one input in all lanes gives those doubles too. The enclosure itself
// is checked against exact and MPFR-based references in batch_evaluate_test.cpp and the scalar
// suites (tests/scalar/double_weight_test.cpp).
#include <doctest/doctest.h>

#include <bit>

#include "../test_multiplier.hpp"
#include "net_support.hpp"
#include "reference/random_networks.hpp"
#include "scalar/batch_interval.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// FastInterval with every operation inherited (through the conversion to FastInterval&) except
// addmul_double, which is constrained to FastInterval itself: the evaluator's generic path.
struct NoHookFast : FastInterval {};
static_assert(Scalar<NoHookFast>);
static_assert(!HasDoubleWeights<NoHookFast>);
static_assert(HasDoubleWeights<FastInterval>);

bool same_bits(const FastInterval& a, const FastInterval& b) {
  return std::bit_cast<std::uint64_t>(a.lo) == std::bit_cast<std::uint64_t>(b.lo) &&
         std::bit_cast<std::uint64_t>(a.hi) == std::bit_cast<std::uint64_t>(b.hi);
}

}  // namespace

TEST_CASE("double weights: the evaluator gives the generic path's bits (FastInterval and every batch lane)") {
  long compared = 0;
  for (const bool small : {true, false}) {
    RandomNetworks gen(small ? 5151 : 5252, small ? kSmallIntegers : kFractionsUpTo20);
    for (int trial = 0; trial < approxcert::test::random_cases(120); ++trial) {
      CAPTURE(trial);
      const Network net = trial % 2 == 0 ? gen.vector_network(true) : gen.sequence_network(trial % 3 != 2);
      const Program prog = lower(net);
      const std::size_t dim = input_dim(net);
      const auto c = gen.generic_vector(dim);
      std::vector<FastInterval> fin(dim);
      std::vector<NoHookFast> plain(dim);
      std::vector<FastBatch> batch(dim);
      for (std::size_t i = 0; i < dim; ++i) {
        set_interval(fin[i], c[i] - Rational(1) / Rational(64), c[i] + Rational(1) / Rational(64), Prec(53));
        static_cast<FastInterval&>(plain[i]) = fin[i];
        for (std::size_t k = 0; k < kBatchLanes; ++k) set_lane(batch[i], k, fin[i]);
      }
      const auto with_hook = evaluate<FastInterval>(prog, std::span<const FastInterval>(fin), Prec(53));
      const auto without = evaluate<NoHookFast>(prog, std::span<const NoHookFast>(plain), Prec(53));
      const auto lanes = evaluate<FastBatch>(prog, std::span<const FastBatch>(batch), Prec(53));
      REQUIRE(with_hook.size() == without.size());
      for (std::size_t o = 0; o < with_hook.size(); ++o) {
        CAPTURE(o);
        CHECK(same_bits(with_hook[o], without[o]));
        for (std::size_t k = 0; k < kBatchLanes; ++k) CHECK(same_bits(lane(lanes[o], k), without[o]));
        ++compared;
      }
    }
  }
  CHECK(compared > 200);
}
