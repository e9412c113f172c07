// Random networks of every layer type: Ball (Arb) and Interval (MPFI) enclosures must overlap;
// for networks without transcendental operations both must contain the exact Rational output.
// Every random network also goes through the JSON round trip.
#include <doctest/doctest.h>

#include "../test_multiplier.hpp"
#include "net_support.hpp"
#include "reference/random_networks.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

template <class S>
std::vector<S> eval_at(const Program& prog, const std::vector<Rational>& x) {
  std::vector<S> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(128));
  return evaluate<S>(prog, std::span<const S>(in), Prec(128));
}

// Ball and Interval overlap at each output; with `exact`, both contain the Rational output.
void check_engines_agree(const Network& net, RandomNetworks& gen, bool exact) {
  const Program prog = lower(net);
  const std::vector<Rational> x = gen.vector(input_dim(net));
  const auto balls = eval_at<Ball>(prog, x);
  const auto intervals = eval_at<Interval>(prog, x);
  REQUIRE(balls.size() == output_dim(net));
  REQUIRE(intervals.size() == balls.size());
  std::vector<Rational> exact_out;
  if (exact) exact_out = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(128));
  for (std::size_t o = 0; o < balls.size(); ++o) {
    CAPTURE(o);
    CAPTURE(to_string(balls[o]));
    CAPTURE(to_string(intervals[o]));
    REQUIRE(is_finite(balls[o]));
    REQUIRE(is_finite(intervals[o]));
    CHECK(lower(balls[o]) <= upper(intervals[o]));
    CHECK(lower(intervals[o]) <= upper(balls[o]));
    if (exact) {
      CHECK(lower(balls[o]) <= exact_out[o]);
      CHECK(exact_out[o] <= upper(balls[o]));
      CHECK(lower(intervals[o]) <= exact_out[o]);
      CHECK(exact_out[o] <= upper(intervals[o]));
    }
  }
}

void check_round_trip(const Network& net) {
  const std::string text = save_network(net);
  const Network back = parse_network(text, "saved.json");
  CHECK(back == net);
  CHECK(save_network(back) == text);
}

}  // namespace

TEST_CASE("random vector networks: Ball and Interval overlap, exact outputs enclosed, JSON round trip") {
  RandomNetworks gen(20240611, kFractionsUpTo20);
  for (int trial = 0; trial < approxcert::test::random_cases(150); ++trial) {
    CAPTURE(trial);
    const bool exact = trial % 2 == 0;
    const Network net = gen.vector_network(exact);
    check_network(net, "random");
    check_engines_agree(net, gen, exact);
    check_round_trip(net);
  }
}

TEST_CASE("random sequence networks: Ball and Interval overlap, exact outputs enclosed, JSON round trip") {
  RandomNetworks gen(777, kFractionsUpTo20);
  for (int trial = 0; trial < approxcert::test::random_cases(100); ++trial) {
    CAPTURE(trial);
    const bool exact = trial % 2 == 0;
    const Network net = gen.sequence_network(exact);
    check_network(net, "random");
    check_engines_agree(net, gen, exact);
    check_round_trip(net);
  }
}
