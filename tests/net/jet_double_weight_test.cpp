// Jet<S>'s double weights (net/jet.hpp: set_double and addmul_double where S has them) change no
// bit: on random networks of every layer type (weights small integers, sixteenths and non-dyadic
// fractions, so both the double and the converted-constant paths run), Evaluator<Jet<FastInterval>>
// and Evaluator<Jet<Jet<FastInterval>>> give the same doubles in the value and every gradient
// (and Hessian) entry as the same evaluators over a FastInterval without the hook. The enclosures
// themselves are checked against references in jet_test.cpp and the supnorm soundness suites.
#include <doctest/doctest.h>

#include <bit>

#include "../test_multiplier.hpp"
#include "net/jet.hpp"
#include "net_support.hpp"
#include "reference/random_networks.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// FastInterval with every operation inherited (through the conversion to FastInterval&) except
// set_double and addmul_double, which are constrained to FastInterval itself.
struct NoHookFast : FastInterval {};
static_assert(!HasDoubleWeights<Jet<NoHookFast>>);
static_assert(HasDoubleWeights<Jet<FastInterval>>);
static_assert(HasDoubleWeights<Jet<Jet<FastInterval>>>);

bool same_bits(const FastInterval& a, const FastInterval& b) {
  return std::bit_cast<std::uint64_t>(a.lo) == std::bit_cast<std::uint64_t>(b.lo) &&
         std::bit_cast<std::uint64_t>(a.hi) == std::bit_cast<std::uint64_t>(b.hi);
}

template <class A, class B>
bool same_jet(const Jet<A>& a, const Jet<B>& b) {
  if (a.g.size() != b.g.size() || a.discontinuous != b.discontinuous || a.kinked != b.kinked) return false;
  bool same = true;
  if constexpr (std::is_base_of_v<FastInterval, A>) same = same_bits(a.v, b.v);
  else same = same_jet(a.v, b.v);
  for (std::size_t i = 0; i < a.g.size(); ++i) {
    if constexpr (std::is_base_of_v<FastInterval, A>) same = same && same_bits(a.g[i], b.g[i]);
    else same = same && same_jet(a.g[i], b.g[i]);
  }
  return same;
}

}  // namespace

TEST_CASE("jet double weights: Jet and Jet of Jet give the generic path's bits on random networks") {
  long compared = 0;
  for (const bool small : {true, false}) {
    RandomNetworks gen(small ? 6161 : 6262, small ? kSmallIntegers : kFractionsUpTo20);
    for (int trial = 0; trial < approxcert::test::random_cases(120); ++trial) {
      CAPTURE(trial);
      const Network net = trial % 2 == 0 ? gen.vector_network(trial % 4 == 0) : gen.sequence_network(trial % 3 != 2);
      const Program prog = lower(net);
      const std::size_t dim = input_dim(net);
      const auto c = gen.generic_vector(dim);
      const Prec p(53);
      std::vector<Jet<FastInterval>> fin(dim);
      std::vector<Jet<NoHookFast>> plain(dim);
      std::vector<Jet<Jet<FastInterval>>> fin2(dim);
      std::vector<Jet<Jet<NoHookFast>>> plain2(dim);
      for (std::size_t i = 0; i < dim; ++i) {
        FastInterval x;
        set_interval(x, c[i] - Rational(1) / Rational(64), c[i] + Rational(1) / Rational(64), p);
        NoHookFast y;
        static_cast<FastInterval&>(y) = x;
        fin[i] = jet_variable(x, i, dim, p);
        plain[i] = jet_variable(y, i, dim, p);
        fin2[i] = jet_variable(jet_variable(x, i, dim, p), i, dim, p);
        plain2[i] = jet_variable(jet_variable(y, i, dim, p), i, dim, p);
      }
      const auto with_hook = evaluate<Jet<FastInterval>>(prog, std::span<const Jet<FastInterval>>(fin), p);
      const auto without = evaluate<Jet<NoHookFast>>(prog, std::span<const Jet<NoHookFast>>(plain), p);
      const auto with_hook2 = evaluate<Jet<Jet<FastInterval>>>(prog, std::span<const Jet<Jet<FastInterval>>>(fin2), p);
      const auto without2 = evaluate<Jet<Jet<NoHookFast>>>(prog, std::span<const Jet<Jet<NoHookFast>>>(plain2), p);
      REQUIRE(with_hook.size() == without.size());
      REQUIRE(with_hook2.size() == without2.size());
      for (std::size_t o = 0; o < with_hook.size(); ++o) {
        CAPTURE(o);
        CHECK(same_jet(with_hook[o], without[o]));
        CHECK(same_jet(with_hook2[o], without2[o]));
        ++compared;
      }
    }
  }
  CHECK(compared > 200);
}
